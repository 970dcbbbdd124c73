# ctest helper: the layers include one way (docs/architecture.md). Public headers, the engine,
# the tools, the benchmarks and the tests never include a header that lives under simd/ (the
# wide layer and the kernels' own headers); simd/ and each kind's wide kernel
# (engine/kinds/<kind>/<kind>_kernels.c, compiled as part of the wide layer) may include the
# engine's internal headers and simd/'s.
# cmake -DROOT=<source dir> -P check_layering.cmake
file(GLOB_RECURSE simd_headers RELATIVE ${ROOT} ${ROOT}/simd/*.h)
set(simd_names "")
foreach(header IN LISTS simd_headers)
  get_filename_component(name ${header} NAME)
  list(APPEND simd_names ${name})
endforeach()
file(GLOB_RECURSE sources ${ROOT}/engine/*.c ${ROOT}/engine/*.h ${ROOT}/tools/*.c
     ${ROOT}/tools/*.h ${ROOT}/bench/*.c ${ROOT}/bench/*.h ${ROOT}/bench/*.cc ${ROOT}/tests/*.c
     ${ROOT}/tests/*.h)
foreach(source IN LISTS sources)
  if(source MATCHES "/engine/kinds/([a-z_]+)/([a-z_]+)_kernels\\.c$" AND
     CMAKE_MATCH_1 STREQUAL CMAKE_MATCH_2)
    list(REMOVE_ITEM sources ${source})
  endif()
endforeach()
set(violations "")
foreach(source IN LISTS sources)
  file(STRINGS ${source} includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  foreach(line IN LISTS includes)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\".*" "\\1" included "${line}")
    get_filename_component(name "${included}" NAME)
    list(FIND simd_names ${name} found)
    if(NOT found EQUAL -1 OR included MATCHES "^(wide|kernels)/")
      file(RELATIVE_PATH where ${ROOT} ${source})
      list(APPEND violations "${where}: ${line}")
    endif()
  endforeach()
endforeach()
if(violations)
  list(JOIN violations "\n  " text)
  message(FATAL_ERROR "headers of simd/ included outside it:\n  ${text}")
endif()
list(LENGTH sources checked)
message(STATUS "layering: ${checked} files outside simd/ include nothing of simd/")
