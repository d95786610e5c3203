extension Partner {
    /// How long a partner keeps the data it collects, in days (the Global Vendor List's `dataRetention`).
    public struct DataRetention: Sendable, Equatable {
        /// The days it keeps data for every purpose and special purpose without days of its own
        /// (`stdRetention`); `nil` when not disclosed.
        public package(set) var standardDays: Int?
        /// Days by purpose id, where a purpose's differ from ``standardDays``.
        public package(set) var purposeDays: [Int: Int]
        /// Days by special purpose id, where a special purpose's differ from ``standardDays``.
        public package(set) var specialPurposeDays: [Int: Int]

        package init(standardDays: Int? = nil, purposeDays: [Int: Int] = [:], specialPurposeDays: [Int: Int] = [:]) {
            self.standardDays = standardDays
            self.purposeDays = purposeDays
            self.specialPurposeDays = specialPurposeDays
        }

        /// Whether the partner disclosed nothing about retention.
        package var isEmpty: Bool { standardDays == nil && purposeDays.isEmpty && specialPurposeDays.isEmpty }
    }

    /// How a partner stores and reads information on the device (the Global Vendor List's
    /// `cookieMaxAgeSeconds`, `usesCookies`, `cookieRefresh`, `usesNonCookieAccess` and
    /// `deviceStorageDisclosureUrl`); each is `nil` when the partner did not disclose it.
    public struct DeviceStorage: Sendable, Equatable {
        /// The longest a cookie it sets may live, in seconds; 0 or less is a cookie for the session only.
        public package(set) var cookieMaxAgeSeconds: Int?
        /// Whether it stores cookies.
        public package(set) var usesCookies: Bool?
        /// Whether its cookies' lifetime starts again when they are refreshed, so they may live longer
        /// than ``cookieMaxAgeSeconds``.
        public package(set) var cookieRefresh: Bool?
        /// Whether it stores or reads information by other means than cookies (local storage, an SDK's
        /// files, device identifiers).
        public package(set) var usesNonCookieAccess: Bool?
        /// Where it lists what it stores on the device, item by item (a JSON file by IAB's Device Storage
        /// Disclosure format).
        public package(set) var disclosureURL: String?

        package init(cookieMaxAgeSeconds: Int? = nil, usesCookies: Bool? = nil, cookieRefresh: Bool? = nil,
                     usesNonCookieAccess: Bool? = nil, disclosureURL: String? = nil) {
            self.cookieMaxAgeSeconds = cookieMaxAgeSeconds
            self.usesCookies = usesCookies
            self.cookieRefresh = cookieRefresh
            self.usesNonCookieAccess = usesNonCookieAccess
            self.disclosureURL = disclosureURL
        }

        /// ``cookieMaxAgeSeconds`` in whole days, rounded up so that a lifetime is never shown shorter than
        /// it is; 0 for a cookie of the session only; `nil` when not disclosed.
        public var maximumAgeDays: Int? {
            guard let seconds = cookieMaxAgeSeconds else { return nil }
            guard seconds > 0 else { return 0 }
            return seconds / 86_400 + (seconds % 86_400 == 0 ? 0 : 1)
        }

        /// Whether the partner disclosed nothing about storage.
        package var isEmpty: Bool {
            cookieMaxAgeSeconds == nil && usesCookies == nil && cookieRefresh == nil && usesNonCookieAccess == nil && disclosureURL == nil
        }
    }

    /// A partner's privacy policy and legitimate-interest claim in one language (an entry of the Global
    /// Vendor List's `urls`).
    public struct Links: Sendable, Equatable {
        /// The language of the pages (`langId`, `en`), or `nil` when not stated: then they serve every
        /// language.
        public package(set) var language: String?
        /// The privacy policy (`privacy`).
        public package(set) var privacy: String
        /// Where the partner explains its legitimate interests (`legIntClaim`), if it relies on any.
        public package(set) var legitimateInterestClaim: String?

        package init(language: String?, privacy: String, legitimateInterestClaim: String? = nil) {
            self.language = language
            self.privacy = privacy
            self.legitimateInterestClaim = legitimateInterestClaim
        }
    }

    /// Everything a partner discloses besides its id, name, purposes, legitimate interests and special
    /// features, kept behind at most one reference: every decision walks the policy's partners, and a copy of
    /// a partner should cost what it cost before the vendor list was read whole.
    package struct Disclosures: Sendable, Equatable {
        package struct Values: Sendable, Equatable {
            package var flexiblePurposes: [Int] = []
            package var specialPurposes: [Int] = []
            package var features: [Int] = []
            package var dataCategories: [Int] = []
            package var retention = DataRetention()
            package var deviceStorage = DeviceStorage()
            package var links: [Links] = []

            package init(flexiblePurposes: [Int] = [], specialPurposes: [Int] = [], features: [Int] = [], dataCategories: [Int] = [],
                         retention: DataRetention = DataRetention(), deviceStorage: DeviceStorage = DeviceStorage(), links: [Links] = []) {
                self.flexiblePurposes = flexiblePurposes
                self.specialPurposes = specialPurposes
                self.features = features
                self.dataCategories = dataCategories
                self.retention = retention
                self.deviceStorage = deviceStorage
                self.links = links
            }
        }

        /// Most partners a policy lists by hand disclose nothing more, or a privacy policy alone: those are
        /// kept without an allocation, so the compiled-in default policy is made as fast as before.
        private enum Storage: Sendable {
            case none
            case privacy(String)
            case values(Box)
        }

        private final class Box: Sendable {
            let values: Values
            init(_ values: Values) { self.values = values }
        }

        private var storage: Storage

        package init(_ values: Values = Values()) {
            storage = Self.storage(values)
        }

        /// A partner that discloses a privacy policy for every language and nothing more.
        package init(privacyURL: String) {
            storage = .privacy(privacyURL)
        }

        private static func storage(_ values: Values) -> Storage {
            guard values.flexiblePurposes.isEmpty, values.specialPurposes.isEmpty, values.features.isEmpty,
                  values.dataCategories.isEmpty, values.retention.isEmpty, values.deviceStorage.isEmpty
            else { return .values(Box(values)) }
            switch values.links.count {
            case 0: return .none
            case 1 where values.links[0].language == nil && values.links[0].legitimateInterestClaim == nil: return .privacy(values.links[0].privacy)
            default: return .values(Box(values))
            }
        }

        package var values: Values {
            get {
                switch storage {
                case .none: return Values()
                case .privacy(let url): return Values(links: [Links(language: nil, privacy: url)])
                case .values(let box): return box.values
                }
            }
            set { storage = Self.storage(newValue) }
        }

        package static func == (lhs: Disclosures, rhs: Disclosures) -> Bool {
            switch (lhs.storage, rhs.storage) {
            case (.none, .none): return true
            case (.privacy(let left), .privacy(let right)): return left == right
            case (.values(let left), .values(let right)): return left === right || left.values == right.values
            default: return false
            }
        }
    }
}

