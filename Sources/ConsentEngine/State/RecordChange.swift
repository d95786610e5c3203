/// One read-modify-write as every store applies it, so that the file and in-memory stores count and log
/// alike.
enum RecordChange {
    /// The largest change number a record or log line may hold: 2^53 − 1, the largest whole number every
    /// JSON reader keeps exactly. A larger one is bad data (a corrupt record, an unreadable log line), so
    /// that counting on from it can never overflow.
    static let maximumChange = 9_007_199_254_740_991
    /// The numbers a log line may carry.
    static let changeNumbers = 1...maximumChange

    /// Applies `change` to `current` and numbers the result.
    ///
    /// The new change number is one more than the larger of the record's counter and the log's last
    /// number. Normally the two are equal; the log is ahead when a crash came between appending the log and
    /// replacing the record, or when a corrupt record was set aside, and continuing from the log keeps
    /// change numbers unique and increasing. Whatever `change` does to the counter is replaced.
    ///
    /// The entry is not yet chained: the store sets its `prev` (and the proof of an answer) as it appends it.
    static func apply(
        _ change: (inout ConsentRecord) -> ConsentLogEvent, to current: ConsentRecord, lastLoggedChange: Int
    ) -> (record: ConsentRecord, entry: ConsentLogEntry) {
        let number = max(current.changeCount, lastLoggedChange) + 1
        var record = current
        let event = change(&record)
        record.changeCount = number
        return (record, ConsentLogEntry(event, change: number))
    }
}
