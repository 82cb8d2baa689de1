# Windows installer: included by installer/packaging.cmake when building on Windows.
# It cannot be built on the Linux machines this project is developed on; see README.md there and
# build-installer.ps1 here (the one command that builds it).
#
# - Qt's DLLs, plugins and translations are copied beside bin/hilstation.exe by windeployqt, run
#   through the deploy script Qt generates (qt_generate_deploy_app_script, Qt 6.3 and newer).
# - NSIS (default, setup .exe) and WiX (cpack -G WIX, an .msi) are both configured. The WiX
#   upgrade GUID below is fixed for the life of the product: never change it, or installing a
#   new version will no longer replace an older one. NSIS finds an older version through the
#   fixed registry key and uninstalls it first.

if(Qt6_VERSION VERSION_LESS 6.3)
  message(FATAL_ERROR "The Windows installer needs Qt 6.3 or newer (qt_generate_deploy_app_script)")
endif()

# Qt 6.5 renamed FILENAME_VARIABLE to OUTPUT_SCRIPT; 6.3 and 6.4 know only the former.
if(Qt6_VERSION VERSION_GREATER_EQUAL 6.5)
  qt_generate_deploy_app_script(TARGET hilstation OUTPUT_SCRIPT hil_deploy_script
                                NO_UNSUPPORTED_PLATFORM_ERROR)
else()
  qt_generate_deploy_app_script(TARGET hilstation FILENAME_VARIABLE hil_deploy_script
                                NO_UNSUPPORTED_PLATFORM_ERROR)
endif()
install(SCRIPT ${hil_deploy_script})

# windeployqt copies Qt's libraries only; QCustomPlot's DLL is ours to ship.
if(TARGET QCustomPlotQt6::QCustomPlotQt6)
  get_target_property(hil_qcp_type QCustomPlotQt6::QCustomPlotQt6 TYPE)
  if(hil_qcp_type STREQUAL "SHARED_LIBRARY")
    install(IMPORTED_RUNTIME_ARTIFACTS QCustomPlotQt6::QCustomPlotQt6
            RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endif()

set(hil_ico ${PROJECT_SOURCE_DIR}/resources/windows/hilstation.ico)
set(CPACK_GENERATOR NSIS)
set(CPACK_RESOURCE_FILE_LICENSE ${CMAKE_CURRENT_LIST_DIR}/license.txt)  # not CMake's own
set(CPACK_PACKAGE_INSTALL_REGISTRY_KEY "HIL Station")                  # fixed: finds old versions
set(CPACK_CREATE_DESKTOP_LINKS hilstation)

# NSIS
set(CPACK_NSIS_PACKAGE_NAME "HIL Station")
set(CPACK_NSIS_DISPLAY_NAME "HIL Station ${PROJECT_VERSION}")
set(CPACK_NSIS_MUI_ICON ${hil_ico})
set(CPACK_NSIS_MUI_UNIICON ${hil_ico})
set(CPACK_NSIS_INSTALLED_ICON_NAME "bin\\hilstation.exe")
set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
set(CPACK_NSIS_MODIFY_PATH ON)  # offers to put bin\ on PATH, for `hilstation --headless` scripts
set(CPACK_NSIS_MUI_FINISHPAGE_RUN hilstation.exe)

# WiX (cpack -G WIX)
set(CPACK_WIX_UPGRADE_GUID "E0F5D2E0-9995-4926-B088-AF2CFD571652")
set(CPACK_WIX_PRODUCT_ICON ${hil_ico})
set(CPACK_WIX_PROGRAM_MENU_FOLDER "HIL Station")
