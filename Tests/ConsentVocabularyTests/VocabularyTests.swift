import ConsentEngine
import ConsentVocabulary
import Testing

struct AnswerVocabularyTests {
    @Test(arguments: [
        ("consent", AnswerCommand.consent), ("reject", .reject), ("manage", .manage), ("accept-all", .acceptAll),
        ("reject-all", .rejectAll), ("confirm", .confirm), ("toggle purpose 3", .togglePurpose(3)),
        ("toggle special-feature 1", .toggleSpecialFeature(1)), ("toggle partner 755", .togglePartner(755)),
        ("object 7", .object(7)), ("opt-out sale", .optOut(.sale)), ("opt-out sharing", .optOut(.sharing)),
        ("opt-out targeted", .optOut(.targeted)), ("continue", .continue), ("allow", .allow),
        ("ask-not-to-track", .askNotToTrack), ("2", .button(2)), ("  Consent  ", .consent),
    ])
    func everyWordParsesAndPrintsBack(text: String, command: AnswerCommand) {
        #expect(AnswerCommand(parsing: text) == command)
        #expect(AnswerCommand(parsing: command.description) == command)
    }

    @Test(arguments: ["", "yes", "toggle purpose", "toggle purpose x", "toggle vendor 1", "opt-out everything", "0", "object"])
    func wordsOutsideTheVocabularyDoNotParse(text: String) {
        #expect(AnswerCommand(parsing: text) == nil)
    }
}

/// The vocabulary on the form sessions: words and button numbers become the forms' actions, and a refusal a
/// hint in the vocabulary's words.
struct VocabularyOnTheFormsTests {
    func session(_ change: (inout Policy) -> Void = { _ in }) -> ConsentFormSession {
        var policy = Policy.default
        change(&policy)
        return ConsentFormSession(request: ConsentFormRequest(kind: .consentForm, policy: policy, language: "en", reason: .noAnswer))
    }

    @Test func consentAndRejectAnswerTheFirstScreen() {
        var form = session()
        #expect(form.apply(AnswerCommand.consent) == .answered(.consentAll(.default)))
        var other = session()
        #expect(other.apply(.reject) == .answered(.rejectAll(.default)))
    }

    @Test func rejectGivesTheSameAnswerWithoutADoNotConsentButton() {
        var form = session { $0.consent.showDoNotConsent = false }
        #expect(form.buttons.map(\.action) == [.consent, .manageOptions])
        guard case .answered(let choices) = form.apply(.reject) else { Issue.record("not answered"); return }
        #expect(choices.choice == .rejectAll)
    }

    @Test func manageOptionsStartsWithEveryToggleOffAndConfirmsTheChoices() {
        var form = session()
        #expect(form.apply(.manage) == .pending)
        #expect(form.screen == .manageOptions)
        for command in [AnswerCommand.togglePurpose(1), .togglePurpose(3), .togglePurpose(3), .togglePartner(755), .object(7), .toggleSpecialFeature(2)] {
            #expect(form.apply(command) == .pending)
        }
        #expect(form.apply(.confirm) == .answered(ConsentChoices(
            choice: .custom, purposes: [1], legitimateInterestObjections: [7], specialFeatures: [2], partners: [755])))
    }

    @Test func buttonNumbersPressTheButtonsOfTheCurrentScreen() {
        var form = session()
        #expect(form.apply(.button(3)) == .pending)
        guard case .answered(let choices) = form.apply(.button(2)) else { Issue.record("not answered"); return }
        #expect(choices.choice == .rejectAll)
    }

    @Test(arguments: [AnswerCommand.togglePurpose(12), .togglePartner(4242), .object(1), .toggleSpecialFeature(3)])
    func anIDTheFormDoesNotShowIsRefusedInTheFormsTermsAndChangesNothing(command: AnswerCommand) {
        var form = session()
        _ = form.apply(.manage)
        let before = form
        guard case .refused(.notOnForm(let refusal)) = form.apply(command) else { Issue.record("accepted \(command)"); return }
        #expect(FormRefusal.notOnForm(refusal).reason == refusal.description, "the form says what the public check says")
        #expect(form == before)
    }

    @Test func aButtonPastTheLastAndAnAnswerOfAnotherPromptAreNoButtonOfThisScreen() {
        var form = session()
        _ = form.apply(.manage)
        #expect(form.apply(.button(9)) == .refused(.noSuchButton(9, count: 3)))
        #expect(form.apply(.allow) == .refused(.notOnThisScreen))
        #expect(FormRefusal.noSuchButton(9, count: 3).reason == "there is no button 9 here (buttons 1–3)")
    }

    @Test func togglesOnTheFirstScreenBelongToManageOptions() {
        var form = session()
        #expect(form.apply(AnswerCommand.togglePurpose(1)) == .refused(.onlyInManageOptions))
        #expect(FormRefusal.onlyInManageOptions.reason.contains("Manage options"))
    }

    @Test func theOptOutFormStartsFromTheOptOutsInForce() {
        let current = USOptOutAnswer(OptOutChoices(sale: true, sharing: false, targetedAdvertising: false), answeredAt: UTCCalendar.parse("2026-01-01")!, region: .usState("CA"))
        var form = OptOutFormSession(request: OptOutFormRequest(policy: .default, language: "en", region: .usState("CA"), current: current))
        #expect(form.apply(AnswerCommand.optOut(.targeted)) == .pending)
        #expect(form.apply(AnswerCommand.confirm) == .answered(OptOutChoices(sale: true, targetedAdvertising: true)))
    }
}

struct ScriptedAnswersTests {
    @Test func aSequenceAnswersPromptsInOrderAndRunningOutDismisses() async throws {
        let presenter = VocabularyPresenter(source: ScriptedAnswers(sequence: ["manage", "toggle purpose 1", "confirm", "continue"]))
        let request = ConsentFormRequest(kind: .consentForm, policy: .default, language: "en", reason: .noAnswer)
        #expect(try await presenter.presentConsentForm(request) == .answered(ConsentChoices(choice: .custom, purposes: [1])))
        let explainer = ExplainerRequest(explainer: Policy.default.explainer(language: "en")!, language: "en")
        #expect(try await presenter.presentExplainer(explainer) == .continued)
        let prompt = TrackingPromptRequest(title: "t", usageDescription: "u", askNotToTrackLabel: displayLabel("n"), allowLabel: displayLabel("a"))
        #expect(try await presenter.requestTracking(prompt) == .dismissed)
    }

    @Test func aScriptedAnswerThatDoesNotFitIsAnError() async {
        let presenter = VocabularyPresenter(source: ScriptedAnswers(sequence: ["continue"]))
        let prompt = TrackingPromptRequest(title: "t", usageDescription: "u", askNotToTrackLabel: displayLabel("n"), allowLabel: displayLabel("a"))
        await #expect(throws: ScriptedAnswers.Mismatch.self) { try await presenter.requestTracking(prompt) }
    }
}
