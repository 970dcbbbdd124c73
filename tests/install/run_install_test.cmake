# One step of the install test, run as `cmake -D... -DMOTE_STEP=<step> -P run_install_test.cmake`
# (see tests.cmake for the variables):
#   install    remove the prefix, then `cmake --install` the build tree into it
#   cmake      configure, build and run tests/install/consumer against the prefix with
#              CMAKE_PREFIX_PATH (find_package(mote CONFIG REQUIRED), mote::mote)
#   pkgconfig  compile consumer/main.c with `pkg-config --cflags --libs mote` found through
#              PKG_CONFIG_PATH=<prefix>/<libdir>/pkgconfig, check the flags point into the
#              prefix, and run it
cmake_minimum_required(VERSION 3.20)

function(run_checked what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "install test: ${what} failed (${result}): ${ARGN}")
  endif()
endfunction()

if(MOTE_STEP STREQUAL "install")
  file(REMOVE_RECURSE ${MOTE_PREFIX})
  run_checked("cmake --install" ${CMAKE_COMMAND} --install ${MOTE_BUILD_DIR} --prefix ${MOTE_PREFIX})
  foreach(expected include/mote/mote.h ${MOTE_LIBDIR}/libmote.a
          ${MOTE_LIBDIR}/cmake/mote/moteConfig.cmake ${MOTE_LIBDIR}/pkgconfig/mote.pc)
    if(NOT EXISTS ${MOTE_PREFIX}/${expected})
      message(FATAL_ERROR "install test: ${expected} was not installed under ${MOTE_PREFIX}")
    endif()
  endforeach()
  message(STATUS "installed into ${MOTE_PREFIX}")

elseif(MOTE_STEP STREQUAL "cmake")
  set(build ${MOTE_WORK_DIR}/consumer-cmake)
  file(REMOVE_RECURSE ${build})
  run_checked("configuring the consumer" ${CMAKE_COMMAND} -S ${MOTE_CONSUMER_DIR} -B ${build}
              -G ${MOTE_GENERATOR} -DCMAKE_BUILD_TYPE=Release
              -DCMAKE_C_COMPILER=${MOTE_C_COMPILER} "-DCMAKE_C_FLAGS=${MOTE_C_FLAGS}"
              "-DCMAKE_EXE_LINKER_FLAGS=${MOTE_C_FLAGS}" -DCMAKE_PREFIX_PATH=${MOTE_PREFIX}
              -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
  run_checked("building the consumer" ${CMAKE_COMMAND} --build ${build})
  run_checked("running the consumer" ${build}/mote_consumer)

elseif(MOTE_STEP STREQUAL "pkgconfig")
  find_program(PKG_CONFIG_EXECUTABLE NAMES pkg-config pkgconf)
  if(NOT PKG_CONFIG_EXECUTABLE)
    message(FATAL_ERROR "install test: pkg-config not found (apt-get install pkg-config)")
  endif()
  set(ENV{PKG_CONFIG_PATH} ${MOTE_PREFIX}/${MOTE_LIBDIR}/pkgconfig)
  execute_process(COMMAND ${PKG_CONFIG_EXECUTABLE} --cflags --libs mote
                  RESULT_VARIABLE result OUTPUT_VARIABLE flags OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "install test: pkg-config --cflags --libs mote failed with "
                        "PKG_CONFIG_PATH=$ENV{PKG_CONFIG_PATH}")
  endif()
  message(STATUS "pkg-config --cflags --libs mote: ${flags}")
  # The -I and -L directories must lie in the prefix the files were installed to, or the
  # program would build against some other copy (or none): mote.pc has to follow
  # `cmake --install --prefix`.
  separate_arguments(flag_list UNIX_COMMAND "${flags}")
  file(REAL_PATH ${MOTE_PREFIX} real_prefix)
  set(seen_include OFF)
  set(seen_libdir OFF)
  foreach(flag IN LISTS flag_list)
    if(flag MATCHES "^-([IL])(.+)$")
      set(kind ${CMAKE_MATCH_1})
      file(REAL_PATH ${CMAKE_MATCH_2} directory)
      string(FIND "${directory}/" "${real_prefix}/" at)
      if(NOT at EQUAL 0)
        message(FATAL_ERROR "install test: mote.pc installed under ${MOTE_PREFIX} points "
                            "elsewhere (${flag}): ${flags}")
      endif()
      if(kind STREQUAL "I")
        set(seen_include ON)
      else()
        set(seen_libdir ON)
      endif()
    endif()
  endforeach()
  if(NOT seen_include OR NOT seen_libdir)
    message(FATAL_ERROR "install test: pkg-config gave no -I or no -L for mote: ${flags}")
  endif()
  separate_arguments(sanitize_list UNIX_COMMAND "${MOTE_C_FLAGS}")
  set(program ${MOTE_WORK_DIR}/consumer-pkgconfig)
  run_checked("compiling the consumer with pkg-config's flags" ${MOTE_C_COMPILER} -std=c11
              ${sanitize_list} ${MOTE_CONSUMER_DIR}/main.c -o ${program} ${flag_list})
  run_checked("running the pkg-config consumer" ${program})

else()
  message(FATAL_ERROR "install test: unknown MOTE_STEP '${MOTE_STEP}'")
endif()
