import ArgumentParser
import FoodPinCore
import Foundation

// Exit status: 0 success, 1 content errors, 2 usage errors.
do {
    var command = try FoodPin.parseAsRoot()
    if var asynchronous = command as? AsyncCommand {
        try await asynchronous.runAsync()
    } else {
        try command.run()
    }
} catch let error as ContentFailure {
    Console.error(error.summary)
    exit(1)
} catch let error as GuideNotFound {
    // Run in the wrong folder: a usage error.
    Console.error(error.description)
    exit(2)
} catch let error as UsageError {
    Console.error("error: \(error.description)")
    exit(2)
} catch let error as ExitCode {
    exit(error.rawValue)
} catch {
    let code = FoodPin.exitCode(for: error)
    if code == .success {
        FoodPin.exit(withError: error)
    } else if code == .validationFailure {
        Console.error(FoodPin.fullMessage(for: error))
        exit(2)
    } else {
        Console.error(String(describing: error).contains(": error:") ? "\(error)" : "error: \(error)")
        exit(1)
    }
}
