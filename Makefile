# The two commands of the README: `make demo` and `make test`.
SWIFT ?= swift

.PHONY: demo test build install uninstall bench fuzz clean
# Golden files are recorded on purpose, never by an exported variable during `make test`.
unexport VITRINE_RECORD_GOLDEN
PREFIX ?= /usr/local

## Build the tool and render the bundled demo Site/ into _site/.
demo:
	@scripts/setup.sh
	$(SWIFT) build --product vitrine
	.build/debug/vitrine build Site -o _site
	@echo "Open _site/index.html in a browser (file:// works, no server needed)."

## Run the whole test suite: unit, golden, end-to-end and headless-Chromium checks.
test:
	@scripts/setup.sh --test
	$(SWIFT) build --build-tests
	VITRINE_REQUIRE_BROWSER=1 $(SWIFT) test --skip-build --skip VitrineServeTests
	# One at a time, apart from the rest: the in-process servers must never wait for a Swift
	# concurrency thread that a blocking test (a build, a browser) holds.
	$(SWIFT) test --skip-build --filter VitrineServeTests --no-parallel
	scripts/serve_load_test.py .build/debug/vitrine --seconds 5
	VITRINE_REQUIRE_BROWSER=1 scripts/serve_browser_test.py .build/debug/vitrine
	Fuzz/run.sh replay

build:
	@scripts/setup.sh
	$(SWIFT) build -c release --product vitrine

## Install the release binary and the themes: PREFIX/bin/vitrine, PREFIX/share/vitrine/Themes.
install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/vitrine
	install -m 755 .build/release/vitrine $(DESTDIR)$(PREFIX)/bin/vitrine
	rm -rf $(DESTDIR)$(PREFIX)/share/vitrine/Themes
	cp -R Themes $(DESTDIR)$(PREFIX)/share/vitrine/Themes

## Remove what `make install` put under PREFIX (the same PREFIX).
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/vitrine
	rm -rf $(DESTDIR)$(PREFIX)/share/vitrine

## Benchmark a release build on generated 1k and 10k corpora (see "Speed" in README.md).
bench:
	@scripts/setup.sh
	bench/run.sh

## Fuzz every target for FUZZ_SECONDS each (default 600); findings land in Fuzz/Regressions/.
fuzz:
	@scripts/setup.sh
	Fuzz/run.sh fuzz $(or $(FUZZ_SECONDS),600)

clean:
	rm -rf .build _site
