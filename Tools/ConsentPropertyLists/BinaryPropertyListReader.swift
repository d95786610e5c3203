import Foundation

/// Reads Apple's binary property list format, `bplist00`, itself.
///
/// Foundation's reader on Linux is not handed untrusted bytes: a binary plist whose object is a set (type
/// `0xC`) made it build a collection that crashed when bridged to Swift. This reader checks every offset,
/// length and reference against the file before it reads through it, and refuses what a property list of
/// settings cannot hold (sets, UIDs, nulls) rather than passing it on:
///
/// - the 32-byte trailer gives offsets and references of 1 to 8 bytes, at least one object, a top object
///   among them, and an offset table between the objects and the trailer;
/// - every object starts after the 8-byte header and ends before the offset table;
/// - a container may not contain itself, nor nest deeper than ``PropertyListLimits/nesting``; objects it
///   shares (Apple's writer stores equal values once) are read once, and the tree they expand to may have
///   at most ``PropertyListLimits/binaryExpansion`` nodes per byte of the file, so that a small file
///   cannot stand for an enormous tree;
/// - a dictionary's keys are strings; a key written twice is reported, and the later value wins, as in XML.
///
/// Binary dictionaries keep their keys sorted, so that findings do not depend on the writer's order.
struct BinaryPropertyListReader {
    private let bytes: [UInt8]
    private let location: SourceLocation
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    /// Where the offset table starts; every object lies in `8..<tableStart`.
    private let tableStart: Int
    private let top: Int
    private let budget: Int
    private var onPath: Set<Int> = []
    private var parsed: [Int: Parsed] = [:]
    private var expanded = 0
    private var duplicateKeys: [DuplicateKey] = []

    /// A node read, how many nodes it stands for with everything it contains, and how many levels of
    /// containers it is (0 for a value that is not a container).
    private struct Parsed {
        var node: PlistNode
        var size: Int
        var levels: Int
    }

    /// The header, then at least one one-byte object, then the trailer.
    private static let smallest = 8 + 1 + 32

    /// Reads `data`, which starts with `bplist`, as read from `file`.
    static func parse(_ data: Data, file: URL) throws(PropertyListError) -> PropertyListDocument {
        var reader = try BinaryPropertyListReader(bytes: [UInt8](data), file: file)
        let root = try reader.root()
        return PropertyListDocument(root: root, duplicateKeys: reader.duplicateKeys)
    }

    private init(bytes: [UInt8], file: URL) throws(PropertyListError) {
        let location = SourceLocation(file: file, line: nil)
        self.bytes = bytes
        self.location = location
        func corrupt(_ what: String) -> PropertyListError { Self.corrupt(what, location) }
        guard bytes.count >= Self.smallest else {
            throw corrupt("it is \(bytes.count) bytes, shorter than a header, one object and the 32-byte trailer")
        }
        guard bytes.starts(with: Array("bplist00".utf8)) else {
            let version = String(decoding: bytes[6..<8].map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            throw PropertyListError.malformed(location, "the binary property list is version \"\(version)\"; only version \"00\" is read",
                                              hint: "convert it with `plutil -convert xml1` (or binary1) and give that file")
        }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw corrupt("its trailer gives offsets of \(offsetSize) bytes and references of \(referenceSize) (each is 1 to 8)")
        }
        let count = Self.unsigned(bytes, at: trailer + 8, width: 8)
        let topObject = Self.unsigned(bytes, at: trailer + 16, width: 8)
        let table = Self.unsigned(bytes, at: trailer + 24, width: 8)
        guard count >= 1, table >= 9, table <= UInt64(trailer),
              count <= (UInt64(trailer) - table) / UInt64(offsetSize) else {
            throw corrupt("its trailer gives \(count) objects with an offset table at byte \(table), which does not fit before the trailer at byte \(trailer)")
        }
        guard topObject < count else {
            throw corrupt("its trailer names object \(topObject) as the top one, and there are \(count)")
        }
        objectCount = Int(count)
        tableStart = Int(table)
        top = Int(topObject)
        budget = Swift.max(bytes.count, 1024) * PropertyListLimits.binaryExpansion
    }

    // MARK: Objects

    /// A container being read: where its references are, and what has been read of it so far.
    private struct Frame {
        var index: Int
        var isDictionary: Bool
        var references: Range<Int>
        /// Items of an array, or pairs of a dictionary.
        var count: Int
        /// Children read so far: a dictionary's are its first key, its first value, its second key, ….
        var read = 0
        var items: [PlistNode] = []
        var entries: [String: PlistNode] = [:]
        var key = ""
        var size = 1
        var levels = 0

        var children: Int { isDictionary ? 2 * count : count }
    }

    /// What reading an object's marker gives: a whole value, or a container whose children come next.
    private enum Start {
        case value(Parsed)
        case container(Frame)
    }

