import Foundation
import FuzzTargets

// libFuzzer's entry point, compiled only by scripts/fuzz (with -sanitize=fuzzer,address) beside the
// FuzzTargets module. The target is named by CONSENTENGINE_FUZZ_TARGET; a broken promise is a crash,
// so that libFuzzer saves the input.

private let target: FuzzTarget = {
    guard let name = ProcessInfo.processInfo.environment["CONSENTENGINE_FUZZ_TARGET"], let target = FuzzTarget.named(name) else {
        let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
        fatalError("set CONSENTENGINE_FUZZ_TARGET to one of: \(names)")
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let violations = target.run(input)
    if !violations.isEmpty {
        fatalError("\(target.name): \(violations.joined(separator: "; "))")
    }
    return 0
}