extension Partner {
    /// Purposes for which the partner may rely on consent or on legitimate interest, as the publisher
    /// chooses (`flexiblePurposes`); each is also among ``purposes`` or ``legitimateInterestPurposes``.
    public var flexiblePurposes: [Int] { disclosures.values.flexiblePurposes }

    /// Special purposes, for which it relies on legitimate interest and which no one may object to
    /// (`specialPurposes`: 1 security and fraud prevention, 2 delivering ads and content).
    public var specialPurposes: [Int] { disclosures.values.specialPurposes }

    /// Features it uses when it processes data for its purposes (`features`).
    public var features: [Int] { disclosures.values.features }

    /// The categories of data it collects (the Global Vendor List's `dataDeclaration`).
    public var dataCategories: [Int] { disclosures.values.dataCategories }

    /// How long it keeps data (`dataRetention`).
    public var retention: DataRetention { disclosures.values.retention }

    /// How it stores and reads information on the device.
    public var deviceStorage: DeviceStorage { disclosures.values.deviceStorage }

    /// Its privacy policy and legitimate-interest claim, by language (`urls`).
    public var links: [Links] { disclosures.values.links }

    /// Its privacy policy: the English one, else one for every language, else the first listed.
    public var privacyURL: String? {
        (links.first { $0.language?.lowercased() == "en" } ?? links.first { $0.language == nil } ?? links.first)?.privacy
    }

    /// The links a form in `language` shows: those in the language (or its base language, `de` for
    /// `de-AT`), else the English ones, else those for every language, else the first listed.
    package func links(for language: String) -> Links? {
        let requested = language.lowercased()
        let base = String(requested.prefix { $0 != "-" && $0 != "_" })
        func named(_ code: String) -> Links? { links.first { $0.language?.lowercased() == code } }
        return named(requested) ?? named(base) ?? named("en") ?? links.first { $0.language == nil } ?? links.first
    }
}
