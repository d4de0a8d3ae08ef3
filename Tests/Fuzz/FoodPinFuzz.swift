import CFuzzer
import Foundation

/// `foodpin-fuzz <property> [libFuzzer options] [corpus folders]`: searches for inputs that break
/// the property; an input that does is reported and the process aborts, so libFuzzer saves it.
@main enum FoodPinFuzz {
    nonisolated(unsafe) static var property = FuzzProperty.slug

    static func main() {
        var arguments = CommandLine.arguments
        // libFuzzer's fork mode starts this program again without the property: it is passed on
        // in the environment.
        if arguments.count > 1, let chosen = FuzzProperty(rawValue: arguments[1]) {
            property = chosen
            arguments.remove(at: 1)
            setenv("FOODPIN_FUZZ_PROPERTY", chosen.rawValue, 1)
        } else if let inherited = ProcessInfo.processInfo.environment["FOODPIN_FUZZ_PROPERTY"].flatMap(FuzzProperty.init) {
            property = inherited
        } else {
            let names = FuzzProperty.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("usage: foodpin-fuzz <\(names)> [libFuzzer options]\n".utf8))
            exit(2)
        }
        var argc = Int32(arguments.count)
        var pointers = arguments.map { strdup($0) } + [nil]
        pointers.withUnsafeMutableBufferPointer { buffer in
            var argv = buffer.baseAddress
            exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                let bytes = size == 0 ? [] : [UInt8](UnsafeBufferPointer(start: data, count: size))
                if let violation = FoodPinFuzz.property.violation(bytes) {
                    FileHandle.standardError.write(Data("\(FoodPinFuzz.property.rawValue): \(violation)\n".utf8))
                    abort()
                }
                return 0
            })
        }
    }
}
