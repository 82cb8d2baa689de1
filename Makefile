# HIL Station: the user's entry point. `make run` and `make test` are the two commands.
# Every system package the build needs is installed here (apt-get, through sudo when not root).

BUILD      ?= build
ASAN_BUILD ?= build-asan
# Warnings are errors on the compiler we ship with (Debian's g++); pass HIL_WERROR=OFF elsewhere.
HIL_WERROR ?= ON
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)

DEB_PACKAGES := cmake ninja-build g++ pkg-config ccache \
	qt6-base-dev qt6-qpa-plugins qt6-charts-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools \
	libqcustomplot-dev libgl-dev \
	dpkg-dev file desktop-file-utils appstream

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
LAUNCHER := $(shell command -v ccache >/dev/null 2>&1 && echo -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
CMAKE_ARGS := -DHIL_WERROR=$(HIL_WERROR) $(LAUNCHER)

.PHONY: all deps configure build run test bench package asan clean

all: build

deps:
	@missing=$$(for p in $(DEB_PACKAGES); do \
	    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; \
	  done); \
	if [ -n "$$missing" ]; then \
	  echo "Installing:" $$missing; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

$(BUILD)/build.ninja:
	cmake --preset default $(CMAKE_ARGS)

configure: deps $(BUILD)/build.ninja

build: configure
	cmake --build $(BUILD) -j $(JOBS)

run: build
	$(BUILD)/bin/hilstation --emulate all

test: build
	cd $(BUILD) && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j $(JOBS) --timeout 300

bench: build
	cmake --build $(BUILD) -j $(JOBS) --target benchmarks
	@for b in $(BUILD)/bin/bench_*; do echo "== $$b"; QT_QPA_PLATFORM=offscreen $$b || exit 1; done

# The Debian package, build/hilstation_<version>_<arch>.deb (installer/packaging.cmake).
# dpkg-shlibdeps (dpkg-dev) and file compute its Depends from the binary.
package: build
	cd $(BUILD) && cpack -G DEB

asan: deps
	[ -f $(ASAN_BUILD)/build.ninja ] || cmake --preset asan $(CMAKE_ARGS)
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && QT_QPA_PLATFORM=offscreen \
	  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  ctest --output-on-failure -j $(JOBS) --timeout 600

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
