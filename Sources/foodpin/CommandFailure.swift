import ArgumentParser
import FoodPinCore
import FoodPinBase

/// What the user reads and the exit status, for any error a command ends with.
struct CommandFailure {
    var message: String
    var status: Int32

    init(_ error: any Error) {
        if let error = error as? FoodPinError {
            message = error.description
            status = error.exitStatus
            return
        }
        // The argument parser's own: help and version (status 0), bad flags and values (usage, 2).
        let code = FoodPin.exitCode(for: error)
        message = FoodPin.fullMessage(for: error)
        if code == .success {
            status = 0
        } else if code == .validationFailure {
            status = 2
        } else if let exit = error as? ExitCode {
            status = exit.rawValue
        } else {
            // Not one of ours: still a failure the user should see in full.
            message = "error: \(error)"
            status = 1
        }
    }
}
