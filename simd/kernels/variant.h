/* Internal: names a symbol after the variant this translation unit is compiled as.
 * CMake defines MOTE_VARIANT (portable, avx2, avx512, neon, avx2_emu, avx512_emu, ...). */
#ifndef MOTE_VARIANT_H
#define MOTE_VARIANT_H

#ifndef MOTE_VARIANT
#error "MOTE_VARIANT must name the variant being compiled"
#endif

#define MOTE_CAT_(a, b) a##_##b
#define MOTE_CAT(a, b)  MOTE_CAT_(a, b)
/* mote_variant_fn(spring_critical) -> spring_critical_avx2 */
#define MOTE_VARIANT_FN(name) MOTE_CAT(name, MOTE_VARIANT)

#endif
