// Precompiled for the tests that link the library modules only (cmake/pch.cmake): Qt Test and what
// it brings (all of Qt Core), Qt Network's sockets, and the standard headers the tests use most.
// Qt's and the standard library's headers only: ours change too often to be worth it.
#include <QtNetwork>
#include <QtTest>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>
