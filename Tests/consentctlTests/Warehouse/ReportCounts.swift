import Foundation

/// Every figure of `scripts/warehouse report`, counted in Swift from the installs' own logs by the rules
/// docs/warehouse.md gives, so that a test can check the report's tables cell by cell: the same tables, rows and
/// columns, each value a count, a rate (a fraction of two counts) or seconds, nil where the report shows none.
struct ReportCounts {
    struct Install {
        var id: String
        var lines: [[UInt8]]
        /// What the verification says of it: `intact`, `broken` or `unverifiable`, and the faults it finds.
        var verdict: String
        var faults: Set<String> = []
    }

    struct Table: Equatable, CustomStringConvertible {
        var columns: [String]
        var rows: [(key: String, values: [Double?])]

        static func == (left: Table, right: Table) -> Bool {
            left.columns == right.columns && left.rows.map(\.key) == right.rows.map(\.key)
                && zip(left.rows, right.rows).allSatisfy { $0.values == $1.values }
        }

        var description: String { "\(columns): " + rows.map { "\($0.key) \($0.values.map { $0.map { "\($0)" } ?? "–" })" }.joined(separator: "; ") }
    }

    static let kinds = ["all", "none", "custom"]
    static let purposes = (1...11).map { "purpose \($0)" } + ["special feature 1", "special feature 2"]
    static let faults = ["a line cut before its prev", "orphan lines", "forks", "no first line", "two first lines", "missing tail"]
    static let dimensions = [("region", "region"), ("day", "day"), ("revision", "policy revision"), ("language", "language")]

    private(set) var tables: [String: Table] = [:]

    private struct Line {
        var install: String
        var event: String
        var at: String
        var change: Int
        var object: [String: Any]

        var date: Date { ReportCounts.date(at) }
        func text(_ key: String) -> String? { object[key] as? String }
        func member(_ key: String) -> [String: Any] { object[key] as? [String: Any] ?? [:] }
    }

    private struct Answer {
        var install: String
        var line: Line
        var kind: String
        var region: String
        var policyID: String
        var revision: String
        var language: String
        var purposes: Set<Int>
        var specialFeatures: Set<Int>
        var policyFiles: [[String: String]]
        var day: String { String(line.at.prefix(10)) }

        func item(_ dimension: String) -> String {
            switch dimension {
            case "region": region
            case "day": day
            case "revision": revision
            case "language": language
            default: "all"
            }
        }
    }

    private enum Step {
        case answer(Answer)
        case reset(Line)

        var change: Int {
            switch self {
            case .answer(let answer): answer.line.change
            case .reset(let line): line.change
            }
        }

        var event: String {
            if case .answer = self { return "consent" }
            return "reset"
        }
    }

    init(_ installs: [Install]) {
        var lines: [Line] = []
        var notJSON = 0
        for install in installs where install.verdict == "intact" {
            for bytes in install.lines {
                guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
                      let event = object["event"] as? String, let at = object["at"] as? String, let change = object["change"] as? Int else {
                    notJSON += 1
                    continue
                }
                lines.append(Line(install: install.id, event: event, at: at, change: change, object: object))
            }
        }
        add("installs", ["installs"], ["intact", "broken", "unverifiable"].map { verdict in
            (verdict, [Double(installs.filter { $0.verdict == verdict }.count)])
        })
        add("left-out", ["installs"], Self.faults.map { fault in
            (fault, [Double(installs.filter { $0.verdict != "intact" && $0.faults.contains(fault) }.count)])
        })
        add("lines", ["lines"], [("read", [Double(lines.count)]), ("not JSON", [Double(notJSON)])])

        let answers = lines.filter { $0.event == "consent" }.compactMap(Self.answer)
        addAnswers(answers)
        let steps = Dictionary(grouping: answers.map(Step.answer) + lines.filter { $0.event == "reset" }.map(Step.reset)) {
            switch $0 {
            case .answer(let answer): answer.install
            case .reset(let line): line.install
            }
        }.mapValues { $0.sorted { ($0.change, $0.event) < ($1.change, $1.event) } }
        addTracking(lines, steps: steps)
        addPrivacyOptionsAndRevisions(lines, answers: answers, steps: steps)
        addFirstAnswers(lines)
    }

    private mutating func add(_ id: String, _ columns: [String], _ rows: [(String, [Double?])]) {
        tables[id] = Table(columns: columns, rows: rows.map { (key: $0.0, values: $0.1) })
    }

