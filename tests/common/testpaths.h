#pragma once
// Where a test finds the checkout and the build tree, at run time. No path is compiled in: the
// compile lines of two checkouts at different places must be identical so that the compiler
// cache serves the second from the first (docs/building.md, "The compiler cache").
//
// Every executable of a build lives in <build>/bin, so the build tree is the folder above the
// running program; CMake writes <build>/testpaths.txt with the checkout's place relative to it
// (tests/CMakeLists.txt). Any thread, also before a Q(Core)Application exists.
#include <QString>

namespace hil::testpaths {

/// The build tree (CMAKE_BINARY_DIR), absolute, without a trailing slash.
QString binaryDir();

/// The checkout (CMAKE_SOURCE_DIR), absolute, without a trailing slash.
QString sourceDir();

/// tests/fixtures of the checkout: the captured replies.
QString fixturesDir();

/// The program the tests start as a child, in this build: hilstation, or hilstation-console.exe
/// on Windows (its output and exit status reach a parent process).
QString program();

/// A helper executable of this build's bin/ folder by name (session_child).
QString executable(const QString &name);

} // namespace hil::testpaths
