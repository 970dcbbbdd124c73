# The peers (peers.h): the critical spring written with the SIMD libraries a user would pick
# instead of mote, each built only where its Debian package is found, in an object library of
# its own with the flags it needs (none of the project's strict floating-point flags: these are
# the libraries' code as their users build it). Included by bench/CMakeLists.txt; the
# benchmarks build without any of them, and configuring says which peers are on.
#   Highway: libhwy-dev (pkg-config libhwy), C++17, baseline flags: its dynamic dispatch
#            compiles every target itself and picks one at run time.
#   SLEEF:   libsleef-dev (sleef.h, libsleef), x86-64 only, one source built once per ISA:
#            -mavx2 -mfma for Sleef_expf8_u10avx2, -mavx512f for Sleef_expf16_u10avx512f.
set(peers_on "")
set(peers_off "")

target_sources(mote-bench PRIVATE peers/peer_support.c ${PROJECT_SOURCE_DIR}/tools/common/scaled_ulp.c)
target_include_directories(mote-bench PRIVATE ${PROJECT_SOURCE_DIR}/tools/common)

if(PKG_CONFIG_FOUND)
  pkg_check_modules(MOTE_HWY QUIET IMPORTED_TARGET libhwy)
endif()
if(MOTE_HWY_FOUND)
  add_library(mote_bench_highway OBJECT peers/highway_critical.cc)
  target_include_directories(mote_bench_highway PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}
                                                        ${PROJECT_SOURCE_DIR}/engine/include)
  target_link_libraries(mote_bench_highway PRIVATE PkgConfig::MOTE_HWY)
  set_target_properties(mote_bench_highway PROPERTIES CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON
                                                      CXX_EXTENSIONS OFF)
  target_compile_options(mote_bench_highway PRIVATE ${MOTE_BENCH_CXX_WARNINGS})
  target_sources(mote-bench PRIVATE $<TARGET_OBJECTS:mote_bench_highway>)
  target_link_libraries(mote-bench PRIVATE PkgConfig::MOTE_HWY)
  target_compile_definitions(mote-bench PRIVATE MOTE_BENCH_HIGHWAY)
  list(APPEND peers_on "highway (Highway ${MOTE_HWY_VERSION})")
else()
  list(APPEND peers_off "highway (needs libhwy-dev)")
endif()

set(sleef_x86 OFF)
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$" AND CMAKE_SIZEOF_VOID_P EQUAL 8)
  set(sleef_x86 ON)
  find_path(MOTE_SLEEF_INCLUDE_DIR sleef.h)
  find_library(MOTE_SLEEF_LIBRARY sleef)
endif()
if(sleef_x86 AND MOTE_SLEEF_INCLUDE_DIR AND MOTE_SLEEF_LIBRARY)
  #   mote_bench_sleef(<isa> <flags...>) builds sleef_critical.c for <isa> (its flags pick the
  #   vector width) as bench_sleef_critical_<isa>.
  function(mote_bench_sleef isa)
    set(target mote_bench_sleef_${isa})
    add_library(${target} OBJECT peers/sleef_critical.c)
    target_compile_definitions(${target} PRIVATE SLEEF_CRITICAL_FN=bench_sleef_critical_${isa})
    target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/peers
                                                 ${PROJECT_SOURCE_DIR}/engine/include
                                                 ${MOTE_SLEEF_INCLUDE_DIR})
    target_compile_options(${target} PRIVATE ${MOTE_WARNINGS} ${ARGN})
    target_sources(mote-bench PRIVATE $<TARGET_OBJECTS:${target}>)
    string(TOUPPER ${isa} upper)
    target_compile_definitions(mote-bench PRIVATE MOTE_BENCH_SLEEF_${upper})
  endfunction()
  mote_bench_sleef(avx2 -mavx2 -mfma)
  mote_bench_sleef(avx512 -mavx512f)
  target_link_libraries(mote-bench PRIVATE ${MOTE_SLEEF_LIBRARY})
  list(APPEND peers_on "sleef_avx2, sleef_avx512 (${MOTE_SLEEF_LIBRARY})")
elseif(sleef_x86)
  list(APPEND peers_off "sleef_avx2, sleef_avx512 (need libsleef-dev)")
else()
  list(APPEND peers_off "sleef_avx2, sleef_avx512 (x86-64 only)")
endif()

string(REPLACE ";" "; " peers_on "${peers_on}")
string(REPLACE ";" "; " peers_off "${peers_off}")
if(peers_on STREQUAL "")
  set(peers_on "none")
endif()
if(peers_off STREQUAL "")
  set(peers_off "none")
endif()
message(STATUS "mote-bench peers ON: ${peers_on}")
message(STATUS "mote-bench peers OFF: ${peers_off}")
