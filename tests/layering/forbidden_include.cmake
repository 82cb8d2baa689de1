cmake_minimum_required(VERSION 3.21)
# A protocol's source that includes another protocol's header must fail to compile, and fail on
# that include; the same probe with the protocol's own header must compile.
foreach(target layering_probe_allowed layering_probe_forbidden)
  execute_process(COMMAND ${CMAKE_COMMAND} --build ${BUILD_DIR} --target ${target}
                  RESULT_VARIABLE rc_${target} OUTPUT_VARIABLE out_${target} ERROR_VARIABLE out_${target})
endforeach()
if(NOT rc_layering_probe_allowed EQUAL 0)
  message(FATAL_ERROR "the allowed probe did not build, so the test proves nothing:\n${out_layering_probe_allowed}")
endif()
if(rc_layering_probe_forbidden EQUAL 0)
  message(FATAL_ERROR "a protocol source including ${FORBIDDEN} compiled: the layering is not enforced")
endif()
string(FIND "${out_layering_probe_forbidden}" "${FORBIDDEN}: No such file" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the forbidden probe failed, but not on its include:\n${out_layering_probe_forbidden}")
endif()
message(STATUS "including ${FORBIDDEN} from another protocol is a build error, as it should be")
