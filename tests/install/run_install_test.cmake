# One step of the install test, run as `cmake -D... -DMOTE_STEP=<step> -P run_install_test.cmake`
# (see tests.cmake for the variables):
#   install    remove the prefix, then `cmake --install` the build tree into it
#   cmake      configure, build and run tests/install/consumer against the prefix with
#              CMAKE_PREFIX_PATH (find_package(mote CONFIG REQUIRED), mote::mote)
#   cxx        the same with tests/install/consumer-cxx, a C++-only project (project(... CXX))
#   pkgconfig  compile consumer/main.c with `pkg-config --cflags --libs mote` found through
#              PKG_CONFIG_PATH=<prefix>/<libdir>/pkgconfig, check the flags point into the
#              prefix, and run it
#   relocated  `cmake --install` into a prefix of its own, move that directory elsewhere, check
#              that no installed file names the old path or an absolute libm, then the cmake,
#              cxx and pkgconfig consumers against the moved prefix
#   readme     the install commands of README.md, verbatim: the sh block after the marker line
#              `<!-- install-test: readme-install -->`, which must be the three commands
#              `cmake -S . -B build ...`, `cmake --build build ...` and
#              `cmake --install build --prefix <under $HOME>`; run in a copy of the source tree
#              with HOME set to a scratch directory, then the cmake consumer against that
#              prefix
cmake_minimum_required(VERSION 3.20)

function(run_checked what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "install test: ${what} failed (${result}): ${ARGN}")
  endif()
endfunction()

# `cmake --install` of this build tree into prefix (removed first), and the files a consumer
# needs must be there.
function(install_into prefix)
  file(REMOVE_RECURSE ${prefix})
  run_checked("cmake --install" ${CMAKE_COMMAND} --install ${MOTE_BUILD_DIR} --prefix ${prefix})
  foreach(expected include/mote/mote.h ${MOTE_LIBDIR}/libmote.a
          ${MOTE_LIBDIR}/cmake/mote/moteConfig.cmake ${MOTE_LIBDIR}/pkgconfig/mote.pc)
    if(NOT EXISTS ${prefix}/${expected})
      message(FATAL_ERROR "install test: ${expected} was not installed under ${prefix}")
    endif()
  endforeach()
  message(STATUS "installed into ${prefix}")
endfunction()

