import ConsentEngine
import ConsentJSON

/// One difference between two policies: what kind of change it is, where it is in the policy file format
/// (its JSON path), and the value before and after.
package struct PolicyChange: Sendable, Equatable {
    /// What changed, as a stable id (`partnerAdded`, `purposeTextChanged`, …).
    package var kind: Kind
    /// The JSON path of the value in the policy file format (as `policy show --json` writes it). Members of
    /// `purposes`, `specialFeatures` and `partners` are named by their id, as an RFC 9535 filter selector
    /// (`$.partners[?@.id==755].purposes`, `$.partners[?@.googleATP==89]`), so that a path names the same
    /// purpose or partner in both policies whatever their order.
    package var path: String
    /// The value in the old policy; `null` for something added.
    package var old: JSONValue
    /// The value in the new policy; `null` for something removed.
    package var new: JSONValue
    /// What changed, for a person: `revision`, `partner 755 (Google Advertising Products) purposes`.
    package var subject: String

    package init(_ kind: Kind, path: String, old: JSONValue, new: JSONValue, subject: String) {
        self.kind = kind
        self.path = path
        self.old = old
        self.new = new
        self.subject = subject
    }

    /// The kinds of change, grouped as `policy diff` prints them; the raw values are stable ids.
    package enum Kind: String, Sendable, Equatable, CaseIterable {
        // Identity.
        case formatVersionChanged, idChanged, revisionChanged, tcfPolicyVersionChanged, cmpIdChanged, publisherChanged
        case controllerChanged
        // Regions and regulations.
        case regionsChanged, regionDatesChanged
        // Purposes and special features.
        case purposeAdded, purposeRemoved, purposeTextChanged, purposesReordered
        case specialFeatureAdded, specialFeatureRemoved, specialFeatureTextChanged, specialFeaturesReordered
        // Partners.
        case partnerAdded, partnerRemoved, partnerPurposesChanged, partnerLegitimateInterestsChanged
        case partnerSpecialFeaturesChanged, partnerDeclarationsChanged, partnerRetentionChanged, partnerDeviceStorageChanged
        case partnerDetailsChanged, partnersReordered
        // Consent settings.
        case validityChanged, reconsentSwitchChanged, formButtonsChanged
        // Texts.
        case textChanged, nameChanged, explainerChanged, appChanged
        // Other settings.
        case trackingSettingChanged, tcfSettingChanged, gppChanged, consentModeChanged, testDevicesChanged
        case presentationChanged

        /// The group the change is printed in.
        package var group: Group {
            switch self {
            case .formatVersionChanged, .idChanged, .revisionChanged, .tcfPolicyVersionChanged, .cmpIdChanged, .publisherChanged,
                 .controllerChanged:
                return .identity
            case .regionsChanged, .regionDatesChanged:
                return .regions
            case .purposeAdded, .purposeRemoved, .purposeTextChanged, .purposesReordered,
                 .specialFeatureAdded, .specialFeatureRemoved, .specialFeatureTextChanged, .specialFeaturesReordered:
                return .purposes
            case .partnerAdded, .partnerRemoved, .partnerPurposesChanged, .partnerLegitimateInterestsChanged,
                 .partnerSpecialFeaturesChanged, .partnerDeclarationsChanged, .partnerRetentionChanged, .partnerDeviceStorageChanged,
                 .partnerDetailsChanged, .partnersReordered:
                return .partners
            case .validityChanged, .reconsentSwitchChanged, .formButtonsChanged:
                return .consent
            case .textChanged, .nameChanged, .explainerChanged, .appChanged:
                return .texts
            case .trackingSettingChanged, .tcfSettingChanged, .gppChanged, .consentModeChanged, .testDevicesChanged,
                 .presentationChanged:
                return .other
            }
        }
    }

    /// The groups of changes, in the order they are printed.
    package enum Group: String, Sendable, Equatable, CaseIterable {
        case identity, regions, purposes, partners, consent, texts, other

        /// The heading `policy diff` prints above the group.
        package var title: String {
            switch self {
            case .identity: return "identity"
            case .regions: return "regions and regulations"
            case .purposes: return "purposes and special features"
            case .partners: return "partners"
            case .consent: return "consent settings"
            case .texts: return "texts"
            case .other: return "other settings"
            }
        }
    }
}
