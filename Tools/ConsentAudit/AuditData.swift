// The identifier lists the audit checks against, compiled in so that the binary needs no data files.
// fixtures/audit/data/identifiers.json holds the same lists for people and tools to read; a test keeps
// the two identical, so a change goes into both. Sources are listed in that file.

/// Published identifiers the rules compare against.
struct AuditIdentifiers: Codable, Sendable, Equatable {
    /// A Google test ad unit: the ad format it serves and its id.
    struct TestUnit: Codable, Sendable, Equatable {
        var format: String
        var id: String
    }

    /// A required-reason API category and the reasons Apple accepts for it.
    struct APICategory: Codable, Sendable, Equatable {
        var category: String
        var reasons: [String]
    }

    var testPublisherPrefix: String
    var iosTestAppID: String
    /// Google's published sample app ids (AdMob and Ad Manager), which count as test ids.
    var sampleAppIDs: [String]
    var iosTestUnits: [TestUnit]
    var androidTestAppID: String
    var androidTestUnits: [TestUnit]
    var googleSKAdNetworkIdentifier: String
    var skAdNetworkIdentifiers: [String]
    var privacyDataTypes: [String]
    var privacyPurposes: [String]
    var privacyAPICategories: [APICategory]
    var privacySDKOnlyReasons: [String]
}

enum AuditData {
    static let identifiers = AuditIdentifiers(
        testPublisherPrefix: "ca-app-pub-3940256099942544/",
        iosTestAppID: "ca-app-pub-3940256099942544~1458002511",
        sampleAppIDs: ["ca-app-pub-3940256099942544~1458002511", "ca-app-pub-9939518381636264~1458516390"],
        iosTestUnits: [
            .init(format: "app open", id: "ca-app-pub-3940256099942544/5575463023"),
            .init(format: "app open (earlier id)", id: "ca-app-pub-3940256099942544/5662855259"),
            .init(format: "adaptive banner", id: "ca-app-pub-3940256099942544/2435281174"),
            .init(format: "fixed-size banner", id: "ca-app-pub-3940256099942544/2934735716"),
            .init(format: "collapsible banner", id: "ca-app-pub-3940256099942544/8388050270"),
            .init(format: "interstitial", id: "ca-app-pub-3940256099942544/4411468910"),
            .init(format: "interstitial video (earlier id)", id: "ca-app-pub-3940256099942544/5135589807"),
            .init(format: "rewarded", id: "ca-app-pub-3940256099942544/1712485313"),
            .init(format: "rewarded interstitial", id: "ca-app-pub-3940256099942544/6978759866"),
            .init(format: "native", id: "ca-app-pub-3940256099942544/3986624511"),
            .init(format: "native video", id: "ca-app-pub-3940256099942544/2521693316"),
        ],
        androidTestAppID: "ca-app-pub-3940256099942544~3347511713",
        androidTestUnits: [
            .init(format: "app open", id: "ca-app-pub-3940256099942544/9257395921"),
            .init(format: "app open (earlier id)", id: "ca-app-pub-3940256099942544/3419835294"),
            .init(format: "adaptive banner", id: "ca-app-pub-3940256099942544/9214589741"),
            .init(format: "fixed-size banner", id: "ca-app-pub-3940256099942544/6300978111"),
            .init(format: "interstitial", id: "ca-app-pub-3940256099942544/1033173712"),
            .init(format: "interstitial video (earlier id)", id: "ca-app-pub-3940256099942544/8691691433"),
            .init(format: "rewarded", id: "ca-app-pub-3940256099942544/5224354917"),
            .init(format: "rewarded interstitial", id: "ca-app-pub-3940256099942544/5354046379"),
            .init(format: "native", id: "ca-app-pub-3940256099942544/2247696110"),
            .init(format: "native video", id: "ca-app-pub-3940256099942544/1044960115"),
        ],
        googleSKAdNetworkIdentifier: "cstr6suwn9.skadnetwork",
        skAdNetworkIdentifiers: [
            "cstr6suwn9", "4fzdc2evr5", "2fnua5tdw4", "ydx93a7ass", "p78axxw29g", "v72qych5uu", "ludvb6z3bs",
            "cp8zw746q7", "3sh42y64q3", "c6k4g5qg8m", "s39g8k73mm", "wg4vff78zm", "3qy4746246", "f38h382jlk",
            "hs6bdukanm", "mlmmfzh3r3", "v4nxqhlyqp", "wzmmz9fp6w", "su67r6k2v3", "yclnxrl5pm", "t38b2kh725",
            "7ug5zh24hu", "gta9lk7p23", "vutu7akeur", "y5ghdn5j9k", "v9wttpbfk9", "n38lu8286q", "47vhws6wlr",
            "kbd757ywx3", "9t245vhmpl", "a2p9lx4jpn", "22mmun2rn5", "44jx6755aq", "k674qkevps", "4468km3ulz",
            "2u9pt9hc89", "8s468mfl3y", "klf5c3l5u5", "ppxm28t8ap", "kbmxgpxpgc", "uw77j35x4d", "578prtvx9j",
            "4dzt52r2t5", "tl55sbb4fm", "c3frkrj4fj", "e5fvkxwrpn", "8c4e2ghe7u", "3rd42ekr43", "97r2b46745",
            "3qcr597p9d",
        ].map { $0 + ".skadnetwork" },
        privacyDataTypes: [
            "Name", "EmailAddress", "PhoneNumber", "PhysicalAddress", "OtherUserContactInfo",
            "Health", "Fitness",
            "PaymentInfo", "CreditInfo", "OtherFinancialInfo",
            "PreciseLocation", "CoarseLocation",
            "SensitiveInfo", "Contacts",
            "EmailsOrTextMessages", "PhotosorVideos", "AudioData", "GameplayContent", "CustomerSupport",
            "OtherUserContent",
            "BrowsingHistory", "SearchHistory", "UserID", "DeviceID",
            "PurchaseHistory", "ProductInteraction", "AdvertisingData", "OtherUsageData",
            "CrashData", "PerformanceData", "OtherDiagnosticData",
            "EnvironmentScanning", "Hands", "Head", "OtherDataTypes",
        ].map { "NSPrivacyCollectedDataType" + $0 },
        privacyPurposes: [
            "ThirdPartyAdvertising", "DeveloperAdvertising", "Analytics", "ProductPersonalization",
            "AppFunctionality", "Other",
        ].map { "NSPrivacyCollectedDataTypePurpose" + $0 },
        privacyAPICategories: [
            .init(category: "NSPrivacyAccessedAPICategoryFileTimestamp",
                  reasons: ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"]),
            .init(category: "NSPrivacyAccessedAPICategorySystemBootTime", reasons: ["35F9.1", "8FFB.1", "3D61.1"]),
            .init(category: "NSPrivacyAccessedAPICategoryDiskSpace",
                  reasons: ["E174.1", "85F4.1", "7D9E.1", "B728.1"]),
            .init(category: "NSPrivacyAccessedAPICategoryActiveKeyboards", reasons: ["3EC4.1", "54BD.1"]),
            .init(category: "NSPrivacyAccessedAPICategoryUserDefaults",
                  reasons: ["CA92.1", "1C8F.1", "AC6B.1", "C56D.1"]),
        ],
        privacySDKOnlyReasons: ["0A2A.1", "C56D.1"]
    )
}
