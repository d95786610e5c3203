import ConsentEngine
import ConsentJSON

/// What changed from one policy to another, field by field, in the policy file format: the changes of
/// `consentctl policy diff OLD NEW`.
///
/// Both policies are compared as `policy show --json` writes them (every field, defaults written out,
/// partners inline), so two policies are the same exactly when that JSON is: a field left out and the same
/// field written with its default are not a change, and every other difference is. Purposes, special
/// features and partners are matched by id, so a reordered list is one change (`purposesReordered`), not
/// one per member.
package struct PolicyDiff: Sendable, Equatable {
    /// The changes, in the order of the policy file's fields (``PolicyChange/Group`` by group).
    package private(set) var changes: [PolicyChange] = []

    /// Whether the two policies are the same.
    package var isEmpty: Bool { changes.isEmpty }

    /// The changes from `old` to `new`.
    package init(from old: Policy, to new: Policy) {
        guard old != new else { return }
        let before = PolicyWriting.value(old), after = PolicyWriting.value(new)
        for key in PolicyFields.policy {
            let path = JSONPath.appending(key, to: JSONPath.root)
            switch key {
            case "purposes":
                compareMembers(before[key], after[key], path: path, what: .purposes)
            case "specialFeatures":
                compareMembers(before[key], after[key], path: path, what: .specialFeatures)
            case "partners":
                compareMembers(before[key], after[key], path: path, what: .partners)
            case "regions":
                compareRegions(before[key], after[key], path: path)
            default:
                compare(before[key], after[key], path: path, keys: [key])
            }
        }
        // In file order within each group: a stable sort by group.
        changes = changes.enumerated()
            .sorted { ($0.element.kind.group.rank, $0.offset) < ($1.element.kind.group.rank, $1.offset) }
            .map(\.element)
    }

    /// The changes of one group, in order.
    package func changes(in group: PolicyChange.Group) -> [PolicyChange] {
        changes.filter { $0.kind.group == group }
    }

    // MARK: - Settings and texts

    /// Compares two values of a field: objects member by member, anything else as a whole. A member that
    /// only one side has is one change, with `null` on the other side.
    private mutating func compare(_ old: JSONValue?, _ new: JSONValue?, path: String, keys: [String]) {
        if case .object(let oldMembers)? = old, case .object(let newMembers)? = new {
            for key in Self.unionOfKeys(oldMembers, newMembers) {
                compare(old?[key], new?[key], path: JSONPath.appending(key, to: path), keys: keys + [key])
            }
            return
        }
        guard old != new else { return }
        guard let kind = Self.kind(ofSetting: keys) else {
            preconditionFailure("the policy field \(keys[0]) has no kind of change")
        }
        changes.append(PolicyChange(kind, path: path, old: old ?? .null, new: new ?? .null, subject: keys.joined(separator: ".")))
    }

    /// The kind of a change to a setting or text, by its keys from the top of the file; `nil` for a field
    /// this table does not know, which a test rules out for every field the policy file format writes.
    package static func kind(ofSetting keys: [String]) -> PolicyChange.Kind? {
        let second = keys.dropFirst().first
        switch keys[0] {
        case "formatVersion": return .formatVersionChanged
        case "id": return .idChanged
        case "revision": return .revisionChanged
        case "tcfPolicyVersion": return .tcfPolicyVersionChanged
        case "publisher": return .publisherChanged
        case "controller": return .controllerChanged
        case "regions", "regionHints", "regionHintConflict": return .regionsChanged
        case "consent":
            switch second {
            case "maximumAgeMonths": return .validityChanged
            case let name? where name.hasPrefix("reconsentOn"): return .reconsentSwitchChanged
            default: return .formButtonsChanged
            }
        case "texts", "defaultLanguage": return .textChanged
        case "names": return .nameChanged
        case "tracking": return second == "explainer" ? .explainerChanged : .trackingSettingChanged
        case "app": return .appChanged
        case "tcf": return second == "cmpId" ? .cmpIdChanged : .tcfSettingChanged
        case "gpp": return .gppChanged
        case "consentMode": return .consentModeChanged
        case "testDeviceIDs": return .testDevicesChanged
        case "presentation": return .presentationChanged
        default: return nil
        }
    }

    // MARK: - Regions and their calendar

    /// Compares the regions block: a list of dated entries as a whole when its subjects differ
    /// (`regionsChanged`), and each entry both lists have by its dates (`regionDatesChanged`), so that a
    /// law's date moved is named as such; the other settings as any other.
    private mutating func compareRegions(_ old: JSONValue?, _ new: JSONValue?, path: String) {
        guard case .object(let oldMembers)? = old, case .object(let newMembers)? = new else {
            preconditionFailure("the policy file format writes \(path) as an object")
        }
        for key in Self.unionOfKeys(oldMembers, newMembers) {
            let listPath = JSONPath.appending(key, to: path)
            guard let subjectKey = ["gdpr": "region", "regulatedUSStates": "state"][key],
                  case .array(let before)? = old?[key], case .array(let after)? = new?[key]
            else {
                compare(old?[key], new?[key], path: listPath, keys: ["regions", key])
                continue
            }
            /// An entry's subject and dates, whether written alone (`"CA"`) or as an object.
            func entry(_ value: JSONValue) -> (subject: String, dates: [String: JSONValue]) {
                if case .string(let subject) = value { return (subject, [:]) }
                guard case .string(let subject)? = value[subjectKey] else { preconditionFailure("an entry of \(listPath) names its \(subjectKey)") }
                return (subject, ["from": value["from"] ?? .null, "until": value["until"] ?? .null])
            }
            let oldEntries = before.map(entry), newEntries = after.map(entry)
            if oldEntries.map(\.subject) != newEntries.map(\.subject) {
                changes.append(PolicyChange(.regionsChanged, path: listPath, old: .array(before), new: .array(after), subject: "regions.\(key)"))
            }
            let oldBySubject = Dictionary(oldEntries.map { ($0.subject, $0.dates) }, uniquingKeysWith: { first, _ in first })
            var seen = Set<String>()
            for (subject, dates) in newEntries where seen.insert(subject).inserted {
                guard let previous = oldBySubject[subject] else { continue }
                for field in ["from", "until"] where (previous[field] ?? .null) != (dates[field] ?? .null) {
                    let name = key == "gdpr" ? subject : "US-\(subject)"
                    changes.append(PolicyChange(
                        .regionDatesChanged, path: "\(listPath)[?@.\(subjectKey)==\"\(subject)\"].\(field)",
                        old: previous[field] ?? .null, new: dates[field] ?? .null, subject: "\(name) \(field)"))
                }
            }
        }
    }

    /// The kind of a change to one field of a partner, by its name in the policy file format; `nil` for a
    /// field this table does not know, which a test rules out for every field a partner is written with.
    package static func kind(ofPartnerField field: String) -> PolicyChange.Kind? {
        switch field {
        case "purposes": return .partnerPurposesChanged
        case "legitimateInterestPurposes": return .partnerLegitimateInterestsChanged
        case "specialFeatures": return .partnerSpecialFeaturesChanged
        case "flexiblePurposes", "specialPurposes", "features", "dataDeclaration": return .partnerDeclarationsChanged
        case "dataRetention": return .partnerRetentionChanged
        case "cookieMaxAgeSeconds", "usesCookies", "cookieRefresh", "usesNonCookieAccess", "deviceStorageDisclosureUrl":
            return .partnerDeviceStorageChanged
        case "id", "googleATP", "name", "urls": return .partnerDetailsChanged
        default: return nil
        }
    }

    // MARK: - Purposes, special features and partners

    /// A list whose members are matched by id.
    private enum Members {
        case purposes, specialFeatures, partners

        var added: PolicyChange.Kind {
            switch self {
            case .purposes: return .purposeAdded
            case .specialFeatures: return .specialFeatureAdded
            case .partners: return .partnerAdded
            }
        }

        var removed: PolicyChange.Kind {
            switch self {
            case .purposes: return .purposeRemoved
            case .specialFeatures: return .specialFeatureRemoved
            case .partners: return .partnerRemoved
            }
        }

        var reordered: PolicyChange.Kind {
            switch self {
            case .purposes: return .purposesReordered
            case .specialFeatures: return .specialFeaturesReordered
            case .partners: return .partnersReordered
            }
        }

        /// The kind of a change to one field of a member present in both lists.
        func kind(ofField field: String) -> PolicyChange.Kind {
            switch self {
            case .purposes: return .purposeTextChanged
            case .specialFeatures: return .specialFeatureTextChanged
            case .partners:
                guard let kind = PolicyDiff.kind(ofPartnerField: field) else {
                    preconditionFailure("the partner field \(field) has no kind of change")
                }
                return kind
            }
        }

        /// How a member is named: the field that holds its id, the id, and the member for a person.
        func identity(of member: JSONValue) -> (field: String, id: Int, label: String) {
            switch self {
            case .purposes, .specialFeatures:
                guard case .integer(let id)? = member["id"] else { preconditionFailure("a purpose has an id") }
                return ("id", id, "\(self == .purposes ? "purpose" : "special feature") \(id)")
            case .partners:
                let name = member["name"].flatMap { value -> String? in
                    if case .string(let name) = value { return name }
                    return nil
                } ?? ""
                if case .integer(let atp)? = member["googleATP"] { return ("googleATP", atp, "partner atp:\(atp) (\(name))") }
                guard case .integer(let id)? = member["id"] else { preconditionFailure("a partner has an id") }
                return ("id", id, "partner \(id) (\(name))")
            }
        }
    }

    private mutating func compareMembers(_ old: JSONValue?, _ new: JSONValue?, path: String, what: Members) {
        guard case .array(let before)? = old, case .array(let after)? = new else {
            preconditionFailure("the policy file format writes \(path) as a list")
        }
        func key(_ member: JSONValue) -> String {
            let identity = what.identity(of: member)
            return "\(identity.field)=\(identity.id)"
        }
        func selector(_ member: JSONValue) -> String {
            let identity = what.identity(of: member)
            return "\(path)[?@.\(identity.field)==\(identity.id)]"
        }
        let oldKeys = before.map(key), newKeys = after.map(key)
        let oldByKey = Dictionary(zip(oldKeys, before), uniquingKeysWith: { first, _ in first })
        let newKeySet = Set(newKeys)
        for member in before where !newKeySet.contains(key(member)) {
            changes.append(PolicyChange(what.removed, path: selector(member), old: member, new: .null,
                                        subject: what.identity(of: member).label))
        }
        for member in after {
            guard let previous = oldByKey[key(member)] else {
                changes.append(PolicyChange(what.added, path: selector(member), old: .null, new: member,
                                            subject: what.identity(of: member).label))
                continue
            }
            guard case .object(let oldFields) = previous, case .object(let newFields) = member else { continue }
            let label = what.identity(of: member).label
            for field in Self.unionOfKeys(oldFields, newFields) {
                compareMember(previous[field], member[field], path: JSONPath.appending(field, to: selector(member)),
                              kind: what.kind(ofField: field), subject: "\(label) \(Self.words(for: field))")
            }
        }
        let kept = Set(oldKeys).intersection(newKeySet)
        let oldOrder = oldKeys.filter(kept.contains), newOrder = newKeys.filter(kept.contains)
        if oldOrder != newOrder {
            let ids = { (members: [JSONValue]) -> JSONValue in
                .array(members.map { member in
                    let identity = what.identity(of: member)
                    return identity.field == "googleATP" ? .string("atp:\(identity.id)") : .integer(identity.id)
                })
            }
            changes.append(PolicyChange(what.reordered, path: path, old: ids(before), new: ids(after),
                                        subject: "order of \(path.dropFirst(2))"))
        }
    }

    /// Compares one field of a member: a text map language by language, anything else as a whole.
    private mutating func compareMember(_ old: JSONValue?, _ new: JSONValue?, path: String, kind: PolicyChange.Kind, subject: String) {
        if case .object(let oldMembers)? = old, case .object(let newMembers)? = new {
            for key in Self.unionOfKeys(oldMembers, newMembers) {
                compareMember(old?[key], new?[key], path: JSONPath.appending(key, to: path), kind: kind, subject: "\(subject) (\(key))")
            }
            return
        }
        guard old != new else { return }
        changes.append(PolicyChange(kind, path: path, old: old ?? .null, new: new ?? .null, subject: subject))
    }

    /// A member's field as a person says it: `legitimateInterestPurposes` is "legitimate interests".
    private static func words(for field: String) -> String {
        switch field {
        case "legitimateInterestPurposes": return "legitimate interests"
        case "specialFeatures": return "special features"
        case "flexiblePurposes": return "flexible purposes"
        case "specialPurposes": return "special purposes"
        case "dataDeclaration": return "data categories"
        case "dataRetention": return "retention"
        case "cookieMaxAgeSeconds": return "cookie lifetime"
        case "usesCookies": return "use of cookies"
        case "cookieRefresh": return "cookie refresh"
        case "usesNonCookieAccess": return "storage other than cookies"
        case "deviceStorageDisclosureUrl": return "device storage disclosure"
        case "urls": return "links"
        default: return field
        }
    }

    /// The keys of two objects: the new one's in order, then those only the old one has.
    private static func unionOfKeys(_ old: [JSONValue.Member], _ new: [JSONValue.Member]) -> [String] {
        let newKeys = new.map(\.key)
        return newKeys + old.map(\.key).filter { !newKeys.contains($0) }
    }
}

extension PolicyChange.Group {
    /// The group's place in the order of printing.
    fileprivate var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
