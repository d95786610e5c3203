import Testing
@testable import ConsentSignals

@Suite("The US sections' layout table against their specs")
struct GPPUSLayoutTests {
    /// Each section's core fields after `Version` as its spec's table lists them (`Name×n` for an
    /// `N-Bitfield(2,n)`), and its optional sub-section, read from the Global-Privacy-Platform specs.
    @Test("each section's fields, in order, are its spec's", arguments: [
        (GPPUSSection.Kind.california, "SaleOptOutNotice SharingOptOutNotice SensitiveDataLimitUseNotice SaleOptOut SharingOptOut SensitiveDataProcessing×9 KnownChildSensitiveDataConsents×2 PersonalDataConsents MspaCoveredTransaction MspaOptOutOptionMode MspaServiceProviderMode", "gpc"),
        (.virginia, "SharingNotice SaleOptOutNotice TargetedAdvertisingOptOutNotice SaleOptOut TargetedAdvertisingOptOut SensitiveDataProcessing×8 KnownChildSensitiveDataConsents MspaCoveredTransaction MspaOptOutOptionMode MspaServiceProviderMode", "none"),
        (.colorado, "SharingNotice SaleOptOutNotice TargetedAdvertisingOptOutNotice SaleOptOut TargetedAdvertisingOptOut SensitiveDataProcessing×7 KnownChildSensitiveDataConsents MspaCoveredTransaction MspaOptOutOptionMode MspaServiceProviderMode", "gpc"),
        (.utah, "SharingNotice SaleOptOutNotice TargetedAdvertisingOptOutNotice SensitiveDataProcessingOptOutNotice SaleOptOut TargetedAdvertisingOptOut SensitiveDataProcessing×8 KnownChildSensitiveDataConsents MspaCoveredTransaction MspaOptOutOptionMode MspaServiceProviderMode", "none"),
        (.connecticut, "SharingNotice SaleOptOutNotice TargetedAdvertisingOptOutNotice SaleOptOut TargetedAdvertisingOptOut SensitiveDataProcessing×8 KnownChildSensitiveDataConsents×3 MspaCoveredTransaction MspaOptOutOptionMode MspaServiceProviderMode", "gpc"),
        (.florida, "ProcessingNotice SaleOptOutNotice TargetedAdvertisingOptOutNotice SaleOptOut TargetedAdvertisingOptOut SensitiveDataProcessing×8 KnownChildSensitiveDataConsents×3 AdditionalDataProcessingConsent MspaCoveredTransaction MspaOptOutOptionMode MspaServiceProviderMode", "none"),
        (.montana, "SharingNotice SaleOptOutNotice TargetedAdvertisingOptOutNotice SaleOptOut TargetedAdvertisingOptOut SensitiveDataProcessing×8 KnownChildSensitiveDataConsents×3 AdditionalDataProcessingConsent MspaCoveredTransaction MspaOptOutOptionMode MspaServiceProviderMode", "gpc"),
        (.oregon, "ProcessingNotice SaleOptOutNotice TargetedAdvertisingOptOutNotice SaleOptOut TargetedAdvertisingOptOut SensitiveDataProcessing×11 KnownChildSensitiveDataConsents×3 AdditionalDataProcessingConsent MspaCoveredTransaction MspaOptOutOptionMode MspaServiceProviderMode", "gpc"),
        (.texas, "ProcessingNotice SaleOptOutNotice TargetedAdvertisingOptOutNotice SaleOptOut TargetedAdvertisingOptOut SensitiveDataProcessing×8 KnownChildSensitiveDataConsents AdditionalDataProcessingConsent MspaCoveredTransaction MspaOptOutOptionMode MspaServiceProviderMode", "gpc"),
        (.delaware, "ProcessingNotice SaleOptOutNotice TargetedAdvertisingOptOutNotice SaleOptOut TargetedAdvertisingOptOut SensitiveDataProcessing×9 KnownChildSensitiveDataConsents×5 AdditionalDataProcessingConsent MspaCoveredTransaction MspaOptOutOptionMode MspaServiceProviderMode", "gpc"),
        (.iowa, "ProcessingNotice SaleOptOutNotice TargetedAdvertisingOptOutNotice SensitiveDataOptOutNotice SaleOptOut TargetedAdvertisingOptOut SensitiveDataProcessing×8 KnownChildSensitiveDataConsents MspaCoveredTransaction MspaOptOutOptionMode MspaServiceProviderMode", "gpc"),
        (.nebraska, "ProcessingNotice SaleOptOutNotice TargetedAdvertisingOptOutNotice SaleOptOut TargetedAdvertisingOptOut SensitiveDataProcessing×8 KnownChildSensitiveDataConsents AdditionalDataProcessingConsent MspaCoveredTransaction MspaOptOutOptionMode MspaServiceProviderMode", "gpc"),
        (.newHampshire, "ProcessingNotice SaleOptOutNotice TargetedAdvertisingOptOutNotice SaleOptOut TargetedAdvertisingOptOut SensitiveDataProcessing×8 KnownChildSensitiveDataConsents×3 AdditionalDataProcessingConsent MspaCoveredTransaction MspaOptOutOptionMode MspaServiceProviderMode", "gpc"),
        (.newJersey, "ProcessingNotice SaleOptOutNotice TargetedAdvertisingOptOutNotice SaleOptOut TargetedAdvertisingOptOut SensitiveDataProcessing×10 KnownChildSensitiveDataConsents×5 AdditionalDataProcessingConsent MspaCoveredTransaction MspaOptOutOptionMode MspaServiceProviderMode", "gpc"),
        // The spec names Tennessee's single child value KnownChildSensitiveDataConsent; decode uses one name everywhere.
        (.tennessee, "ProcessingNotice SaleOptOutNotice TargetedAdvertisingOptOutNotice SaleOptOut TargetedAdvertisingOptOut SensitiveDataProcessing×8 KnownChildSensitiveDataConsents AdditionalDataProcessingConsent MspaCoveredTransaction MspaOptOutOptionMode MspaServiceProviderMode", "gpc"),
        (.minnesota, "ProcessingNotice SaleOptOutNotice TargetedAdvertisingOptOutNotice SaleOptOut TargetedAdvertisingOptOut SensitiveDataProcessing×8 KnownChildSensitiveDataConsents AdditionalDataProcessingConsent MspaCoveredTransaction MspaOptOutOptionMode MspaServiceProviderMode", "gpc"),
        (.maryland, "MspaVersion MspaCoveredTransaction MspaMode ProcessingNotice SaleOptOutNotice TargetedAdvertisingOptOutNotice SaleOptOut TargetedAdvertisingOptOut AdditionalDataProcessingConsent", "gpc"),
        (.indiana, "MspaVersion MspaCoveredTransaction MspaMode ProcessingNotice SaleOptOutNotice TargetedAdvertisingOptOutNotice SaleOptOut TargetedAdvertisingOptOut KnownChildSensitiveDataConsents AdditionalDataProcessingConsent", "sensitiveDataConsents"),
        (.kentucky, "MspaVersion MspaCoveredTransaction MspaMode ProcessingNotice SaleOptOutNotice TargetedAdvertisingOptOutNotice SaleOptOut TargetedAdvertisingOptOut KnownChildSensitiveDataConsents AdditionalDataProcessingConsent", "sensitiveDataConsents"),
        (.rhodeIsland, "MspaVersion MspaCoveredTransaction MspaMode ProcessingNotice SaleOptOutNotice TargetedAdvertisingOptOutNotice SaleOptOut TargetedAdvertisingOptOut KnownChildSensitiveDataConsents AdditionalDataProcessingConsent", "sensitiveDataConsents"),
    ])
    func stateLayouts(_ kind: GPPUSSection.Kind, _ fields: String, _ subsection: String) {
        let layout = GPPUSLayout.standard(kind)
        #expect(listed(layout) == fields)
        #expect("\(layout.subsection)" == subsection)
        #expect(layout.startsWithVersion == !kind.definesSectionHeader)
    }

    @Test("usnat's v1 has 12 sensitive-data and 2 child categories, v2 16 and 3")
    func nationalLayouts() {
        let fields = { (sensitive: Int, child: Int) in
            "SharingNotice SaleOptOutNotice SharingOptOutNotice TargetedAdvertisingOptOutNotice SensitiveDataProcessingOptOutNotice SensitiveDataLimitUseNotice SaleOptOut SharingOptOut TargetedAdvertisingOptOut SensitiveDataProcessing×\(sensitive) KnownChildSensitiveDataConsents×\(child) PersonalDataConsents MspaCoveredTransaction MspaOptOutOptionMode MspaServiceProviderMode"
        }
        #expect(listed(.nationalV1) == fields(12, 2))
        #expect(listed(.nationalV2) == fields(16, 3))
        #expect(GPPUSLayout.standard(.national) == .nationalV1)
    }

    private func listed(_ layout: GPPUSLayout) -> String {
        layout.core.map { $0.count > 1 ? "\($0.field.specName)×\($0.count)" : $0.field.specName }.joined(separator: " ")
    }
}
