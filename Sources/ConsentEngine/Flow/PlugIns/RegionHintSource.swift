/// Reads what the device says of where the user is (on Apple platforms ConsentEngineApple's
/// `DeviceRegionHints`: the storefront, the device's region and its time zone).
///
/// A launch asks for the hints only when it needs them: when the context's region is unknown, it brings no
/// hints of its own, no earlier launch kept a region, and the policy lets hints count.
public protocol RegionHintSource: Sendable {
    /// The hints now; a hint the device cannot give in time is left out.
    func regionHints() async -> RegionHints
}
