import ConsentEngine
import Testing

/// The form state machines every form drives — the terminal's, the web form's, the fixtures' — with the
/// form's own actions: what a choice means and which objections are allowed.
struct ConsentFormSessionTests {
    func session(_ change: (inout Policy) -> Void = { _ in }) -> ConsentFormSession {
        ConsentFormSession(request: ConsentFormRequest(kind: .consentForm, policy: policy(change), language: "en", reason: .noAnswer))
    }

    @Test func consentAndDoNotConsentAnswerTheFirstScreenWithThePolicysLists() {
        var form = session()
        #expect(form.apply(.consent) == .answered(.consentAll(.default)))
        var other = session()
        #expect(other.apply(.doNotConsent) == .answered(.rejectAll(.default)))
    }

    @Test func aCloseButtonDeclinesAsDoNotConsentDoes() {
        let form = session { $0.consent.showCloseButton = true }
        #expect(form.buttons.map(\.action) == [.consent, .doNotConsent, .manageOptions, .doNotConsent])
        #expect(form.buttons.map(\.label) == [.consent, .doNotConsent, .manageOptions, .close])
    }

    @Test func manageOptionsStartsWithEveryToggleOffAndConfirmsTheChoices() {
        var form = session()
        #expect(form.apply(.manageOptions) == .pending)
        #expect(form.screen == .manageOptions)
        for action in [ConsentFormAction.togglePurpose(1), .togglePurpose(3), .togglePurpose(3), .togglePartner(755),
                       .toggleObjection(purpose: 7), .toggleSpecialFeature(2), .togglePartnerObjection(755)] {
            #expect(form.apply(action) == .pending)
        }
        #expect(form.apply(.confirmChoices) == .answered(ConsentChoices(
            choice: .custom, purposes: [1], legitimateInterestObjections: [7], specialFeatures: [2], partners: [755],
            partnerObjections: [755])))
    }

    @Test(arguments: [
        (ConsentFormAction.togglePurpose(12), FormRefusal.notOnForm(.unknownPurpose(12, available: Array(1...11)))),
        (.toggleSpecialFeature(3), .notOnForm(.unknownSpecialFeature(3, available: [1, 2]))),
        (.toggleObjection(purpose: 1), .notOnForm(.noLegitimateInterest(purpose: 1, available: [2, 7, 8, 9, 10, 11]))),
        (.consent, .notOnThisScreen),
    ])
    func anActionTheFormHasNoPlaceForIsRefusedAndChangesNothing(action: ConsentFormAction, refusal: FormRefusal) {
        var form = session()
        _ = form.apply(.manageOptions)
        let before = form
        #expect(form.apply(action) == .refused(refusal))
        #expect(form == before)
    }

    @Test func aPartnerNotOnTheFormAndAnObjectionToAPartnerWithoutLegitimateInterestAreRefused() {
        var form = session()
        _ = form.apply(.manageOptions)
        guard case .refused(.notOnForm(.unknownPartner(4242, _))) = form.apply(.togglePartner(4242)) else {
            Issue.record("partner 4242 accepted"); return
        }
        guard case .refused(.notOnForm(.partnerWithoutLegitimateInterest)) = form.apply(.togglePartnerObjection(.googleATP(89))) else {
            Issue.record("an objection to a Google ATP accepted"); return
        }
    }

    @Test func manageOptionsActionsOnTheFirstScreenAreRefused() {
        var form = session()
        #expect(form.apply(.togglePurpose(1)) == .refused(.onlyInManageOptions))
        #expect(form.apply(.confirmChoices) == .refused(.onlyInManageOptions))
        #expect(form.screen == .first)
    }

    @Test func theOptOutFormStartsFromTheOptOutsInForce() {
        let current = USOptOutAnswer(OptOutChoices(sale: true, sharing: false, targetedAdvertising: false), answeredAt: date("2026-01-01"), region: .usState("CA"))
        var form = OptOutFormSession(request: OptOutFormRequest(policy: .default, language: "en", region: .usState("CA"), current: current))
        #expect(form.apply(.optOut(.targeted)) == .pending)
        #expect(form.apply(.confirm) == .answered(OptOutChoices(sale: true, targetedAdvertising: true)))
    }
}
