# ctest helper: every scenario (mote-trace --list) fails with a message naming its CSV when
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

# run_failing(name dir wanted): mote-trace name --out dir must exit 1 and print wanted.
function(run_failing name dir wanted)
  execute_process(COMMAND ${emulator} ${TRACE} ${name} --out ${dir} --no-plot RESULT_VARIABLE status
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 1 OR NOT err MATCHES "${wanted}" OR out MATCHES "->|wrote")
    message(FATAL_ERROR "${name} into ${dir}: exit ${status}, stderr '${err}', stdout '${out}'")
  endif()
endfunction()

file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR}/full)
foreach(name IN LISTS names)
  run_failing(${name} ${DIR}/missing "cannot write ${DIR}/missing/${name}.csv")
  if(EXISTS /dev/full)
    file(CREATE_LINK /dev/full ${DIR}/full/${name}.csv SYMBOLIC)
    run_failing(${name} ${DIR}/full "writing ${DIR}/full/${name}.csv failed")
  endif()
endforeach()
message(STATUS "${count} scenarios refuse a CSV they cannot create or write")
