# Tick: `make run` opens the app, `make test` runs every test. Both install what is missing first.

SWIFT ?= swift
# Debian packages the build needs, and those the tests need on top. libcurl (HTTP, TLS) and libxml2
# (WebDAV XML) are for the CalDAV module; SwiftPM finds libxml2's headers through pkg-config.
BUILD_PACKAGES := libncurses-dev libsqlite3-dev libical-dev libcurl4-openssl-dev libxml2-dev pkg-config
# python3-venv: the CalDAV tests run against a real Radicale server installed in a venv (below);
# faketime: the end-to-end tests run the binary at chosen local times (LocalTimeEndToEndTests);
# xandikos: the second CalDAV server the sync tests run against (Tests/CalDAVTests/Support/TestServer.swift),
# and the bench's Xandikos rows; it writes control characters raw into its XML (XandikosTests);
# time: GNU time measures the peak memory of tick sync reading a huge answer (HostileSyncCommandTests);
# taskwarrior: the import tests make real `task export` files with it (TaskwarriorImportTests);
# zsh, fish: the generated completion scripts are run in them (CompletionScriptShellTests).
TEST_PACKAGES := tmux locales groff-base python3-venv faketime xandikos time taskwarrior zsh fish
# What `make screens` needs to draw the README's animation: a Python venv for the SVG renderer.
SCREENS_PACKAGES := python3-venv
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps test-deps radicale interop-clients build release run demo test test-zone clean screens theme-screenshots install uninstall deb dist bench stress stress-sync fuzz fuzz-libfuzzer

all: build

# Install missing Debian packages (apt only when something is missing; sudo when not root).
define install_missing
	@missing=""; for package in $(1); do \
		dpkg -s $$package >/dev/null 2>&1 || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
endef

deps:
	$(call install_missing,$(BUILD_PACKAGES))
	@command -v $(SWIFT) >/dev/null || { echo "Swift is not on PATH (need Swift 6)$(if $(SUDO_USER),; under sudo the PATH is root's: run make release as yourself first)"; exit 1; }

test-deps: deps radicale interop-clients
	$(call install_missing,$(TEST_PACKAGES))

# Radicale, the CalDAV server the CalDAV tests start (Tests/CalDAVTests/Support/RadicaleServer.swift:
# 127.0.0.1, a free port, a throwaway folder, its own config, stopped after each test). It lives in
# a venv under .build (never system-wide), installed from PyPI once (about 2 s). Pinned to the
# version the tests were written against; RADICALE="radicale==X.Y" tries another.
RADICALE_VENV := .build/venv
RADICALE ?= radicale==3.9.0
radicale: $(RADICALE_VENV)/.installed
$(RADICALE_VENV)/.installed:
	$(call install_missing,python3-venv)
	python3 -m venv $(RADICALE_VENV)
	$(RADICALE_VENV)/bin/pip install --quiet --disable-pip-version-check $(RADICALE)
	touch $@

# Other clients the tests run against, in the same venv, pinned like Radicale: todoman (a todo CLI)
# with vdirsyncer (which syncs its folder with a CalDAV server) for the interop sync tests
# (Tests/CalDAVTests/TodomanInteropTests.swift), and Python's icalendar, the second parser that judges
# every VTODO Tick writes (Tests/TodoSyncTests/validate_icalendar.py; todoman needs it too).
INTEROP_CLIENTS ?= todoman==4.7.0 vdirsyncer==0.21.0 icalendar==7.3.2
interop-clients: $(RADICALE_VENV)/.interop-installed
$(RADICALE_VENV)/.interop-installed: $(RADICALE_VENV)/.installed
	$(RADICALE_VENV)/bin/pip install --quiet --disable-pip-version-check $(INTEROP_CLIENTS)
	touch $@

build: deps
	$(SWIFT) build

# The Swift runtime is linked into the release binary: it starts sooner, uses less memory and spends
# ~5% less CPU per key than with the shared libraries (measured by `make bench`), and it runs on a
# machine without Swift.
release: deps
	$(SWIFT) build -c release --static-swift-stdlib

# Opens Tick on its default store; pass options with ARGS="--db /tmp/try.db".
run: release
	./.build/release/tick $(ARGS)

test: test-deps
	$(SWIFT) build
	$(SWIFT) test
	$(MAKE) --no-print-directory test-zone

