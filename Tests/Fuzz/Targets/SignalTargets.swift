import ConsentSignals

/// The string decoders of `ConsentSignals`: each must refuse or decode any bytes, and a string it decodes
/// must come back the same through its encoder and decoder.
enum SignalTargets {
    static let all = [tcString, additionalConsent, gppString, usPrivacy]

    static let tcString = FuzzTarget(name: "tc-string", summary: "a TC string (TCF v2, every segment)") { input in
        guard let model = try? TCString(decoding: text(input)) else { return [] }
        _ = SignalWarning.check(model)
        return roundTrip(model, encode: { try $0.encoded() }, decode: { try TCString(decoding: $0) })
    }

    static let additionalConsent = FuzzTarget(name: "ac-string", summary: "a Google Additional Consent string") { input in
        guard let model = try? AdditionalConsentString(decoding: text(input)) else { return [] }
        return roundTrip(model, encode: { try $0.encoded() }, decode: { try AdditionalConsentString(decoding: $0) })
    }

    static let gppString = FuzzTarget(name: "gpp-string", summary: "a GPP string with every section it lists") { input in
        guard let model = try? GPPString(decoding: text(input)) else { return [] }
        _ = SignalWarning.check(model)
        return roundTrip(model, encode: { try $0.encoded() }, decode: { try GPPString(decoding: $0) })
    }

    static let usPrivacy = FuzzTarget(name: "us-privacy", summary: "a US Privacy string (1YNN)") { input in
        guard let model = try? USPrivacyString(decoding: text(input)) else { return [] }
        return roundTrip(model, encode: { try $0.encoded() }, decode: { try USPrivacyString(decoding: $0) })
    }

    /// A decoded model encodes (the encoder writes any model the decoder gives), and what it encodes to
    /// decodes to the same model.
    static func roundTrip<Model: Equatable>(
        _ model: Model, encode: (Model) throws -> String, decode: (String) throws -> Model
    ) -> [String] {
        let encoded: String
        do {
            encoded = try encode(model)
        } catch {
            return ["a decoded model does not encode: \(error)"]
        }
        do {
            let again = try decode(encoded)
            return again == model ? [] : ["\(encoded) decodes to another model than the one it was encoded from"]
        } catch {
            return ["\(encoded), encoded from a decoded model, does not decode: \(error)"]
        }
    }

    static func text(_ input: [UInt8]) -> String {
        String(decoding: input, as: UTF8.self)
    }
}
