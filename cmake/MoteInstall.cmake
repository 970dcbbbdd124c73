# cmake --install: headers, libmote.a, a CMake package (find_package(mote)) and mote.pc.
include(CMakePackageConfigHelpers)

install(TARGETS mote EXPORT moteTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/engine/include/mote
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.h")
install(EXPORT moteTargets NAMESPACE mote:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/mote)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/moteConfig.cmake.in
  ${PROJECT_BINARY_DIR}/moteConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/mote)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/moteConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/moteConfig.cmake ${PROJECT_BINARY_DIR}/moteConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/mote)

# The prefix is found relative to mote.pc itself, so an install moved or made with
# `cmake --install --prefix P` still resolves; -lm is in Libs because libmote.a is static.
file(RELATIVE_PATH MOTE_PC_RELATIVE_PREFIX
     ${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" MOTE_PC_RELATIVE_PREFIX "${MOTE_PC_RELATIVE_PREFIX}")
# libmote.a built with OpenMP needs its runtime at link time.
set(MOTE_PC_OPENMP "")
if(MOTE_HAS_OPENMP)
  set(MOTE_PC_OPENMP "${OpenMP_C_FLAGS}")
endif()
# and, with mote_workers on POSIX threads, -pthread.
if(MOTE_HAS_PTHREADS)
  string(APPEND MOTE_PC_OPENMP " -pthread")
endif()
configure_file(${PROJECT_SOURCE_DIR}/cmake/mote.pc.in ${PROJECT_BINARY_DIR}/mote.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/mote.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