    private static func answer(_ line: Line) -> Answer? {
        let consent = line.member("consent")
        let kinds = ["consentAll": "all", "rejectAll": "none", "custom": "custom"]
        guard let choice = consent["choice"] as? String, let kind = kinds[choice], let policyID = line.text("policyID"),
              let revision = line.object["policyRevision"] as? Int else { return nil }
        return Answer(install: line.install, line: line, kind: kind, region: line.text("region") ?? "", policyID: policyID,
                      revision: "\(policyID) revision \(revision)", language: line.text("language") ?? "",
                      purposes: Set(consent["purposes"] as? [Int] ?? []), specialFeatures: Set(consent["specialFeatures"] as? [Int] ?? []),
                      policyFiles: line.object["policyFiles"] as? [[String: String]] ?? [])
    }

    private static func rate(_ part: Int, _ whole: Int) -> Double? { whole == 0 ? nil : Double(part) / Double(whole) }

    /// Strings in the order of their code points, as the report sorts them.
    private static func sorted(_ values: some Sequence<String>) -> [String] {
        Set(values).sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    }

    private static func counts(_ answers: [Answer]) -> (answers: Int, kinds: [Int], purposes: [Int]) {
        let purposes = (1...11).map { number in answers.filter { $0.purposes.contains(number) }.count }
            + [1, 2].map { number in answers.filter { $0.specialFeatures.contains(number) }.count }
        return (answers.count, kinds.map { kind in answers.filter { $0.kind == kind }.count }, purposes)
    }

    private mutating func addAnswers(_ answers: [Answer]) {
        let all = Self.counts(answers)
        add("answers-by-kind", ["answers", "share of answers"],
            zip(Self.kinds, all.kinds).map { ($0, [Double($1), Self.rate($1, all.answers)]) }
                + [("every kind", [Double(all.answers), Self.rate(all.answers, all.answers)])])
        add("purposes", ["answers consenting", "rate"], zip(Self.purposes, all.purposes).map { ($0, [Double($1), Self.rate($1, all.answers)]) })
        for (dimension, _) in Self.dimensions {
            let groups = Dictionary(grouping: answers) { $0.item(dimension) }
            let items = Self.sorted(groups.keys)
            add("answers-by-\(dimension)", ["answers"] + Self.kinds + ["consent rate"], items.map { item in
                let counts = Self.counts(groups[item]!)
                return (item, [Double(counts.answers)] + counts.kinds.map(Double.init) + [Self.rate(counts.kinds[0], counts.answers)])
            })
            add("purposes-by-\(dimension)", Self.purposes, items.map { item in
                let counts = Self.counts(groups[item]!)
                return (item, counts.purposes.map { Self.rate($0, counts.answers) })
            })
        }
        let regions = Self.sorted(answers.map(\.region)), days = Self.sorted(answers.map(\.day))
        add("consent-rate-by-day", regions, days.map { day in
            (day, regions.map { region in
                let those = answers.filter { $0.day == day && $0.region == region }
                return Self.rate(those.filter { $0.kind == "all" }.count, those.count)
            })
        })
    }

    private mutating func addTracking(_ lines: [Line], steps: [String: [Step]]) {
        let tracking = lines.filter { $0.event == "tracking" }
        func status(_ line: Line) -> String? { line.member("tracking")["status"] as? String }
        let answered = tracking.count
        let counted = ["explainer shown": lines.filter { $0.event == "explainerShown" }.count, "prompt answered": answered,
                       "authorized": tracking.filter { status($0) == "authorized" }.count,
                       "denied": tracking.filter { status($0) == "denied" }.count]
        add("tracking", ["count", "share of prompt answers"], ["explainer shown", "prompt answered", "authorized", "denied"].map { step in
            (step, [Double(counted[step]!), ["authorized", "denied"].contains(step) ? Self.rate(counted[step]!, answered) : nil])
        })
        // The consent answer in force before each tracking answer: the install's last step before it, unless a reset.
        let before = Dictionary(grouping: tracking) { line -> String in
            guard case .answer(let answer)? = steps[line.install, default: []].last(where: { $0.change < line.change }) else { return "no answer" }
            return answer.kind
        }
        add("tracking-by-consent", ["answered", "authorized", "authorized rate"], (Self.kinds + ["no answer"]).map { kind in
            let those = before[kind, default: []], authorized = those.filter { status($0) == "authorized" }.count
            return (kind, [Double(those.count), Double(authorized), Self.rate(authorized, those.count)])
        })
    }

