import Foundation

/// Byte-for-byte comparison of two files too large to hold, read a piece at a time.
enum FileComparison {
    /// Whether the files at `a` and `b` hold the same bytes; false when either cannot be read.
    static func same(_ a: String, _ b: String) -> Bool {
        guard let first = FileHandle(forReadingAtPath: a), let second = FileHandle(forReadingAtPath: b) else { return false }
        defer {
            try? first.close()
            try? second.close()
        }
        do {
            while true {
                // A regular file yields whole pieces until its end, where it yields nothing (nil or empty).
                let x = try first.read(upToCount: 1 << 20) ?? Data(), y = try second.read(upToCount: 1 << 20) ?? Data()
                guard x == y else { return false }
                if x.isEmpty { return true }
            }
        } catch {
            return false
        }
    }
}
