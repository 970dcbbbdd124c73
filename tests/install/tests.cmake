# The install tests (issue 2, part 1; issue 10): `cmake --install` this build tree into a
# fresh prefix under the build directory, then build separate consumer projects against that
# prefix and run them: through find_package(mote CONFIG) / mote::mote from C
# (install_consumer_cmake) and from a C++-only project (install_consumer_cxx), and through
# pkg-config (install_consumer_pkgconfig). install_relocated installs into a prefix of its
# own and moves it before building the consumers against it; install_readme runs README.md's
# install commands verbatim (run_install_test.cmake says how). Registered as ctest tests
# that run after the build; a fixture orders the ones sharing the prefix.
#
# Sanitizer builds: libmote.a then holds instrumented code, so the consumers are compiled and
# linked with the same -fsanitize flags (MOTE_SANITIZE), and still run (install_readme is not
# registered there: it builds a mote of its own, without them).

set(MOTE_INSTALL_TEST_DIR ${CMAKE_BINARY_DIR}/install-test)
set(MOTE_INSTALL_TEST_FLAGS "")
if(MOTE_SANITIZE)
  set(MOTE_INSTALL_TEST_FLAGS "-fsanitize=${MOTE_SANITIZE} -fno-omit-frame-pointer")
endif()
set(MOTE_INSTALL_TEST_ARGS
  -DMOTE_BUILD_DIR=${CMAKE_BINARY_DIR}
  -DMOTE_PREFIX=${MOTE_INSTALL_TEST_DIR}/prefix
  -DMOTE_WORK_DIR=${MOTE_INSTALL_TEST_DIR}
  -DMOTE_SOURCE_DIR=${PROJECT_SOURCE_DIR}
  -DMOTE_CONSUMER_DIR=${CMAKE_CURRENT_LIST_DIR}/consumer
  -DMOTE_CONSUMER_CXX_DIR=${CMAKE_CURRENT_LIST_DIR}/consumer-cxx
  -DMOTE_LIBDIR=${CMAKE_INSTALL_LIBDIR}
  -DMOTE_GENERATOR=${CMAKE_GENERATOR}
  -DMOTE_C_COMPILER=${CMAKE_C_COMPILER}
  "-DMOTE_C_FLAGS=${MOTE_INSTALL_TEST_FLAGS}")
set(MOTE_INSTALL_TEST_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/run_install_test.cmake)

add_test(NAME install_mote
         COMMAND ${CMAKE_COMMAND} ${MOTE_INSTALL_TEST_ARGS} -DMOTE_STEP=install
                 -P ${MOTE_INSTALL_TEST_SCRIPT})
set_tests_properties(install_mote PROPERTIES FIXTURES_SETUP mote_installed)

# A cross build's consumer is a foreign binary built by a host-configured project: the
# install step still runs, the consumers run in the native build.
if(CMAKE_CROSSCOMPILING)
  return()
endif()

# The C++ compiler of the C++-only consumer (g++ on Debian), found without enabling C++ here.
include(CheckLanguage)
check_language(CXX)
set(MOTE_INSTALL_TEST_CXX ${CMAKE_CXX_COMPILER})
if(NOT MOTE_INSTALL_TEST_CXX)
  set(MOTE_INSTALL_TEST_CXX "")
endif()
list(APPEND MOTE_INSTALL_TEST_ARGS "-DMOTE_CXX_COMPILER=${MOTE_INSTALL_TEST_CXX}")

add_test(NAME install_consumer_cmake
         COMMAND ${CMAKE_COMMAND} ${MOTE_INSTALL_TEST_ARGS} -DMOTE_STEP=cmake
                 -P ${MOTE_INSTALL_TEST_SCRIPT})
add_test(NAME install_consumer_cxx
         COMMAND ${CMAKE_COMMAND} ${MOTE_INSTALL_TEST_ARGS} -DMOTE_STEP=cxx
                 -P ${MOTE_INSTALL_TEST_SCRIPT})
add_test(NAME install_consumer_pkgconfig
         COMMAND ${CMAKE_COMMAND} ${MOTE_INSTALL_TEST_ARGS} -DMOTE_STEP=pkgconfig
                 -P ${MOTE_INSTALL_TEST_SCRIPT})
set_tests_properties(install_consumer_cmake install_consumer_cxx install_consumer_pkgconfig
                     PROPERTIES FIXTURES_REQUIRED mote_installed)
add_test(NAME install_relocated
         COMMAND ${CMAKE_COMMAND} ${MOTE_INSTALL_TEST_ARGS} -DMOTE_STEP=relocated
                 -P ${MOTE_INSTALL_TEST_SCRIPT})
# install_readme builds a mote of its own with the README's options, whatever this build's:
# a sanitizer build would only repeat the plain build's run. Started early (COST), it runs
# beside the other suites.
if(NOT MOTE_SANITIZE)
  add_test(NAME install_readme
           COMMAND ${CMAKE_COMMAND} ${MOTE_INSTALL_TEST_ARGS} -DMOTE_STEP=readme
                   -P ${MOTE_INSTALL_TEST_SCRIPT})
  set_tests_properties(install_readme PROPERTIES COST 100)
endif()
