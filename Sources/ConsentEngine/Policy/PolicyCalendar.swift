#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentDates

/// A day of the calendar in UTC, as a policy names it (`2026-01-01`): a rule dated with it starts or ends at
/// its midnight UTC.
package struct PolicyDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The day's number, 1970-01-01 being 0.
    package let number: Int

    package init(number: Int) {
        self.number = number
    }

    /// Reads `YYYY-MM-DD`, years 0001 to 9999; `nil` for anything else (a time of day included: a rule
    /// starts at a day's beginning, never within it).
    package init?(parsing text: String) {
        guard text.utf8.count == 10, let time = ISO8601.parse(text, forms: .dateAlone) else { return nil }
        number = time.day
    }

    /// Its midnight UTC.
    package var start: Date { Date(timeIntervalSince1970: Double(number) * 86_400) }

    /// `2026-01-01`.
    package var description: String { String(ISO8601.text(day: number, second: 0).prefix(10)) }

    package static func < (lhs: PolicyDay, rhs: PolicyDay) -> Bool { lhs.number < rhs.number }

    /// What a policy's date must look like, for messages.
    package static let expectation = "a day as YYYY-MM-DD from 0001-01-01 to 9999-12-31 (2026-01-01)"
}

/// An entry of the policy's `regions` block that may hold only between two days: a state's law takes
/// effect on a known morning, and the policy says so in advance rather than being edited that day
/// (`policies/README.md`, "The calendar").
///
/// It is in force from `from`'s midnight UTC until the end of the day before `until`; an entry without
/// dates is always in force. (`Subject` is unconstrained and its conformances conditional: a generic type
/// with requirements has the runtime look the conformances up when the default policy is first built, which
/// cost a cold start a third of its Swift work.)
package struct DatedEntry<Subject> {
    /// The region or state the entry is about.
    package var subject: Subject
    /// The first day it is in force; `nil` for always before `until`.
    package var from: PolicyDay?
    /// The first day it is no longer in force; `nil` for no end.
    package var until: PolicyDay?

    package init(_ subject: Subject, from: PolicyDay? = nil, until: PolicyDay? = nil) {
        self.subject = subject
        self.from = from
        self.until = until
    }

    /// Whether the entry carries a date.
    package var isDated: Bool { from != nil || until != nil }

    /// Whether the entry is in force at `now`.
    package func isInForce(at now: Date) -> Bool {
        // Compared in seconds: no calendar work at every decision.
        let seconds = now.timeIntervalSince1970
        if let from, seconds < Double(from.number) * 86_400 { return false }
        if let until, seconds >= Double(until.number) * 86_400 { return false }
        return true
    }
}

extension DatedEntry: Equatable where Subject: Equatable {}
extension DatedEntry: Sendable where Subject: Sendable {}

extension RegionSettings {
    /// What the regions block says of one region at one time: the dates of the entry in force, or of the
    /// one that comes next or ended last, which the trace names. (Not generic: a generic enum's metadata is
    /// made at run time on first use, at every cold start.)
    package enum Standing: Equatable {
        /// An entry is in force.
        case inForce(from: PolicyDay?, until: PolicyDay?)
        /// The region has entries, none in force now: the next to start, else the last to end.
        case outOfForce(from: PolicyDay?, until: PolicyDay?)
        /// No entry names the region.
        case unlisted
    }

    /// Where `region` stands among the GDPR regions at `now`.
    package func gdprStanding(of region: Region, at now: Date) -> Standing {
        Self.standing(gdpr, of: region, at: now)
    }

    /// Where `state` (a postal code) stands among the regulated US states at `now`.
    package func regulatedStateStanding(of state: String, at now: Date) -> Standing {
        Self.standing(regulatedUSStates, of: state, at: now)
    }

    private static func standing<Subject: Equatable>(_ entries: [DatedEntry<Subject>], of subject: Subject, at now: Date) -> Standing {
        var next: (from: PolicyDay?, until: PolicyDay?)?, ended: (from: PolicyDay?, until: PolicyDay?)?
        for entry in entries where entry.subject == subject {
            if entry.isInForce(at: now) { return .inForce(from: entry.from, until: entry.until) }
            if let from = entry.from, from.start > now {
                if next.map({ from < $0.from! }) ?? true { next = (entry.from, entry.until) }
            } else if let until = entry.until, ended.map({ until > $0.until! }) ?? true {
                ended = (entry.from, entry.until)
            }
        }
        if let next { return .outOfForce(from: next.from, until: next.until) }
        if let ended { return .outOfForce(from: ended.from, until: ended.until) }
        return .unlisted
    }

    /// Every dated change of the block, by day: a region coming under the GDPR or leaving it, a state
    /// becoming regulated or ceasing to be (`policy show`'s calendar).
    package var calendar: [CalendarChange] {
        var changes: [CalendarChange] = []
        func add(_ subject: String, _ regulation: Regulation, from: PolicyDay?, until: PolicyDay?) {
            if let from { changes.append(CalendarChange(day: from, subject: subject, regulation: regulation, starts: true)) }
            if let until { changes.append(CalendarChange(day: until, subject: subject, regulation: regulation, starts: false)) }
        }
        for entry in gdpr { add(entry.subject.description, .gdpr, from: entry.from, until: entry.until) }
        for entry in regulatedUSStates { add("US-\(entry.subject)", .usStates, from: entry.from, until: entry.until) }
        return changes.sorted { ($0.day, $0.subject) < ($1.day, $1.subject) }
    }
}

/// One dated change of the regions block: on `day`, `subject` comes under `regulation` or leaves it.
package struct CalendarChange: Sendable, Equatable {
    package var day: PolicyDay
    /// `EEA`, `US-IN`…
    package var subject: String
    package var regulation: Regulation
    /// Whether the rule starts that day (its `from`) rather than ends (its `until`).
    package var starts: Bool
}
