# Windows installer (NSIS through CPack), built on Linux: `make windows-package` ->
# build-win/hilstation-<version>-win64.exe. Included by installer/packaging.cmake on Windows.
#
# windeployqt does not exist on Linux (the SDK has no Windows Qt tools), so what it would do is
# written here:
#   bin/hilstation.exe, bin/hilstation-console.exe    the two front doors (app/CMakeLists.txt)
#   bin/*.dll          every DLL the programs import, found by CMake's own PE reader
#                      (file(GET_RUNTIME_DEPENDENCIES) with MinGW's objdump) in the SDK's bin/
#                      and Debian's MinGW runtime: Qt, QCustomPlot, Paho, SDL2, libstdc++,
#                      libgcc_s_seh, libwinpthread. Windows' own DLLs are not shipped.
#   bin/plugins/...    the Qt plugins Qt loads at run time (not imports, so listed by hand)
#   bin/translations/  Qt's own qtbase_*.qm (Debian's qt6-translations-l10n: .qm files are
#                      platform-neutral); the window's own translations are compiled in
#   bin/qt.conf        tells Qt where plugins/ and translations/ are
#   licenses/          the licences of everything shipped: the program's (license.txt as
#                      hilstation.txt, GPL-3.0-or-later, with the GPL's text as GPL-3.0.txt, copied
#                      from Debian's /usr/share/common-licenses/GPL-3 when configured); the SDK's
#                      licenses/ folder (Qt, Qt Charts GPL-3.0, QCustomPlot GPL, OpenSSL, Paho,
#                      SDL2 zlib; each folder's SOURCE.txt and sdk-sources.txt say where each
#                      library's source came from, when make windows-sdk built it); the MinGW runtime's, from Debian's copyright files of the
#                      packages holding its DLLs (mingw-licenses.cmake); dll-licenses.txt, which
#                      folder covers which DLL (check_licenses.sh checks the installation by it)

set(hil_sdk "${HIL_WIN64_SDK}")

# --- DLLs: CMake compares DLL names in lower case on Windows, and the SDK's files are Qt6Core.dll:
# on Linux's case-sensitive file system it would find none. A folder of lower-case links, made at
# configure time, lets it resolve them; the real file is installed under its real name.
set(hil_dll_links ${CMAKE_BINARY_DIR}/dll-lowercase)
file(MAKE_DIRECTORY ${hil_dll_links})
foreach(dir "${hil_sdk}/bin" ${HIL_MINGW_RUNTIME_DIRS})
  file(GLOB dlls "${dir}/*.dll")
  foreach(dll ${dlls})
    get_filename_component(name "${dll}" NAME)
    string(TOLOWER "${name}" lower)
    if(NOT EXISTS ${hil_dll_links}/${lower})
      file(CREATE_LINK "${dll}" ${hil_dll_links}/${lower} SYMBOLIC)
    endif()
  endforeach()
endforeach()