    private mutating func addPrivacyOptionsAndRevisions(_ lines: [Line], answers: [Answer], steps: [String: [Step]]) {
        // Each consent answer with the one it replaced, no reset between.
        var replaced: [(before: Answer, after: Answer)] = []
        for installSteps in steps.values {
            for (before, after) in zip(installSteps, installSteps.dropFirst()) {
                if case .answer(let first) = before, case .answer(let second) = after { replaced.append((first, second)) }
            }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let inPrivacyOptions = replaced.filter { pair in
            let expiry = calendar.date(byAdding: .month, value: 13, to: calendar.startOfDay(for: pair.before.line.date))!
            return pair.before.policyFiles == pair.after.policyFiles && pair.after.line.date < expiry
        }
        let optOuts = lines.filter { $0.event == "usOptOuts" }
        let usInstalls = Set(optOuts.map(\.install) + lines.filter { $0.event == "regionLearned" && ($0.text("region") ?? "").hasPrefix("US-") }.map(\.install))
        let forms = [("consent form", Set(answers.map(\.install)).count, Set(inPrivacyOptions.map(\.after.install)).count),
                     ("opt-out form", usInstalls.count, Set(optOuts.map(\.install)).count)]
        add("privacy-options", ["installs", "answered there", "share"], forms.map { ($0.0, [Double($0.1), Double($0.2), Self.rate($0.2, $0.1)]) })
        let changes = Dictionary(grouping: inPrivacyOptions) { "\($0.before.kind) → \($0.after.kind)" }
        let order = { (change: String) in change.components(separatedBy: " → ").map { Self.kinds.firstIndex(of: $0) ?? Self.kinds.count } }
        add("privacy-options-changes", ["answers"], changes.keys.sorted { order($0).lexicographicallyPrecedes(order($1)) }.map {
            ($0, [Double(changes[$0]!.count)])
        })

        let states = Dictionary(grouping: optOuts) { $0.member("usOptOuts")["region"] as? String ?? "" }
        add("opt-outs", ["answers", "sale", "sharing", "targeted advertising", "none"], Self.sorted(states.keys).map { state in
            let those = states[state]!.map { $0.member("usOptOuts") }
            func chose(_ key: String) -> Int { those.filter { $0[key] as? Bool == true }.count }
            let none = those.filter { choice in ["sale", "sharing", "targetedAdvertising"].allSatisfy { choice[$0] as? Bool != true } }.count
            return (state, [Double(those.count), Double(chose("sale")), Double(chose("sharing")), Double(chose("targetedAdvertising")), Double(none)])
        })

        let revisions = Dictionary(grouping: replaced.filter { $0.before.revision != $0.after.revision }) { pair in
            pair.before.revision + " → "
                + (pair.before.policyID == pair.after.policyID ? String(pair.after.revision.dropFirst(pair.after.policyID.count + 10)) : pair.after.revision)
        }
        let columns: [String] = ["installs asked again"] + Self.kinds.map { "before: \($0)" } + Self.kinds.map { "after: \($0)" }
            + ["consent rate before", "consent rate after"]
        add("revision", columns, Self.sorted(revisions.keys).map { change -> (String, [Double?]) in
            let pairs = revisions[change]!
            let before: [Int] = Self.kinds.map { kind in pairs.filter { $0.before.kind == kind }.count }
            let after: [Int] = Self.kinds.map { kind in pairs.filter { $0.after.kind == kind }.count }
            var values: [Double?] = [Double(pairs.count)]
            values += before.map { Double($0) }
            values += after.map { Double($0) }
            values += [Self.rate(before[0], pairs.count), Self.rate(after[0], pairs.count)]
            return (change, values)
        })
    }

    private mutating func addFirstAnswers(_ lines: [Line]) {
        var delays: [Double] = []
        for installLines in Dictionary(grouping: lines, by: \.install).values {
            let first = installLines.map(\.change).min()!
            guard let answer = installLines.filter({ ["consent", "usOptOuts", "tracking"].contains($0.event) }).map(\.change).min() else { continue }
            let firstAt = installLines.filter { $0.change == first }.map(\.at).min()!
            let answerAt = installLines.filter { $0.change == answer }.map(\.at).min()!
            delays.append(Self.date(answerAt).timeIntervalSince(Self.date(firstAt)))
        }
        add("first-answer", ["installs that answered", "median", "90th percentile"],
            [("all", [Double(delays.count), Self.percentile(0.5, delays), Self.percentile(0.9, delays)])])
    }

    /// The continuous percentile: the value at `fraction` of the way through the sorted values, interpolated.
    static func percentile(_ fraction: Double, _ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted(), position = fraction * Double(sorted.count - 1)
        let below = Int(position.rounded(.down)), above = Int(position.rounded(.up))
        return sorted[below] + (sorted[above] - sorted[below]) * (position - Double(below))
    }

    /// A time as the engine writes it, `YYYY-MM-DDTHH:MM:SS[.fff]Z`.
    static func date(_ text: String) -> Date {
        let digits = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int { Int(String(decoding: digits[start..<(start + count)], as: UTF8.self)) ?? 0 }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: number(0, 4), month: number(5, 2), day: number(8, 2), hour: number(11, 2),
                                        minute: number(14, 2), second: number(17, 2))
        let fraction = digits.count > 21 ? Double("0" + String(decoding: digits[19..<(digits.count - 1)], as: UTF8.self)) ?? 0 : 0
        return calendar.date(from: components)!.addingTimeInterval(fraction)
    }
}
