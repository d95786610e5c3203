import Foundation
import ConsentJSON

/// The cases of an `explain` fixture file (§7, §10), read through ``FixtureFile``'s header: a file holds
/// `case` or `cases`, and no `policy` or `context`, which a device's keys do not have.
enum ExplainFixtureFile {
    /// The cases of the file whose header object is `object`; `directory` is its folder, where paths start.
    static func load(_ object: JSONObject, directory: URL, displayPath: String) -> FixtureFileContents {
        var cases: [FixtureCase] = []
        var errors: [FixtureLoadError] = []
        var names: Set<String> = []
        do throws(JSONFieldError) {
            for field in ["policy", "context"] {
                if let node = object[field] { throw node.error("an explain fixture has no \(field): each case gives its preferences and now") }
            }
            let nodes: [JSONNode]
            if let single = object["case"] {
                nodes = [single]
            } else {
                let list = try object.required("cases")
                nodes = try list.array()
                guard !nodes.isEmpty else { throw list.error("expected at least one case") }
            }
            for node in nodes {
                do throws(JSONFieldError) {
                    let caseObject = try node.object(allowed: ExplainCase.fields)
                    let name = try caseObject.required("name").nonEmptyString()
                    guard names.insert(name).inserted else {
                        throw node.error("another case of this file is named \"\(name)\"; names must be unique")
                    }
                    let body = try ExplainCase.read(caseObject, directory: directory)
                    cases.append(FixtureCase(file: displayPath, name: name, body: .explain(body)))
                } catch {
                    errors.append(FixtureLoadError(file: displayPath, path: error.path, message: error.message))
                }
            }
        } catch {
            errors.append(FixtureLoadError(file: displayPath, path: error.path, message: error.message))
        }
        return errors.isEmpty ? FixtureFileContents(cases: cases) : FixtureFileContents(errors: errors)
    }
}
