import ConsentEngine
import Testing

/// Every label a launch hands a presenter is a ``DisplayLabel`` made by ``displayLabel(_:)``: the terminal's
/// `&` marker never reaches an app's own form, explainer or prompt ("&Continue" on a SwiftUI button).
struct PresenterLabelTests {
    /// A presenter and authorizer that keep every request they are handed.
    actor Requests: ConsentFormPresenter, TrackingAuthorizer {
        private(set) var forms: [ConsentFormRequest] = []
        private(set) var optOuts: [OptOutFormRequest] = []
        private(set) var explainers: [ExplainerRequest] = []
        private(set) var prompts: [TrackingPromptRequest] = []

        func presentConsentForm(_ request: ConsentFormRequest) async throws -> ConsentFormResult {
            forms.append(request)
            return .answered(.consentAll(request.policy))
        }

        func presentOptOutForm(_ request: OptOutFormRequest) async throws -> OptOutFormResult {
            optOuts.append(request)
            return .dismissed
        }

        func presentExplainer(_ request: ExplainerRequest) async throws -> ExplainerResult {
            explainers.append(request)
            return .continued
        }

        func requestTracking(_ request: TrackingPromptRequest) async throws -> TrackingPromptResult {
            prompts.append(request)
            return .denied
        }
    }

    /// The policy's button labels with a literal `&` besides the marker, in both languages.
    static var policy: Policy {
        var policy = Policy.default
        policy.texts["en"]?["allow"] = "&Allow && go on"
        policy.texts["de"]?["confirmChoices"] = "Auswahl && Partner &speichern"
        return policy
    }

    @Test(arguments: ["en", "de"])
    func noRequestALaunchMakesCarriesTheShortcutMarker(language: String) async throws {
        let requests = Requests()
        let policy = Self.policy
        var launchContext = context("DE")
        launchContext.languages = [language]
        let consent = manager(policy: policy)
        _ = try await consent.launch(context: launchContext, forms: requests, tracking: requests, ads: FakeAds(log: EventLog())).run()
        var usContext = context("US-CA")
        usContext.languages = [language]
        _ = try await consent.launch(context: usContext, forms: requests, tracking: requests, ads: FakeAds(log: EventLog()))
            .openPrivacyOptions()

        let form = try #require(await requests.forms.first)
        let optOut = try #require(await requests.optOuts.first)
        let explainer = try #require(await requests.explainers.first)
        let prompt = try #require(await requests.prompts.first)
        var labels: [(String, DisplayLabel, String)] = TextKey.allCases.filter(TextKey.buttonLabels.contains).map { key in
            ("consent form \(key)", form.label(key), policy.text(key, language: language))
        }
        labels.append(("opt-out form confirmChoices", optOut.label(.confirmChoices), policy.text(.confirmChoices, language: language)))
        labels.append(("explainer button", explainer.explainer.button,
                       try #require(policy.explainer(language: language)).button.marked))
        labels.append(("tracking prompt askNotToTrack", prompt.askNotToTrackLabel, policy.text(.askAppNotToTrack, language: language)))
        labels.append(("tracking prompt allow", prompt.allowLabel, policy.text(.allow, language: language)))

        for (name, label, marked) in labels {
            #expect(label == displayLabel(marked), "\(name): made by displayLabel from \(marked)")
            #expect(label.text == Self.read(marked), "\(name): \(label.text) reads as a person reads \(marked)")
        }
        #expect(labels.contains { $0.1.text.contains("&") }, "a literal & stays: \(labels.map(\.1.text))")
    }

    /// A marked label as a person reads it, spelt out independently of ``displayLabel(_:)``: each `&&` an
    /// `&`, every other `&` dropped.
    static func read(_ marked: String) -> String {
        marked.components(separatedBy: "&&").map { $0.replacingOccurrences(of: "&", with: "") }.joined(separator: "&")
    }

    @Test func theExplainersButtonInTheRequestReadsAsContinueWithItsMnemonicApart() throws {
        let button = try #require(Policy.default.explainer(language: "en")).button
        #expect(button.text == "Continue")
        #expect(button.mnemonic == "C")
    }
}
