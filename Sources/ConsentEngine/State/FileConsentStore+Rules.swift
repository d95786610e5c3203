#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The kept rules of a ``FileConsentStore``: files in `<app folder>/rules/`, each written once under a name
/// of its own hash and never rewritten, named by `state.json`'s `rules` list (`SCHEMA.md`).
extension FileConsentStore: RulesKeeping {
    /// `<app folder>/rules`.
    package var rulesDirectory: String { StateDirectory.join(directory, KeptRulesFolder.name) }

    /// The largest kept file read: a whole Global Vendor List is a few MiB, far below it.
    static let maximumKeptFileSize = 64 * 1024 * 1024

    package func keptRules() throws(StoreError) -> [KeptCopy] {
        guard case .readable(_, let chain) = try readState() else { return [] }
        return try copies(of: chain.rules)
    }

    package func loadWithKeptRules() throws(StoreError) -> (snapshot: StoreSnapshot, kept: [KeptCopy]) {
        let (snapshot, chain) = try loadWithChain()
        return (snapshot, try copies(of: chain.rules))
    }

    /// The copies `rules` name whose bytes are whole; the others quarantined.
    private func copies(of rules: [KeptRule]) throws(StoreError) -> [KeptCopy] {
        guard !rules.isEmpty else { return [] }
        var copies: [KeptCopy] = []
        var spoilt: [KeptRule] = []
        for rule in rules {
            switch try readKept(rule) {
            case .whole(let bytes): copies.append(copy(rule, bytes))
            case .spoilt: spoilt.append(rule)
            }
        }
        if !spoilt.isEmpty { try quarantine(spoilt) }
        return copies
    }

    package func keep(
        _ plan: ([KeptCopy]) throws(RulesUpdateError) -> KeepPlan?, handOver: (ConsentLogLine) -> Void
    ) throws(RulesUpdateError) -> Bool {
        func stored<T>(_ body: () throws(StoreError) -> T) throws(RulesUpdateError) -> T {
            do { return try body() } catch { throw RulesUpdateError(.store, .policy, error.description, storeError: error) }
        }
        let lock = try stored { () throws(StoreError) in try prepareFolderAndLock() }
        defer { lock.release() }
        let (current, chain, warning) = try stored { () throws(StoreError) in try lockedState() }
        if let warning { pending.add(warning) }
        var copies: [KeptCopy] = []
        for rule in chain.rules {
            if case .whole(let bytes) = try stored({ () throws(StoreError) in try readKept(rule) }) { copies.append(copy(rule, bytes)) }
        }
        guard var keeping = try plan(copies) else { return false }
        func storing<T>(_ body: () throws(StoreError) -> T) throws(RulesUpdateError) -> T {
            do { return try body() } catch { throw RulesUpdateError(.store, keeping.rule.kind, error.description, storeError: error) }
        }
        // The new files first, under names no kept copy has: until state.json names them, the old copy is
        // the one in force, and it is untouched.
        try storing { () throws(StoreError) in
            try attempt("create the rules folder", rulesDirectory) { () throws(SystemCallError) in
                try StateDirectory.create(rulesDirectory, engineRoot: stateDirectory, calls: calls)
            }
            for file in keeping.files {
                let path = StateDirectory.join(rulesDirectory, file.name)
                let written = try attempt("keep \(file.name)", path) { () throws(SystemCallError) in
                    try AtomicFileWriter(calls: calls).replace(path, with: file.bytes, through: path + ".tmp")
                }
                if file.name == keeping.rule.launchFile.file { keeping.rule.identity = written.identity }
            }
        }
        // Then the line and the state naming the new copy, in one locked write.
        let rule = keeping.rule
        _ = try storing { () throws(StoreError) in
            try lockedUpdate(current, chain: chain, { _ in .rulesUpdated(keeping.update) }, proof: nil, rules: { rules in
                rules.removeAll { rule.replaces($0) }
                rules.append(rule)
            }, handOver: handOver)
        }
        removeUnnamedFiles(keeping: chain.rules.filter { !rule.replaces($0) } + [rule])
        return true
    }

