# Test bundles: several Qt Test programs compiled as one source and linked as one executable, each
# still its own CTest test in its own process (docs/building.md, "A build from nothing"). Included by
# tests/CMakeLists.txt.
#
# Why: a test's compile is mostly Qt's and the standard library's templates instantiated and
# compiled again for every test (QTest::qCompare, QSignalSpy, QList, QJsonObject, std::function),
# then a link of its own. Eight tests of the dry-run module took 21.0 s compiled one by one and
# 6.4 s as one bundle (docs/measured.md, "A build from nothing").
#
# How a bundle keeps its tests apart:
#   - each test's source is included inside a namespace of its own (hil_test_<name>): its classes,
#     helpers, anonymous namespace and `using namespace` stay its own, and QTEST_MAIN defines
#     hil_test_<name>::main instead of ::main;
#   - the test's #include lines are repeated before that namespace, at global scope, so every header
#     is first seen where it belongs (include guards skip it inside the namespace); a bundled
#     test's includes are therefore unconditional and at its top, which the configure step checks;
#   - every macro the test #defines is #undef'd after it;
#   - the bundle's ::main runs the test it was started as: bin/<test> is a symbolic link to the
#     bundle, and argv[0] names the test. The choice is passed on in HIL_TEST_MEMBER, so a test
#     that starts itself again (QCoreApplication::applicationFilePath(), the bundle's own path)
#     runs the same test.
#
# What is bundled: a test of one .cpp (headers beside it that need no moc), linking the libraries
# hil_add_test gives every test or hilui as well (the two precompiled headers' sets), on Linux with
# HIL_PCH on. Tests are grouped by those libraries and by THREADED (so that `make tsan` builds only
# the threaded ones), eight to a bundle in the order CMake reads them. The Windows build keeps one
# executable a test: its runner under Wine copies and starts tests by file name, and symbolic
# links are not Windows'. HIL_PCH=OFF (every file on its own) builds every test alone as well.

set(HIL_TEST_BUNDLE_SIZE 8 CACHE STRING "Tests compiled and linked together in one bundle")