    /// Reads the object `top` and everything under it, with a stack of open containers rather than
    /// recursion, so that 512 levels need no more than the thread's stack, even an iOS secondary thread's.
    private mutating func root() throws(PropertyListError) -> PlistNode {
        var open: [Frame] = []
        var next: Int? = top
        var finished: Parsed?
        while true {
            if let index = next {
                next = nil
                switch try start(index, depth: open.count) {
                case .value(let value): finished = value
                case .container(let frame): open.append(frame)
                }
            }
            if let value = finished {
                finished = nil
                guard !open.isEmpty else { return value.node }
                try take(value, into: &open[open.count - 1])
            }
            guard let frame = open.last else { continue }
            if frame.read < frame.children {
                next = try child(frame.read, of: frame)
            } else {
                finished = finish(open.removeLast())
            }
        }
    }

    private mutating func start(_ index: Int, depth: Int) throws(PropertyListError) -> Start {
        if let done = parsed[index] {
            // Shared again deeper down, its innermost container is deeper than where it was first read.
            if done.levels > 0 { try PropertyListReader.checkDepth(depth + done.levels - 1, location) }
            try spend(done.size)
            return .value(done)
        }
        guard !onPath.contains(index) else { throw corrupt("object \(index) contains itself") }
        try spend(1)
        let start = try offset(of: index)
        let marker = bytes[start]
        switch marker >> 4 {
        case 0xA, 0xD:
            try PropertyListReader.checkDepth(depth, location)
            let isDictionary = marker >> 4 == 0xD
            let references = try content(of: index, at: start, unit: (isDictionary ? 2 : 1) * referenceSize)
            onPath.insert(index)
            return .container(Frame(index: index, isDictionary: isDictionary, references: references,
                                    count: references.count / ((isDictionary ? 2 : 1) * referenceSize)))
        default:
            let done = Parsed(node: PlistNode(value: try scalar(index, at: start), location: location), size: 1, levels: 0)
            parsed[index] = done
            return .value(done)
        }
    }

    /// The object that is child `position` of `frame`: for a dictionary, keys and values alternate.
    private func child(_ position: Int, of frame: Frame) throws(PropertyListError) -> Int {
        let slot = frame.isDictionary ? (position.isMultiple(of: 2) ? position / 2 : frame.count + position / 2) : position
        return try reference(at: frame.references.lowerBound + slot * referenceSize, in: frame.index)
    }

    private mutating func take(_ value: Parsed, into frame: inout Frame) throws(PropertyListError) {
        defer { frame.read += 1 }
        frame.size += value.size
        frame.levels = Swift.max(frame.levels, value.levels)
        guard frame.isDictionary else {
            frame.items.append(value.node)
            return
        }
        guard !frame.read.isMultiple(of: 2) else {
            guard let name = value.node.string else {
                throw corrupt("object \(frame.index), a dictionary, has a key that is \(value.node.value.kind.phrase), not a string")
            }
            frame.key = name
            return
        }
        if frame.entries.updateValue(value.node, forKey: frame.key) != nil {
            duplicateKeys.append(DuplicateKey(key: frame.key, first: location, second: location))
        }
    }

    private mutating func finish(_ frame: Frame) -> Parsed {
        onPath.remove(frame.index)
        let value: PlistValue
        if frame.isDictionary {
            var dict = PlistDict()
            for name in frame.entries.keys.sorted() {
                if let node = frame.entries[name] { dict.set(PlistEntry(key: name, keyLocation: location, value: node)) }
            }
            value = .dict(dict)
        } else {
            value = .array(frame.items)
        }
        let done = Parsed(node: PlistNode(value: value, location: location), size: frame.size, levels: frame.levels + 1)
        parsed[frame.index] = done
        return done
    }

