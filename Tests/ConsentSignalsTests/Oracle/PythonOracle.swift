import Foundation
import ConsentSignals
import TestSupport

/// Our decoding of TC strings compared with iab-tcf's (``IABTCFOracle``, in TestSupport).
enum PythonOracle {
    /// Why the oracle could not answer.
    typealias Failure = IABTCFOracle.Failure

    /// The interpreter to run, or nil when `IAB_TCF_PYTHON` is unset or empty.
    static var interpreter: String? { IABTCFOracle.interpreter }

    /// Why an oracle test is skipped; Swift Testing prints it after "skipped:".
    static let skipMessage = IABTCFOracle.skipMessage

    /// Decodes `strings` with iab-tcf; one dictionary of fields per string, in order.
    static func decode(_ strings: [String], python: String) throws -> [[String: Any]] {
        try IABTCFOracle.decode(strings, python: python)
    }

    /// Every field on which iab-tcf and `TCString(decoding:)` disagree, one line each
    /// (`<string>: <field>: ours <value>, iab-tcf <value>`); empty when they agree.
    static func disagreements(for strings: [String], python: String) throws -> [String] {
        let theirs = try decode(strings, python: python)
        var lines: [String] = []
        for (string, fields) in zip(strings, theirs) {
            let ours = try fieldsOfOurs(string)
            for name in Set(ours.keys).union(fields.keys).sorted() {
                let mine = canonical(ours[name] ?? NSNull())
                let other = canonical(fields[name] ?? NSNull())
                if mine != other {
                    lines.append("\(string): \(name): ours \(mine), iab-tcf \(other)")
                }
            }
        }
        return lines
    }

    /// Our decoding in the oracle's shape.
    private static func fieldsOfOurs(_ string: String) throws -> [String: Any] {
        let model = try TCString(decoding: string)
        let publisher: Any = model.publisherTC.map { segment -> [String: Any] in
            [
                "purposeConsents": segment.purposeConsents,
                "purposeLegitimateInterests": segment.purposeLegitimateInterests,
                "numCustomPurposes": segment.numCustomPurposes,
                "customPurposeConsents": segment.customPurposeConsents,
                "customPurposeLegitimateInterests": segment.customPurposeLegitimateInterests,
            ]
        } ?? NSNull()
        return [
            "version": model.version,
            "created": Int(model.created.deciseconds / 10),
            "lastUpdated": Int(model.lastUpdated.deciseconds / 10),
            "cmpId": model.cmpId, "cmpVersion": model.cmpVersion, "consentScreen": model.consentScreen,
            "consentLanguage": model.consentLanguage, "vendorListVersion": model.vendorListVersion,
            "tcfPolicyVersion": model.tcfPolicyVersion, "isServiceSpecific": model.isServiceSpecific ? 1 : 0,
            "useNonStandardTexts": model.useNonStandardTexts ? 1 : 0,
            "specialFeatureOptIns": model.specialFeatureOptIns, "purposeConsents": model.purposeConsents,
            "purposeLegitimateInterests": model.purposeLegitimateInterests,
            "purposeOneTreatment": model.purposeOneTreatment ? 1 : 0, "publisherCC": model.publisherCC,
            "maxVendorIdConsent": model.vendorConsents.maxVendorId, "vendorConsents": model.vendorConsents.ids,
            "maxVendorIdLegitimateInterest": model.vendorLegitimateInterests.maxVendorId,
            "vendorLegitimateInterests": model.vendorLegitimateInterests.ids,
            "publisherRestrictions": model.publisherRestrictions.map { restriction -> [String: Any] in
                ["purpose": restriction.purpose, "type": restriction.type.rawValue, "vendors": restriction.vendors]
            },
            "disclosedVendors": model.disclosedVendors.map { $0.ids as Any } ?? NSNull(),
            "allowedVendors": model.allowedVendors.map { $0.ids as Any } ?? NSNull(),
            "publisherTC": publisher,
        ]
    }

    /// A JSON-like value as text with sorted keys, so that both sides compare alike.
    private static func canonical(_ value: Any) -> String {
        switch value {
        case let number as NSNumber where !(value is String): number.stringValue
        case let text as String: "\"\(text)\""
        case let list as [Any]: "[" + list.map(canonical).joined(separator: ",") + "]"
        case let object as [String: Any]:
            "{" + object.keys.sorted().map { "\($0):\(canonical(object[$0] ?? NSNull()))" }.joined(separator: ",") + "}"
        case is NSNull: "null"
        default: "\(value)"
        }
    }
}