# hil_bundle_eligible(<out> <libs> <sources>...): the test's .cpp when it can join a bundle, else
# empty.
function(hil_bundle_eligible out libs)
  set(${out} "" PARENT_SCOPE)
  if(NOT HIL_PCH OR WIN32 OR HIL_TEST_BUNDLE_SIZE LESS 2)
    return()
  endif()
  if(NOT (libs STREQUAL "" OR libs STREQUAL "hilui"))
    return()
  endif()
  set(cpp "")
  foreach(src ${ARGN})
    get_filename_component(abs ${src} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    if(abs MATCHES "\\.cpp$")
      list(APPEND cpp ${abs})
    else()
      file(STRINGS ${abs} uses_moc REGEX "Q_OBJECT|Q_GADGET")
      if(uses_moc)
        return() # its moc'd code would be compiled once per test of the bundle
      endif()
    endif()
  endforeach()
  list(LENGTH cpp n)
  if(NOT n EQUAL 1)
    return()
  endif()
  # The includes must be unconditional and come before the code: a directive of the #if family
  # before the last #include, or an #include after the first line of code, and the test compiles
  # alone. Cheap to check the first way: no #if-family line at all before the last #include.
  file(READ ${cpp} text)
  string(FIND "${text}" "#include" last_include REVERSE)
  string(SUBSTRING "${text}" 0 ${last_include} head)
  if(head MATCHES "\n[ \t]*#[ \t]*if")
    return()
  endif()
  set(${out} ${cpp} PARENT_SCOPE)
endfunction()

# hil_bundle_member(<name> <source> <libs> <threaded>): the test joins a bundle, made at the end by
# hil_test_bundles(). Called by hil_add_test in the test's own folder: its CTest test is added
# there (its folder's set_tests_properties find it), run as bin/<name>; a target <name> builds it.
function(hil_bundle_member name src libs threaded)
  get_filename_component(abs ${src} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
  if(libs STREQUAL "")
    set(key core)
  else()
    set(key ui)
  endif()
  if(threaded)
    string(APPEND key _threaded)
  endif()
  get_property(keys GLOBAL PROPERTY HIL_BUNDLE_KEYS)
  if(NOT key IN_LIST keys)
    set_property(GLOBAL APPEND PROPERTY HIL_BUNDLE_KEYS ${key})
    set_property(GLOBAL PROPERTY HIL_BUNDLE_LIBS_${key} "${libs}")
  endif()
  set_property(GLOBAL APPEND PROPERTY HIL_BUNDLE_${key} ${name})
  set_property(GLOBAL PROPERTY HIL_BUNDLE_SOURCE_${name} ${abs})
  add_custom_target(${name})
  add_test(NAME ${name} COMMAND ${CMAKE_RUNTIME_OUTPUT_DIRECTORY}/${name})
endfunction()

# The text a bundle's source gives one member.
function(hil_bundle_member_text out name src dir)
  file(RELATIVE_PATH rel ${dir} ${src})
  get_filename_component(src_dir ${src} DIRECTORY)
  file(STRINGS ${src} includes REGEX "^[ \t]*#[ \t]*include[ \t]")
  set(text "// ${name}\n")
  foreach(line ${includes})
    if(line MATCHES "\\.moc\"")
      continue()
    endif()
    # A header beside the test: named from the bundle's folder (the compiler looks beside the file
    # that includes it, and the bundle is elsewhere).
    if(line MATCHES "#[ \t]*include[ \t]*\"([^\"]+)\"")
      set(beside ${src_dir}/${CMAKE_MATCH_1})
      if(EXISTS ${beside} AND NOT IS_DIRECTORY ${beside})
        file(RELATIVE_PATH header ${dir} ${beside})
        set(line "#include \"${header}\"")
      endif()
    endif()
    string(APPEND text "${line}\n")
  endforeach()
  string(APPEND text "namespace hil_test_${name} {\n#include \"${rel}\"\n} // namespace hil_test_${name}\n")
  file(STRINGS ${src} defines REGEX "^[ \t]*#[ \t]*define[ \t]+[A-Za-z_][A-Za-z_0-9]*")
  foreach(line ${defines})
    string(REGEX REPLACE "^[ \t]*#[ \t]*define[ \t]+([A-Za-z_][A-Za-z_0-9]*).*" "\\1" macro "${line}")
    string(APPEND text "#undef ${macro}\n")
  endforeach()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# hil_make_bundle(<target> <libs> <threaded> <members>...)
function(hil_make_bundle target libs threaded)
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/bundles/${target})
  set(text "// Generated by cmake/testbundles.cmake: the tests ${ARGN}, one executable.\n")
  set(sources "")
  set(dispatch "")
  foreach(name ${ARGN})
    get_property(src GLOBAL PROPERTY HIL_BUNDLE_SOURCE_${name})
    list(APPEND sources ${src})
    hil_bundle_member_text(member ${name} ${src} ${dir})
    string(APPEND text "${member}")
    string(APPEND dispatch
      "        if (std::strcmp(name, \"${name}\") == 0) {\n"
      "            setenv(\"HIL_TEST_MEMBER\", name, 1);\n"
      "            return hil_test_${name}::main(argc, argv);\n"
      "        }\n")
  endforeach()
  list(JOIN ARGN " " names)
  string(APPEND text "
#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char **argv)
{
    // The test started: the name of the link it was started by, else the one its parent ran.
    const char *slash = std::strrchr(argv[0], '/');
    const char *started[] = {slash ? slash + 1 : argv[0], std::getenv(\"HIL_TEST_MEMBER\")};
    for (const char *name : started) {
        if (name == nullptr)
            continue;
${dispatch}    }
    std::fprintf(stderr, \"%s: a bundle of tests; run one of them by its link in the same folder: ${names}\\n\", argv[0]);
    return 2;
}
")
  # Written only when it changes: an unchanged bundle is not compiled again.
  file(CONFIGURE OUTPUT ${dir}/bundle.cpp CONTENT "${text}" @ONLY)
  # The members' sources for moc (each includes its own .moc); the bundle compiles bundle.cpp only.
  hil_test_executable(${target} "${libs}" ${dir}/bundle.cpp)
  hil_test_moc(${target} ${sources})
  # GCC warns of a class whose member's type is in an anonymous namespace when the class is not in
  # the main file, as for a header; a bundle's members are main files of their own.
  target_compile_options(${target} PRIVATE -Wno-subobject-linkage)
  if(threaded)
    add_dependencies(threaded_tests ${target})
  endif()
  foreach(name ${ARGN})
    add_dependencies(${name} ${target})
    add_custom_command(TARGET ${target} POST_BUILD
      COMMAND ${CMAKE_COMMAND} -E create_symlink ${target} ${CMAKE_RUNTIME_OUTPUT_DIRECTORY}/${name}
      VERBATIM)
  endforeach()
endfunction()

# hil_test_bundles(): makes the bundles of every test hil_bundle_member() took. Called once, after
# every test folder.
function(hil_test_bundles)
  get_property(keys GLOBAL PROPERTY HIL_BUNDLE_KEYS)
  foreach(key ${keys})
    get_property(libs GLOBAL PROPERTY HIL_BUNDLE_LIBS_${key})
    get_property(members GLOBAL PROPERTY HIL_BUNDLE_${key})
    set(threaded FALSE)
    if(key MATCHES "_threaded$")
      set(threaded TRUE)
    endif()
    set(index 0)
    list(LENGTH members left)
    while(left GREATER 0)
      set(chunk "")
      foreach(i RANGE 1 ${HIL_TEST_BUNDLE_SIZE})
        if(members)
          list(POP_FRONT members name)
          list(APPEND chunk ${name})
        endif()
      endforeach()
      hil_make_bundle(hil_tests_${key}_${index} "${libs}" ${threaded} ${chunk})
      math(EXPR index "${index} + 1")
      list(LENGTH members left)
    endwhile()
  endforeach()
endfunction()