    /// A value that is not a container, from its marker at `start`.
    private func scalar(_ index: Int, at start: Int) throws(PropertyListError) -> PlistValue {
        let marker = bytes[start]
        switch marker >> 4 {
        case 0x0 where marker == 0x08: return .bool(false)
        case 0x0 where marker == 0x09: return .bool(true)
        case 0x0: throw unsupported(marker == 0x00 ? "a null" : "the marker 0x\(marker.hexDigits)", index, start)
        case 0x1: return .integer(try integer(at: start, index))
        case 0x2 where marker & 0x0F == 2:
            return .real(Double(Float(bitPattern: UInt32(try unsigned(after: start, width: 4, index)))))
        case 0x2 where marker & 0x0F == 3: return .real(Double(bitPattern: try unsigned(after: start, width: 8, index)))
        case 0x3 where marker == 0x33:
            return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: try unsigned(after: start, width: 8, index))))
        case 0x4: return .data(Data(bytes[try content(of: index, at: start, unit: 1)]))
        case 0x5:
            let range = try content(of: index, at: start, unit: 1)
            if let byte = bytes[range].first(where: { $0 >= 0x80 }) {
                throw corrupt("object \(index), an ASCII string, holds the byte 0x\(byte.hexDigits)")
            }
            return .string(String(decoding: bytes[range], as: UTF8.self))
        case 0x6: return .string(try utf16String(try content(of: index, at: start, unit: 2), index))
        case 0x8: throw unsupported("a UID (an archived object's reference)", index, start)
        case 0xC: throw unsupported("a set", index, start)
        default: throw corrupt("object \(index), at byte \(start), has the unknown type marker 0x\(marker.hexDigits)")
        }
    }

    /// Counts `nodes` more nodes of the expanded tree; past the budget, the file is refused.
    private mutating func spend(_ nodes: Int) throws(PropertyListError) {
        expanded += nodes
        guard expanded <= budget else {
            throw PropertyListError.malformed(
                location, "the binary property list's shared objects expand to more than \(budget) values (\(PropertyListLimits.binaryExpansion) per byte of the file)",
                hint: "no Info.plist, privacy manifest or preferences file repeats its objects this often; check the file")
        }
    }

    // MARK: Fields

    private func offset(of index: Int) throws(PropertyListError) -> Int {
        let value = Self.unsigned(bytes, at: tableStart + index * offsetSize, width: offsetSize)
        guard value >= 8, value < UInt64(tableStart) else {
            throw corrupt("object \(index) is at byte \(value), outside the objects (bytes 8 to \(tableStart - 1))")
        }
        return Int(value)
    }

    private func reference(at position: Int, in container: Int) throws(PropertyListError) -> Int {
        let value = Self.unsigned(bytes, at: position, width: referenceSize)
        guard value < UInt64(objectCount) else {
            throw corrupt("object \(container) refers to object \(value), and there are \(objectCount)")
        }
        return Int(value)
    }

    /// The bytes after the marker at `start`: its count (in the marker, or in an integer object after it
    /// when the marker's low nibble is 0xF) of `unit`-byte items, all before the offset table.
    private func content(of index: Int, at start: Int, unit: Int) throws(PropertyListError) -> Range<Int> {
        var first = start + 1
        var count = UInt64(bytes[start] & 0x0F)
        if count == 0x0F {
            guard first < tableStart, bytes[first] >> 4 == 0x1, bytes[first] & 0x0F <= 3 else {
                throw corrupt("object \(index), at byte \(start), has a length that is not an integer")
            }
            let width = 1 << Int(bytes[first] & 0x0F)
            count = try unsigned(after: first, width: width, index)
            first += 1 + width
        }
        guard first <= tableStart, count <= UInt64((tableStart - first) / unit) else {
            throw corrupt("object \(index), at byte \(start), is \(count) items long, past the end of the objects")
        }
        return first..<(first + Int(count) * unit)
    }

    /// The `width` bytes after the marker at `start`, big-endian, when they lie before the offset table.
    private func unsigned(after start: Int, width: Int, _ index: Int) throws(PropertyListError) -> UInt64 {
        guard start + 1 + width <= tableStart else {
            throw corrupt("object \(index), at byte \(start), ends past the end of the objects")
        }
        return Self.unsigned(bytes, at: start + 1, width: width)
    }

    /// An integer object: 1, 2 and 4 bytes unsigned, 8 bytes signed, 16 bytes signed when it fits in 64 bits.
    private func integer(at start: Int, _ index: Int) throws(PropertyListError) -> Int {
        let exponent = Int(bytes[start] & 0x0F)
        guard exponent <= 4 else {
            throw corrupt("object \(index), at byte \(start), is an integer of 2^\(exponent) bytes (1 to 16 are written)")
        }
        let width = 1 << exponent
        switch width {
        case 16:
            let high = try unsigned(after: start, width: 8, index)
            let low = Self.unsigned(bytes, at: start + 9, width: 8)
            let value = Int64(bitPattern: low)
            guard high == (value < 0 ? UInt64.max : 0) else {
                throw corrupt("object \(index), at byte \(start), is an integer beyond 64 bits")
            }
            return Int(value)
        case 8: return Int(Int64(bitPattern: try unsigned(after: start, width: 8, index)))
        default: return Int(try unsigned(after: start, width: width, index))
        }
    }

    /// A UTF-16 big-endian string; unpaired surrogates are refused, as they would be changed on reading.
    private func utf16String(_ range: Range<Int>, _ index: Int) throws(PropertyListError) -> String {
        let units = stride(from: range.lowerBound, to: range.upperBound, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
        var iterator = units.makeIterator()
        var decoder = UTF16()
        var text = ""
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
            case .emptyInput: return text
            case .error: throw corrupt("object \(index), a UTF-16 string, holds an unpaired surrogate")
            }
        }
    }

    private static func unsigned(_ bytes: [UInt8], at position: Int, width: Int) -> UInt64 {
        bytes[position..<(position + width)].reduce(0) { $0 << 8 | UInt64($1) }
    }

    // MARK: Errors

    private func corrupt(_ what: String) -> PropertyListError { Self.corrupt(what, location) }

    private static func corrupt(_ what: String, _ location: SourceLocation) -> PropertyListError {
        PropertyListError.malformed(location, "the binary property list is corrupt: \(what)",
                                    hint: "regenerate the file, or convert it with `plutil -convert xml1` and fix it")
    }

    private func unsupported(_ what: String, _ index: Int, _ start: Int) -> PropertyListError {
        PropertyListError.malformed(
            location, "the binary property list holds \(what) (object \(index), at byte \(start)), which an Info.plist, a privacy manifest or a preferences file cannot hold",
            hint: "these files hold strings, numbers, booleans, dates, data, arrays and dictionaries; convert it with `plutil -convert xml1` to see it")
    }
}
