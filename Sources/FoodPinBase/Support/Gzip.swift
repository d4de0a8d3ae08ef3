import CNIOExtrasZlib

/// Bytes gzip-compressed at the best level, through the zlib that swift-nio-extras carries (a
/// fixed version, so the same bytes always give the same file: a deploy compares them by hash).
public enum Gzip {
    public static func compress(_ input: [UInt8]) -> [UInt8] {
        var stream = cnioextras_z_stream()
        // 15 bits of window, +16 for a gzip header and trailer (no name, no time: the same each run).
        guard CNIOExtrasZlib_deflateInit2(&stream, 9, CNIOEXTRAS_Z_DEFLATED, 15 + 16, 9, CNIOEXTRAS_Z_DEFAULT_STRATEGY) == CNIOEXTRAS_Z_OK else {
            fatalError("zlib could not start: out of memory")
        }
        defer { cnioextras_z_deflateEnd(&stream) }
        let bound = Int(cnioextras_z_deflateBound(&stream, UInt(input.count)))
        var output = [UInt8](repeating: 0, count: bound)
        var input = input
        let produced = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                // The bound fits the whole output, so one call finishes.
                precondition(cnioextras_z_deflate(&stream, CNIOEXTRAS_Z_FINISH) == CNIOEXTRAS_Z_STREAM_END, "deflateBound was too small")
                return target.count - Int(stream.avail_out)
            }
        }
        output.removeLast(output.count - produced)
        return output
    }
}
