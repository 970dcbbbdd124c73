# The ctest test kind_example: the worked example of docs/adding-a-pool-kind.md compiles.
#   cmake -DROOT=<source dir> -DOUT=<scratch dir> -DCC=<C compiler> -DNM=<nm>
#         -DGENERATED=<build>/generated [-DSIMDE=<dir>] [-DMOTE_WERROR=ON]
#         -DVARIANTS=portable|avx2|... -DVARIANT_<v>=<its definitions and options, |-separated>
#         -P tests/check_kind_example.cmake
# (tests/CMakeLists.txt passes each variant's flags from its object library mote_variant_<v>.)
#
# The page labels each file of the example on the line before its ```c fence:
#   <!-- row: engine/kinds/kinds.h -->           its registry row X(name, number, K(...)), first
#   <!-- file: engine/include/mote/drift.h -->   a whole file, written to OUT/src/<path>
#   <!-- file: drift_fields.h -->                a file of the kind's folder, engine/kinds/<name>/
# Every .c is compiled to an object with the project's compiler and warnings (-Werror under
# MOTE_WERROR), its include paths and the row appended to the registry
# (-D'MOTE_KINDS_EXTRA(X,K)=<row>', the hook in engine/kinds/kinds.h): a <kind>_kernels.c once
# per variant with that variant's flags, the rest once. The files that read the registry
# (the kernel tables, the probe list, mote-compare's and mote-trace's tables) are compiled with
# the row too, and every symbol of the new kind one of them or the example uses must be
# defined by the example: a misspelt mote_kernel_<kernel>_scalar or compare_family_<kind>
# fails here as it would fail the link. Nothing is linked or run (a build of the library with
# the row is every file that includes kinds.h, minutes on two cores).
cmake_minimum_required(VERSION 3.20)
foreach(var ROOT OUT CC NM GENERATED VARIANTS)
  if(NOT ${var})
    message(FATAL_ERROR "kind_example: ${var} not given (see ${CMAKE_SCRIPT_MODE_FILE})")
  endif()
endforeach()
set(page ${ROOT}/docs/adding-a-pool-kind.md)
include(${ROOT}/cmake/MoteWarnings.cmake) # MOTE_WARNINGS, -Werror under MOTE_WERROR

# --- the labelled blocks --------------------------------------------------------------------
file(READ ${page} text)
string(REPLACE "\\" "<backslash>" text "${text}") # a line's last \ would escape the ;
string(REPLACE ";" "<semicolon>" text "${text}")
string(REPLACE "[" "<open>" text "${text}")
string(REPLACE "]" "<close>" text "${text}")
string(REPLACE "\n" ";" lines "${text}")
set(label "")      # the label of the next fence
set(in_block FALSE)
set(files "")      # paths written
set(row "")
file(REMOVE_RECURSE ${OUT})
foreach(line IN LISTS lines)
  if(in_block)
    if(line MATCHES "^```")
      set(in_block FALSE)
      string(REPLACE "<semicolon>" ";" body "${body}")
      string(REPLACE "<open>" "[" body "${body}")
      string(REPLACE "<close>" "]" body "${body}")
      string(REPLACE "<backslash>" "\\" body "${body}")
      if(kind_of_label STREQUAL "row")
        string(REGEX MATCH "X\\([a-z_]+, *[0-9]+,[^\n]*\\)" row "${body}")
        string(REGEX REPLACE " *\\\\$" "" row "${row}") # the row's continuation
      else()
        if(label IN_LIST files)
          message(FATAL_ERROR "kind_example: ${label} is labelled twice in ${page}")
        endif()
        if(NOT label MATCHES "/")
          string(REGEX REPLACE "^X\\(([a-z_]+),.*" "engine/kinds/\\1/" folder "${row}")
          set(label "${folder}${label}")
        endif()
        list(APPEND files ${label})
        file(WRITE ${OUT}/src/${label} "${body}")
      endif()
      set(label "")
    else()
      string(APPEND body "${line}\n")
    endif()
  elseif(line MATCHES "^<!-- (file|row): ([^ ]+) -->$")
    set(kind_of_label ${CMAKE_MATCH_1})
    set(label ${CMAKE_MATCH_2})
  elseif(line MATCHES "^```")
    if(label AND line STREQUAL "```c")
      set(in_block TRUE)
      set(body "")
    elseif(label)
      message(FATAL_ERROR "kind_example: the block labelled ${label} is not a ```c block")
    endif()
    # an unlabelled fence is prose; its closing fence toggles nothing here (no label)
  elseif(NOT line STREQUAL "")
    set(label "") # a label belongs to the fence right after it
  endif()
endforeach()
if(in_block)
  message(FATAL_ERROR "kind_example: the block labelled ${label} is never closed")