# Configures, builds and runs the consumer project in source_dir (its executable is named
# program, its language is C or CXX) against prefix, in work/<name>; mote_DIR must lie in the
# prefix. flags are the sanitizer flags of libmote.a ("" for none).
function(build_consumer name source_dir program language prefix flags)
  set(build ${MOTE_WORK_DIR}/${name})
  file(REMOVE_RECURSE ${build})
  if(language STREQUAL "CXX")
    if(NOT MOTE_CXX_COMPILER)
      message(FATAL_ERROR "install test: no C++ compiler was found when this build was "
                          "configured (apt-get install g++)")
    endif()
    set(compiler ${MOTE_CXX_COMPILER})
  else()
    set(compiler ${MOTE_C_COMPILER})
  endif()
  run_checked("configuring ${name}" ${CMAKE_COMMAND} -S ${source_dir} -B ${build}
              -G ${MOTE_GENERATOR} -DCMAKE_BUILD_TYPE=Release
              -DCMAKE_${language}_COMPILER=${compiler} "-DCMAKE_${language}_FLAGS=${flags}"
              "-DCMAKE_EXE_LINKER_FLAGS=${flags}" -DCMAKE_PREFIX_PATH=${prefix}
              -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
  file(STRINGS ${build}/CMakeCache.txt mote_dir_line REGEX "^mote_DIR:")
  string(REGEX REPLACE "^mote_DIR:[A-Z]+=" "" mote_dir "${mote_dir_line}")
  file(REAL_PATH ${prefix} real_prefix)
  file(REAL_PATH "${mote_dir}" real_mote_dir)
  string(FIND "${real_mote_dir}/" "${real_prefix}/" at)
  if(NOT at EQUAL 0)
    message(FATAL_ERROR "install test: ${name} found mote in '${mote_dir}', not in ${prefix}")
  endif()
  run_checked("building ${name}" ${CMAKE_COMMAND} --build ${build})
  run_checked("running ${name}" ${build}/${program})
endfunction()

# Compiles consumer/main.c with pkg-config's flags for the mote.pc in prefix and runs it; the
# -I and -L directories must lie in that prefix.
function(pkgconfig_consumer name prefix)
  find_program(PKG_CONFIG_EXECUTABLE NAMES pkg-config pkgconf)
  if(NOT PKG_CONFIG_EXECUTABLE)
    message(FATAL_ERROR "install test: pkg-config not found (apt-get install pkg-config)")
  endif()
  set(ENV{PKG_CONFIG_PATH} ${prefix}/${MOTE_LIBDIR}/pkgconfig)
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
  file(REAL_PATH ${prefix} real_prefix)
  set(seen_include OFF)
  set(seen_libdir OFF)
  foreach(flag IN LISTS flag_list)
    if(flag MATCHES "^-([IL])(.+)$")
      set(kind ${CMAKE_MATCH_1})
      file(REAL_PATH ${CMAKE_MATCH_2} directory)
      string(FIND "${directory}/" "${real_prefix}/" at)
      if(NOT at EQUAL 0)
        message(FATAL_ERROR "install test: mote.pc installed under ${prefix} points "
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
  set(program ${MOTE_WORK_DIR}/${name})
  run_checked("compiling the consumer with pkg-config's flags" ${MOTE_C_COMPILER} -std=c11
              ${sanitize_list} ${MOTE_CONSUMER_DIR}/main.c -o ${program} ${flag_list})
  run_checked("running the pkg-config consumer" ${program})
endfunction()

# The commands of README.md's install block (the sh block right after the marker line),
# checked for the shape the readme step expects; sets out in the caller.
function(readme_install_commands readme out)
  set(marker "<!-- install-test: readme-install -->")
  file(READ ${readme} text)
  string(FIND "${text}" "\n${marker}\n" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "install test: README.md has no line '${marker}' before its install "
                        "commands")
  endif()
  string(LENGTH "\n${marker}\n" marker_length)
  math(EXPR at "${at} + ${marker_length}")
  string(SUBSTRING "${text}" ${at} -1 after)
  if(NOT after MATCHES "^\n*```sh\n([^`]*)```\n")
    message(FATAL_ERROR "install test: README.md's '${marker}' must be followed by a closed "
                        "```sh block")
  endif()
  string(REGEX REPLACE "\n+$" "" block "${CMAKE_MATCH_1}")
  string(REPLACE "\n" ";" commands "${block}")
  set(shape "^cmake -S \\. -B build( .*)?$" "^cmake --build build( .*)?$"
            "^cmake --install build --prefix [^ ]+$")
  list(LENGTH commands command_count)
  set(ok OFF)
  if(command_count EQUAL 3 AND NOT block MATCHES "[;\\]")
    set(ok ON)
    foreach(index RANGE 2)
      list(GET commands ${index} command)
      list(GET shape ${index} pattern)
      if(NOT command MATCHES "${pattern}")
        set(ok OFF)
      endif()
    endforeach()
  endif()
  if(NOT ok)
    message(FATAL_ERROR "install test: README.md's install block changed shape; expected "
                        "exactly the lines `cmake -S . -B build ...`, `cmake --build build ...` "
                        "and `cmake --install build --prefix <one word, under $HOME>`, found:\n"
                        "${block}\nChange tests/install/run_install_test.cmake (step readme) "
                        "with it.")
  endif()
  set(${out} "${commands}" PARENT_SCOPE)
endfunction()

if(MOTE_STEP STREQUAL "install")
  install_into(${MOTE_PREFIX})

elseif(MOTE_STEP STREQUAL "cmake")
  build_consumer(consumer-cmake ${MOTE_CONSUMER_DIR} mote_consumer C ${MOTE_PREFIX}
                 "${MOTE_C_FLAGS}")

elseif(MOTE_STEP STREQUAL "cxx")
  build_consumer(consumer-cxx ${MOTE_CONSUMER_CXX_DIR} mote_consumer_cxx CXX ${MOTE_PREFIX}
                 "${MOTE_C_FLAGS}")

elseif(MOTE_STEP STREQUAL "pkgconfig")
  pkgconfig_consumer(consumer-pkgconfig ${MOTE_PREFIX})

elseif(MOTE_STEP STREQUAL "relocated")
  set(installed ${MOTE_WORK_DIR}/relocated/installed)
  set(moved ${MOTE_WORK_DIR}/relocated/moved-elsewhere)
  file(REMOVE_RECURSE ${MOTE_WORK_DIR}/relocated)
  install_into(${installed})
  file(RENAME ${installed} ${moved})
  message(STATUS "moved ${installed} to ${moved}")
  # Nothing installed may name the old prefix (which no longer exists), the build tree, or a
  # library by this machine's absolute path (moteTargets.cmake once said
  # /usr/lib/x86_64-linux-gnu/libm.so).
  file(GLOB_RECURSE text_files ${moved}/*.cmake ${moved}/*.pc)
  foreach(text_file IN LISTS text_files)
    file(READ ${text_file} text)
    foreach(forbidden ${installed} ${MOTE_BUILD_DIR})
      string(FIND "${text}" "${forbidden}" found)
      if(NOT found EQUAL -1)
        message(FATAL_ERROR "install test: ${text_file} names ${forbidden}: the installed "
                            "package is not relocatable")
      endif()
    endforeach()
    if(text MATCHES "/libm\\.(so|a)")
      message(FATAL_ERROR "install test: ${text_file} names libm by an absolute path "
                          "('${CMAKE_MATCH_0}'): link m by name")
    endif()
  endforeach()
  build_consumer(relocated/consumer-cmake ${MOTE_CONSUMER_DIR} mote_consumer C ${moved}
                 "${MOTE_C_FLAGS}")
  build_consumer(relocated/consumer-cxx ${MOTE_CONSUMER_CXX_DIR} mote_consumer_cxx CXX ${moved}
                 "${MOTE_C_FLAGS}")
  pkgconfig_consumer(relocated/consumer-pkgconfig ${moved})

elseif(MOTE_STEP STREQUAL "readme")
  readme_install_commands(${MOTE_SOURCE_DIR}/README.md commands)
  set(work ${MOTE_WORK_DIR}/readme)
  set(home ${work}/home)
  set(source ${work}/mote)
  file(REMOVE_RECURSE ${work})
  file(MAKE_DIRECTORY ${home} ${source})
  # A copy of the source tree as a clone has it, without build trees or .git.
  file(GLOB entries RELATIVE ${MOTE_SOURCE_DIR} ${MOTE_SOURCE_DIR}/*)
  foreach(entry IN LISTS entries)
    if(NOT entry MATCHES "^(build.*|out|\\.git)$")
      file(COPY ${MOTE_SOURCE_DIR}/${entry} DESTINATION ${source})
    endif()
  endforeach()
  # The commands see a scratch HOME and none of this build's generator or compiler choices;
  # CMAKE_BUILD_PARALLEL_LEVEL only makes `cmake --build` use the cores.
  cmake_host_system_information(RESULT cores QUERY NUMBER_OF_LOGICAL_CORES)
  set(shell ${CMAKE_COMMAND} -E env --unset=CMAKE_GENERATOR --unset=CMAKE_PREFIX_PATH
            --unset=DESTDIR HOME=${home} CMAKE_BUILD_PARALLEL_LEVEL=${cores} sh -c)
  list(GET commands 2 install_command)
  string(REGEX REPLACE "^cmake --install build --prefix " "" prefix_word "${install_command}")
  execute_process(COMMAND ${shell} "printf '%s' ${prefix_word}" OUTPUT_VARIABLE prefix
                  RESULT_VARIABLE result)
  string(FIND "${prefix}/" "${home}/" at)
  if(NOT result EQUAL 0 OR NOT at EQUAL 0)
    message(FATAL_ERROR "install test: README.md's install prefix ${prefix_word} is '${prefix}', "
                        "not under $HOME (${home}): the test only runs it there")
  endif()
  foreach(command IN LISTS commands)
    message(STATUS "README: ${command}")
    execute_process(COMMAND ${shell} "${command}" WORKING_DIRECTORY ${source}
                    RESULT_VARIABLE result)
    if(NOT result EQUAL 0)
      message(FATAL_ERROR "install test: README.md's `${command}` failed (${result})")
    endif()
  endforeach()
  build_consumer(readme/consumer-cmake ${MOTE_CONSUMER_DIR} mote_consumer C ${prefix} "")

else()
  message(FATAL_ERROR "install test: unknown MOTE_STEP '${MOTE_STEP}'")
endif()