# The suites whose days and times come from the process's zone (TZ, else /etc/localtime), or must not
# (commands, imports and exports given a zone of their own), run once more in a zone whose day differs
# from UTC's at every hour: CI and this machine run in UTC, where an offset applied with the wrong
# sign, or not at all, or the process's zone read instead of the one given, changes nothing. After a
# build (make test runs it last). One --filter each (`\.Name\b`: no other suite whose name ends the
# same); Suite/test names one test (RealClockTests' others start children in zones of their own; of
# the import suites, the tests with due times; CommandLineStreamedTaskwarriorTests/severalBatches,
# 8,000 tasks, would double the time). ZoneSuitesTests checks that each name exists.
# TEST_ZONE=America/New_York tries another zone.
TEST_ZONE ?= Pacific/Kiritimati
ZONE_SUITES := RealClockTests/matchesGlibcInThisProcess LocalTimeTests/fromEnvironmentReadsTheProcess \
	CommandLineDueListingTests CommandLineRecurrenceTests CommandLineReminderTests RecurringTodoTests \
	ReminderStoreTests DueTimeStoreTests StartDateStoreTests InteropTodoTxtTests TaskwarriorReaderTests \
	ICalendarFileTests VTodoMappingTests VTodoAlarmTests ImportZoneTests VdirImportTests/collections \
	VdirImportTests/realTodoman TaskwarriorImportTests/realExport TaskwarriorImportTests/roundTrip
test-zone:
	TZ=$(TEST_ZONE) $(SWIFT) test --skip-build $(foreach suite,$(ZONE_SUITES),--filter '\.$(suite)\b')

clean:
	rm -rf .build

# Where `make install` puts Tick ($(DESTDIR)$(PREFIX)/bin/tick, share/man/man1/tick.1 and the bash,
# zsh and fish completions under share/); DESTDIR stages an install for packaging.
PREFIX ?= /usr/local
DESTDIR ?=
# The program `make install` copies: the release build, made first, unless TICK_BINARY names
# another (the tests install the debug build, which needs no release build). Under sudo
# (`make release && sudo make install`) the release build `make release` made is installed as it
# is: sudo's PATH seldom has Swift, and a build as root would leave files in .build you cannot
# write.
TICK_BINARY ?=
INSTALL_BUILD := $(if $(TICK_BINARY),,$(if $(and $(SUDO_USER),$(wildcard .build/release/tick)),,release))

install: $(INSTALL_BUILD)
	@$(if $(INSTALL_BUILD)$(TICK_BINARY),:,echo "Installing .build/release/tick as make release built it (under sudo, make install builds nothing)")
	DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" ./scripts/install.sh install "$(or $(TICK_BINARY),.build/release/tick)"

# Removes exactly the files `make install` puts there (same PREFIX and DESTDIR).
uninstall:
	DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" ./scripts/install.sh uninstall

# Packages for people without Swift, written to DIST_DIR (default .build/dist): `make deb` a Debian
# package of the release build (the Swift runtime linked in) with what `make install` installs, its
# Depends worked out from the libraries the program needs; `make dist` a tarball of the same files
# plus README, docs/*.md, LICENSE and CHANGELOG for other systems (scripts/package.sh says how). TICK_BINARY
# packages another build, as for `make install`.
DIST_DIR ?= .build/dist
deb: $(if $(TICK_BINARY),,release)
	./scripts/package.sh deb "$(or $(TICK_BINARY),.build/release/tick)" "$(DIST_DIR)"

dist: $(if $(TICK_BINARY),,release)
	./scripts/package.sh dist "$(or $(TICK_BINARY),.build/release/tick)" "$(DIST_DIR)"

# The SVG renderer for the README's animation, in a venv of its own under .build (pinned, so the
# same recording always gives the same picture). svgterm (termtosvg's continuation) sizes each run
# of text by its display width, so CJK and emoji keep their columns; showreel's SVG export, tried
# too, placed wide characters one column apart and dropped reverse video. svgterm imports pkg_resources,
# which venvs of Python 3.12 and later no longer bring: hence setuptools.
SVG_VENV := .build/svg-venv
SVG_RENDERER := svgterm==1.1.0 'setuptools<81'
$(SVG_VENV)/.installed:
	$(call install_missing,$(SCREENS_PACKAGES))
	python3 -m venv $(SVG_VENV)
	$(SVG_VENV)/bin/pip install --quiet --disable-pip-version-check $(SVG_RENDERER)
	touch $@

# Regenerates the screens shown in README.md and docs/*.md from docs/screens/*.keys (a test fails
# when one is stale), and the animation at the README's top: `tick demo --record` into docs/tour.cast, drawn as
# docs/tour.svg.
screens: build $(SVG_VENV)/.installed
	SVG_VENV=$(SVG_VENV) ./scripts/update-screens.sh

