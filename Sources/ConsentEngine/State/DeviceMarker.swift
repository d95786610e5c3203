#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

/// `device.json` in the app's folder: the install id this device made, kept out of every backup, so that the
/// id is the device's alone while `state.json` and the log may come back on another device from a backup
/// (`docs/restore.md`, `SCHEMA.md`).
///
/// `{"installID": "3b241101-e2bb-4255-8caf-4136c566a962"}`, replaced through ``AtomicFileWriter`` (so opened
/// through ``FileSystemCalls``, never through a link) and marked with ``FileSystemCalls/excludeFromBackup``
/// before it is put in place.
package enum DeviceMarker {
    static let fileName = "device.json"
    /// The most of a marker read: a marker is some 60 bytes; anything longer is not one.
    static let maximumSize = 4096

    /// What the folder's marker says.
    package enum Reading: Sendable, Equatable {
        case missing
        /// The install the marker was made for.
        case names(String)
        /// Not a marker this version writes (edited, or cut short where the file system lost a write): it
        /// names no install, as a missing one.
        case unreadable
    }

    /// The bytes of a marker for `installID`, ending with a newline.
    static func bytes(installID: String) -> [UInt8] {
        StateJSON.fileBytes(.object([JSONValue.Member(key: "installID", value: .string(installID))]))
    }

    /// What `bytes` say: the one field, a UUID, or nothing readable.
    static func reading(_ bytes: [UInt8]) -> Reading {
        guard let value = try? JSONReader.parse(bytes), case .object(let members) = value, members.count == 1,
              members[0].key == "installID", case .string(let text) = members[0].value, let id = InstallIDSource.id(text)
        else { return .unreadable }
        return .names(id)
    }
}

/// Whose install a store's folder is, found by the first write of a launch from the state and the device
/// marker (`docs/restore.md`): the rule that tells a restored copy from this device's own install, and from
/// an install an older version made.
package enum InstallContinuity: Sendable, Equatable {
    /// The marker names the state's install: this device's own. Nothing to do.
    case marked
    /// The state records no marker: a new install (or a state set aside), whose id is made now, or one an
    /// older version made. The marker is written for the install, and the state records it; nothing else
    /// changes.
    case unmarked
    /// The state records a marker and the device has none, or one that names another install: the folder
    /// came from another device's backup. This device becomes a new install, whose chain begins with a
    /// `restored` line.
    case restored
    /// A restore this device began, cut short between its log line and its state: the marker names the install
    /// a `restored` line after the state's head began from the state's. The write goes on as that install.
    case resumed(installID: String)

    /// The continuity of a folder whose state keeps `state`, whose marker reads `marker`, and whose log holds
    /// `restoreAhead` after the state's head: the last `restored` line there, if any (only read when the state
    /// is behind its log).
    package static func of(
        state: StateChain, marker: DeviceMarker.Reading, restoreAhead: (from: String, installID: String)? = nil
    ) -> InstallContinuity {
        guard let id = state.installID else { return .unmarked }
        if marker == .names(id) { return .marked }
        guard state.deviceMarker else { return .unmarked }
        if case .names(let other) = marker, let restore = restoreAhead, restore.from == id, restore.installID == other {
            return .resumed(installID: other)
        }
        return .restored
    }
}
