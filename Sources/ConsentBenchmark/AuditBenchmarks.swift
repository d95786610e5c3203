enum AuditBenchmarks {
    static var all: [Measurement] { [] }
}
