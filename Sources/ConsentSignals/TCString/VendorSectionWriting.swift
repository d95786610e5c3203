/// Writing the vendor sections and range entries of TC strings.
extension BitWriter {
    /// Writes `MaxVendorId`, `IsRangeEncoding`, then range entries or a bitfield, choosing
    /// as iabtcf-es's `VendorVectorEncoder` does so that its strings round-trip.
    ///
    /// `ids` must be ascending, unique and within `1...maxVendorId`.
    mutating func writeVendorSet(maxVendorId: Int, ids: [Int]) {
        write(maxVendorId, width: 16)
        if Self.prefersRanges(ids: ids, maxVendorId: maxVendorId) {
            let runs = Self.runs(of: ids)
            if runs.count <= 4095 {
                write(true)
                writeRangeEntries(runs)
                return
            }
        }
        write(false)
        writeBitfield(ids, count: maxVendorId)
    }

    /// Writes `NumEntries` and one entry per run (a single id or a start and end id).
    mutating func writeRangeEntries(_ runs: [ClosedRange<Int>]) {
        write(runs.count, width: 12)
        for run in runs {
            let isRange = run.lowerBound != run.upperBound
            write(isRange)
            write(run.lowerBound, width: 16)
            if isRange {
                write(run.upperBound, width: 16)
            }
        }
    }

    /// The runs of consecutive ids in ascending unique `ids`.
    static func runs(of ids: [Int]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        runs.reserveCapacity(ids.indices.dropFirst().reduce(ids.isEmpty ? 0 : 1) { $0 + (ids[$1] == ids[$1 - 1] + 1 ? 0 : 1) })
        var start = 0
        for index in ids.indices where index + 1 == ids.count || ids[index + 1] != ids[index] + 1 {
            runs.append(ids[start]...ids[index])
            start = index + 1
        }
        return runs
    }

    /// iabtcf-es's decision, reproduced with its quirks.
    ///
    /// It never uses ranges for a `MaxVendorId` of 45 or less. Otherwise it walks ids 1 to
    /// `MaxVendorId` keeping a running estimate of the range encoding (29 bits of
    /// `MaxVendorId`, `IsRangeEncoding` and `NumEntries`; 17 for the start of a run of two or
    /// more ids; 16 for the end of a run or for a single id, which really takes 17) and
    /// takes ranges when the estimate made before looking at the last id is below the
    /// bitfield's 17 + `MaxVendorId` bits. So the id at `MaxVendorId` is never counted.
    static func prefersRanges(ids: [Int], maxVendorId: Int) -> Bool {
        guard maxVendorId > 45 else { return false }
        var estimate = 29
        for index in ids.indices where ids[index] < maxVendorId {
            let continuesRun = index + 1 < ids.count && ids[index + 1] == ids[index] + 1
            let continuesPrevious = index > 0 && ids[index - 1] == ids[index] - 1
            if !continuesRun {
                estimate += 16
            } else if !continuesPrevious {
                estimate += 17
            }
        }
        return estimate < 17 + maxVendorId
    }
}
