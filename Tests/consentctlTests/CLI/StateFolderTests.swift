import Foundation
import Testing

/// §4 on the real binary: nothing in the app folder is followed through a link, a special file is refused
/// without blocking, and a folder open to others is tightened with a warning.
struct StateFolderProcessTests {
    static let answeringEverything = ["--geo", "EEA", "--consent", "all", "--explainer", "continue", "--tracking", "allow"]

    @Test(arguments: [
        "state.json", "state.json.tmp", "state.lock", "consent-log.jsonl", "preferences.plist", "preferences.plist.tmp",
        "device.json", "device.json.tmp",
    ])
    func aLinkInTheAppFolderExits74NamingItAndNothingIsWrittenThroughIt(name: String) throws {
        let state = try TemporaryFolder()
        let app = try appFolder(in: state)
        let target = state.url.appendingPathComponent("target")
        try "untouched".write(to: target, atomically: true, encoding: .utf8)
        let link = app.appendingPathComponent(name)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)

        let result = try Consentctl.run(["prompt"] + Self.answeringEverything + ["--state-dir", state.path])

        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("\(name): is a symbolic link"), "\(result.stderr)")
        #expect(result.stderr.contains("hint: check \(link.path)"), "the hint names the file at fault: \(result.stderr)")
        #expect(try String(contentsOf: target, encoding: .utf8) == "untouched")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path, "the link is left alone")
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["fifo", "device", "directory"])
    func aSpecialFileNamedStateJSONExits74WithoutBlocking(kind: String) throws {
        let state = try TemporaryFolder()
        let path = try appFolder(in: state).appendingPathComponent("state.json").path
        switch kind {
        case "fifo": #expect(mkfifo(path, 0o600) == 0)
        case "device":
            // /dev/null's numbers; a container without the right to make devices skips this case.
            guard mknod(path, S_IFCHR | 0o600, 0x103) == 0 else { return }
        default: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }

        for command in [["status", "--geo", "EEA"], ["prompt"] + Self.answeringEverything] {
            let result = try Consentctl.run(command + ["--state-dir", state.path])
            #expect(result.status == 74, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("state.json: is a"), "\(result.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: path), "left in place")
    }

    @Test func anAppFolderOpenToOthersIsTightenedTo0700WithAWarning() throws {
        let state = try TemporaryFolder()
        let app = try appFolder(in: state, permissions: 0o755)

        let result = try Consentctl.run(["status", "--geo", "EEA", "--state-dir", state.path])

        #expect(result.status == 0)
        #expect(result.stderr.contains("consentctl: warning: the app folder \(app.path) was open to other users (0755)"), "\(result.stderr)")
        let mode = try FileManager.default.attributesOfItem(atPath: app.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        let again = try Consentctl.run(["status", "--geo", "EEA", "--json", "--state-dir", state.path])
        #expect(again.stderr.isEmpty && !again.stdout.contains("open to other users"), "told once")
    }

    @Test func anAppFolderThatIsALinkExits74() throws {
        let state = try TemporaryFolder()
        let elsewhere = state.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.createSymbolicLink(at: state.url.appendingPathComponent("default"), withDestinationURL: elsewhere)

        let result = try Consentctl.run(["prompt"] + Self.answeringEverything + ["--state-dir", state.path])

        #expect(result.status == 74, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    private func appFolder(in state: TemporaryFolder, permissions: Int = 0o700) throws -> URL {
        let app = state.url.appendingPathComponent("default")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true, attributes: [.posixPermissions: permissions])
        return app
    }
}
