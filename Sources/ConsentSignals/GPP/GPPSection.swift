/// One section of a GPP string.
public enum GPPSection: Sendable, Equatable {
    /// Section 2, tcfeuv2: the TC string, with its own `.`-joined segments.
    case tcfEuV2(TCString)
    /// Section 5, tcfcav1: IAB Canada's TCF.
    case tcfCanada(TCFCanadaSection)
    /// Section 6, uspv1: the US Privacy string.
    case usPrivacy(USPrivacyString)
    /// Sections 7–27: usnat and the states' sections, usca to usri.
    case us(GPPUSSection)
    /// A section id the GPP section list defines no decodable section for (1 tcfeuv1, 3 and 4,
    /// or an id above 27), kept as its raw text.
    case unsupported(id: Int, text: String)

    /// The GPP section id.
    public var id: Int {
        switch self {
        case .tcfEuV2: 2
        case .tcfCanada: 5
        case .usPrivacy: 6
        case .us(let section): section.kind.sectionId
        case .unsupported(let id, _): id
        }
    }

    /// The GPP API prefix (`tcfeuv2`, `uspv1`, `usnat`, …) of the section's id, or nil for
    /// an id the GPP section list does not name.
    public var apiPrefix: String? {
        Self.apiPrefixes[id]
    }

    private static let apiPrefixes: [Int: String] = [
        1: "tcfeuv1", 2: "tcfeuv2", 3: "header", 4: "signalintegrity", 5: "tcfcav1", 6: "uspv1",
        7: "usnat", 8: "usca", 9: "usva", 10: "usco", 11: "usut", 12: "usct", 13: "usfl", 14: "usmt",
        15: "usor", 16: "ustx", 17: "usde", 18: "usia", 19: "usne", 20: "usnh", 21: "usnj", 22: "ustn",
        23: "usmn", 24: "usmd", 25: "usin", 26: "usky", 27: "usri",
    ]
}
