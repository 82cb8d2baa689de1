# HIL Station: the user's entry point. `make run` and `make test` are the two commands.
# Every system package the build needs is installed here (apt-get, through sudo when not root).

BUILD      ?= build
ASAN_BUILD ?= build-asan
TSAN_BUILD ?= build-tsan
FUZZ_BUILD ?= build-fuzz
WIN_BUILD  ?= build-win
# The Windows Qt SDK (Qt 6.4.2, Charts, SerialPort, QCustomPlot, OpenSSL, Paho, SDL2; MinGW-w64 builds).
# Found in this order: HIL_WIN64_SDK when set; ../shared/win64-sdk when it holds one; the one
# `make windows-sdk` builds in the user's cache. `make windows-sdk` builds into HIL_WIN64_SDK when
# that is set, else into the cache (never into ../shared).
WIN_SDK_CACHE := $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/hilstation/win64-sdk
WIN_SDK_DEST  := $(abspath $(or $(HIL_WIN64_SDK),$(WIN_SDK_CACHE)))
HIL_WIN64_SDK ?= $(abspath $(if $(wildcard ../shared/win64-sdk/lib/cmake/Qt6),../shared/win64-sdk,$(WIN_SDK_CACHE)))
# Debian's wine64 puts its programs here, not on PATH (wineboot is `wine64 wineboot`).
WINE64     := /usr/lib/wine/wine64
WINESERVER := /usr/lib/wine/wineserver
VERSION := $(shell grep -m1 '^project' CMakeLists.txt | grep -o 'VERSION [0-9.]*' | cut -d' ' -f2)
# Seconds each fuzzer runs under `make fuzz`; seconds the whole-station soak runs under `make soak`.
FUZZ_SECONDS ?= 60
SOAK_SECONDS ?= 600
# Warnings are errors on the compiler we ship with (Debian's g++); pass HIL_WERROR=OFF elsewhere.
HIL_WERROR ?= ON
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)

DEB_PACKAGES := cmake ninja-build g++ lld pkg-config ccache \
	qt6-base-dev qt6-qpa-plugins qt6-charts-dev libqt6opengl6-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools \
	libqcustomplot-dev libgl-dev qt6-serialport-dev socat \
	dpkg-dev file desktop-file-utils appstream \
	locales qt6-translations-l10n fonts-wqy-microhei \
	libpaho-mqtt-dev libpaho-mqttpp-dev libssl-dev mosquitto mosquitto-clients python3-paho-mqtt openssl \
	libsdl2-dev nodejs poppler-utils

# The Windows build's own packages (`make windows*`): the cross compiler, the installer builder,
# Wine to test under, and the X tools of the real-window test (make windows-window).
WIN_PACKAGES := $(DEB_PACKAGES) g++-mingw-w64-x86-64-posix nsis wine64 fonts-dejavu-core \
	xvfb xauth xdotool x11-apps x11-utils netpbm
