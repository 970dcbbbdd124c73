# The install test (issue 2, part 1): `cmake --install` this build tree into a fresh prefix
# under the build directory, then build a separate consumer project against that prefix,
# once through find_package(mote CONFIG) / mote::mote and once through pkg-config, and run
# both programs. Registered as ctest tests that run after the build; a fixture orders them.
#
# Sanitizer builds: libmote.a then holds instrumented code, so the consumer is compiled and
# linked with the same -fsanitize flags (MOTE_SANITIZE), and still runs.

set(MOTE_INSTALL_TEST_DIR ${CMAKE_BINARY_DIR}/install-test)
set(MOTE_INSTALL_TEST_FLAGS "")
if(MOTE_SANITIZE)
  set(MOTE_INSTALL_TEST_FLAGS "-fsanitize=${MOTE_SANITIZE} -fno-omit-frame-pointer")
endif()
set(MOTE_INSTALL_TEST_ARGS
  -DMOTE_BUILD_DIR=${CMAKE_BINARY_DIR}
  -DMOTE_PREFIX=${MOTE_INSTALL_TEST_DIR}/prefix
  -DMOTE_WORK_DIR=${MOTE_INSTALL_TEST_DIR}
  -DMOTE_CONSUMER_DIR=${CMAKE_CURRENT_LIST_DIR}/consumer
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

add_test(NAME install_consumer_cmake
         COMMAND ${CMAKE_COMMAND} ${MOTE_INSTALL_TEST_ARGS} -DMOTE_STEP=cmake
                 -P ${MOTE_INSTALL_TEST_SCRIPT})
add_test(NAME install_consumer_pkgconfig
         COMMAND ${CMAKE_COMMAND} ${MOTE_INSTALL_TEST_ARGS} -DMOTE_STEP=pkgconfig
                 -P ${MOTE_INSTALL_TEST_SCRIPT})
set_tests_properties(install_consumer_cmake install_consumer_pkgconfig PROPERTIES
                     FIXTURES_REQUIRED mote_installed)
