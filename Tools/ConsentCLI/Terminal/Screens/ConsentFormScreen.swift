#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentEngine

/// The consent form (and privacy options) on the terminal, driving a ``ConsentFormSession``.
struct ConsentFormScreen: InteractiveScreen, Sendable {
    /// What a toggle row of Manage options changes.
    enum RowTarget: Equatable {
        case purpose(Int), objection(Int), specialFeature(Int), partner(PartnerID), partnerObjection(Int)

        /// The form session's action that flips the row.
        var action: ConsentFormAction {
            switch self {
            case .purpose(let id): return .togglePurpose(id)
            case .objection(let id): return .toggleObjection(purpose: id)
            case .specialFeature(let id): return .toggleSpecialFeature(id)
            case .partner(let id): return .togglePartner(id)
            case .partnerObjection(let id): return .togglePartnerObjection(.vendor(id))
            }
        }
    }

    private(set) var session: ConsentFormSession
    /// The focus on the form's screens.
    private var formFocus = Focus()
    /// The partner whose details are open over Manage options (`i` on its row), with the page shown.
    private(set) var openDetails: (partner: PartnerID, focus: Focus)?

    var focus: Focus { openDetails?.focus ?? formFocus }

    init(request: ConsentFormRequest) {
        session = ConsentFormSession(request: request)
    }

    /// Shows a session as it stands (line mode prints prompts through the same content).
    init(session: ConsentFormSession) {
        self.session = session
    }

    private var policy: Policy { session.request.policy }
    private var language: String { session.request.language }
    private func text(_ key: TextKey) -> String { policy.text(key, language: language) }

    /// The toggle rows of Manage options, in the order they are shown.
    var rows: [RowTarget] {
        policy.purposes.map { .purpose($0.id) } + session.legitimateInterestPurposes.map { .objection($0) }
            + policy.specialFeatures.map { .specialFeature($0.id) } + policy.partnersByID.map { .partner($0.id) }
            + session.legitimateInterestPartners.map { .partnerObjection($0) }
    }

    var content: ScreenContent {
        let titles = (session.request.kind == .privacyOptionsForm ? [text(.privacyOptionsTitle)] : [])
        let buttons = session.buttons.map { session.request.label($0.label) }
        if let openDetails, let partner = policy.partner(openDetails.partner) {
            return ScreenContent(
                titles: titles + ["\(partner.name) (\(partner.id))"],
                items: PartnerDetails(partner: partner, policy: policy, language: language).items, buttons: [],
                help: "Esc, q or i back", pagedHelp: "↑↓ PgUp/PgDn scroll")
        }
        switch session.screen {
        case .first:
            return ScreenContent(
                titles: titles + [text(.formTitle)], items: firstScreenItems, buttons: buttons,
                help: "Tab ←→ choose · Enter press\(FormNavigator.hotKeyHelp(buttons)) · q leave", pagedHelp: "↑↓ scroll")
        case .manageOptions:
            let details = focusedPartner(formFocus) == nil ? "" : " · i details"
            return ScreenContent(
                titles: titles + [text(.manageTitle)], items: manageItems, detail: detail(for: formFocus.row),
                buttons: buttons,
                help: "↑↓ move · Space toggle · Tab ←→ buttons · Enter press\(FormNavigator.hotKeyHelp(buttons))\(details) · q leave",
                pagedHelp: "PgUp/PgDn page")
        }
    }

    mutating func handle(_ key: KeyPress, pages: PageMap) -> ScreenOutcome<ConsentChoices> {
        if var details = openDetails {
            switch key {
            case .escape, .enter, .character("q"), .character("i"), .character("Q"), .character("I"):
                openDetails = nil
            default:
                _ = FormNavigator.intent(for: key, focus: &details.focus, content: content, pages: pages)
                openDetails = details
            }
            return .stay
        }
        // A policy's hot key wins over `i`, as over every letter key of the navigator.
        if key == .character("i") || key == .character("I"), !content.hotKeys.contains("i"), let partner = focusedPartner(formFocus) {
            openDetails = (partner, Focus())
            return .stay
        }
        switch FormNavigator.intent(for: key, focus: &formFocus, content: content, pages: pages) {
        case .none:
            return .stay
        case .dismiss:
            return .dismissed
        case .toggle(let row):
            _ = session.apply(rows[row].action)
            return .stay
        case .press(let button):
            let screen = session.screen
            if case .answered(let choices) = session.apply(session.buttons[button].action) { return .answered(choices) }
            if session.screen != screen { formFocus = Focus(area: .list) }
            return .stay
        }
    }

