import Foundation

/// IAB TC strings decoded by an independent implementation: the Python package `iab-tcf`
/// 0.2.2, run by the interpreter that the environment variable `IAB_TCF_PYTHON` names.
///
/// Its caveats, handled here: dates come truncated to seconds, language and country as
/// bytes, bitfields as `{id: bool}`, range sections as (start, end) pairs; it reads past
/// the end of a string without complaint, so it only serves for strings that decode.
package enum IABTCFOracle {
    /// Why the oracle could not answer.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The interpreter to run, or nil when `IAB_TCF_PYTHON` is unset or empty.
    package static var interpreter: String? {
        ProcessInfo.processInfo.environment["IAB_TCF_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Why an oracle test is skipped; Swift Testing prints it after "skipped:".
    package static let skipMessage = "IAB_TCF_PYTHON not set (install iab-tcf==0.2.2 in a venv to run the oracle)"

    /// Prints one JSON object per TC string given as an argument, with the fields under the
    /// names `consentctl decode` uses; booleans as 0/1, dates as whole seconds.
    private static let script = """
    import calendar, json, sys
    from iab_tcf import decode_v2

    def ids(bits):
        return sorted(i for i, on in bits.items() if on)

    def expand(ranges):
        return sorted({i for start, end in ranges for i in range(start, end + 1)})

    def vendors(consent, is_range, ranges, bits):
        return expand(getattr(consent, ranges)) if getattr(consent, is_range) else ids(getattr(consent, bits))

    out = []
    for text in sys.argv[1:]:
        c = decode_v2(text)
        pub = getattr(c, "publisher_tc", None)
        out.append({
            "version": c.version,
            "created": calendar.timegm(c.created.timetuple()),
            "lastUpdated": calendar.timegm(c.last_updated.timetuple()),
            "cmpId": c.cmp_id, "cmpVersion": c.cmp_version, "consentScreen": c.consent_screen,
            "consentLanguage": c.consent_language.decode(), "vendorListVersion": c.vendor_list_version,
            "tcfPolicyVersion": c.tcf_policy_version, "isServiceSpecific": int(c.is_service_specific),
            "useNonStandardTexts": int(c.use_non_standard_stacks),
            "specialFeatureOptIns": ids(c.special_features_optin), "purposeConsents": ids(c.purposes_consent),
            "purposeLegitimateInterests": ids(c.purposes_legitimate_interests),
            "purposeOneTreatment": int(c.purpose_one_treatment), "publisherCC": c.publisher_cc.decode(),
            "maxVendorIdConsent": c.max_consent_vendor_id,
            "vendorConsents": vendors(c, "is_consent_range_encoding", "consented_vendors_range", "consented_vendors"),
            "maxVendorIdLegitimateInterest": c.max_interests_vendor_id,
            "vendorLegitimateInterests": vendors(c, "is_interests_range_encoding", "interests_vendors_range", "interests_vendors"),
            "publisherRestrictions": [
                {"purpose": e.purpose_id, "type": e.restriction_type, "vendors": expand(e.restrictions_range)}
                for e in c.pub_restriction_entries
            ],
            "disclosedVendors": ids(c.oob_disclosed_vendors) if hasattr(c, "oob_disclosed_vendors") else None,
            "allowedVendors": ids(c.oob_allowed_vendors) if hasattr(c, "oob_allowed_vendors") else None,
            "publisherTC": None if pub is None else {
                "purposeConsents": ids(pub.purposes_consent),
                "purposeLegitimateInterests": ids(pub.purposes_lit_transparency),
                "numCustomPurposes": len(pub.custom_purposes_consent),
                "customPurposeConsents": ids(pub.custom_purposes_consent),
                "customPurposeLegitimateInterests": ids(pub.custom_purposes_lit_transparency),
            },
        })
    print(json.dumps(out))
    """

    /// Decodes `strings` with iab-tcf; one dictionary of fields per string, in order.
    package static func decode(_ strings: [String], python: String) throws -> [[String: Any]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script] + strings
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(python) exited with \(process.terminationStatus): \(errorText)")
        }
        guard let decoded = try JSONSerialization.jsonObject(with: data) as? [[String: Any]], decoded.count == strings.count else {
            throw Failure(description: "unexpected output: \(String(decoding: data, as: UTF8.self))")
        }
        return decoded
    }
}
