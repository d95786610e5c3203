import ConsentEngine
import ConsentReports
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The stored states of the apps under a state directory, read without writing anything (`policy diff`
/// predicts what a policy would do to them, and must not change them while it looks).
package enum StoredStates {
    /// One app's stored state, as read.
    package enum State: Sendable, Equatable {
        /// The record (empty when nothing is stored yet).
        case readable(ConsentRecord)
        /// A state that cannot be read, left as it is: why, naming the file.
        case unreadable(reason: String)
    }

    /// One app and its state.
    package struct Entry: Sendable, Equatable {
        package var appID: String
        package var state: State

        package init(appID: String, state: State) {
            self.appID = appID
            self.state = state
        }
    }

    /// The states of every app folder under `stateDirectory`, by app id, or of `appID` alone.
    ///
    /// An app folder is an entry whose name is a valid app id and that is a folder, or a symbolic link (read
    /// as unreadable: an app folder is never reached through one); other entries (files, quarantined or
    /// temporary names, hidden folders) are not apps. Nothing is created, tightened, locked or moved aside.
    /// - Throws: ``StoredStatesError`` when `stateDirectory` is missing, is not a folder or cannot be
    ///   listed; ``StoreError`` with kind `invalidAppID` for an `appID` that is not a reverse-DNS name.
    package static func read(stateDirectory: String, appID: String? = nil) throws -> [Entry] {
        let calls = FileSystemCalls.live
        let status: FileSystemCalls.FileStatus?
        do {
            status = try calls.pathStatus(stateDirectory)
        } catch {
            throw StoredStatesError(kind: .cannotList, path: stateDirectory, reason: error.reason)
        }
        guard let status else { throw StoredStatesError(kind: .missing, path: stateDirectory, reason: "no such folder") }
        guard status.kind == .directory else {
            throw StoredStatesError(kind: .notAFolder, path: stateDirectory, reason: "not a folder")
        }
        let appIDs: [String]
        if let appID {
            try AppID.validate(appID)
            appIDs = [appID]
        } else {
            appIDs = try appFolders(in: stateDirectory, calls: calls)
        }
        var entries: [Entry] = []
        entries.reserveCapacity(appIDs.count)
        for id in appIDs {
            let store = try FileConsentStore(appID: id, stateDirectory: stateDirectory, clock: .system)
            entries.append(Entry(appID: id, state: state(of: store)))
        }
        return entries
    }

    /// One app's record as ``FileConsentStore/readOnlyFiles(log:)`` reads it, without its log: a missing
    /// folder or record reads as empty; a corrupt record, one of a newer schema, a link or special file in
    /// the record's or the folder's place, or a file that cannot be read is unreadable, with the reason, and
    /// left as it is.
    private static func state(of store: FileConsentStore) -> State {
        do throws(StoreError) {
            let files = try store.readOnlyFiles(log: false)
            if let reason = files.unreadableState { return .unreadable(reason: "\(store.stateFile) is corrupt (\(reason))") }
            return .readable(files.record ?? .empty)
        } catch {
            return .unreadable(reason: error.description)
        }
    }

    /// The names of the app folders in `directory`, sorted.
    private static func appFolders(in directory: String, calls: FileSystemCalls) throws(StoredStatesError) -> [String] {
        let names: [String]
        do {
            names = try calls.listDirectory(directory)
        } catch {
            throw StoredStatesError(kind: .cannotList, path: directory, reason: "cannot list it (\(error.reason))")
        }
        return names.filter { name in
            guard (try? AppID.validate(name)) != nil else { return false }
            let kind = try? calls.entryStatus(StateDirectory.join(directory, name))?.kind
            return kind == .directory || kind == .symbolicLink
        }.sorted()
    }
}

/// A state directory whose apps cannot be listed.
package struct StoredStatesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the folder.
    package enum Kind: Sendable, Equatable {
        /// Nothing is at the path (exit 66).
        case missing
        /// Something other than a folder is (exit 66).
        case notAFolder
        /// It cannot be read (exit 74).
        case cannotList
    }

    package var kind: Kind
    package var path: String
    package var reason: String

    package init(kind: Kind, path: String, reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    /// `qa-states: no such folder`.
    package var description: String { "\(path): \(reason)" }
}
