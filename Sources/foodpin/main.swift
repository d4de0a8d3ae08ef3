import ArgumentParser
import FoodPinCore
import Foundation

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
