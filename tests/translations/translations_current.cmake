# translations_current: the committed .ts files are what lupdate makes of today's sources, and
# every text in them is translated. Without it a new tr() text shows in English in a German or
# Chinese window until somebody happens to run hilui_lupdate (six texts did, unnoticed).
#
# Runs lupdate on copies of translations/*.ts, with the sources and include paths of ui's own
# lupdate project (PROJECT: <build>/ui/.lupdate/hilui_project.cmake), and compares the copies
# with the originals. Arguments: -DPROJECT=… -DLUPDATE=… -DWORK=<scratch dir>.
include(${PROJECT})
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

set(copies "")
foreach(ts ${lupdate_translations})
  get_filename_component(name ${ts} NAME)
  file(COPY_FILE ${ts} ${WORK}/${name})
  list(APPEND copies ${WORK}/${name})
endforeach()

function(json_list out)
  set(items "")
  foreach(v ${ARGN})
    list(APPEND items "\"${v}\"")
  endforeach()
  list(JOIN items ", " joined)
  set(${out} "[ ${joined} ]" PARENT_SCOPE)
endfunction()
json_list(includes ${lupdate_include_paths})
json_list(sources ${lupdate_sources})
json_list(translations ${copies})
file(WRITE ${WORK}/project.json "{\n  \"projectFile\": \"${lupdate_project_file}\",\n  \"includePaths\": ${includes},\n  \"sources\": ${sources},\n  \"translations\": ${translations}\n}\n")

execute_process(COMMAND ${LUPDATE} -project ${WORK}/project.json -no-obsolete -locations none
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lupdate failed (${rc}):\n${out}${err}")
endif()

set(problems "")
foreach(ts ${lupdate_translations})
  get_filename_component(name ${ts} NAME)
  file(READ ${ts} committed)
  file(READ ${WORK}/${name} updated)
  if(NOT committed STREQUAL updated)
    string(APPEND problems "  ${name}: not what lupdate makes of the sources today\n")
  endif()
  string(REGEX MATCHALL "<source>[^<]*</source>\n *<translation type=\"unfinished\"" open "${updated}")
  foreach(m ${open})
    string(REGEX REPLACE "<source>([^<]*)</source>.*" "\\1" text "${m}")
    string(APPEND problems "  ${name}: untranslated \"${text}\"\n")
  endforeach()
endforeach()
if(problems)
  message(FATAL_ERROR "translations are behind the sources:\n${problems}"
                      "Run `cmake --build build --target hilui_lupdate`, translate what it marks "
                      "unfinished, commit the .ts files.")
endif()
message(STATUS "translations current: ${lupdate_translations}")
