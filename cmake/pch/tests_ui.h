// Precompiled for the tests that link the window's library, hilui (cmake/pch.cmake): the tests'
// common set plus Qt Widgets, whose headers are most of such a test's compile.
#include "tests_core.h"

#include <QtWidgets>
