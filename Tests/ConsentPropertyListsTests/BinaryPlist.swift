import Foundation

/// A binary property list written by hand, object by object, for the shapes no writer makes: sets, UIDs,
/// cycles, shared containers and broken offsets. Offsets are 2 bytes; references are `referenceSize` bytes.
struct BinaryPlist {
    var referenceSize = 1
    private(set) var objects: [[UInt8]] = []
    /// The object the trailer names as the top one.
    var top = 0

    init(referenceSize: Int = 1) {
        self.referenceSize = referenceSize
    }

    /// Adds an object's bytes and returns its index.
    @discardableResult
    mutating func add(_ bytes: [UInt8]) -> Int {
        objects.append(bytes)
        return objects.count - 1
    }

    /// An ASCII string of fewer than 15 characters.
    @discardableResult
    mutating func ascii(_ text: String) -> Int {
        add([0x50 | UInt8(text.utf8.count)] + Array(text.utf8))
    }

    @discardableResult
    mutating func integer(_ value: UInt8) -> Int {
        add([0x10, value])
    }

    /// An array, or with `marker` 0xC0 a set, of fewer than 15 references.
    mutating func array(_ items: [Int], marker: UInt8 = 0xA0) -> Int {
        add([marker | UInt8(items.count)] + items.flatMap(reference))
    }

    /// A dictionary of fewer than 15 pairs.
    mutating func dict(_ pairs: [(key: Int, value: Int)]) -> Int {
        add([0xD0 | UInt8(pairs.count)] + pairs.map(\.key).flatMap(reference) + pairs.map(\.value).flatMap(reference))
    }

    /// Reserves an index for an object whose bytes are set later, so that containers can refer ahead.
    mutating func reserve() -> Int {
        add([])
    }

    mutating func set(_ index: Int, _ bytes: [UInt8]) {
        objects[index] = bytes
    }

    func reference(_ index: Int) -> [UInt8] {
        Self.bigEndian(index, width: referenceSize)
    }

    /// The header, the objects, the offset table and the trailer.
    var bytes: [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        bytes += offsets.flatMap { Self.bigEndian($0, width: 2) }
        bytes += [UInt8](repeating: 0, count: 6) + [2, UInt8(referenceSize)]
        bytes += Self.bigEndian(objects.count, width: 8) + Self.bigEndian(top, width: 8) + Self.bigEndian(table, width: 8)
        return bytes
    }

    var data: Data { Data(bytes) }

    static func bigEndian(_ value: Int, width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}
