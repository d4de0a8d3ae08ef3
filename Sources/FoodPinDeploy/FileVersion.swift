import FoodPinBase
/// Names a file's content without reading it: the same version, the same bytes. A deploy compares
/// each file's version with the one its manifest recorded, and reads only the files that differ.
enum FileVersion: Hashable, Sendable {
    /// Bytes the build wrote, by their digest (the build's record).
    case written(ContentDigest)
    /// A file the build copied, by its source's stamp (the build's record).
    case copied(FileStamp)
    /// A file found by walking the folder, by its own stamp without its change time: a build keeps
    /// an unchanged file by linking it, which moves that time but leaves the bytes alone.
    case found(FileStamp)
    /// Read again next time: bytes that are not what the build's record says (a page edited by
    /// hand), or a file a stopped deploy was sending.
    case unknown

    init(found stamp: FileStamp) {
        self = .found(FileStamp(size: stamp.size, modified: stamp.modified, changed: 0, inode: stamp.inode))
    }

    /// The version to record for bytes read from a file of this version: `.unknown` when they are
    /// not what it says (another size, or another digest than the build wrote).
    func confirmed(by digest: ContentDigest, size: Int64) -> FileVersion {
        guard digest.count == size else { return .unknown }
        if case .written(let recorded) = self, recorded != digest { return .unknown }
        return self
    }

    // MARK: In the deploy manifest: `w<count>,<hash>`, `c<size>,<modified>,<changed>,<inode>`, `f…`, `-`

    func write(to bytes: inout [UInt8]) {
        func numbers(_ kind: Character, _ values: [Int64], last: UInt64) {
            bytes.append(contentsOf: String(kind).utf8)
            for value in values {
                ASCIINumbers.append(value, to: &bytes)
                bytes.append(UInt8(ascii: ","))
            }
            ASCIINumbers.append(last, to: &bytes)
        }
        switch self {
        case .written(let digest):
            bytes.append(UInt8(ascii: "w"))
            ASCIINumbers.append(Int64(digest.count), to: &bytes)
            bytes.append(UInt8(ascii: ","))
            ASCIINumbers.append(digest.hash, radix: 16, to: &bytes)
        case .copied(let stamp): numbers("c", [stamp.size, Int64(stamp.modified), Int64(stamp.changed)], last: stamp.inode)
        case .found(let stamp): numbers("f", [stamp.size, Int64(stamp.modified), Int64(stamp.changed)], last: stamp.inode)
        case .unknown: bytes.append(UInt8(ascii: "-"))
        }
    }

    init?(manifestText text: some Collection<UInt8>) {
        guard let kind = text.first else { return nil }
        let fields = text.dropFirst().split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        switch (kind, fields.count) {
        case (UInt8(ascii: "-"), 1) where fields[0].isEmpty:
            self = .unknown
        case (UInt8(ascii: "w"), 2):
            guard let count = ASCIINumbers.parse(fields[0]), let hash = ASCIINumbers.unsigned(fields[1], radix: 16) else { return nil }
            self = .written(ContentDigest(hash: hash, count: Int(count)))
        case (UInt8(ascii: "c"), 4), (UInt8(ascii: "f"), 4):
            guard let size = ASCIINumbers.parse(fields[0], signed: true), let modified = ASCIINumbers.parse(fields[1], signed: true),
                  let changed = ASCIINumbers.parse(fields[2], signed: true), let inode = ASCIINumbers.unsigned(fields[3]) else { return nil }
            let stamp = FileStamp(size: size, modified: Int(modified), changed: Int(changed), inode: inode)
            self = kind == UInt8(ascii: "c") ? .copied(stamp) : .found(stamp)
        default:
            return nil
        }
    }
}
