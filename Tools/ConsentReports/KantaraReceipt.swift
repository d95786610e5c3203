import ConsentEngine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

/// A ``ConsentReceipt`` as a Kantara Initiative Consent Receipt v1.1 (`KI-CR-v1.1.0`), mapped as the
/// README lists ("Proof of consent"): the controller and the privacy policy from the policy's `controller` block, one service named
/// by the app, and as its purposes only the TCF purposes and special features consented to.
package enum KantaraReceipt {
    /// The receipt's fields in the specification's order.
    /// - Throws: ``ConsentReceiptError/controllerMissing(_:)`` for a policy without a `controller` block, and
    ///   ``ConsentReceiptError/notAConsent`` for an opt-out answer.
    package static func value(_ receipt: ConsentReceipt, policy: Policy) throws(ConsentReceiptError) -> JSONValue {
        guard let controller = policy.controller else {
            throw .controllerMissing(["name", "contact", "email", "phone", "address", "url", "privacyPolicyURL"])
        }
        guard receipt.answer == .consent, let answer = receipt.entry.consent else { throw .notAConsent }
        let language = receipt.proof.language
        let partners = answer.choices.partners.compactMap { policy.partner($0)?.name ?? "partner \($0)" }
        let termination = receipt.validUntil.map { "consent valid until \(UTCCalendar.iso8601($0)); withdrawn through the app's privacy options" }
            ?? "withdrawn through the app's privacy options"
        func purpose(_ text: String, category: String, data: [String]) -> JSONValue {
            .members([
                "purpose": .string(text),
                "purposeCategory": .strings([category]),
                "consentType": .string("EXPLICIT"),
                "piiCategory": .strings(data),
                "primaryPurpose": .bool(false),
                "termination": .string(termination),
                "thirdPartyDisclosure": .bool(!partners.isEmpty),
                "thirdPartyName": .string(partners.joined(separator: ", ")),
            ])
        }
        var purposes: [JSONValue] = []
        for item in policy.purposes where answer.choices.purposes.contains(item.id) {
            purposes.append(purpose(policy.name(of: item, language: language), category: "TCF purpose \(item.id)",
                                    data: ["device identifiers", "app activity"]))
        }
        for item in policy.specialFeatures where answer.choices.specialFeatures.contains(item.id) {
            let data = item.id == 1 ? ["precise geolocation"] : ["device characteristics"]
            purposes.append(purpose(policy.name(of: item, language: language), category: "TCF special feature \(item.id)", data: data))
        }
        return .members([
            "version": .string("KI-CR-v1.1.0"),
            "jurisdiction": .string(receipt.entry.region?.description ?? answer.region.description),
            "consentTimestamp": .integer(Int(receipt.entry.at.timeIntervalSince1970.rounded(.down))),
            "collectionMethod": .string(receipt.proof.collectionMethod.rawValue),
            "consentReceiptID": .string(receiptID(lineHash: receipt.hash)),
            "language": .string(language),
            "piiPrincipalId": .string(receipt.installID),
            "piiControllers": .array([.members([
                "piiController": .string(controller.name),
                "contact": .string(controller.contact),
                "address": .members([
                    "streetAddress": .string(controller.address.streetAddress),
                    "addressCountry": .string(controller.address.addressCountry),
                ]),
                "email": .string(controller.email),
                "phone": .string(controller.phone),
                "piiControllerUrl": .string(controller.url),
            ])]),
            "policyUrl": .string(controller.privacyPolicyURL),
            "services": .array([.members(["service": .string(policy.app.displayName), "purposes": .array(purposes)])]),
            "sensitive": .bool(false),
            "spiCat": .array([]),
        ])
    }

    /// The first 16 bytes of a line's SHA-256 as a UUID of version 8 (RFC 9562, custom), lowercase: the
    /// same line always gives the same receipt id, and anyone can derive it from the log.
    package static func receiptID(lineHash: String) -> String {
        let digits = Array(lineHash.utf8)
        var bytes = (0..<16).map { index -> UInt8 in
            guard 2 * index + 1 < digits.count else { return 0 }
            return hexValue(digits[2 * index]) << 4 | hexValue(digits[2 * index + 1])
        }
        bytes[6] = bytes[6] & 0x0f | 0x80
        bytes[8] = bytes[8] & 0x3f | 0x80
        let hex = SHA256Hash.hexText(bytes)
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex[hex.index(hex.startIndex, offsetBy: range.lowerBound)..<hex.index(hex.startIndex, offsetBy: range.upperBound)])
        }
        return groups.joined(separator: "-")
    }

    private static func hexValue(_ digit: UInt8) -> UInt8 {
        (digit >= UInt8(ascii: "a") ? digit &- UInt8(ascii: "a") &+ 10 : digit &- UInt8(ascii: "0")) & 0x0f
    }
}
