import Foundation

/// A policy whose texts carry terminal escape sequences: an OSC that retitles the window and a screen
/// clear in the publisher's name, a colour in a purpose's name, a bell in a partner's name.
enum EscapingPolicy {
    static let json = #"""
    {"extends": "\#(Consentctl.repository.path)/policies/default.json",
     "id": "escaping\u001b[2J",
     "publisher": {"name": "\u001b]0;PWNED\u0007\u001b[2JEvil Corp", "country": "DE"},
     "purposes": [
       {"id": 1, "name": {"en": "\u001b[31mStore and/or access information on a device"}},
       {"id": 2, "name": {"en": "Use limited data to select advertising"}},
       {"id": 3, "name": {"en": "Create profiles for personalised advertising"}},
       {"id": 4, "name": {"en": "Use profiles to select personalised advertising"}},
       {"id": 5, "name": {"en": "Create profiles to personalise content"}},
       {"id": 6, "name": {"en": "Use profiles to select personalised content"}},
       {"id": 7, "name": {"en": "Measure advertising performance"}},
       {"id": 8, "name": {"en": "Measure content performance"}},
       {"id": 9, "name": {"en": "Understand audiences through statistics"}},
       {"id": 10, "name": {"en": "Develop and improve services"}},
       {"id": 11, "name": {"en": "Use limited data to select content\u009b2J"}}
     ],
     "partners": [{"id": 755, "name": "Google\u0007 Advertising Products", "purposes": [1, 2, 3, 4, 7, 9, 10]}]}
    """#

    static func write(in folder: TemporaryFolder) throws -> URL {
        let url = folder.url.appendingPathComponent("escaping.json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}
