# Tick: `make run` opens the app, `make test` runs every test. Both install what is missing first.

SWIFT ?= swift
# Debian packages the build needs, and those the tests need on top.
BUILD_PACKAGES := libncurses-dev libsqlite3-dev
TEST_PACKAGES := tmux locales
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps test-deps build release run test clean screens bench stress fuzz bench

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
	@command -v $(SWIFT) >/dev/null || { echo "Swift is not on PATH (need Swift 6)"; exit 1; }

test-deps: deps
	$(call install_missing,$(TEST_PACKAGES))

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# Opens Tick on its default store; pass options with ARGS="--db /tmp/try.db".
run: release
	./.build/release/tick $(ARGS)

test: test-deps
	$(SWIFT) build
	$(SWIFT) test

clean:
	rm -rf .build

# Regenerates the screens shown in README.md from docs/screens/*.keys (a test fails when one is stale).
screens: build
	./scripts/update-screens.sh

# Plays the built-in tour in this terminal on a throwaway store; ARGS="--delay 80ms" plays it faster.
demo: build
	./.build/debug/tick demo $(ARGS)

# Builds release and measures the real `tick` in a pseudo-terminal at several store sizes; prints the
# table and writes BENCHMARKS.md. A few minutes; BENCH_SIZES=0,1000 shortens it. Stores are cached
# under .build/bench-stores.
bench: release
	./.build/release/tick-bench

# Kills a process changing a store with SIGKILL at random moments, 50 rounds, and checks that every
# change reported done survived and the store still opens and passes its integrity checks.
# STRESS_ROUNDS and STRESS_SEED override the defaults; CI runs a short seeded round as a test.
stress: build
	./.build/debug/tick-stress --rounds $${STRESS_ROUNDS:-50} $${STRESS_SEED:+--seed $$STRESS_SEED}

# Random key streams against the whole app, checked after every key, plus random key scripts for the
# parser, for FUZZ_SECONDS (default 300). CI runs a short seeded round as a test.
fuzz: build
	./.build/debug/tick-fuzz --seconds $${FUZZ_SECONDS:-300} $${FUZZ_SEED:+--seed $$FUZZ_SEED}
