# ctest helper: every scenario and scene (mote-trace --list) fails with a message naming its CSV when
# the CSV cannot be created (a missing directory) and, where /dev/full exists, when writing it
# fails (the CSV a link to /dev/full): exit status 1, nothing reported as written.
# cmake -DTRACE=path/to/mote-trace [-DEMULATOR="qemu-aarch64 -L ..."] -DDIR=scratch-dir
#       -P check_trace_unwritable.cmake
separate_arguments(emulator UNIX_COMMAND "${EMULATOR}")
execute_process(COMMAND ${emulator} ${TRACE} --list OUTPUT_VARIABLE listing RESULT_VARIABLE status)
string(REGEX MATCHALL "(^|\n)[a-z]+" names "${listing}")
list(TRANSFORM names STRIP)
list(LENGTH names count)
if(NOT status EQUAL 0 OR count LESS 8)
  message(FATAL_ERROR "mote-trace --list exited ${status} with ${count} scenarios: ${listing}")
endif()

# The scenes listed under their scenario ("  --scene NAME ..."): SCENARIO:NAME.
string(REPLACE ";" "," listing_lines "${listing}")
string(REPLACE "\n" ";" listing_lines "${listing_lines}")
set(scenes "")
foreach(line IN LISTS listing_lines)
  if(line MATCHES "^([a-z]+) ")
    set(scenario ${CMAKE_MATCH_1})
  elseif(line MATCHES "^  --scene ([a-z]+) ")
    list(APPEND scenes "${scenario}:${CMAKE_MATCH_1}")
  endif()
endforeach()

# run_failing(name dir wanted [args]): mote-trace name [args] --out dir must exit 1 and print
# wanted.
function(run_failing name dir wanted)
  execute_process(COMMAND ${emulator} ${TRACE} ${name} ${ARGN} --out ${dir} --no-plot
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 1 OR NOT err MATCHES "${wanted}" OR out MATCHES "->|wrote")
    message(FATAL_ERROR "${name} into ${dir}: exit ${status}, stderr '${err}', stdout '${out}'")
  endif()
endfunction()

file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR}/full)
foreach(name IN LISTS names scenes)
  set(args "")
  set(stem ${name})
  if(name MATCHES "^([a-z]+):([a-z]+)$") # a scene: SCENARIO --scene NAME, files SCENARIO-NAME
    set(name ${CMAKE_MATCH_1})
    set(args --scene ${CMAKE_MATCH_2})
    set(stem ${CMAKE_MATCH_1}-${CMAKE_MATCH_2})
  endif()
  run_failing(${name} ${DIR}/missing "cannot write ${DIR}/missing/${stem}.csv" ${args})
  if(EXISTS /dev/full)
    file(CREATE_LINK /dev/full ${DIR}/full/${stem}.csv SYMBOLIC)
    run_failing(${name} ${DIR}/full "writing ${DIR}/full/${stem}.csv failed" ${args})
  endif()
endforeach()
list(LENGTH scenes scene_count)
message(STATUS "${count} scenarios and ${scene_count} scenes refuse a CSV they cannot create or "
               "write")
