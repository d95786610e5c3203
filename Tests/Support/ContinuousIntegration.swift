import Foundation

/// Where the tests run: under CI, and whether that CI is the Linux job whose `.ci/run` installs every
/// outside tool (the browser, DuckDB and Spark, jq, the Python the availability check reads with). A test
/// that needs such a tool skips, saying so, where it is missing, and fails where `.ci/run` should have
/// installed it; the macOS job runs `swift test` without them, so there it skips like a developer's Mac.
package enum ContinuousIntegration {
    /// `CI` is set (GitHub sets it on every job).
    package static var isSet: Bool { !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty }

    /// Linux's CI job, which has installed every tool the tests need: a missing one is a failure there.
    package static var installsTools: Bool {
        #if os(Linux)
        isSet
        #else
        false
        #endif
    }
}
