import Foundation

/// The files of `Themes/default`, built into the binary at compile time, so a `vitrine`
/// copied anywhere still has its default theme (a `Themes/` folder found on disk comes first).
public enum DefaultTheme {
    /// Paths relative to the theme folder, sorted, with their bytes.
    public static let files: [(path: String, bytes: [UInt8])] = embeddedFiles.map { file in
        guard let data = Data(base64Encoded: file.base64) else { preconditionFailure("the build embedded \(file.path) as invalid base64") }
        return (file.path, Array(data))
    }
}