    /// The partner of the focused row of Manage options (its consent row or its objection row), if one is
    /// focused.
    private func focusedPartner(_ focus: Focus) -> PartnerID? {
        guard session.screen == .manageOptions, focus.area == .list, rows.indices.contains(focus.row) else { return nil }
        switch rows[focus.row] {
        case .partner(let id): return id
        case .partnerObjection(let id): return .vendor(id)
        case .purpose, .objection, .specialFeature: return nil
        }
    }

    /// Names only: the descriptions are in Manage options, and the first screen should fit at once.
    private var firstScreenItems: [ScreenItem] {
        var items = policy.purposes.map { ScreenItem.bullet(policy.name(of: .purpose, id: $0.id, language: language)) }
        if !policy.specialFeatures.isEmpty {
            items += [.blank, .paragraph(text(.specialFeaturesIntro))]
            items += policy.specialFeatures.map { .bullet(policy.name(of: .specialFeature, id: $0.id, language: language)) }
        }
        // The first screen, where the user decides, says when some partner relies on legitimate interest.
        let notice = session.legitimateInterestPurposes.isEmpty ? "" : " " + text(.legitimateInterestNotice)
        return items + [.blank, .paragraph(text(.partnerCount) + notice)]
    }

    private var manageItems: [ScreenItem] {
        let consentNote = "[x] = \(text(.consentLabel))"
        let numberWidth = String((policy.purposes + policy.specialFeatures).map(\.id).max() ?? 0).count
        func number(_ id: Int) -> String {
            String(repeating: " ", count: max(numberWidth - String(id).count, 0)) + "\(id)."
        }
        func purposeName(_ id: Int) -> String { policy.name(of: .purpose, id: id, language: language) }
        var items: [ScreenItem] = [.heading(text(.purposesHeading), note: consentNote)]
        items += policy.purposes.map {
            .toggle(ToggleRow(isOn: session.purposes.contains($0.id), prefix: number($0.id), label: policy.name(of: .purpose, id: $0.id, language: language)))
        }
        if !session.legitimateInterestPurposes.isEmpty {
            items += [.blank, .heading(text(.legitimateInterestHeading), note: "[x] = \(text(.objectLabel))")]
            items += session.legitimateInterestPurposes.map {
                .toggle(ToggleRow(isOn: session.objections.contains($0), prefix: number($0), label: purposeName($0)))
            }
        }
        if !policy.specialFeatures.isEmpty {
            items += [.blank, .heading(text(.specialFeaturesHeading), note: consentNote)]
            items += policy.specialFeatures.map {
                .toggle(ToggleRow(isOn: session.specialFeatures.contains($0.id), prefix: number($0.id),
                                  label: policy.name(of: .specialFeature, id: $0.id, language: language)))
            }
        }
        if !policy.partners.isEmpty {
            items += [.blank, .heading(text(.partnersHeading), note: consentNote)]
            items += policy.partnersByID.map {
                .toggle(ToggleRow(isOn: session.partners.contains($0.id), label: "\($0.name) (\($0.id))", note: partnerNote($0)))
            }
        }
        if !session.legitimateInterestPartners.isEmpty {
            items += [.blank, .heading(text(.partnerLegitimateInterestHeading), note: "[x] = \(text(.objectLabel))")]
            items += session.legitimateInterestPartners.map { id in
                let name = policy.partner(.vendor(id))?.name ?? String(id)
                return .toggle(ToggleRow(isOn: session.partnerObjections.contains(id), label: "\(name) (\(id))"))
            }
        }
        return items
    }

    /// A partner's purposes, legitimate interests and special features by number.
    private func partnerNote(_ partner: Partner) -> String? {
        // The legitimate-interest heading explains the right to object ("… (you may object)"); the note only
        // needs its name.
        let legitimateInterest = text(.legitimateInterestHeading).split(separator: "(").first
            .map { $0.trimmedWhitespace } ?? ""
        let parts = [(text(.purposesHeading), partner.purposes), (legitimateInterest, partner.legitimateInterestPurposes),
                     (text(.specialFeaturesHeading), partner.specialFeatures)]
            .filter { !$0.1.isEmpty }
            .map { "\($0.0): \($0.1.map(String.init).joined(separator: ", "))" }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The description of the focused row, shown under the list.
    private func detail(for row: Int) -> String {
        guard rows.indices.contains(row) else { return "" }
        switch rows[row] {
        case .purpose(let id), .objection(let id):
            return policy.purposes.first { $0.id == id }.map { policy.description(of: $0, language: language) } ?? ""
        case .specialFeature(let id):
            return policy.specialFeatures.first { $0.id == id }.map { policy.description(of: $0, language: language) } ?? ""
        case .partner(let id):
            return policy.partner(id)?.privacyURL ?? ""
        case .partnerObjection(let id):
            return policy.partner(.vendor(id))?.privacyURL ?? ""
        }
    }
}
