/// Why a model could not be encoded: a value that its field cannot hold.
///
/// The encoders write exactly the values they are given, so they refuse values that the
/// format cannot carry (a CMP id above 4095, a vendor id above the section's `maxVendorId`,
/// a language that is not two letters) instead of truncating them.
public struct SignalEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The model's field, as its property is spelled (`cmpId`, `vendorConsents.ids`, `sections`).
    public var field: String
    /// What is wrong with the value, as a phrase (`5000 does not fit in 12 bits`).
    public var reason: String

    /// Makes an error; encoders build these, callers usually only read them.
    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }

    /// One line: `cannot encode <field>: <reason>`.
    public var description: String { "cannot encode \(field): \(reason)" }
}
