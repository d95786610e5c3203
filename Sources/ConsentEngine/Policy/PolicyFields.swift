/// The fields of the policy file format (`policies/README.md`), each object's in the order a written policy
/// holds them: written once, here. The reader allows these and no others (``PolicyJSON``); the writer
/// (`policy show --json`), `scripts/embed-default-policy` and the README's tables of fields are held to them
/// by tests, so that a field added here and forgotten in any of them fails.
package enum PolicyFields {
    /// The top level.
    package static let policy = [
        "formatVersion", "id", "revision", "tcfPolicyVersion", "publisher", "regions", "consent", "purposes",
        "specialFeatures", "partners", "vendorList", "names", "texts", "tracking", "app", "tcf", "gpp", "consentMode",
        "regionHints", "regionHintConflict", "defaultLanguage", "testDeviceIDs", "presentation", "controller",
    ]
    /// `publisher`.
    package static let publisher = ["name", "country"]
    /// `regions`.
    package static let regions = ["gdpr", "regulatedUSStates", "unknownRegion", "debugUSState", "unitedStatesWithoutState"]
    /// A dated entry of `regions.gdpr` (`region`) or `regions.regulatedUSStates` (`state`), beside its subject.
    package static let datedEntry = ["from", "until"]
    /// `consent`.
    package static let consent = [
        "maximumAgeMonths", "reconsentOnRevision", "reconsentOnNewPartners", "reconsentOnPartnerPurposesChanged",
        "showDoNotConsent", "showCloseButton",
    ]
    /// An entry of `purposes` or `specialFeatures`.
    package static let purpose = ["id", "name", "description"]
    /// An entry of `partners`: the names policies have always used, then the Global Vendor List's for the
    /// rest (``PartnerJSON/disclosureFields``). `id` and `googleATP` are one or the other.
    package static let partner = ["id", "googleATP", "name", "purposes", "legitimateInterestPurposes", "specialFeatures"]
        + PartnerJSON.disclosureFields
    /// The vendor list's names a partner may use instead of ours: `legIntPurposes` for
    /// `legitimateInterestPurposes`, and `privacyURL`, one link for every language, instead of `urls`.
    package static let partnerAliases = ["legIntPurposes", "privacyURL"]
    /// `vendorList`.
    package static let vendorList = ["path", "vendors"]
    /// `tracking`.
    package static let tracking = ["explainer", "skipWhenPurposeOneRefused"]
    /// One language's entry of `tracking.explainer`.
    package static let explainer = ["title", "text", "button"]
    /// `app`.
    package static let app = ["displayName", "trackingUsageDescription"]
    /// `tcf`.
    package static let tcf = [
        "cmpId", "cmpIdIsPlaceholder", "cmpVersion", "consentScreen", "vendorListVersion", "publisherRestrictions",
        "publisherPurposes",
    ]
    /// An entry of `tcf.publisherRestrictions`.
    package static let publisherRestriction = ["purpose", "type", "vendors"]
    /// `tcf.publisherPurposes`.
    package static let publisherPurposes = ["consent", "legitimateInterest"]
    /// `gpp`.
    package static let gpp = ["usnatVersion", "stateSections"]
    /// `consentMode`.
    package static let consentMode = ["analyticsStoragePurpose"]
    /// `presentation`.
    package static let presentation = ["timeLimitSeconds"]
    /// `controller`.
    package static let controller = ["name", "contact", "email", "phone", "address", "url", "privacyPolicyURL"]
    /// `controller.address`.
    package static let address = ["streetAddress", "addressCountry"]

    /// Every object of the format by its place (`$` the top level, `[]` any entry of a list, `*` any key
    /// of a map), with its fields: what the tests walk.
    package static let objects: [(path: String, fields: [String])] = [
        ("$", policy), ("$.publisher", publisher), ("$.regions", regions), ("$.consent", consent),
        ("$.purposes[]", purpose), ("$.specialFeatures[]", purpose), ("$.partners[]", partner),
        ("$.vendorList", vendorList), ("$.tracking", tracking), ("$.tracking.explainer.*", explainer), ("$.app", app),
        ("$.tcf", tcf), ("$.tcf.publisherRestrictions[]", publisherRestriction), ("$.tcf.publisherPurposes", publisherPurposes),
        ("$.gpp", gpp), ("$.consentMode", consentMode), ("$.presentation", presentation), ("$.controller", controller),
        ("$.controller.address", address),
    ]
}
