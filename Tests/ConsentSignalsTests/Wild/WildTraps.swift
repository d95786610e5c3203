/// Entries of `reference/wild` whose source contradicts the spec, skipped by id with the reason: the
/// corpus README's "Known traps", and what checking every entry against the spec found besides.
enum WildTraps {
    /// The entries not checked at all.
    static let reasons: [String: String] = [
        // README: iabgpp-java (a51d55f) pads genuine usnat v1 strings (12/2 categories) to 16/3 when reading.
        "gpp-036": "iabgpp-java asserts 16 and 3 usnat categories for a 60-bit v1 string; the spec's v1 has 12 and 2",
        "gpp-038": "iabgpp-java asserts 16 and 3 usnat categories for a 60-bit v1 string; the spec's v1 has 12 and 2",
        "gpp_section-049": "iabgpp-java asserts 16 and 3 usnat categories for a 60-bit v1 string; the spec's v1 has 12 and 2",
        // README: iabgpp-es accepts a version-2 usnat header on a core only as long as a version-1 core.
        "gpp-018": "iabgpp-es reads usnat version 2 from a v1-length core; the spec's v2 core is 70 bits, so it runs past the end",
        "gpp-020": "iabgpp-es reads usnat version 2 from a v1-length core; the spec's v2 core is 70 bits, so it runs past the end",
        // README: go-gpp's fixtures use section versions the spec does not define, and go-gpp never checks them.
        "gpp-045": "go-gpp's usca fixture is version 49, which no spec defines",
        "gpp-046": "go-gpp's usva fixture is version 27, which no spec defines",
        "gpp-049": "go-gpp's benchmark string holds its usnat (3), usva, usco and usct (27) fixtures, versions no spec defines",
        "gpp-051": "go-gpp's usva fixture is version 27, which no spec defines",
        "gpp-052": "go-gpp's usco fixture is version 27, which no spec defines",
        "gpp-053": "go-gpp's usct fixture is version 27, which no spec defines",
        "gpp-054": "go-gpp's usnat fixture is version 3, which the spec does not define",
        "gpp_section-112": "go-gpp's usnat fixture is version 3, which the spec does not define",
        "gpp_section-113": "go-gpp's usca fixture is version 49, which no spec defines",
        "gpp_section-114": "go-gpp's usva fixture is version 27, which no spec defines",
        "gpp_section-115": "go-gpp's usco fixture is version 27, which no spec defines",
        "gpp_section-116": "go-gpp's usut fixture is version 27, which no spec defines",
        "gpp_section-117": "go-gpp's usct fixture is version 27, which no spec defines",
        // README: the GPP spec's own example 3, as go-gpp uses it, puts an EU TC string in the TCF Canada slot.
        "gpp-044": "section 5 (tcfcav1) holds a TCF EU string (version 2); tcfcav1 has only version 1",
        "gpp-058": "section 5 (tcfcav1) holds a TCF EU string (version 2); tcfcav1 has only version 1",
        // Found here: sources that contradict the spec on a point the README does not list.
        "tc-008": "iabtcf-java accepts a second segment of type 0; the spec's core segment is only the first (a second is a duplicate)",
        "gpp_section-093": "iabgpp-java's UspV1 test writes US Privacy version 2, which the US Privacy spec does not define",
        "gpp_section-124": "a GPC sub-section in usva, whose spec defines none (LiveRamp's fixture, from iabgpp.com's encoder)",
        "gpp_section-128": "a GPC sub-section in usut, whose spec defines none (LiveRamp's fixture, from iabgpp.com's encoder)",
        "gpp_section-129": "a GPC sub-section in usut, whose spec defines none (LiveRamp's fixture, from iabgpp.com's encoder)",
        "gpp_section-133": "a GPC sub-section in usfl, whose spec defines none (LiveRamp's fixture, from iabgpp.com's encoder)",
        "gpp-081": "LiveRamp's ustn fixture predates the Tennessee spec's MspaCoveredTransaction (added in February 2025)",
        "gpp_section-150": "LiveRamp's ustn fixture predates the Tennessee spec's MspaCoveredTransaction (added in February 2025)",
        "gpp_section-151": "LiveRamp's ustn fixture predates the Tennessee spec's MspaCoveredTransaction (added in February 2025)",
    ]

    /// Library outputs whose values are checked but which the encoder does not write byte for byte, because
    /// the library chose differently where the spec leaves the choice to the encoder.
    static let notByteExact: [String: String] = [
        "tc-200": "iabgpp-java writes Allowed Vendors before Disclosed Vendors; the encoder writes them in iabtcf-es's order",
        "gpp_section-002": "iabgpp-java wrote these vendors as bitfields, its 16-bit ranges being longer; the encoder writes the shorter Fibonacci range, as iabgpp-es 3.2 does",
    ]
}
