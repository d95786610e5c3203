import ConsentWeb

/// Where the APIs run: one web view configuration's user scripts and the frames that loaded them. The live
/// one is WebKit's (`WKUserContentController`); tests use a fake.
@MainActor
package protocol WebContent: AnyObject {
    /// Makes new documents run `source` instead of the script they ran before.
    func replaceScript(with source: String)
    /// Hands the frame whose document is `document` the statement `update`; a frame that cannot take it
    /// (gone since) is reported back with ``WebContentPages/frameGone(_:in:)``.
    func send(_ update: String, to document: String)
    /// The frames of `documents` are gone: what was kept to reach them may go too.
    func forget(_ documents: [String])
}

/// Every configuration the APIs were added to, the frames that run the script in each, and the newest
/// script: the decision of what to send where, in plain Swift so that it is tested on every platform.
@MainActor
package final class WebContentPages {
    private final class Entry {
        weak var content: (any WebContent)?
        var frames = ScriptFrames()
        init(_ content: any WebContent) { self.content = content }
    }

    private var entries: [Entry] = []
    /// How many changes the script has had; 0 while it is the one a configuration was first given.
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

    /// The documents of `content`'s frames that run the script, main frames first.
    package func documents(in content: any WebContent) -> [String] {
        entry(of: content)?.frames.documents ?? []
    }

    /// Gives every configuration `script`, the `revision`th change, unless a newer one came first (changes
    /// are made on any thread and reach the main actor in any order), and sends it to every frame known to
    /// run the script.
    package func publish(_ script: CMPWebScript, revision: Int) {
        guard revision > self.revision else { return }
        self.revision = revision
        self.script = script
        entries.removeAll { $0.content == nil }
        for entry in entries {
            guard let content = entry.content else { continue }
            content.replaceScript(with: script.source)
            for document in entry.frames.documents { content.send(script.update, to: document) }
        }
    }

    /// A frame of `content` said that its document (`document`, the id the script gave it) runs the script.
    ///
    /// Its document may have started with the script of before the last change, and its word may come only
    /// after that change was sent to the frames then known: so, once the script has changed, the frame is
    /// sent the signals of now at once (a frame already holding them hears nothing new).
    package func frameReady(_ document: String, view: ObjectIdentifier, isMainFrame: Bool, in content: any WebContent) {
        guard let entry = entry(of: content) else { return }
        let replaced = entry.frames.ready(document, view: view, isMainFrame: isMainFrame)
        if !replaced.isEmpty { content.forget(replaced) }
        if revision > 0 { content.send(script.update, to: document) }
    }

    /// A frame of `content` is gone: its document ended (a reload, a navigation, the frame removed), or an
    /// update could not be evaluated in it.
    package func frameGone(_ document: String, in content: any WebContent) {
        guard let entry = entry(of: content), entry.frames.remove(document) else { return }
        content.forget([document])
    }

    private func entry(of content: any WebContent) -> Entry? {
        entries.first { $0.content === content }
    }
}

/// The documents whose frames said they run the script (each document does once, at its start), per web
/// view, by the id the script gives its document: WebKit hands the app a new frame object with every
/// message, so that object identity tells nothing.
package struct ScriptFrames: Sendable, Equatable {
    private struct Entry: Sendable, Equatable {
        let document: String
        let view: ObjectIdentifier
        let isMainFrame: Bool
    }

    private var entries: [Entry] = []

    package init() {}

    /// The frame of `view` whose document is `document` runs the script. A new main-frame document
    /// replaces all of that view's frames: those of the document before are gone.
    /// - Returns: the documents it replaced.
    package mutating func ready(_ document: String, view: ObjectIdentifier, isMainFrame: Bool) -> [String] {
        let replaced = entries.filter { $0.view == view && isMainFrame && $0.document != document }.map(\.document)
        entries.removeAll { $0.document == document || replaced.contains($0.document) }
        entries.append(Entry(document: document, view: view, isMainFrame: isMainFrame))
        return replaced
    }

    /// Forgets `document`'s frame; whether it was known.
    package mutating func remove(_ document: String) -> Bool {
        guard entries.contains(where: { $0.document == document }) else { return false }
        entries.removeAll { $0.document == document }
        return true
    }

    /// Every document, main frames first.
    package var documents: [String] {
        entries.filter(\.isMainFrame).map(\.document) + entries.filter { !$0.isMainFrame }.map(\.document)
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
