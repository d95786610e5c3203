extension InAppKeys {
    /// The `IABGPP_` keys of a GPP string, derived from the string itself.
    ///
    /// `IABGPP_HDR_Version` (integer 1), `IABGPP_HDR_Sections` (the header's ids joined by
    /// `_`, empty when there are none), `IABGPP_HDR_GppString`, `IABGPP_GppSID` (the same ids,
    /// or `-1` when there are none, as the GPP CMP API's `[-1]`), and `IABGPP_{id}_String`
    /// with each section's text exactly as the string has it.
    public init(gppString string: String) throws(SignalDecodingError) {
        let model = try GPPString(decoding: string)
        let ids = model.sectionIds.map(String.init).joined(separator: "_")
        self.init()
        self[InAppKeyName.gppVersion] = .int(1)
        self[InAppKeyName.gppSections] = .string(ids)
        self[InAppKeyName.gppString] = .string(string)
        self[InAppKeyName.gppSectionIds] = .string(ids.isEmpty ? "-1" : ids)
        let text = SourceText(string)
        let parts = text.split(0..<text.bytes.count, on: UInt8(ascii: "~"))
        for (id, range) in zip(model.sectionIds, parts.dropFirst()) {
            self[InAppKeyName.gppSectionString(id: id)] = .string(String(decoding: text.bytes[range], as: UTF8.self))
        }
    }
}
