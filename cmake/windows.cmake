# The Windows build (toolchain cmake/mingw-w64-x86_64.cmake, `make windows`): how its tests run
# here, under Wine. Included by the top-level CMakeLists.txt when cross-compiling for Windows.
#
# Every test executable is started through build-win/wine-test.sh (CMAKE_CROSSCOMPILING_EMULATOR,
# which ctest puts in front of each test's command): a private WINEPREFIX under the build folder,
# the SDK's and MinGW's DLLs on WINEPATH, Qt's plugins from the SDK. Wine 8 does not hand a
# Windows console program's output to a Unix pipe it did not create itself when the program writes
# through the console API: Qt Test's log is therefore written to a file (-o FILE,txt) and printed
# by the wrapper afterwards, so ctest --output-on-failure shows it.

find_program(HIL_WINE64 NAMES wine64 PATHS /usr/lib/wine NO_DEFAULT_PATH)
if(NOT HIL_WINE64)
  find_program(HIL_WINE64 NAMES wine64)
endif()
if(NOT HIL_WINE64)
  message(STATUS "wine64 not found: the Windows tests are built but cannot run here")
  set(HIL_WINE64 /usr/lib/wine/wine64)
endif()

# Z: is Wine's drive for the Unix root: a Unix path becomes Z:\ plus the path, backslashed.
function(hil_wine_path out unix)
  string(REPLACE "/" "\\" win "${unix}")
  set(${out} "Z:${win}" PARENT_SCOPE)
endfunction()

set(HIL_MINGW_RUNTIME_DIRS /usr/lib/gcc/x86_64-w64-mingw32/12-posix /usr/x86_64-w64-mingw32/lib)
set(wine_path "")
foreach(dir "${HIL_WIN64_SDK}/bin" ${HIL_MINGW_RUNTIME_DIRS})
  hil_wine_path(w "${dir}")
  list(APPEND wine_path "${w}")
endforeach()
list(JOIN wine_path "\\;" HIL_WINEPATH) # the shell script's ';' separators, escaped for sh
hil_wine_path(HIL_WINE_PLUGINS "${HIL_WIN64_SDK}/plugins")
set(HIL_WINEPREFIX ${CMAKE_BINARY_DIR}/wineprefix)

configure_file(${CMAKE_CURRENT_LIST_DIR}/wine-run.sh.in ${CMAKE_BINARY_DIR}/wine-run.sh
               @ONLY FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ
               GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
configure_file(${CMAKE_CURRENT_LIST_DIR}/wine-test.sh.in ${CMAKE_BINARY_DIR}/wine-test.sh
               @ONLY FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ
               GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_BINARY_DIR}/wine-test.sh)

# Windows headers: Windows 10 API level; no min/max macros to clash with std::min.
add_compile_definitions(_WIN32_WINNT=0x0A00 NOMINMAX)
