# cmake -DSRC=<tests/tools/tlogcount> -DDST=<build folder> -P install.cmake
# Copies the reader into DST and installs its packages there with `npm ci` when the lock
# changed since the last install (a stamp holds the lock installed). --prefer-offline: a warm
# npm cache serves it without the network. No node or npm, or packages npm cannot fetch:
# DST/unavailable.txt says why, and the tests skip with it.
file(MAKE_DIRECTORY ${DST})
file(REMOVE ${DST}/unavailable.txt)
foreach(f package.json package-lock.json tlogcount.js)
  configure_file(${SRC}/${f} ${DST}/${f} COPYONLY)
endforeach()

find_program(NODE NAMES node nodejs)
find_program(NPM NAMES npm)
if(NOT NODE OR NOT NPM)
  set(why "Node.js (node) or npm is not installed (Debian: apt install nodejs npm; make deps)")
  file(WRITE ${DST}/unavailable.txt "${why}\n")
  message(STATUS "tlogcount not installed: ${why}")
  return()
endif()

set(stamp ${DST}/node_modules/.tlogcount-lock)
if(EXISTS ${stamp} AND EXISTS ${DST}/node_modules/node-mavlink/package.json)
  file(READ ${stamp} installed)
  file(READ ${SRC}/package-lock.json wanted)
  if(installed STREQUAL wanted)
    message(STATUS "tlogcount: up to date in ${DST}")
    return()
  endif()
endif()

# --ignore-scripts: no package runs code at install; the reader needs none built.
execute_process(
  COMMAND ${NPM} ci --ignore-scripts --no-audit --no-fund --prefer-offline
  WORKING_DIRECTORY ${DST}
  RESULT_VARIABLE rc
  OUTPUT_VARIABLE out
  ERROR_VARIABLE out
  TIMEOUT 280)
if(NOT rc EQUAL 0)
  # The packages could not be had (no network, a cold cache, a proxy whose certificate this
  # system does not trust): the readers' checks skip with npm's own reason, printed here whole.
  string(REGEX MATCH "npm (ERR!|error) code [^\n]*" first "${out}")
  if(NOT first)
    set(first "exit status ${rc}")
  endif()
  set(why "npm ci could not install node-mavlink (${first}); with no network it needs the packages in npm's cache from an earlier install")
  file(WRITE ${DST}/unavailable.txt "${why}\n")
  message(WARNING "tlogcount not installed: ${why}\n${out}")
  return()
endif()
configure_file(${SRC}/package-lock.json ${stamp} COPYONLY)
message(STATUS "tlogcount: installed in ${DST}")