# What `make windows-sdk` builds the SDK with: the cross compiler and its tools, CMake and Ninja,
# Debian's Qt 6.4.2 for moc, rcc and uic, dpkg-source to unpack Debian's source packages, Perl and
# make for OpenSSL's own build.
WIN_SDK_PACKAGES := g++-mingw-w64-x86-64-posix mingw-w64-tools binutils-mingw-w64-x86-64 cmake \
	ninja-build qt6-base-dev qt6-base-dev-tools dpkg-dev perl make

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Asked when a recipe configures, not when make reads this file: on a fresh machine ccache arrives
# with `deps` in the same run, and a parse-time check configured that first build without it
# (make fresh compiled the whole tree anew although this machine's cache was mounted in).
LAUNCHER = $$(command -v ccache >/dev/null 2>&1 && echo -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# The cache's settings travel with every compile (cmake/ccache.cmake): a second checkout at
# another path reuses the first one's compiles.
CMAKE_ARGS = -DHIL_WERROR=$(HIL_WERROR) $(LAUNCHER)
# Each build's compiles as the compiler cache saw them (its stats log), printed after it: a cache
# that stops serving a second checkout shows in CI's log as a figure. The log of the last build
# that compiled anything stays in DIR/ccache-stats.log (a build with nothing to do keeps it).
# $(call cached_build,DIR,ARGS...) builds DIR and prints "DIR: compiler cache hits N / M".
define cached_build
	@rm -f $(1)/ccache-stats.new
	CCACHE_STATSLOG=$(abspath $(1))/ccache-stats.new cmake --build $(1) -j $(JOBS) $(2)
	@if [ -s $(1)/ccache-stats.new ] && command -v ccache >/dev/null; then \
	  mv $(1)/ccache-stats.new $(1)/ccache-stats.log; \
	  CCACHE_STATSLOG=$(abspath $(1))/ccache-stats.log ccache --show-log-stats | \
	  sed -n 's|^ *Hits: *|$(1): compiler cache hits |p'; fi
endef

.PHONY: all deps install-packages locale-de configure build run test check bench package asan tsan fuzz soak fresh fresh-newcomer warm clean \
	format format-check windows windows-test windows-package windows-smoke windows-window \
	windows-sdk windows-sdk-compare

all: build

deps:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(DEB_PACKAGES)"
	@# npm (the tests' independent .tlog reader installs with it) comes with Debian's nodejs as
	@# its own package, but inside other builds of nodejs (NodeSource's), which Debian's npm
	@# package cannot be installed beside: asked for only when no npm is there.
	@command -v npm >/dev/null 2>&1 || $(MAKE) --no-print-directory install-packages PACKAGES=npm
	@$(MAKE) --no-print-directory locale-de

# The German locale the suite's second pass runs under; generated only when `locale -a` lacks it.
locale-de:
	@locale -a 2>/dev/null | grep -qix 'de_DE\.utf-\?8' || { \
	  echo "Generating locale de_DE.UTF-8"; \
	  if grep -q '^# *de_DE.UTF-8 UTF-8' /etc/locale.gen 2>/dev/null; then \
	    $(SUDO) sed -i 's/^# *de_DE.UTF-8 UTF-8/de_DE.UTF-8 UTF-8/' /etc/locale.gen; \
	  else echo 'de_DE.UTF-8 UTF-8' | $(SUDO) tee -a /etc/locale.gen >/dev/null; fi; \
	  $(SUDO) locale-gen >/dev/null; }

# Installs the Debian packages in PACKAGES that are missing (quiet when none are).
install-packages:
	@missing=$$(for p in $(PACKAGES); do \
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
	$(call cached_build,$(BUILD))

run: build
	$(BUILD)/bin/hilstation --emulate all

# The suite in the C locale, then again under German (decimal comma) the tests labelled `locale`:
# those that run the window's code or start the program, the only code that may follow the
# desktop's locale (docs/building.md, "The German pass"; tests/locale/locale_pass.py holds the
# rule). `make check` runs every test in both locales (CI). TEST_DE=no skips the German pass
# (make fresh: the host's run has covered it on the same tree). Neither German pass runs the Wine
# tests: the Windows C runtime starts in the C locale whatever LC_ALL says (docs/building.md).
TEST_DE ?= yes
# After a failed ctest (run in the build folder): every failed Qt Test check with its file and
# line, last, so that a log cut to its head and tail still names what failed.
LIST_FAILED_CHECKS = echo "== failed checks (Testing/Temporary/LastTest.log)"; \
	grep -h -A2 '^FAIL!' Testing/Temporary/LastTest.log | cut -c1-400
FAILED_CHECKS = { $(LIST_FAILED_CHECKS); exit 1; }
# Twice as many tests as cores at once in the plain build's passes: most of the suite waits on real
# time (stand-ins at their peers' pace, timeouts, a real PX4), and at one test a core both cores
# sat half idle. At two a core every test took as long as alone (ctest's times, the longest 24
# compared) and a pass 284 s instead of 441-501 s; at four a core the real-PX4 and Wine tests
# failed (docs/building.md, "How many tests at once"). The sanitizer and Windows passes keep one a
# core: their tests are CPU-bound.
TEST_JOBS ?= $(shell echo $$(( $(JOBS) * 2 )))
CTEST = QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j $(TEST_JOBS) --timeout 300
CTEST_DE = LC_ALL=de_DE.UTF-8 LANG=de_DE.UTF-8 $(CTEST)
test: build
	cd $(BUILD) && $(CTEST) || $(FAILED_CHECKS)
ifneq ($(TEST_DE),no)
	@echo "== under LC_ALL=de_DE.UTF-8: the tests labelled locale"
	cd $(BUILD) && $(CTEST_DE) -L locale || $(FAILED_CHECKS)
endif

check: build
	cd $(BUILD) && $(CTEST) || $(FAILED_CHECKS)
	@echo "== the whole suite again under LC_ALL=de_DE.UTF-8, but the Wine tests"
	cd $(BUILD) && $(CTEST_DE) -LE wine || $(FAILED_CHECKS)

bench: build
	cmake --build $(BUILD) -j $(JOBS) --target benchmarks
	@for b in $(BUILD)/bin/bench_*; do echo "== $$b"; QT_QPA_PLATFORM=offscreen $$b || exit 1; done

# The Debian package, build/hilstation_<version>_<arch>.deb (installer/packaging.cmake).
# dpkg-shlibdeps (dpkg-dev) and file compute its Depends from the binary.
package: build
	cd $(BUILD) && cpack -G DEB

asan: deps
	[ -f $(ASAN_BUILD)/build.ninja ] || cmake --preset asan $(CMAKE_ARGS)
	$(call cached_build,$(ASAN_BUILD))
	cd $(ASAN_BUILD) && QT_QPA_PLATFORM=offscreen \
	  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  ctest --output-on-failure -j $(JOBS) --timeout 600 -LE 'wine|slow' || $(FAILED_CHECKS)

# ThreadSanitizer build (CMake preset tsan) of the tests labelled `threaded` (tests/CMakeLists.txt:
# THREADED): every test that runs a worker thread, the Station, recorder, telemetry hub or replay.
# Debian's Qt is not built with TSan: where Qt's own locks hand our data to another thread, our
# code says so (lib/model/tsan.h); tests/tsan.supp holds only reports wholly inside Qt's libraries.
# Every report (of a test or of a hilstation/session_child it starts) is written to
# $(TSAN_BUILD)/tsan-reports/ (log_path); the run fails when that folder is not empty afterwards,
# so a report counts even when a test ignores its child's exit status (exitcode=66 in each process).
TSAN_REPORTS = $(CURDIR)/$(TSAN_BUILD)/tsan-reports
# die_after_fork=0: the tests that start PX4 SITL (QProcess from a process that already runs
# threads) otherwise die in TSan's after-fork check; the forked child only execs.
TSAN_RUN_OPTIONS = suppressions=$(CURDIR)/tests/tsan.supp halt_on_error=0 exitcode=66 \
	second_deadlock_stack=1 history_size=4 die_after_fork=0 log_path=$(TSAN_REPORTS)/report
tsan: deps
	[ -f $(TSAN_BUILD)/build.ninja ] || cmake --preset tsan $(CMAKE_ARGS)
	$(call cached_build,$(TSAN_BUILD),--target threaded_tests)
	rm -rf $(TSAN_REPORTS) && mkdir -p $(TSAN_REPORTS)
	cd $(TSAN_BUILD) && QT_QPA_PLATFORM=offscreen TSAN_OPTIONS="$(TSAN_RUN_OPTIONS)" \
	  ctest -L threaded -LE slow --output-on-failure -j $(JOBS) --timeout 900 && status=0 || { status=1; $(LIST_FAILED_CHECKS); }; \
	if [ -n "$$(ls -A $(TSAN_REPORTS))" ]; then cat $(TSAN_REPORTS)/*; \
	  echo "make tsan: $$(cat $(TSAN_REPORTS)/* | grep -c '^WARNING: ThreadSanitizer') reports in $$(ls $(TSAN_REPORTS) | wc -l) processes (above; files in $(TSAN_REPORTS))"; exit 1; fi; \
	exit $$status

# Every tree CI builds, built at this commit without running a test: the plain one, ASan, TSan's
# threaded tests and the Windows cross build (when the Windows SDK is there). CI's clean clone then
# finds each compile in the compiler cache (docs/building.md, "CI's budget"); with a cold cache the
# three other builds take most of CI's time on two cores.
warm: build
	[ -f $(ASAN_BUILD)/build.ninja ] || cmake --preset asan $(CMAKE_ARGS)
	$(call cached_build,$(ASAN_BUILD))
	[ -f $(TSAN_BUILD)/build.ninja ] || cmake --preset tsan $(CMAKE_ARGS)
	$(call cached_build,$(TSAN_BUILD),--target threaded_tests)
	@if [ -d "$(HIL_WIN64_SDK)/lib/cmake/Qt6" ]; then $(MAKE) --no-print-directory windows; \
	  else echo "warm: no Windows SDK in $(HIL_WIN64_SDK), the Windows build left cold"; fi

# libFuzzer targets (tests/fuzz), one per decoder, in their own clang build: everything compiled
# with ASan + UBSan + fuzzer coverage. Each runs FUZZ_SECONDS, one after the other (ctest -L fuzz).
FUZZ_FLAGS := -fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=all -fno-omit-frame-pointer
# The fuzz build alone needs clang and its libFuzzer runtime: not installed for `make test`.
fuzz: deps
	@$(MAKE) --no-print-directory install-packages PACKAGES="clang libclang-rt-14-dev"
	[ -f $(FUZZ_BUILD)/build.ninja ] || CC=clang CXX=clang++ cmake -S . -B $(FUZZ_BUILD) -G Ninja \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHIL_FUZZ=ON -DHIL_WERROR=OFF \
	  "-DCMAKE_CXX_FLAGS=$(FUZZ_FLAGS)" $(LAUNCHER)
	cmake $(FUZZ_BUILD) -DHIL_FUZZ_SECONDS=$(FUZZ_SECONDS) >/dev/null
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target fuzzers
	cd $(FUZZ_BUILD) && ASAN_OPTIONS=detect_leaks=1 ctest -L fuzz --output-on-failure

# The whole station (--emulate all) at full rate for SOAK_SECONDS: RSS, fds, threads at start
# (after a 10 s warm-up) and at the end, as BENCH lines.
soak: build
	cmake --build $(BUILD) -j $(JOBS) --target bench_soak
	QT_QPA_PLATFORM=offscreen $(BUILD)/bin/bench_soak $(SOAK_SECONDS)

# The README's set-up proven on a bare Debian 12 root (debootstrap minbase + chroot, as root):
# `make test` inside (one pass, in the C locale), then the program headless for 5 s. Details in
# .ci/fresh.sh.
fresh:
	@$(MAKE) --no-print-directory install-packages PACKAGES="debootstrap"
	$(SUDO) env JOBS=$(JOBS) bash .ci/fresh.sh

# The same from nothing, as a new user's first `make test` costs: no compiler cache, no kept
# downloads, both passes; prints package installation, build and tests apart.
fresh-newcomer:
	@$(MAKE) --no-print-directory install-packages PACKAGES="debootstrap"
	$(SUDO) env JOBS=$(JOBS) FRESH_NEWCOMER=1 bash .ci/fresh.sh

# The house style is .clang-format, applied to every C++ file git tracks. clang-format is only
# needed here, not for `make test`; Debian 12's clang-format is 14, the version the tree is formatted
# with (another major version may format differently and fail format-check on an untouched tree).
FORMAT_FILES = $$(git ls-files '*.cpp' '*.h')
format:
	@$(MAKE) --no-print-directory install-packages PACKAGES="clang-format"
	clang-format -i --style=file $(FORMAT_FILES)

format-check:
	@$(MAKE) --no-print-directory install-packages PACKAGES="clang-format"
	@# One clang-format per 40 files, two at a time: a process per file took a minute, this 3 s.
	@bad=$$(git ls-files -z '*.cpp' '*.h' | xargs -0 -P $(JOBS) -n 40 clang-format --style=file \
	  --dry-run --Werror 2>&1 | sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: .*clang-format-violations.*/\1/p' | sort -u); \
	if [ -n "$$bad" ]; then echo "Not formatted (run make format):"; echo "$$bad" | sed 's/^/  /'; exit 1; fi; \
	echo "format-check: $$(git ls-files '*.cpp' '*.h' | wc -l) files formatted"

# ---- Windows: cross-built with Debian's MinGW-w64 against HIL_WIN64_SDK, tested under Wine ----
# docs/windows-build.md says what each target proves and what Wine cannot.
windows:
	@[ -d "$(HIL_WIN64_SDK)/lib/cmake/Qt6" ] || { echo "No Windows SDK in $(HIL_WIN64_SDK):" \
	  "'make windows-sdk' builds one there (docs/windows-build.md, The Windows SDK)"; exit 1; }
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(WIN_PACKAGES)"
	@$(MAKE) --no-print-directory locale-de
	[ -f $(WIN_BUILD)/build.ninja ] || cmake -S . -B $(WIN_BUILD) -G Ninja \
	  -DCMAKE_TOOLCHAIN_FILE=$(CURDIR)/cmake/mingw-w64-x86_64.cmake \
	  -DHIL_WIN64_SDK=$(HIL_WIN64_SDK) -DCMAKE_BUILD_TYPE=Release $(CMAKE_ARGS)
	$(call cached_build,$(WIN_BUILD))

# The suite's Windows build under Wine (offscreen), in the private prefix $(WIN_BUILD)/wineprefix.
# One wineserver for the whole run (-p: it stays up between tests): otherwise every test starts
# and stops its own, and tests started together race to boot the prefix.
windows-test: windows
	@echo "Not built for Windows (reason):"; sed 's/^/  /' $(WIN_BUILD)/not-on-windows.txt
	WINEPREFIX=$(CURDIR)/$(WIN_BUILD)/wineprefix WINEDEBUG=-all $(WINE64) wineboot -i >/dev/null 2>&1 || true
	WINEPREFIX=$(CURDIR)/$(WIN_BUILD)/wineprefix $(WINESERVER) -p 900 || true # already up: fine
	@# Wine (8.0, Debian 12) hands no QT_* variable of the Unix environment to a Windows program:
	@# the offscreen platform is set in the prefix's own user environment instead.
	WINEPREFIX=$(CURDIR)/$(WIN_BUILD)/wineprefix WINEDEBUG=-all $(WINE64) reg add 'HKCU\Environment' \
	  /v QT_QPA_PLATFORM /d offscreen /f >/dev/null 2>&1
	@# Qt's offscreen platform on Windows takes its fonts from QT_QPA_FONTDIR only (not from GDI):
	@# without it every glyph was a box, wider than any letter, and the German window overflowed.
	WINEPREFIX=$(CURDIR)/$(WIN_BUILD)/wineprefix WINEDEBUG=-all $(WINE64) reg add 'HKCU\Environment' \
	  /v QT_QPA_FONTDIR /d 'Z:\usr\share\fonts\truetype\dejavu' /f >/dev/null 2>&1
	@# A figure, not a test: the Windows build's FlightAxis exchange rate beside the Linux build's.
	WINEPREFIX=$(CURDIR)/$(WIN_BUILD)/wineprefix bash installer/windows/exchangerate.sh $(WIN_BUILD) $(BUILD)
	cd $(WIN_BUILD) && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j $(JOBS) --timeout 600; \
	  status=$$?; WINEPREFIX=$(CURDIR)/$(WIN_BUILD)/wineprefix $(WINESERVER) -k; exit $$status

# The installer, $(WIN_BUILD)/hilstation-<version>-win64.exe (NSIS through CPack,
# installer/windows/windows.cmake), and a check that it is what it claims.
windows-package: windows
	cd $(WIN_BUILD) && cpack -G NSIS
	@f=$(WIN_INSTALLER); file "$$f"; \
	  file "$$f" | grep -q 'PE32+ executable' || { echo "$$f: not a PE32+ program"; exit 1; }; \
	  grep -aq 'NullsoftInst' "$$f" || { echo "$$f: no NSIS installer data"; exit 1; }
	@# every program and DLL it packs has its licence beside it (installer/windows/dll-licenses.txt)
	bash installer/windows/check_licenses.sh \
	  $(WIN_BUILD)/_CPack_Packages/win64/NSIS/hilstation-$(VERSION)-win64 installer/windows/dll-licenses.txt

# The Windows SDK from Debian 12's source packages (installer/windows/sdk/build-sdk.sh), into
# HIL_WIN64_SDK when set, else $(WIN_SDK_CACHE); resumable. SDK_ONLY=openssl,sdl2 builds only
# those components, SDK_REDO=1 builds them again, SDK_PIN='openssl=VERSION' takes another Debian
# version, SDK_UNTIL=fetch only downloads. Where Debian's source package cannot be fetched, the
# upstream archive pinned in the script stands in, from SDK_SOURCES (default ../shared/win64-src
# when it exists, else ~/.cache/hilstation/win64-src).
comma := ,
windows-sdk:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(WIN_SDK_PACKAGES)"
	HIL_SDK_PIN='$(SDK_PIN)' HIL_SDK_REDO='$(SDK_REDO)' HIL_SDK_UNTIL='$(SDK_UNTIL)' JOBS=$(JOBS) \
	  HIL_SDK_SOURCES='$(SDK_SOURCES)' \
	  bash installer/windows/sdk/build-sdk.sh $(WIN_SDK_DEST) $(subst $(comma), ,$(SDK_ONLY))

# Two SDKs' DLLs, plugins, libraries, CMake and pkg-config files side by side, and where each
# one's components came from (default: the shared one and the one make windows-sdk built); exit 1
# when their files differ.
SDK_A ?= $(abspath ../shared/win64-sdk)
SDK_B ?= $(WIN_SDK_DEST)
windows-sdk-compare:
	bash installer/windows/sdk/compare.sh $(SDK_A) $(SDK_B)

# Silent install under Wine, --version, 5 s headless with every stand-in, --send stop and quit.
# The installer is made again only when it is missing or older than a program it packs (CI runs
# make windows-package just before: packing it twice cost half a minute).
WIN_INSTALLER = $(WIN_BUILD)/hilstation-$(VERSION)-win64.exe
windows-smoke: windows
	@if [ ! -f $(WIN_INSTALLER) ] || \
	  [ -n "$$(find $(WIN_BUILD)/bin -name '*.exe' -newer $(WIN_INSTALLER) -print -quit)" ]; then \
	  $(MAKE) --no-print-directory windows-package; \
	else echo "$(WIN_INSTALLER) is newer than every program it packs: not packed again"; fi
	bash installer/windows/smoke.sh $(WIN_BUILD) $(VERSION)

# The Windows build in a real window (Wine's windows platform on Xvfb): STOP clicked and Esc
# pressed reach LEVEL BRAKE; a screenshot for docs/screenshots/.
windows-window: windows
	bash installer/windows/realwindow.sh $(WIN_BUILD)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(TSAN_BUILD) $(FUZZ_BUILD) $(WIN_BUILD)
