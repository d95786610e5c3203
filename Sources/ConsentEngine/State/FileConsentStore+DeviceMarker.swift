/// One install, one chain (`docs/restore.md`): the device marker beside the state, and where a write's line
/// goes — on this device's own install, or on a copy restored from another device's backup, a new install
/// whose chain begins with a `restored` line.
extension FileConsentStore {
    /// What a write extends, found under the lock.
    struct ChainStart {
        /// The chain the write's line goes on: the state's install, or on a restored copy the new one.
        var chain: ConsentLogChain
        /// On a restored copy, the first line of the new chain, appended before the write's own.
        var restoreLine: ConsentLogLine?
        /// The chained lines a record behind its log never recorded, which this install hands over first.
        var missed: [ConsentLogLine]
        /// The device marker as the write found it.
        var marker: DeviceMarker.Reading
    }

    /// The chain a write numbered `change` extends, from the state's `chain`, the log's `end` and the marker.
    ///
    /// The restore is part of the write that finds it, under the same lock: the restored line and the write's
    /// line are appended together, so that no state ever records the new install without its first line,
    /// and an app sees the restore only when it changes something (a launch that writes nothing leaves the
    /// copy as the backup brought it).
    func chainStart(_ chain: StateChain, end: StoreCache.LogEnd, log: ConsentLogFile, change: Int) throws(StoreError) -> ChainStart {
        var missed: [(number: Int, bytes: ArraySlice<UInt8>)] = []
        if let head = chain.head, end.lines > head.lines {
            missed = try attempt("read the consent log", logFile) { () throws(SystemCallError) in try log.lines(after: head.lines) }
        }
        let marker = try readMarker()
        // The last restored line among them, read once: where it is and what it names.
        let restoreAhead = missed.indices.reversed().lazy.compactMap { index in Self.restore(in: missed[index].bytes).map { (index, $0) } }.first
        let continuity = InstallContinuity.of(state: chain, marker: marker, restoreAhead: restoreAhead?.1)
        let continued = ConsentLogChain(installID: chain.installID ?? installIDs.next(), head: end.head, lines: end.lines)
        var start = ChainStart(chain: continued, restoreLine: nil, missed: [], marker: marker)
        var own = missed[...]
        switch continuity {
        case .marked, .unmarked:
            break
        case .resumed(let id):
            // The lines from the restored line on are the resumed install's; those before it, the restored one's.
            start.chain = ConsentLogChain(installID: id, head: end.head, lines: end.lines)
            own = missed[(restoreAhead?.0 ?? 0)...]
        case .restored:
            // Lines the restored record never recorded are the restored install's: its own device hands them over.
            own = []
            (start.chain, start.restoreLine) = ConsentLogChain.restoring(continued, as: installIDs.next(), change: change, at: clock.now())
        }
        start.missed = own.compactMap { number, bytes in
            ConsentLogVerification.chainedPrev(of: bytes).map {
                ConsentLogLine(number: number, bytes: Array(bytes), sha256: SHA256Hash.hex(bytes), prev: $0)
            }
        }
        return start
    }

    /// The device marker, not read again while the file is as this store last read or wrote it.
    private func readMarker() throws(StoreError) -> DeviceMarker.Reading {
        try attempt("read the device marker", markerFile) { () throws(SystemCallError) in
            if let cached = cache.marker, let identity = try calls.entryStatus(markerFile)?.identity, cached.identity == identity {
                return .names(cached.installID)
            }
            guard let read = try Self.readFile(markerFile, limit: DeviceMarker.maximumSize, calls: calls) else { return .missing }
            let reading = DeviceMarker.reading(read.bytes)
            if case .names(let id) = reading, let identity = read.identity {
                cache.marker = StoreCache.Marker(identity: identity, installID: id)
            }
            return reading
        }
    }

    /// Replaces the device marker with one naming `installID`, kept out of backups before it is put in place.
    func writeMarker(_ installID: String) throws(StoreError) {
        let written = try attempt("write the device marker", markerFile) { () throws(SystemCallError) in
            try AtomicFileWriter(calls: calls).replace(
                markerFile, with: DeviceMarker.bytes(installID: installID), through: markerFile + ".tmp", excludedFromBackup: true)
        }
        cache.marker = written.identity.map { StoreCache.Marker(identity: $0, installID: installID) }
    }

    /// What a `restored` line names (the install it restored from, the one it began), `nil` for any other line.
    private static func restore(in bytes: ArraySlice<UInt8>) -> (from: String, installID: String)? {
        guard let entry = try? StateJSON.logEntry(from: bytes), let restored = entry.restored, let id = entry.installID else { return nil }
        return (restored.installID, id)
    }
}
