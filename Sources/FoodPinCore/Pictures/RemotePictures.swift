import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Remote pictures (`image_url`, `image: https://…`) downloaded once into `.foodpin-cache/remote/`
/// and then processed like local ones. Only http and https, redirects included; a time limit and a
/// size limit; the bytes must be a picture's (they are never run, only decoded by libvips).
struct RemotePictures: Sendable {
    let folder: String
    var timeout: TimeInterval = 15
    var maxBytes = 25 << 20
    /// False (`--clean`): every picture is fetched again.
    var reuse = true
    static let maxRedirects = 5

    enum Problem: Error, Equatable {
        case scheme, status(Int), tooLarge, notAPicture, failed(String)

        func message(for url: String) -> String {
            switch self {
            case .scheme: "picture \(url) was not fetched: only http and https are followed"
            case .status(let code): "picture \(url) was not fetched: the server answered \(code)"
            case .tooLarge: "picture \(url) was not fetched: it is larger than the limit"
            case .notAPicture: "picture \(url) was not fetched: its bytes are not a picture"
            case .failed(let reason): "picture \(url) was not fetched: \(reason)"
            }
        }
    }

    /// Where a fetched picture is kept: named by its URL.
    func path(for url: String) -> String { folder + "/" + Fingerprint.hex(Array(url.utf8), length: 16) }

    /// The local file of a remote picture, fetched now unless an earlier build did.
    func fetch(_ url: String) -> Result<String, Problem> {
        let local = path(for: url)
        // Kept from an earlier build only as a regular file: anything else put there is removed, never followed.
        if reuse, OutputWriter.size(at: local) != nil { return .success(local) }
        unlink(local)
        guard let address = URL(string: url), ["http", "https"].contains(address.scheme?.lowercased() ?? "") else {
            return .failure(.scheme)
        }
        let download = Download(maxBytes: maxBytes)
        let session = URLSession(configuration: .ephemeral, delegate: download, delegateQueue: nil)
        var request = URLRequest(url: address, timeoutInterval: timeout)
        request.setValue("FoodPin (static site generator; fetches each picture once)", forHTTPHeaderField: "User-Agent")
        session.dataTask(with: request).resume()
        let outcome = download.wait(timeout: timeout + 5)
        session.invalidateAndCancel()
        switch outcome {
        case .failure(let problem): return .failure(problem)
        case .success(let data):
            guard Self.looksLikeAPicture(data) else { return .failure(.notAPicture) }
            do throws(FoodPinError) {
                try NewFile.makeFolders(folder)
                let file = try ReplaceFile(URL(fileURLWithPath: local))
                try file.append(data)
                try file.commit()
            } catch {
                return .failure(.failed("it could not be kept in \(folder)"))
            }
            return .success(local)
        }
    }

    /// JPEG, PNG, GIF, WebP or AVIF by their first bytes, whatever the server calls them.
    static func looksLikeAPicture(_ data: Data) -> Bool {
        PictureBytes.accepted.contains(PictureBytes.kind(of: [UInt8](data.prefix(64))))
    }
}

/// One download: redirects checked, bytes counted as they come, the caller waiting for the end.
private final class Download: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let maxBytes: Int
    private var data = Data()
    private var problem: RemotePictures.Problem?
    private var redirects = 0
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()

    init(maxBytes: Int) { self.maxBytes = maxBytes }

    func wait(timeout: TimeInterval) -> Result<Data, RemotePictures.Problem> {
        guard done.wait(timeout: .now() + timeout) == .success else { return .failure(.failed("it took too long")) }
        lock.lock()
        defer { lock.unlock() }
        return problem.map { .failure($0) } ?? .success(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        lock.lock()
        redirects += 1
        let allowed = redirects <= RemotePictures.maxRedirects && ["http", "https"].contains(request.url?.scheme?.lowercased() ?? "")
        if !allowed { problem = redirects > RemotePictures.maxRedirects ? .failed("too many redirects") : .scheme }
        lock.unlock()
        completionHandler(allowed ? request : nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        lock.lock()
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            problem = problem ?? .status(http.statusCode)
        } else if response.expectedContentLength > maxBytes {
            problem = problem ?? .tooLarge
        }
        let proceed = problem == nil
        lock.unlock()
        completionHandler(proceed ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive bytes: Data) {
        lock.lock()
        data.append(bytes)
        let over = data.count > maxBytes
        if over { problem = problem ?? .tooLarge }
        lock.unlock()
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        if let error, problem == nil { problem = .failed(error.localizedDescription) }
        lock.unlock()
        done.signal()
    }
}
