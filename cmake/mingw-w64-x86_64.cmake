# Toolchain: Windows x64 programs built on Debian with Debian's MinGW-w64 (posix threads, SEH),
# linked against the Windows Qt SDK in HIL_WIN64_SDK (Qt 6.4.2 + Charts, SerialPort, QCustomPlot,
# OpenSSL, Paho, SDL2). moc, rcc, uic and lrelease are Debian's own Qt 6.4.2 (QT_HOST_PATH=/usr): the
# SDK holds no Windows Qt tools. `make windows` passes HIL_WIN64_SDK (the Makefile says where it looks;
# `make windows-sdk` builds one).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

if(NOT HIL_WIN64_SDK)
  set(HIL_WIN64_SDK "$ENV{HIL_WIN64_SDK}")
endif()
if(NOT HIL_WIN64_SDK OR NOT EXISTS "${HIL_WIN64_SDK}/lib/cmake/Qt6")
  message(FATAL_ERROR "HIL_WIN64_SDK must name the Windows Qt SDK (a folder with lib/cmake/Qt6); "
                      "got '${HIL_WIN64_SDK}'")
endif()
# Seen again by try_compile() projects, which re-read this file.
set(CMAKE_TRY_COMPILE_PLATFORM_VARIABLES HIL_WIN64_SDK)

set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)

set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32 "${HIL_WIN64_SDK}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

set(CMAKE_PREFIX_PATH "${HIL_WIN64_SDK}")
set(QT_HOST_PATH /usr)
set(QT_HOST_PATH_CMAKE_DIR /usr/lib/x86_64-linux-gnu/cmake)
set(OPENSSL_ROOT_DIR "${HIL_WIN64_SDK}")
