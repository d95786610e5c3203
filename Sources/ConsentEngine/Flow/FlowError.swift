#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a flow step cannot run.
public enum FlowError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Privacy options were asked for where none are required.
    case privacyOptionsNotRequired(region: Region, regulation: Regulation)

    /// One line naming the region and the regulation, for the error message.
    public var description: String {
        switch self {
        case .privacyOptionsNotRequired(let region, let regulation):
            return "privacy options are not required in \(region) (regulation \(regulation.rawValue)): there is no form to reopen"
        }
    }
}
