@testable import ConsentEngine
import Foundation
import Testing
import TestSupport

/// The package's SHA-256 against FIPS 180-4's published examples.
struct SHA256Tests {
    /// NIST's SHA-256 examples (FIPS 180-4 and the CSRC "Example Algorithms" sheet): the empty message,
    /// "abc" (one block), the 448-bit and 896-bit two-block messages, and one million "a".
    static let vectors: [(message: [UInt8], digest: String)] = [
        ([], "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (Array("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (Array("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu".utf8),
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
        ([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000),
         "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ]

    @Test(arguments: 0..<vectors.count)
    func thePortableImplementationGivesNISTsDigests(index: Int) {
        let vector = Self.vectors[index]
        #expect(SHA256Hash.hexText(PortableSHA256.digest(vector.message)) == vector.digest)
        // Where CryptoKit can be imported this is CryptoKit's: both must agree with NIST.
        #expect(SHA256Hash.hex(vector.message) == vector.digest)
    }

    @Test func aMessageFedInPiecesHasTheDigestOfTheWhole() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        var hasher = PortableSHA256()
        var offset = 0
        var size = 1
        while offset < message.count {
            let end = min(message.count, offset + size)
            hasher.update(message[offset..<end])
            offset = end
            size = size % 127 + 1
        }
        #expect(SHA256Hash.hexText(hasher.finalize()) == Self.vectors[4].digest)
    }

    @Test func theDigestIsWrittenAsTheLogWritesIt() {
        #expect(SHA256Hash.zero == String(repeating: "0", count: 64))
        #expect(SHA256Hash.isDigest(Self.vectors[0].digest))
        #expect(!SHA256Hash.isDigest(Self.vectors[0].digest.uppercased()))
        #expect(!SHA256Hash.isDigest(String(Self.vectors[0].digest.dropLast())))
    }

}

/// The package's SHA-256 against Python's `hashlib`, which runs as a process.
struct SHA256PythonProcessTests {
    /// 1,000 inputs of 0 to 10,000 random bytes, lengths round a block's edges included, hashed here and by
    /// Python's `hashlib`.
    @Test(.enabled(if: Python.interpreter != nil, Comment(rawValue: Python.missing)))
    func aThousandRandomInputsHashAsPythonsHashlibHashesThem() throws {
        var generator = SeededGenerator(seed: 0x5ec0_2026)
        var inputs: [[UInt8]] = [[], [0], Array(repeating: 0xff, count: 55), Array(repeating: 1, count: 56),
                                 Array(repeating: 2, count: 63), Array(repeating: 3, count: 64), Array(repeating: 4, count: 65)]
        while inputs.count < 1_000 {
            let length = Int.random(in: 0...10_000, using: &generator)
            inputs.append((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }
        // Each input as its length on a line, then its bytes.
        var stream = Data()
        for input in inputs {
            stream.append(Data("\(input.count)\n".utf8))
            stream.append(Data(input))
        }
        let script = """
        import hashlib, sys
        data = sys.stdin.buffer
        while True:
            header = data.readline()
            if not header:
                break
            print(hashlib.sha256(data.read(int(header))).hexdigest())
        """
        let theirs = try Python.run(script, input: stream).split(separator: "\n").map(String.init)
        #expect(theirs.count == inputs.count)
        for (index, input) in inputs.enumerated() where index < theirs.count {
            #expect(SHA256Hash.hexText(PortableSHA256.digest(input)) == theirs[index], "input \(index), \(input.count) bytes")
            #expect(SHA256Hash.hex(input) == theirs[index], "input \(index), \(input.count) bytes")
        }
    }
}
