# Cross-compiles mote and its tests for aarch64 Linux with Debian's gcc-aarch64-linux-gnu,
# and runs them under qemu-user (ctest, tools). There is no binfmt handler on the CI machine,
# so the emulator is named explicitly; tests that re-execute themselves read it from
# MOTE_TEST_EMULATOR (tests/CMakeLists.txt passes CMAKE_CROSSCOMPILING_EMULATOR through).
#
#   dpkg --add-architecture arm64
#   apt-get install gcc-aarch64-linux-gnu qemu-user libcmocka-dev:arm64 libsimde-dev
#   cmake -S . -B build/aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake
#
# (tools/gate-aarch64.sh does all of it.)
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;/usr/aarch64-linux-gnu)

# Debian's multiarch layout: arm64 libraries live under /usr/lib/aarch64-linux-gnu, headers
# (SIMDe, cmocka) in the shared /usr/include. Search programs on the host only; libraries,
# headers and packages in both the sysroot and the host tree (with ONLY, the architecture-
# independent SIMDe headers in /usr/include are not found).
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

# pkg-config must see arm64's .pc files, not the host's.
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")
