# Dependencies are Debian packages; a missing one stops configuration and names the package.
find_path(SIMDE_INCLUDE_DIR simde/x86/avx512.h)
if(NOT SIMDE_INCLUDE_DIR)
  message(FATAL_ERROR "SIMDe headers not found: install the Debian package libsimde-dev "
                      "(apt-get install libsimde-dev)")
endif()

# xxHash for the snapshot checksum (engine/core/pool_snapshot.c), header only
# (XXH_INLINE_ALL): compiled in, so libmote.a and programs using it need no libxxhash.
find_path(XXHASH_INCLUDE_DIR xxhash.h)
if(NOT XXHASH_INCLUDE_DIR)
  message(FATAL_ERROR "xxHash header not found: install the Debian package libxxhash-dev "
                      "(apt-get install libxxhash-dev)")
endif()

find_package(PkgConfig QUIET)

# cmocka for the tests: its pkg-config file, or its CMake package.
function(mote_find_cmocka)
  if(TARGET mote_cmocka)
    return()
  endif()
  if(PKG_CONFIG_FOUND)
    pkg_check_modules(CMOCKA QUIET IMPORTED_TARGET cmocka)
  endif()
  add_library(mote_cmocka INTERFACE)
  if(CMOCKA_FOUND)
    target_link_libraries(mote_cmocka INTERFACE PkgConfig::CMOCKA)
  else()
    find_path(CMOCKA_INCLUDE_DIR cmocka.h)
    find_library(CMOCKA_LIBRARY cmocka)
    if(NOT CMOCKA_INCLUDE_DIR OR NOT CMOCKA_LIBRARY)
      message(FATAL_ERROR "cmocka not found: install the Debian package libcmocka-dev "
                          "(apt-get install libcmocka-dev), or configure with -DMOTE_BUILD_TESTS=OFF")
    endif()
    target_include_directories(mote_cmocka INTERFACE ${CMOCKA_INCLUDE_DIR})
    target_link_libraries(mote_cmocka INTERFACE ${CMOCKA_LIBRARY})
  endif()
endfunction()

# Google Benchmark for the benchmarks.
function(mote_find_benchmark)
  find_package(benchmark QUIET)
  if(NOT benchmark_FOUND)
    message(FATAL_ERROR "Google Benchmark not found: install the Debian package libbenchmark-dev "
                        "(apt-get install libbenchmark-dev), or configure with -DMOTE_BUILD_BENCH=OFF")
  endif()
endfunction()
