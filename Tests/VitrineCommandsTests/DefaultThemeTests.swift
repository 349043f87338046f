import Foundation
import Testing
@testable import VitrineCommands
import VitrineCore

/// The default theme built into the binary, which a `vitrine` copied away from Themes/ uses.
@Suite struct DefaultThemeTests {
    /// It is Themes/default as it is now, file for file: the build plugin embeds every change.
    @Test func theBuiltInDefaultIsTheDefaultThemeFolder() throws {
        let folder = VitrineBinary.repository.appendingPathComponent("Themes/default").path
        let onDisk = try ThemeLoader.load(folder)
        #expect(onDisk.count > 20)
        #expect(InputOptions.builtInDefault.map(\.path) == onDisk.map(\.path))
        #expect(InputOptions.builtInDefault == onDisk)
    }
}
