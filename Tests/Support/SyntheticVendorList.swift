/// An IAB Global Vendor List v3 document made up for speed and size checks: `vendors` vendors (ids 1…N),
/// each declaring purposes on both legal bases, flexible purposes, special purposes, features, a special
/// feature, data categories, retention, device storage and links in two languages, as the real list's
/// busiest vendors do, and names for every id in the list's own maps. Every text is made up here; the same
/// count always gives the same bytes.
public enum SyntheticVendorList {
    public static func json(vendors count: Int) -> String {
        func names(_ noun: String, _ ids: ClosedRange<Int>) -> String {
            ids.map { #""\#($0)": {"id": \#($0), "name": "Generated \#(noun) \#($0)", "description": "Made up for a benchmark.", "illustrations": []}"# }
                .joined(separator: ", ")
        }
        var vendors: [String] = []
        vendors.reserveCapacity(count)
        for id in stride(from: 1, through: count, by: 1) {
            let consent = [1, 3, 4] + (id % 2 == 0 ? [5, 6] : [])
            let legitimateInterest = [2, 7, 8, 9, 10] + (id % 3 == 0 ? [11] : [])
            let categories = (1...11).filter { ($0 + id) % 3 != 0 }
            let lifetime = id % 10 == 0 ? "null" : id % 7 == 0 ? "0" : String(86_400 * (30 + id % 400) + id % 86_400)
            vendors.append(#"""
                "\#(id)": {"id": \#(id), "name": "Generated Vendor \#(id) Ltd", "purposes": \#(consent), "legIntPurposes": \#(legitimateInterest),
                 "flexiblePurposes": [2, 7], "specialPurposes": [1, 2], "features": [1, \#(2 + id % 2)], "specialFeatures": [\#(1 + id % 2)],
                 "cookieMaxAgeSeconds": \#(lifetime), "usesCookies": true, "cookieRefresh": \#(id % 2 == 0), "usesNonCookieAccess": \#(id % 3 == 0),
                 "dataRetention": {"stdRetention": \#(30 + id % 700), "purposes": {"3": \#(90 + id % 300), "4": \#(90 + id % 200)}, "specialPurposes": {"1": \#(365 + id % 1000)}},
                 "urls": [{"langId": "en", "privacy": "https://vendor\#(id).example/privacy", "legIntClaim": "https://vendor\#(id).example/legitimate-interest"},
                          {"langId": "de", "privacy": "https://vendor\#(id).example/datenschutz", "legIntClaim": "https://vendor\#(id).example/berechtigtes-interesse"}],
                 "dataDeclaration": \#(categories), "deviceStorageDisclosureUrl": "https://vendor\#(id).example/device-storage.json"}
                """#)
        }
        return #"""
            {"gvlSpecificationVersion": 3, "vendorListVersion": 150, "tcfPolicyVersion": 5, "lastUpdated": "2026-11-26T16:00:00Z",
             "purposes": {\#(names("purpose", 1...11))},
             "specialPurposes": {\#(names("special purpose", 1...2))},
             "features": {\#(names("feature", 1...3))},
             "specialFeatures": {\#(names("special feature", 1...2))},
             "stacks": {},
             "dataCategories": {\#(names("data category", 1...11))},
             "vendors": {
            \#(vendors.joined(separator: ",\n"))
             }}
            """#
    }
}