endif()
if(NOT row)
  message(FATAL_ERROR "kind_example: no <!-- row: engine/kinds/kinds.h --> block with X(...)")
endif()
string(REGEX REPLACE "^X\\(([a-z_]+),.*" "\\1" kind "${row}")
list(LENGTH files file_count)
if(file_count LESS 5)
  message(FATAL_ERROR "kind_example: ${file_count} labelled files in ${page}: was a label lost?")
endif()

# --- compile --------------------------------------------------------------------------------
set(includes ${OUT}/src/engine/include ${OUT}/src/engine/kinds/${kind} ${ROOT}/engine/include
    ${ROOT}/simd ${ROOT}/simd/kernels ${ROOT}/engine/core ${ROOT}/engine/kinds ${GENERATED}
    ${ROOT}/tests/support ${ROOT}/tests/pools ${ROOT}/tools/common ${ROOT}/tools/compare
    ${ROOT}/tools/trace ${SIMDE})
set(common -std=c11 -O2 ${MOTE_WARNINGS} "-DMOTE_KINDS_EXTRA(X,K)=${row}")
foreach(dir IN LISTS includes)
  list(APPEND common -I${dir})
endforeach()
string(REPLACE "|" ";" variants "${VARIANTS}")

set(objects "")
set(readers "")
# compile(<source> <object> <variant or "">)
function(compile source object variant)
  set(flags "")
  if(variant)
    string(REPLACE "|" ";" raw "${VARIANT_${variant}}")
    foreach(flag IN LISTS raw)
      if(flag MATCHES "^-")
        list(APPEND flags ${flag})
      elseif(flag)
        list(APPEND flags -D${flag})
      endif()
    endforeach()
  endif()
  get_filename_component(dir ${object} DIRECTORY)
  file(MAKE_DIRECTORY ${dir})
  execute_process(COMMAND ${CC} ${common} ${flags} -c ${source} -o ${object}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT status EQUAL 0)
    file(RELATIVE_PATH name ${OUT}/src ${source})
    message(FATAL_ERROR "kind_example: ${name} (${page}) does not compile"
                        "${variant}:\n${out}")
  endif()
endfunction()

foreach(path IN LISTS files)
  if(NOT path MATCHES "\\.c$")
    continue()
  endif()
  get_filename_component(stem ${path} NAME_WE)
  if(path MATCHES "/${kind}_kernels\\.c$")
    foreach(v IN LISTS variants)
      compile(${OUT}/src/${path} ${OUT}/obj/${stem}_${v}.o ${v})
      list(APPEND objects ${OUT}/obj/${stem}_${v}.o)
    endforeach()
  else()
    compile(${OUT}/src/${path} ${OUT}/obj/${stem}.o "")
    list(APPEND objects ${OUT}/obj/${stem}.o)
  endif()
endforeach()
# the registry's readers, with the row
foreach(reader engine/core/scalar_table.c engine/kinds/probe.c tools/compare/compare_kinds.c
        tools/trace/trace_scenarios.c)
  get_filename_component(stem ${reader} NAME_WE)
  compile(${ROOT}/${reader} ${OUT}/obj/reader_${stem}.o "")
  list(APPEND readers ${OUT}/obj/reader_${stem}.o)
endforeach()
foreach(v IN LISTS variants)
  compile(${ROOT}/simd/kernels/variant_table.c ${OUT}/obj/reader_variant_table_${v}.o ${v})
  list(APPEND readers ${OUT}/obj/reader_variant_table_${v}.o)
endforeach()

# --- every symbol of the kind that is used is defined ----------------------------------------
execute_process(COMMAND ${NM} -g --defined-only ${objects} OUTPUT_VARIABLE defined
                RESULT_VARIABLE status)
execute_process(COMMAND ${NM} -u ${objects} ${readers} OUTPUT_VARIABLE used
                RESULT_VARIABLE status_used)
if(NOT status EQUAL 0 OR NOT status_used EQUAL 0)
  message(FATAL_ERROR "kind_example: ${NM} failed")
endif()
string(REGEX MATCHALL "[A-Za-z_0-9]*${kind}[A-Za-z_0-9]*\n" wanted "${used}")
list(REMOVE_DUPLICATES wanted)
set(missing "")
set(checked 0)
foreach(symbol IN LISTS wanted)
  string(STRIP "${symbol}" symbol)
  math(EXPR checked "${checked} + 1")
  if(NOT defined MATCHES " ${symbol}\n")
    string(APPEND missing " ${symbol}")
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "kind_example: used but defined by no file of the example:${missing}")
endif()
list(LENGTH objects object_count)
message(STATUS "kind_example: ${file_count} files of ${page} (${object_count} objects, row "
               "${row}) compile; the ${checked} ${kind} symbols the registry and the example "
               "use are defined")
