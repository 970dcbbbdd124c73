# Runs mote-samples with ARGS (a ;-list) and DISPLAY unset, and checks its exit status is EXPECT
# (a message, not a crash) and that its stderr matches MESSAGE.
separate_arguments(args UNIX_COMMAND "${ARGS}")
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=DISPLAY --unset=WAYLAND_DISPLAY
                        ${SAMPLES} ${args}
                RESULT_VARIABLE status OUTPUT_QUIET ERROR_VARIABLE stderr)
if(NOT status STREQUAL "${EXPECT}")
  message(FATAL_ERROR "mote-samples ${ARGS}: exit ${status}, expected ${EXPECT}: ${stderr}")
endif()
if(NOT stderr MATCHES "${MESSAGE}")
  message(FATAL_ERROR "mote-samples ${ARGS}: stderr does not match '${MESSAGE}': ${stderr}")
endif()
