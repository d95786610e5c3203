import Foundation
import ConsentPropertyLists

/// The shared property-list reader as the audit uses it: its errors become the audit's.
enum AuditPlist {
    /// Reads the plist at `url`; `role` names it in errors ("privacy manifest").
    static func read(_ url: URL, role: String = "property list") throws(AuditError) -> PropertyListDocument {
        do {
            return try PropertyListReader.read(url, role: role)
        } catch {
            throw AuditError(error)
        }
    }

    /// Parses `data` as a binary or XML property list read from `file`.
    static func parse(_ data: Data, file: URL) throws(AuditError) -> PropertyListDocument {
        do {
            return try PropertyListReader.parse(data, file: file)
        } catch {
            throw AuditError(error)
        }
    }
}
