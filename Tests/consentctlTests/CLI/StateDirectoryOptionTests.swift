import Testing
@testable import ConsentCLI

/// The command line's state directory (README, "The command line"): the library's stores keep the app's own folder, and
/// `consentctl` picks its own from the flag and the environment.
struct StateDirectoryOptionTests {
    struct Resolution: Sendable, CustomTestStringConvertible {
        var explicit: String?
        var environment: [String: String]
        var expected: String
        var testDescription: String {
            "\(explicit ?? "no --state-dir"), \(environment.sorted { $0.key < $1.key })"
        }
    }

    static let resolutions: [Resolution] = [
        Resolution(explicit: "/chosen", environment: ["CONSENTCTL_STATE_DIR": "/env", "HOME": "/home/u"],
                   expected: "/chosen"),
        Resolution(explicit: nil,
                   environment: ["CONSENTCTL_STATE_DIR": "/env", "XDG_STATE_HOME": "/xdg", "HOME": "/home/u"],
                   expected: "/env"),
        Resolution(explicit: nil, environment: ["XDG_STATE_HOME": "/xdg", "HOME": "/home/u"],
                   expected: "/xdg/consentctl"),
        Resolution(explicit: nil, environment: ["XDG_STATE_HOME": "/xdg/", "HOME": "/home/u"],
                   expected: "/xdg/consentctl"),
        Resolution(explicit: nil, environment: ["HOME": "/home/u"], expected: "/home/u/.local/state/consentctl"),
        Resolution(explicit: "", environment: ["CONSENTCTL_STATE_DIR": "", "XDG_STATE_HOME": "", "HOME": "/home/u"],
                   expected: "/home/u/.local/state/consentctl"),
        Resolution(explicit: nil, environment: ["XDG_STATE_HOME": "relative/state", "HOME": "/home/u"],
                   expected: "/home/u/.local/state/consentctl"),
    ]

    @Test(arguments: resolutions)
    func theStateDirectoryComesFromTheFlagThenTheEnvironmentThenHome(_ resolution: Resolution) {
        #expect(CommonOptions.stateDirectory(explicit: resolution.explicit, environment: resolution.environment)
                == resolution.expected)
    }
}