install(CODE "
  include(\"${CMAKE_CURRENT_LIST_DIR}/mingw-licenses.cmake\")
  set(CMAKE_GET_RUNTIME_DEPENDENCIES_PLATFORM windows+pe)
  set(CMAKE_GET_RUNTIME_DEPENDENCIES_TOOL objdump)
  set(CMAKE_GET_RUNTIME_DEPENDENCIES_COMMAND x86_64-w64-mingw32-objdump)
  file(GET_RUNTIME_DEPENDENCIES
       EXECUTABLES \"$<TARGET_FILE:hilstation>\" \"$<TARGET_FILE:hilstation-console>\"
       DIRECTORIES \"${hil_dll_links}\"
       RESOLVED_DEPENDENCIES_VAR resolved
       UNRESOLVED_DEPENDENCIES_VAR unresolved
       PRE_EXCLUDE_REGEXES \"^api-ms-\" \"^ext-ms-\"
       POST_INCLUDE_REGEXES \"^${hil_dll_links}/\"
       POST_EXCLUDE_REGEXES \".*\")
  foreach(link \${resolved})
    file(REAL_PATH \"\${link}\" real)
    file(INSTALL \"\${real}\" DESTINATION \"\${CMAKE_INSTALL_PREFIX}/bin\")
    # the MinGW runtime's licences come from Debian's packages; the SDK's are in its licenses/
    foreach(dir ${HIL_MINGW_RUNTIME_DIRS})
      cmake_path(IS_PREFIX dir \"\${real}\" NORMALIZE from_mingw)
      if(from_mingw)
        hil_install_debian_license(\"\${real}\" \"\${CMAKE_INSTALL_PREFIX}/licenses\")
      endif()
    endforeach()
  endforeach()
  list(LENGTH resolved n)
  message(STATUS \"Windows runtime: \${n} DLLs shipped\")
")

# --- Qt plugins, qt.conf, Qt's translations, licences
foreach(plugin platforms/qwindows platforms/qoffscreen platforms/qminimal
               styles/qwindowsvistastyle imageformats/qjpeg imageformats/qgif imageformats/qico
               tls/qschannelbackend tls/qcertonlybackend)
  get_filename_component(kind ${plugin} DIRECTORY)
  install(FILES "${hil_sdk}/plugins/${plugin}.dll" DESTINATION bin/plugins/${kind})
endforeach()
file(WRITE ${CMAKE_BINARY_DIR}/qt.conf "[Paths]\nPlugins = plugins\nTranslations = translations\n")
install(FILES ${CMAKE_BINARY_DIR}/qt.conf DESTINATION bin)
file(GLOB hil_qt_qm /usr/share/qt6/translations/qtbase_*.qm)
if(NOT hil_qt_qm)
  message(WARNING "Qt's translations (Debian's qt6-translations-l10n) not found: not shipped")
endif()
install(FILES ${hil_qt_qm} DESTINATION bin/translations)
install(DIRECTORY "${hil_sdk}/licenses/" DESTINATION licenses)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/license.txt DESTINATION licenses RENAME hilstation.txt)
# The GPL's full text, from Debian (base-files), not a copy kept in the repository.
set(hil_gpl3 /usr/share/common-licenses/GPL-3)
if(NOT EXISTS ${hil_gpl3})
  message(FATAL_ERROR "${hil_gpl3} missing (Debian's base-files): the installer must ship the GPL")
endif()
install(FILES ${hil_gpl3} DESTINATION licenses RENAME GPL-3.0.txt)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/dll-licenses.txt DESTINATION licenses)

# --- NSIS: a 64-bit, Unicode installer for Program Files (not the 32-bit "Program Files (x86)")
set(hil_ico ${PROJECT_SOURCE_DIR}/resources/windows/hilstation.ico)
set(CPACK_GENERATOR NSIS)
set(CPACK_PACKAGE_FILE_NAME hilstation-${PROJECT_VERSION}-win64)
set(CPACK_RESOURCE_FILE_LICENSE ${CMAKE_CURRENT_LIST_DIR}/license.txt) # not CMake's own
set(CPACK_PACKAGE_INSTALL_REGISTRY_KEY "HIL Station") # fixed: finds old versions
set(CPACK_NSIS_PACKAGE_NAME "HIL Station")
set(CPACK_NSIS_DISPLAY_NAME "HIL Station ${PROJECT_VERSION}")
set(CPACK_NSIS_MUI_ICON ${hil_ico})
set(CPACK_NSIS_MUI_UNIICON ${hil_ico})
set(CPACK_NSIS_INSTALLED_ICON_NAME "bin\\\\hilstation.exe")
set(CPACK_NSIS_INSTALL_ROOT "$PROGRAMFILES64")
set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
set(CPACK_NSIS_MODIFY_PATH ON) # offers bin\ on PATH, for `hilstation-console --headless` scripts
set(CPACK_NSIS_MUI_FINISHPAGE_RUN hilstation.exe)
set(CPACK_CREATE_DESKTOP_LINKS hilstation)
# The 64-bit Unicode stub (Debian's nsis ships amd64-unicode; CMake 3.25's template has no
# setting for it, its defines come early enough) and the 64-bit registry view.
set(CPACK_NSIS_DEFINES "Target amd64-unicode")
set(CPACK_NSIS_EXTRA_PREINSTALL_COMMANDS "SetRegView 64")
set(CPACK_NSIS_EXTRA_UNINSTALL_COMMANDS "SetRegView 64")
# Windows Defender Firewall: allow rules for what the programs listen on, every profile, local
# subnet; removed on uninstall (firewall.cmake says why). After the lines above: it appends.
include(${CMAKE_CURRENT_LIST_DIR}/firewall.cmake)
