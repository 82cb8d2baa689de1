# Packaging: what `cmake --install` puts where, and how CPack turns that into a package.
# Included at the end of the top-level CMakeLists.txt, once every target exists.
#
#   Linux:   `make package` -> build/hilstation_<version>_<arch>.deb   (cpack -G DEB)
#   Windows: `make windows-package` -> build-win/hilstation-<version>-win64.exe (cpack -G NSIS,
#            cross-built on Linux: installer/windows/windows.cmake)
#
# Installed layout (GNUInstallDirs, prefix /usr in the .deb):
#   bin/hilstation                                   the program; icons and the window's
#                                                    translations (.qm, under :/i18n) are
#                                                    compiled in, so nothing is looked up on disk
#   share/applications/io.hilstation.HilStation.desktop
#   share/metainfo/io.hilstation.HilStation.metainfo.xml
#   share/icons/hicolor/{16x16..256x256,scalable}/apps/io.hilstation.HilStation.{png,svg}
#
include(GNUInstallDirs)

set(HIL_APP_ID io.hilstation.HilStation)
set(hil_res ${PROJECT_SOURCE_DIR}/resources)

# --- desktop integration (freedesktop.org: Linux and the BSDs) ---
if(UNIX AND NOT APPLE)
  install(FILES ${hil_res}/${HIL_APP_ID}.desktop
          DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${hil_res}/${HIL_APP_ID}.metainfo.xml
          DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
  foreach(size 16 24 32 48 64 128 256)
    install(FILES ${hil_res}/icons/${size}x${size}/${HIL_APP_ID}.png
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
  endforeach()
  install(FILES ${hil_res}/icons/${HIL_APP_ID}.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
endif()

# --- CPack, common to every generator ---
set(HIL_PACKAGE_CONTACT "HIL Station maintainers <maintainers@hilstation.invalid>"
    CACHE STRING "Maintainer written into packages (Debian: Maintainer field)")
set(CPACK_PACKAGE_NAME hilstation)
set(CPACK_PACKAGE_VENDOR "HIL Station")
set(CPACK_PACKAGE_CONTACT "${HIL_PACKAGE_CONTACT}")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
file(READ ${CMAKE_CURRENT_LIST_DIR}/description.txt CPACK_PACKAGE_DESCRIPTION)
set(CPACK_PACKAGE_INSTALL_DIRECTORY "HIL Station")
set(CPACK_PACKAGE_EXECUTABLES hilstation "HIL Station")
set(CPACK_STRIP_FILES ON)  # the build is RelWithDebInfo; ship the program without its debug info
set(CPACK_VERBATIM_VARIABLES ON)

if(WIN32)
  include(${CMAKE_CURRENT_LIST_DIR}/windows/windows.cmake)
else()
  set(CPACK_GENERATOR DEB)
endif()

# --- Debian package ---
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # hilstation_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)   # Depends computed from the binary by dpkg-shlibdeps
# Not visible to dpkg-shlibdeps: Qt loads its platform plugins (xcb, wayland) at run time, its
# own translations (the Yes/No of every question, file dialogs) from qt6-translations-l10n, and
# Chinese needs a CJK font, which a fresh Debian desktop may lack (boxes instead of characters).
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins, qt6-translations-l10n, fonts-wqy-microhei | fonts-noto-cjk")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

include(CPack)