    /// A kept copy with the way to its delivered bytes.
    private func copy(_ rule: KeptRule, _ bytes: [UInt8]) -> KeptCopy {
        guard rule.compact != nil else { return KeptCopy(rule: rule, bytes: bytes, delivered: { bytes }) }
        let path = StateDirectory.join(rulesDirectory, rule.file), calls = self.calls
        return KeptCopy(rule: rule, bytes: bytes, delivered: {
            guard let read = try? Self.readFile(path, calls: calls), SHA256Hash.hex(read.bytes) == rule.sha256 else { return nil }
            return read.bytes
        })
    }

    private enum KeptRead {
        case whole([UInt8])
        /// Missing, unreadable, or not the bytes recorded: quarantined and out of force.
        case spoilt
    }

    /// The file a launch reads for `rule`, hashed only when its identity is not the recorded one.
    private func readKept(_ rule: KeptRule) throws(StoreError) -> KeptRead {
        let path = StateDirectory.join(rulesDirectory, rule.launchFile.file)
        let read: (bytes: [UInt8], identity: FileSystemCalls.FileIdentity?)?
        do {
            read = try Self.readFile(path, calls: calls)
        } catch {
            pending.add(ConsentWarning(.keptRulesSetAside, "\(path) could not be read (\(error.call) \(error.path): \(error.reason)); the \(rule.kind.words) kept there is not in force"))
            return .spoilt
        }
        guard let read else {
            pending.add(ConsentWarning(.keptRulesSetAside, "\(path) is missing; the \(rule.kind.words) kept there is not in force"))
            return .spoilt
        }
        if let recorded = rule.identity, read.identity == recorded { return .whole(read.bytes) }
        guard SHA256Hash.hex(read.bytes) == rule.launchFile.sha256 else {
            pending.add(ConsentWarning(.keptRulesSetAside, "\(path) is not the \(rule.kind.words) that was kept (its SHA-256 differs: edited after it was written?); it is set aside and the rules it held are not in force"))
            return .spoilt
        }
        return .whole(read.bytes)
    }

    /// A kept file's bytes and identity; `nil` when there is none.
    private static func readFile(_ path: String, calls: FileSystemCalls) throws(SystemCallError) -> (bytes: [UInt8], identity: FileSystemCalls.FileIdentity?)? {
        try readFile(path, limit: maximumKeptFileSize, calls: calls)
    }

    /// Moves the files of spoilt copies aside under the lock, as a corrupt `state.json` is, and writes the
    /// state without them, so that a later launch does not meet them again. Nothing is logged: no rules came
    /// into force.
    private func quarantine(_ spoilt: [KeptRule]) throws(StoreError) {
        let lock = try prepareFolderAndLock()
        defer { lock.release() }
        let (record, chain, _) = try lockedState()
        // Only the copies still named as they were when found spoilt: another process may have replaced them.
        let gone = chain.rules.filter { rule in spoilt.contains(rule) }
        guard !gone.isEmpty else { return }
        for rule in gone {
            let path = StateDirectory.join(rulesDirectory, rule.launchFile.file)
            if (try? calls.entryStatus(path)) != nil {
                _ = try attempt("set aside \(path)", path) { () throws(SystemCallError) in try Quarantine.moveAside(path, at: clock.now(), calls: calls) }
            }
        }
        var kept = chain
        kept.rules.removeAll { gone.contains($0) }
        _ = try attempt("replace the state", stateFile) { () throws(SystemCallError) in
            try AtomicFileWriter(calls: calls).replace(stateFile, with: StateFile.encode(record, chain: kept), through: stateFile + ".tmp")
        }
    }

    /// Removes the kept files no entry names any longer, and temporary files a crash left; never a file set
    /// aside (`.corrupt-…`).
    private func removeUnnamedFiles(keeping rules: [KeptRule]) {
        guard let names = try? calls.listDirectory(rulesDirectory) else { return }
        let named = Set(rules.flatMap { [$0.file] + ($0.compact.map { [$0.file] } ?? []) })
        for name in names where !named.contains(name) && !name.containsText(".corrupt-") {
            guard KeptRulesFolder.isFileName(name) || name.hasSuffix(".json.tmp") else { continue }
            calls.remove(StateDirectory.join(rulesDirectory, name))
        }
    }
}
