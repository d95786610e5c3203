/// Entries of `reference/wild` whose source contradicts the spec, by id with the reason: the corpus README's
/// "Known traps", and what checking every entry against the spec found besides. Their sources' assertions
/// are not checked; what the spec says of the string is checked instead.
enum WildTraps {
    /// What the spec makes of a string whose source says otherwise.
    enum SpecReading {
        /// The spec refuses the string, so the decoder must, with these words in its error.
        case refused(String)
        /// A usnat version 1 string read with the spec's 12 sensitive-data and 2 child categories: the
        /// source's lists are these with zeros appended (iabgpp-java's 16 and 3).
        case usnatVersion1Categories
        /// A Tennessee string made before its spec put MspaCoveredTransaction before the MSPA modes: read
        /// with today's layout, the source's MspaOptOutOptionMode and MspaServiceProviderMode land one field
        /// later, and the last field reads the zero padding.
        case tennesseeBeforeMspaCoveredTransaction

        var isTennessee: Bool {
            if case .tennesseeBeforeMspaCoveredTransaction = self { return true }
            return false
        }
    }

    struct Trap {
        var reason: String
        var reading: SpecReading
        init(_ reason: String, _ reading: SpecReading) {
            self.reason = reason
            self.reading = reading
        }
    }

    /// The entries checked against the spec instead of their source.
    static let traps: [String: Trap] = [
        // README: iabgpp-java (a51d55f) pads genuine usnat v1 strings (12/2 categories) to 16/3 when reading.
        "gpp-036": Trap("iabgpp-java asserts 16 and 3 usnat categories for a 60-bit v1 string; the spec's v1 has 12 and 2", .usnatVersion1Categories),
        "gpp-038": Trap("iabgpp-java asserts 16 and 3 usnat categories for a 60-bit v1 string; the spec's v1 has 12 and 2", .usnatVersion1Categories),
        "gpp_section-049": Trap("iabgpp-java asserts 16 and 3 usnat categories for a 60-bit v1 string; the spec's v1 has 12 and 2", .usnatVersion1Categories),
        // README: go-gpp's fixtures use section versions the spec does not define, and go-gpp never checks them.
        "gpp-045": Trap("go-gpp's usca fixture is version 49, which no spec defines", .refused("version 49 is not supported")),
        "gpp-046": Trap("go-gpp's usva fixture is version 27, which no spec defines", .refused("version 27 is not supported")),
        "gpp-049": Trap("go-gpp's benchmark string holds its usnat (3), usva, usco and usct (27) fixtures, versions no spec defines", .refused("usnat section, field Version: version 3 is not supported")),
        "gpp-051": Trap("go-gpp's usva fixture is version 27, which no spec defines", .refused("version 27 is not supported")),
        "gpp-052": Trap("go-gpp's usco fixture is version 27, which no spec defines", .refused("version 27 is not supported")),
        "gpp-053": Trap("go-gpp's usct fixture is version 27, which no spec defines", .refused("version 27 is not supported")),
        "gpp-054": Trap("go-gpp's usnat fixture is version 3, which the spec does not define", .refused("version 3 is not supported")),
        "gpp_section-112": Trap("go-gpp's usnat fixture is version 3, which the spec does not define", .refused("version 3 is not supported")),
        "gpp_section-113": Trap("go-gpp's usca fixture is version 49, which no spec defines", .refused("version 49 is not supported")),
        "gpp_section-114": Trap("go-gpp's usva fixture is version 27, which no spec defines", .refused("version 27 is not supported")),
        "gpp_section-115": Trap("go-gpp's usco fixture is version 27, which no spec defines", .refused("version 27 is not supported")),
        "gpp_section-116": Trap("go-gpp's usut fixture is version 27, which no spec defines", .refused("version 27 is not supported")),
        "gpp_section-117": Trap("go-gpp's usct fixture is version 27, which no spec defines", .refused("version 27 is not supported")),
        // README: the GPP spec's own example 3, as go-gpp uses it, puts an EU TC string in the TCF Canada slot.
        "gpp-044": Trap("section 5 (tcfcav1) holds a TCF EU string (version 2); tcfcav1 has only version 1", .refused("tcfcav1 section, field Version: version 2 is not supported")),
        "gpp-058": Trap("section 5 (tcfcav1) holds a TCF EU string (version 2); tcfcav1 has only version 1", .refused("tcfcav1 section, field Version: version 2 is not supported")),
        // Found here: sources that contradict the spec on a point the README does not list.
        "tc-008": Trap("iabtcf-java accepts a second segment of type 0; the spec's core segment is only the first (a second is a duplicate)", .refused("the segment appears twice")),
        "gpp_section-093": Trap("iabgpp-java's UspV1 test writes US Privacy version 2, which the US Privacy spec does not define", .refused("version 2 is not supported")),
        "gpp_section-124": Trap("a GPC sub-section in usva, whose spec defines none (LiveRamp's fixture, from iabgpp.com's encoder)", .refused("unknown segment type 1")),
        "gpp_section-128": Trap("a GPC sub-section in usut, whose spec defines none (LiveRamp's fixture, from iabgpp.com's encoder)", .refused("unknown segment type 1")),
        "gpp_section-129": Trap("a GPC sub-section in usut, whose spec defines none (LiveRamp's fixture, from iabgpp.com's encoder)", .refused("unknown segment type 1")),
        "gpp_section-133": Trap("a GPC sub-section in usfl, whose spec defines none (LiveRamp's fixture, from iabgpp.com's encoder)", .refused("unknown segment type 1")),
        "gpp-081": Trap("LiveRamp's ustn fixture predates the Tennessee spec's MspaCoveredTransaction (added in February 2025)", .tennesseeBeforeMspaCoveredTransaction),
        "gpp_section-150": Trap("LiveRamp's ustn fixture predates the Tennessee spec's MspaCoveredTransaction (added in February 2025)", .tennesseeBeforeMspaCoveredTransaction),
        "gpp_section-151": Trap("LiveRamp's ustn fixture predates the Tennessee spec's MspaCoveredTransaction (added in February 2025)", .tennesseeBeforeMspaCoveredTransaction),
    ]

    /// Library outputs whose values are checked but which the encoder does not write byte for byte, because
    /// the library chose differently where the spec leaves the choice to the encoder.
    static let notByteExact: [String: String] = [
        "tc-200": "iabgpp-java writes Allowed Vendors before Disclosed Vendors; the encoder writes them in iabtcf-es's order",
        "gpp_section-002": "iabgpp-java wrote these vendors as bitfields, its 16-bit ranges being longer; the encoder writes the shorter Fibonacci range, as iabgpp-es 3.2 does",
    ]
}
