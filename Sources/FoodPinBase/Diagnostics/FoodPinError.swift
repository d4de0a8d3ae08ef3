import Foundation

/// Why a command stopped: the one error type every stage throws. It carries what the user
/// reads (the place, the message, a hint on what to do), the underlying cause, and the
/// command's exit status; `main` prints it and exits with that status, nothing more.
public struct FoodPinError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable {
        /// The content is wrong (its diagnostics were printed already): exit status 1.
        case content
        /// The command was asked for something it cannot do (a bad flag, no guide here): exit status 2.
        case usage
        /// Reading or writing a file or the store failed: exit status 1.
        case io
    }

    public var kind: Kind
    /// The file or folder concerned, as shown to the user.
    public var place: String?
    public var message: String
    public var hint: String?

    public init(_ kind: Kind, at place: String? = nil, _ message: String, hint: String? = nil) {
        self.kind = kind
        self.place = place
        self.message = message
        self.hint = hint
    }

    public var exitStatus: Int32 {
        switch kind {
        case .content, .io: 1
        case .usage: 2
        }
    }

    /// `place: error: message` (or a content summary as it is), then the hint on its own line.
    public var description: String {
        var text: String
        if let place { text = "\(place): error: \(message)" } else if kind == .content { text = message } else {
            text = "error: \(message)"
        }
        if let hint { text += "\n    hint: \(hint)" }
        return text
    }

    // MARK: The failures more than one command meets

    public static func usage(_ message: String, at place: String? = nil, hint: String? = nil) -> FoodPinError {
        FoodPinError(.usage, at: place, message, hint: hint)
    }

    /// Content errors were reported; `summary` says how many and what was (not) done.
    public static func content(_ summary: String) -> FoodPinError { FoodPinError(.content, summary) }

    public static func guideNotFound(_ root: URL) -> FoodPinError {
        FoodPinError(.usage, at: GuideLayout.displayPath(root), "no guide here (there is no Content/ folder)",
                     hint: "run `foodpin init DIR` to start one, or pass --root DIR")
    }

    /// A system call on `path` failed with `errno`; says what FoodPin was doing and what to try.
    public static func io(_ doing: String, path: String, errno code: Int32 = errno) -> FoodPinError {
        let reason = String(cString: strerror(code))
        let hint: String? = switch code {
        case EACCES, EPERM: "check the permissions of this file and its folder"
        case ENOSPC, EDQUOT: "free some disk space and build again"
        case EROFS: "the disk is read-only; choose another folder with --output"
        case ENAMETOOLONG: "the name is too long for the file system; shorten it"
        default: nil
        }
        return FoodPinError(.io, at: GuideLayout.displayPath(URL(fileURLWithPath: path)), "cannot \(doing): \(reason)", hint: hint)
    }
}
