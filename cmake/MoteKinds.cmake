# The pool kinds, read from the registry (engine/kinds/kinds.h): one folder each,
# engine/kinds/<name>/, whose files a name's ending assigns to a target:
#   <name>_kernels.c  the wide kernel, compiled once per variant (cmake/MoteVariants.cmake);
#                     its scalar reference kernels (<name>_ref_kernels.c) are the library's
#   test_*.c          a cmocka suite each (tests/CMakeLists.txt)
#   *_probe.c         its probe (engine/kinds/probe.h): what the gates, mote-compare and
#                     mote-bench drive it with, built into mote_probes
#   *_compare.c       its mote-compare family; *_trace.c its mote-trace scenario
#   every other .c    the library: the reference, the kind record, the model's helpers
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${PROJECT_SOURCE_DIR}/engine/kinds/kinds.h)
file(READ ${PROJECT_SOURCE_DIR}/engine/kinds/kinds.h mote_kinds_text)
string(REGEX MATCHALL "\n[ \t]*X\\([a-z_]+, *[0-9]+," mote_kind_rows "${mote_kinds_text}")
set(MOTE_KINDS "")
set(MOTE_KIND_DIRS "")
foreach(row IN LISTS mote_kind_rows)
  string(REGEX REPLACE "^\n[ \t]*X\\(([a-z_]+),.*" "\\1" kind "${row}")
  if(NOT IS_DIRECTORY ${PROJECT_SOURCE_DIR}/engine/kinds/${kind})
    message(FATAL_ERROR "engine/kinds/kinds.h names the kind '${kind}', which has no folder "
                        "engine/kinds/${kind}/")
  endif()
  list(APPEND MOTE_KINDS ${kind})
  list(APPEND MOTE_KIND_DIRS ${PROJECT_SOURCE_DIR}/engine/kinds/${kind})
endforeach()
message(STATUS "mote: kinds ${MOTE_KINDS}")

# mote_kind_sources(<role> <out-var>): every kind's files of one role (library, kernels, test,
# probe, compare, trace), in registry order.
function(mote_kind_sources role out)
  set(result "")
  foreach(dir IN LISTS MOTE_KIND_DIRS)
    get_filename_component(kind ${dir} NAME)
    if(role STREQUAL "kernels") # the one wide kernel, <kind>_kernels.c (not <kind>_ref_kernels.c)
      set(files "")
      if(EXISTS ${dir}/${kind}_kernels.c)
        set(files ${dir}/${kind}_kernels.c)
      endif()
    elseif(role STREQUAL "library")
      file(GLOB files CONFIGURE_DEPENDS ${dir}/*.c)
      list(FILTER files EXCLUDE REGEX "/(test_[^/]*|[^/]*_(probe|compare|trace))\\.c$")
      list(REMOVE_ITEM files ${dir}/${kind}_kernels.c)
    elseif(role STREQUAL "test")
      file(GLOB files CONFIGURE_DEPENDS ${dir}/test_*.c)
    else()
      file(GLOB files CONFIGURE_DEPENDS ${dir}/*_${role}.c)
      list(FILTER files EXCLUDE REGEX "/test_[^/]*$")
    endif()
    list(SORT files)
    list(APPEND result ${files})
  endforeach()
  set(${out} ${result} PARENT_SCOPE)
endfunction()
