import Testing

/// Layout claims of rendering.md §3 checked in a real browser, against what SwiftUI would do.
///
/// How it works: each nested suite writes one scene payload holding all its sub-cases (built with
/// `SceneJSON`). `ChromiumPage.load` builds it into a one-screen site with VitrineCore's public
/// `BuildPipeline` (in-memory input, the default theme), adds `Fixtures/measure.js` to the page,
/// and loads it in headless Chromium (`--dump-dom`, killed after 60 s). The script records the
/// border box of every `[data-v-path]` element and of its modifier boxes (its first-child chain),
/// its scroll extents and whether its corners are painted; the harness reads that back and maps
/// each `componentId` to its element through the payload's JSON Pointers. Each page is loaded
/// once per run (a `static let`) and shared by the suite's tests, so a run costs a few browser
/// launches. Expected numbers come from SwiftUI's layout rules; ±1 px is tolerated.
///
/// Without `chromium` on `PATH` the suites are skipped, unless `VITRINE_REQUIRE_BROWSER=1`, which
/// makes them fail ("chromium not found; run scripts/setup.sh --test").
@Suite("Browser layout", .enabled(if: Chromium.shouldRun, "chromium is not on PATH; run scripts/setup.sh --test"))
enum BrowserLayoutTests {
    /// The default device (rendering.md §2): 390 pt wide, 1 pt = 1 CSS px.
    static let deviceWidth = 390.0
}
