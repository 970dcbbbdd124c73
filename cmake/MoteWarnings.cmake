# Compile settings every mote C target shares.
set(MOTE_WARNINGS -Wall -Wextra -Wpedantic -Wmissing-prototypes -Wshadow -Wstrict-prototypes)
if(MOTE_WERROR)
  list(APPEND MOTE_WARNINGS -Werror)
endif()

# Warnings, strict floating point, and no fused multiply-add anywhere.
function(mote_internal_settings target)
  target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:C>:${MOTE_WARNINGS}>
                                           -ffp-contract=off -fno-fast-math)
  target_include_directories(${target} PRIVATE
    ${PROJECT_SOURCE_DIR}/engine/include ${PROJECT_SOURCE_DIR}/simd
    ${PROJECT_SOURCE_DIR}/simd/kernels ${PROJECT_SOURCE_DIR}/engine/core
    ${PROJECT_SOURCE_DIR}/engine/kinds ${MOTE_KIND_DIRS})
endfunction()
