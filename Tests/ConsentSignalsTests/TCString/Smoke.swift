import Testing
@testable import ConsentSignals

@Test func smoke() throws {
    for s in ["CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA",
              "COtybn4PA_zT4KjACBENAPCIAEBAAECAAIAAAAAAAAAA",
              "CPTtLAAPTtLAAAKAAAENAAFgALwAAEAAAAAAAOgAgABgAAAA.IAoAAgABgAAEAQAAEAAA.d4AACEAAAAAA",
              "CPSG_8APSG_8AAAAAAENAAFgAAAAAAAAAAAAAAAAAAAA.IAAA.YAAAAAAAAAAA",
              "CPy9yEAPy9yEAEsAFBENAUEoAPLgAEPgAAYgH0QBIAAgAEAAQBeYD6ALzgBAACAXmACEgAwAEAAY.IH0QBIAAgAFAAQABgF5gPoAA.eAAAAEAAAUgA",
              "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"] {
        let r = try TCStringDecoder.decode(SourceText(s))
        print(r.string, r.extents)
        let e = try r.string.encoded()
        print(e == s ? "ROUNDTRIP OK" : "MISMATCH\n\(s)\n\(e)")
    }
}
