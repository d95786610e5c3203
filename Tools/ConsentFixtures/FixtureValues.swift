import ConsentEngine
import Foundation
import ConsentJSON

/// The values fixtures write in their own readable form, read at their JSON path.
extension JSONNode {
    /// An ISO 8601 date in UTC (`2025-01-31T10:00:00Z`, an offset, or a date alone for midnight UTC).
    func date() throws(JSONFieldError) -> Date {
        let text = try string()
        guard let date = UTCCalendar.parse(text) else {
            throw error(UTCCalendar.refusal(of: text))
        }
        return date
    }

    /// A resolved region name as decisions and stored answers hold it: EEA, UK, CH, US-XX, other, unknown.
    func resolvedRegion() throws(JSONFieldError) -> Region {
        let text = try string()
        guard let region = Region(resolvedName: text) else {
            throw error("\"\(text)\" is not a resolved region (EEA, UK, CH, US-XX, US, other, unknown)")
        }
        return region
    }
}

extension JSONNode {
    /// A list of partner ids: integers for GVL vendors, `"atp:N"` for Google ATPs.
    func partnerIDs() throws(JSONFieldError) -> [PartnerID] {
        var result: [PartnerID] = []
        for item in try array() {
            switch item.value {
            case .integer(let id):
                guard let partner = PartnerID(parsing: String(id)) else { throw item.error("\(id) is not a GVL vendor id (1–65535)") }
                result.append(partner)
            case .string(let text):
                guard let partner = PartnerID(parsing: text) else { throw item.error("\"\(text)\" is not a partner id (755 or \"atp:89\")") }
                result.append(partner)
            default:
                throw item.error("expected a partner id (755 or \"atp:89\"), found \(item.value.kindDescription)")
            }
        }
        return result
    }
}

extension JSONValue {
    /// Partner ids as fixtures write them: integers for GVL vendors, `"atp:N"` for Google ATPs, sorted.
    static func partners(_ ids: [PartnerID]) -> JSONValue {
        .array(Set(ids).sorted().map { id in id.vendorID.map(JSONValue.integer) ?? .string(id.description) })
    }

    /// The value on one line, strings unquoted at the top level: how failures show expected and actual
    /// values (`expected personalized, got limited`, `expected [1, 3, 4], got [1]`).
    package var inline: String {
        if case .string(let text) = self { return text }
        return JSONWriter.text(self, style: .singleLine)
    }
}
