enum ProcessBenchmarks {
    static var all: [Measurement] { [] }
}
