enum StoreBenchmarks {
    static var all: [Measurement] { [] }
}