# Screenshots of each named theme in a real xterm under Xvfb, into docs/themes/ (for the docs; not
# part of the tests: it needs an X server). Installs xvfb, xterm, x11-utils and imagemagick if missing.
THEME_SCREENSHOT_PACKAGES := xvfb xterm x11-utils imagemagick faketime fonts-dejavu-core fonts-noto-cjk
theme-screenshots: build
	$(call install_missing,$(THEME_SCREENSHOT_PACKAGES))
	./scripts/theme-screenshots.sh .build/debug/tick docs/themes

# Plays the built-in tour in this terminal on a throwaway store; ARGS="--delay 80ms" plays it faster.
demo: build
	./.build/debug/tick demo $(ARGS)

# Builds release and measures the real `tick` in a pseudo-terminal at several store sizes; prints the
# table and writes BENCHMARKS.md. A few minutes; BENCH_SIZES=0,1000 shortens it. Stores are cached
# under .build/bench-stores. The sync rows start Radicale (hence `radicale`) and Xandikos (installed
# here if missing; vdirsyncer's rows need `make interop-clients` and say so without it); BENCH_SYNC=0
# leaves them out, BENCH_ONLY=sync runs only them (printed, BENCHMARKS.md untouched); BENCH_ONLY=query
# BENCH_SIZES=1000000 runs only the query rows (a tag and a word, a due-date range) and prints them.
bench: release radicale
	$(call install_missing,xandikos)
	./.build/release/tick-bench

# Kills a process changing a store with SIGKILL at random moments, 50 rounds, and checks that every
# change reported done survived and the store still opens and passes its integrity checks.
# STRESS_ROUNDS and STRESS_SEED override the defaults; CI runs a short seeded round as a test.
stress: build
	./.build/debug/tick-stress --rounds $${STRESS_ROUNDS:-50} $${STRESS_SEED:+--seed $$STRESS_SEED}

# Two devices syncing through a real Radicale (.build/venv, 127.0.0.1, behind the CalDAV tests' fault
# proxy): random changes on both, the real `tick sync` killed with SIGKILL at random requests (20 rounds,
# sometimes twice, sometimes while another tick changes the store), then clean syncs and a check that
# nothing reported done is lost and no UID is twice anywhere. ROUNDS and SEED override the defaults;
# `make test` runs a short seeded run (Tests/EndToEndTests/StressTests.swift).
stress-sync: build radicale
	./.build/debug/tick-stress sync --rounds $${ROUNDS:-20} $${SEED:+--seed $$SEED}

# Random key streams against the whole app, checked after every key, plus random key scripts for the
# parser, for FUZZ_SECONDS (default 300). CI runs a short seeded round as a test. FUZZ_SHRINK=SECONDS
# shrinks a failure to a short script for a regression test (CONTRIBUTING.md).
fuzz: build
	./.build/debug/tick-fuzz --seconds $${FUZZ_SECONDS:-300} $${FUZZ_SEED:+--seed $$FUZZ_SEED} $${FUZZ_SHRINK:+--shrink $$FUZZ_SHRINK}

# The same checks, coverage-guided by libFuzzer (this toolchain's `-sanitize=fuzzer`): the library
# modules are built instrumented into their own folder and linked with libFuzzer's runtime, which
# supplies main. FUZZ_SECONDS as above; the corpus grows in .build/libfuzzer/corpus, and an input
# that fails a check is saved in .build/libfuzzer/crashes (replay: .build/libfuzzer/tick-libfuzzer FILE).
# The link line follows the modules: that build folder holds TickFuzzing and the targets it depends
# on, so every object in it is linked, with the system libraries the module maps name (`link "…"`).
LIBFUZZER := .build/libfuzzer
LIBFUZZER_LIBS = $(shell sed -n 's/^ *link "\(.*\)".*/-l\1/p' Sources/*/module.modulemap) -ldl
fuzz-libfuzzer: deps
	$(SWIFT) build --build-path $(LIBFUZZER) --target TickFuzzing -Xswiftc -sanitize=fuzzer
	swiftc -sanitize=fuzzer -emit-executable -o $(LIBFUZZER)/tick-libfuzzer \
		$(LIBFUZZER)/debug/*.build/*.o $(LIBFUZZER_LIBS)
	mkdir -p $(LIBFUZZER)/corpus $(LIBFUZZER)/crashes
	$(LIBFUZZER)/tick-libfuzzer -max_total_time=$${FUZZ_SECONDS:-300} -print_final_stats=1 -artifact_prefix=$(LIBFUZZER)/crashes/ $(LIBFUZZER)/corpus
