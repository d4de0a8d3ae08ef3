import ArgumentParser
import FoodPinCore
import Foundation
import FoodPinBase

#if os(Linux)
// Blocks of 128 KiB and more (state chunks, sitemaps, the search index) are mapped and given back
// when freed, rather than left as holes in the heap: a million-restaurant build peaked at 1,974,552 kB,
// 1,852,788 kB with this (glibc otherwise raises the threshold as large blocks are freed).
// glibc's <malloc.h> is not in Swift's Glibc module: `mallopt` and M_MMAP_THRESHOLD (-3) are named here.
@_silgen_name("mallopt") func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
_ = mallopt(-3, 128 * 1024)
#endif

// Exit status: 0 success, 1 content errors and failed reads or writes, 2 usage errors.
do {
    var command = try FoodPin.parseAsRoot()
    if var asynchronous = command as? AsyncCommand {
        try await asynchronous.runAsync()
    } else {
        try command.run()
    }
} catch {
    let failure = CommandFailure(error)
    // Help and the version are answers, not failures: they go to standard output.
    if failure.status == 0 { print(failure.message) } else if !failure.message.isEmpty { Console.error(failure.message) }
    exit(failure.status)
}
