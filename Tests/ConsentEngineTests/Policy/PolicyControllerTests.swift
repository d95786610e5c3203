@testable import ConsentEngine
import ConsentImpact
import Foundation
import Testing

/// The policy's optional `controller` block, which Kantara consent receipts name (README, "Proof of consent").
struct PolicyControllerTests {
    private var controller: [String: Any] { [
        "name": "Publisher Test Ads GmbH", "contact": "Data Protection Officer", "email": "privacy@publisher.example",
        "phone": "+49 30 1234567", "address": ["streetAddress": "Beispielstraße 1, 10115 Berlin", "addressCountry": "DE"],
        "url": "https://publisher.example", "privacyPolicyURL": "https://publisher.example/privacy",
    ] }

    private func load(controller: [String: Any]) throws -> Policy {
        var json = try JSONSerialization.jsonObject(with: Data(defaultPolicyJSON.utf8)) as! [String: Any]
        json["controller"] = controller
        return try PolicyLoader.load(data: JSONSerialization.data(withJSONObject: json), file: "p.json")
    }

    @Test func aControllerBlockIsReadWrittenBackAndOptional() throws {
        #expect(Policy.default.controller == nil)
        let policy = try PolicyLoader.load(contentsOf: repositoryRoot.appendingPathComponent("fixtures/policies/with-controller.json"))
        let controller = try #require(policy.controller)
        #expect(controller == PolicyController(
            name: "Publisher Test Ads GmbH", contact: "Data Protection Officer", email: "privacy@publisher.example",
            phone: "+49 30 1234567",
            address: .init(streetAddress: "Beispielstraße 1, 10115 Berlin", addressCountry: "DE"),
            url: "https://publisher.example", privacyPolicyURL: "https://publisher.example/privacy"))
        // `policy show --json` writes it, and the file it writes reads back the same.
        let shown = try PolicyLoader.load(data: Data(policy.jsonText.utf8), file: "shown.json")
        #expect(shown.controller == controller)
        #expect(Policy.default.jsonText.contains(#""controller": null"#))
    }

    @Test(arguments: [
        ("name", "", "$.controller.name: must not be empty"),
        ("email", "privacy", "$.controller.email: 'privacy' is not an e-mail address"),
        ("email", "privacy@localhost", "$.controller.email"),
        ("url", "publisher.example", "$.controller.url: 'publisher.example' is not a web address"),
        ("privacyPolicyURL", "ftp://publisher.example", "$.controller.privacyPolicyURL"),
        ("address", ["streetAddress": "Beispielstraße 1", "addressCountry": "de"], "$.controller.address.addressCountry"),
        ("address", ["streetAddress": "Beispielstraße 1"], "$.controller.address.addressCountry: required field is missing"),
        ("phone", nil, "$.controller.phone: required field is missing"),
        ("fax", "+49 30 1234568", "$.controller.fax: unknown field \"fax\""),
    ] as [(String, (any Sendable)?, String)])
    func aMistakeInTheControllerBlockIsRefusedWithItsPath(field: String, value: (any Sendable)?, message: String) throws {
        var controller = self.controller
        controller[field] = value
        do {
            _ = try load(controller: controller)
            Issue.record("loaded a controller with \(field) = \(String(describing: value))")
        } catch let error as PolicyError {
            #expect("\(error.path): \(error.message)".contains(message), "\(error.path): \(error.message)")
        }
    }
}
