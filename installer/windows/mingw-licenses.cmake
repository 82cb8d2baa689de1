# The licence of a MinGW-w64 runtime DLL the installer ships (libstdc++-6, libgcc_s_seh-1,
# libwinpthread-1), taken from Debian's own files when the installer is made: the Debian package
# that holds the DLL (dpkg -S), its /usr/share/doc/<package>/copyright, and the texts in
# /usr/share/common-licenses/ that file refers to (the GCC runtime's copyright names GPL-3 there,
# and holds the GCC Runtime Library Exception itself; winpthreads' MIT notice is in its file).
# They go to licenses/<package>/ (installer/windows/dll-licenses.txt names those folders).
# Included by the install code of installer/windows/windows.cmake, at install time.

# hil_install_debian_license(DLL LICENSES_DIR)
function(hil_install_debian_license dll licenses)
  execute_process(COMMAND dpkg -S "${dll}" OUTPUT_VARIABLE owner RESULT_VARIABLE failed
                  ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(failed OR NOT owner MATCHES "^([^:, ]+)(:[a-z0-9]+)?: ")
    message(FATAL_ERROR "${dll}: no Debian package holds it (dpkg -S), so its licence cannot be "
                        "shipped; install it from Debian's MinGW-w64 packages")
  endif()
  set(package "${CMAKE_MATCH_1}")
  set(copyright "/usr/share/doc/${package}/copyright")
  if(NOT EXISTS "${copyright}")
    message(FATAL_ERROR "${dll}: ${copyright} missing (Debian package ${package}), so its "
                        "licence cannot be shipped")
  endif()
  file(INSTALL "${copyright}" DESTINATION "${licenses}/${package}")
  file(READ "${copyright}" text)
  string(REGEX MATCHALL "/usr/share/common-licenses/[A-Za-z0-9.+_-]*[A-Za-z0-9+]" refs "${text}")
  list(REMOVE_DUPLICATES refs)
  foreach(ref ${refs})
    if(EXISTS "${ref}")
      get_filename_component(name "${ref}" NAME)
      file(REAL_PATH "${ref}" real) # GPL is a link to GPL-3: the text itself is shipped
      file(INSTALL "${real}" DESTINATION "${licenses}/${package}" RENAME "${name}")
    endif()
  endforeach()
  message(STATUS "Licence of ${dll}: Debian package ${package}'s copyright")
endfunction()
