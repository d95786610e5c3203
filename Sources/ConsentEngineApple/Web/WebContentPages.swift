import ConsentWeb

/// Where the APIs run: one web view configuration's user scripts and the frames that loaded them. The live
/// one is WebKit's (`WKUserContentController`); tests use a fake.
@MainActor
package protocol WebContent: AnyObject {
    /// Makes new documents run `source` instead of the script they ran before.
    func replaceScript(with source: String)
    /// Hands every frame that runs the script the statement `update`.
    func send(_ update: String)
}

/// Every configuration the APIs were added to, and the newest script they were given: the decision of what
/// to send where, in plain Swift so that it is tested on every platform.
@MainActor
package final class WebContentPages {
    private final class Entry {
        weak var content: (any WebContent)?
        init(_ content: any WebContent) { self.content = content }
    }

    private var entries: [Entry] = []
    private var revision = 0

    /// The script a configuration added now is given.
    package private(set) var script: CMPWebScript

    nonisolated package init(_ script: CMPWebScript) {
        self.script = script
    }

    /// Keeps `content` (weakly: a configuration that is gone is dropped) to update it with every newer script.
    package func add(_ content: any WebContent) {
        entries.removeAll { $0.content == nil || $0.content === content }
        entries.append(Entry(content))
    }

    /// Whether a configuration still there is one `matches` picks.
    package func contains(where matches: (any WebContent) -> Bool) -> Bool {
        entries.contains { $0.content.map(matches) ?? false }
    }

    /// The number of configurations still there.
    package var count: Int { entries.filter { $0.content != nil }.count }

    /// Gives every configuration `script`, the `revision`th change, unless a newer one came first (changes
    /// are made on any thread and reach the main actor in any order).
    package func publish(_ script: CMPWebScript, revision: Int) {
        guard revision > self.revision else { return }
        self.revision = revision
        self.script = script
        entries.removeAll { $0.content == nil }
        for entry in entries {
            entry.content?.replaceScript(with: script.source)
            entry.content?.send(script.update)
        }
    }
}

/// The frames that said they run the script (each document does once, at its start), per web view, so that
/// an update reaches each of them: plain Swift over WebKit's frame and web view objects.
package struct ScriptFrames<View: AnyObject, Frame: AnyObject> {
    private struct Entry {
        weak var view: View?
        let frame: Frame
        let isMainFrame: Bool
    }

    private var entries: [Entry] = []

    package init() {}

    /// A frame of `view` started a document that runs the script. A new main-frame document replaces all of
    /// that view's frames: those of the document before are gone.
    package mutating func ready(_ frame: Frame, of view: View, isMainFrame: Bool) {
        entries.removeAll { $0.view == nil || ($0.view === view && (isMainFrame || $0.frame === frame)) }
        entries.append(Entry(view: view, frame: frame, isMainFrame: isMainFrame))
    }

    /// A frame that could not take an update (it navigated away, or its view closed) is forgotten.
    package mutating func failed(_ frame: ObjectIdentifier) {
        entries.removeAll { ObjectIdentifier($0.frame) == frame }
    }

    /// Every frame with its view, main frames first.
    package var frames: [(view: View, frame: Frame)] {
        entries.sorted { $0.isMainFrame && !$1.isMainFrame }.compactMap { entry in entry.view.map { ($0, entry.frame) } }
    }
}

/// A configuration's user scripts with the one `old` replaced by `new` in its place (the order of
/// document-start scripts is the order they run in); `new` is added last when `old` is not there.
package func replacing<Script: AnyObject>(_ old: Script?, with new: Script, in scripts: [Script]) -> [Script] {
    guard let old, let index = scripts.firstIndex(where: { $0 === old }) else { return scripts + [new] }
    var result = scripts
    result[index] = new
    return result
}
