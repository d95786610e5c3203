enum FixtureBenchmarks {
    static var all: [Measurement] { [] }
}
