/* Snapshots of any pool kind: save writes the whole state in the format of
 * docs/snapshot-format.md, restore checks a blob completely (size, header, checksum, settings,
 * id table, finite fields) in one pass that copies the fields into the pool's spare storage,
 * and only then replaces the pool's state. Written once, from the kind record: every kind
 * registered with MOTE_POOL_API has snapshots. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "little_endian.h"
#include "allocator.h"
#include "mote/backend.h"
#include "pool_snapshot.h"
#include "pose_history.h"
#include "refuse.h"
#include "step_cache.h"
#include "snapshot_wide.h"

/* xxHash (Debian libxxhash-dev), header only: libmote.a gains no link dependency. */
#define XXH_INLINE_ALL
#if defined(__GNUC__) && !defined(__clang__)
/* GCC 12 sees XXH32's tail reads of a 1-byte input as out of bounds (a false positive). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#endif
#include <xxhash.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

/* Bulk sections are hashed and checked in pieces, while they are in L1. A snapshot that
 * streams (MOTE_SNAPSHOT_STREAM_BYTES: its blob comes from and goes to memory) takes smaller
 * pieces, so that one piece's loads from memory overlap the last one's stores; in cache, larger
 * pieces make fewer calls (bench/README.md, "Smaller pieces when streaming"). */
#define STREAM_PIECE_WORDS 1024
#define CACHE_PIECE_WORDS  4096

#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) &&                                 \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define HOST_LITTLE_ENDIAN 1
#else
#define HOST_LITTLE_ENDIAN 0
#endif

/* ---- little-endian encoders ------------------------------------------------------------- */

/* n 32-bit host words (floats or uint32_t) -> n little-endian words. On a little-endian host
 * the bytes are the same, so it is one copy. */
static void put_words(unsigned char *dst, const void *src, size_t n) {
    if (n == 0) {
        return;
    }
    if (HOST_LITTLE_ENDIAN) {
        memcpy(dst, src, n * 4);
        return;
    }
    for (size_t i = 0; i < n; ++i) {
        uint32_t w;
        memcpy(&w, (const unsigned char *)src + 4 * i, 4);
        put_u32(dst + 4 * i, w);
    }
}

/* n little-endian words -> n 32-bit host words. */
static void get_words(void *dst, const unsigned char *src, size_t n) {
    if (n == 0) {
        return;
    }
    if (HOST_LITTLE_ENDIAN) {
        memcpy(dst, src, n * 4);
        return;
    }
    for (size_t i = 0; i < n; ++i) {
        uint32_t w = get_u32(src + 4 * i);
        memcpy((unsigned char *)dst + 4 * i, &w, 4);
    }
}

/* Word i of a little-endian array, as a host value. */
static uint32_t word_at(const unsigned char *p, size_t i) {
    uint32_t w;
    if (HOST_LITTLE_ENDIAN) {
        memcpy(&w, p + 4 * i, 4);
    } else {
        w = get_u32(p + 4 * i);
    }
    return w;
}

/* A float's exponent bits: all of them set is a NaN or an infinity. */
#define EXPONENT_BITS 0x7f800000u

/* True when no word of the n (host words, floats' bits) is a NaN or infinity. */
static bool bits_finite(const uint32_t *bits, size_t n) {
    uint32_t bad = 0;
    for (size_t i = 0; i < n; ++i) {
        bad |= (bits[i] & EXPONENT_BITS) == EXPONENT_BITS;
    }
    return bad == 0;
}

/* Copies n little-endian words from src to dst (host words) and says whether none is bad, a word
 * w being bad when (w & mask) == bad_bits (snapshot_wide.h's copy_checked). The baseline path,
 * plain C (the compiler's vectors): snapshot_wide.h has the AVX2 and AVX-512 ones, which also
 * stream their stores, picked by pick_paths. */
static bool copy_checked_baseline(void *dst, const void *src, size_t n, bool stream, uint32_t mask,
                                  uint32_t bad_bits) {
    (void)stream;
    uint32_t bad = 0;
    for (size_t i = 0; i < n; ++i) {
        bad |= (word_at(src, i) & mask) == bad_bits;
    }
    get_words(dst, src, n);
    return bad == 0;
}

/* Places n element slots (little-endian words) into an id table (snapshot_wide.h's
 * place_slots): the baseline path, one slot at a time. */
static bool place_slots_baseline(uint32_t *dense_of_slot, unsigned char *seen, const void *slots,
                                 size_t n, uint32_t first_dense, uint32_t slots_used) {
    if (HOST_LITTLE_ENDIAN) {
        return mote_snapshot_place_slots_scalar(dense_of_slot, seen, slots, n, first_dense,
                                                slots_used);
    }
    uint32_t out_of_range = 0;
    for (size_t i = 0; i < n; ++i) {
        mote_snapshot_place_slot(dense_of_slot, seen, word_at(slots, i), first_dense + (uint32_t)i,
                                 slots_used, &out_of_range);
    }
    return out_of_range == 0;
}

/* Orders the non-temporal stores of a checked copy before any later store. */
static void store_fence(void) {
#if defined(__SSE2__) && HOST_LITTLE_ENDIAN
    _mm_sfence();
#endif
}

/* Words in each piece of a snapshot that streams or not. */
static size_t piece_size(bool stream) {
    return stream ? STREAM_PIECE_WORDS : CACHE_PIECE_WORDS;
}

/* Words in the piece of n words that starts at word i, pieces of size words. */
static size_t piece_words(size_t n, size_t i, size_t size) {
    return n - i < size ? n - i : size;
}

/* Asks for the n bytes at p (the next piece) to come into cache while the current piece is
 * hashed: the hash then overlaps the memory's latency instead of waiting for it. A hint
 * only. */
static void prefetch_piece(const void *p, size_t n) {
#if defined(__GNUC__)
    for (size_t i = 0; i < n; i += 64) {
        __builtin_prefetch((const unsigned char *)p + i, 0, 3);
    }
#else
    (void)p;
    (void)n;
#endif
}

/* Words in the piece at word i of the n words at base (pieces of size words), having asked for
 * the piece after it to come into cache. */
static size_t start_piece(const void *base, size_t n, size_t i, size_t size) {
    if (n - i > size) {
        prefetch_piece((const unsigned char *)base + 4 * (i + size),
                       4 * piece_words(n, i + size, size));
    }
    return piece_words(n, i, size);
}

/* ---- the checksum and the checked copy, on the widest path the CPU has (snapshot_wide.h) - */

typedef void (*hash_update_fn)(void *state, const void *bytes, size_t n);
typedef bool (*copy_fn)(void *dst, const void *src, size_t n, bool stream, uint32_t mask,
                        uint32_t bad_bits);
typedef bool (*place_slots_fn)(uint32_t *dense_of_slot, unsigned char *seen, const void *slots,
                               size_t n, uint32_t first_dense, uint32_t slots_used);

static void hash_update_baseline(void *state, const void *bytes, size_t n) {
    (void)XXH3_64bits_update((XXH3_state_t *)state, bytes, n);
}

/* The paths of one instruction set: the checksum's, the checked copy's and the slot placing's. */
typedef struct wide_paths {
    hash_update_fn update;
    copy_fn copy;
    place_slots_fn place_slots;
} wide_paths;

/* xxHash's AVX-512 or AVX2 path and the copy and placing of the same width where the files are
 * built and the CPU has it, else the baseline ones (xxHash's SSE2 on x86-64, NEON or plain C
 * on aarch64; plain C copies and placing). Every path gives the same result. */
static wide_paths pick_paths(void) {
    wide_paths paths = {hash_update_baseline, copy_checked_baseline, place_slots_baseline};
#if defined(MOTE_SNAPSHOT_WIDE)
    if (mote_backend_available(MOTE_BACKEND_AVX512)) {
        paths = (wide_paths){mote_snapshot_hash_update_avx512, mote_snapshot_copy_checked_avx512,
                             mote_snapshot_place_slots_avx512};
    } else if (mote_backend_available(MOTE_BACKEND_AVX2)) {
        paths = (wide_paths){mote_snapshot_hash_update_avx2, mote_snapshot_copy_checked_avx2,
                             mote_snapshot_place_slots_avx2};
    }
#endif
    return paths;
}

/* An XXH3-64 (seed 0) being fed, and the copy and placing of the same path. */
typedef struct hasher {
    XXH3_state_t state;
    wide_paths paths;
} hasher;

static void hasher_reset(hasher *h) {
    (void)XXH3_64bits_reset(&h->state);
    h->paths = pick_paths();
}

static void hash_bytes(hasher *h, const void *bytes, size_t n) {
    h->paths.update(&h->state, bytes, n);
}

uint64_t mote_snapshot_checksum(const void *bytes, size_t size) {
    hasher h;
    hasher_reset(&h);
    hash_bytes(&h, bytes, size);
    return XXH3_64bits_digest(&h.state);
}

/* ---- what a kind's snapshot looks like -------------------------------------------------- */

/* The header's fields after the magic, in order (docs/snapshot-format.md). */
typedef struct snapshot_header {
    uint32_t version;
    uint32_t header_bytes;
    uint32_t kind_number;
    uint32_t name_hash;   /* XXH32 of the kind's name */
    uint32_t layout_hash; /* XXH32 of its field and settings names and types */
    uint32_t field_count;
    uint32_t field_mask; /* the stored fields: bits 0-31 of the mask */
    uint32_t tag;        /* the pool tag its ids carry */
    uint32_t count;
    uint32_t slots_used;
    uint32_t free_count;
    uint32_t setting_words;
    uint32_t max_dt_bits;
    uint32_t field_mask_high; /* bits 32-63 (0 for a kind of at most 32 fields) */
    uint64_t tail_words;      /* not in the header: the kind's own section (mote_snapshot_tail) */
} snapshot_header;

#define HEADER_WORDS 14
_Static_assert(8 + 4 * HEADER_WORDS == MOTE_SNAPSHOT_HEADER_BYTES, "the header is 64 bytes");

static uint32_t name_hash(const mote_pool_kind *kind) {
    return XXH32(kind->name, strlen(kind->name), 0);
}

/* Hash of the first field_count field names and every settings member's name and type, each
 * name ended by a 0 byte. A snapshot is written with every field of the list; it is read back
 * by a kind whose list starts with the same names (fields appended since, which the snapshot's
 * pools do not store, keep old snapshots readable; any other change of the field list or the
 * settings refuses them). */
static uint32_t layout_hash(const mote_pool_kind *kind, int field_count) {
    XXH32_state_t state;
    XXH32_reset(&state, 0);
    for (int f = 0; f < field_count; ++f) {
        XXH32_update(&state, kind->fields[f].name, strlen(kind->fields[f].name) + 1);
    }
    for (int s = 0; s < kind->setting_count; ++s) {
        const mote_setting_info *m = &kind->setting_members[s];
        unsigned char type = (unsigned char)m->type;
        XXH32_update(&state, m->name, strlen(m->name) + 1);
        XXH32_update(&state, &type, 1);
    }
    return XXH32_digest(&state);
}

/* The stored fields' mask, both words. */
static mote_field_mask mask_of(const snapshot_header *h) {
    return (mote_field_mask)h->field_mask | (mote_field_mask)h->field_mask_high << 32;
}

static unsigned popcount(uint64_t mask) {
    unsigned n = 0;
    for (; mask != 0; mask &= mask - 1) {
        ++n;
    }
    return n;
}

/* Bytes of a snapshot with these section lengths (in 64 bits: every input is 32 bits). */
static uint64_t snapshot_bytes(const snapshot_header *h) {
    uint64_t words = (uint64_t)h->setting_words + (uint64_t)popcount(mask_of(h)) * h->count +
                     h->count + h->slots_used + h->free_count + h->tail_words;
    return MOTE_SNAPSHOT_HEADER_BYTES + 4 * words + MOTE_SNAPSHOT_CHECKSUM_BYTES;
}

static uint32_t setting_word(const mote_setting_info *m, const unsigned char *settings);

static snapshot_header header_of(const mote_pool *pool, const mote_pool_kind *kind) {
    const mote_pool_core *core = &pool->core;
    uint32_t max_dt_bits;
    memcpy(&max_dt_bits, &pool->max_dt, 4);
    snapshot_header h = {
        .version = MOTE_SNAPSHOT_VERSION,
        .header_bytes = MOTE_SNAPSHOT_HEADER_BYTES,
        .kind_number = kind->number,
        .name_hash = name_hash(kind),
        .layout_hash = layout_hash(kind, kind->field_count),
        .field_count = (uint32_t)kind->field_count,
        .field_mask = (uint32_t)core->fields.mask,
        .field_mask_high = (uint32_t)(core->fields.mask >> 32),
        .tag = core->tag,
        .count = (uint32_t)core->count,
        .slots_used = core->ids.slots_used,
        .free_count = core->ids.slots_used - (uint32_t)core->count,
        .setting_words = (uint32_t)kind->setting_count,
        .max_dt_bits = max_dt_bits,
    };
    const mote_snapshot_tail *tail = kind->snapshot_tail;
    if (tail != NULL) {
        h.tail_words =
            (uint64_t)setting_word(&kind->setting_members[tail->count_setting], pool->settings) *
            tail->words_per_item;
    }
    return h;
}

static void put_header(unsigned char *p, const snapshot_header *h) {
    const uint32_t w[HEADER_WORDS] = {
        h->version,     h->header_bytes,  h->kind_number, h->name_hash,       h->layout_hash,
        h->field_count, h->field_mask,    h->tag,         h->count,           h->slots_used,
        h->free_count,  h->setting_words, h->max_dt_bits, h->field_mask_high,
    };
    memcpy(p, MOTE_SNAPSHOT_MAGIC, 8);
    for (int i = 0; i < HEADER_WORDS; ++i) {
        put_u32(p + 8 + 4 * i, w[i]);
    }
}

static void get_header(const unsigned char *p, snapshot_header *h) {
    uint32_t w[HEADER_WORDS];
    for (int i = 0; i < HEADER_WORDS; ++i) {
        w[i] = get_u32(p + 8 + 4 * i);
    }
    snapshot_header r = {w[0], w[1], w[2],  w[3],  w[4],  w[5],  w[6], w[7],
                         w[8], w[9], w[10], w[11], w[12], w[13], 0};
    *h = r;
}

/* A settings member as its word: float bits, int32 two's complement, bool 0/1. */
static uint32_t setting_word(const mote_setting_info *m, const unsigned char *settings) {
    const unsigned char *at = settings + m->offset;
    if (m->type == MOTE_SETTING_BOOL) {
        bool b;
        memcpy(&b, at, sizeof b);
        return b ? 1u : 0u;
    }
    uint32_t w; /* F32 and I32: the member's 32 bits */
    memcpy(&w, at, 4);
    return w;
}

/* The word back into the member; false for a bool that is neither 0 nor 1. */
static bool set_setting(const mote_setting_info *m, uint32_t w, unsigned char *settings) {
    unsigned char *at = settings + m->offset;
    if (m->type == MOTE_SETTING_BOOL) {
        if (w > 1) {
            return false;
        }
        bool b = w == 1;
        memcpy(at, &b, sizeof b);
        return true;
    }
    memcpy(at, &w, 4);
    return true;
}

/* ---- save ------------------------------------------------------------------------------- */

size_t mote_pool_snapshot_size(const mote_pool *pool, const mote_pool_kind *kind) {
    if (!mote_pool_is(pool, kind)) {
        return 0;
    }
    snapshot_header h = header_of(pool, kind);
    return (size_t)snapshot_bytes(&h);
}

/* Where save writes, and the checksum of what it wrote so far. */
typedef struct writer {
    unsigned char *p;
    hasher *hash;
} writer;

static void emit(writer *w, const unsigned char *bytes, size_t n) {
    hash_bytes(w->hash, bytes, n);
    w->p += n;
}

/* Writes n host words in pieces, each hashed while it is in cache; false (with the piece
 * written) when floats is set and one of them is not finite. On a little-endian host each
 * piece is checked and copied in one pass (streamed when stream is set) and the source piece,
 * the same bytes, is hashed. */
static bool emit_words(writer *w, const void *src, size_t n, bool floats, bool stream) {
    const size_t size = piece_size(stream);
    for (size_t i = 0; i < n; i += size) {
        const size_t m = start_piece(src, n, i, size);
        const uint32_t *piece = (const uint32_t *)src + i;
        if (HOST_LITTLE_ENDIAN) { /* ids are copied the same way; their "finite" is moot */
            const bool finite =
                w->hash->paths.copy(w->p, piece, m, stream, EXPONENT_BITS, EXPONENT_BITS);
            hash_bytes(w->hash, piece, 4 * m);
            w->p += 4 * m;
            if (floats && !finite) {
                return false;
            }
            continue;
        }
        if (floats && !bits_finite(piece, m)) {
            return false;
        }
        put_words(w->p, piece, m);
        emit(w, w->p, 4 * m);
    }
    return true;
}

mote_status mote_pool_save(const mote_pool *pool, const mote_pool_kind *kind, void *buffer,
                           size_t size, size_t *out_written) {
    if (!mote_pool_is(pool, kind) || (buffer == NULL && size > 0)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "pool must be a live %s pool, and buffer not NULL with size %zu",
                           kind != NULL ? kind->name : "", size);
    }
    const snapshot_header h = header_of(pool, kind);
    const size_t needed = (size_t)snapshot_bytes(&h);
    if (size < needed) {
        if (out_written != NULL) {
            *out_written = needed;
        }
        return mote_refuse(MOTE_ERROR_BUFFER_TOO_SMALL,
                           "size: the snapshot takes %zu bytes (got %zu)", needed, size);
    }
    const mote_pool_core *core = &pool->core;
    hasher state;
    hasher_reset(&state);
    writer w = {buffer, &state};

    put_header(w.p, &h);
    emit(&w, w.p, MOTE_SNAPSHOT_HEADER_BYTES);
    for (int s = 0; s < kind->setting_count; ++s) {
        put_u32(w.p, setting_word(&kind->setting_members[s], pool->settings));
        emit(&w, w.p, 4);
    }
    const bool stream = needed >= MOTE_SNAPSHOT_STREAM_BYTES;
    for (int f = 0; f < kind->field_count; ++f) {
        if ((core->fields.mask & MOTE_FIELD_BIT(f)) &&
            !emit_words(&w, core->fields.field[f], h.count, true, stream)) {
            store_fence();
            size_t i = 0;
            while (i + 1 < h.count && isfinite(core->fields.field[f][i])) {
                ++i;
            }
            return mote_refuse(MOTE_ERROR_NON_FINITE,
                               "element[%zu].%s must be finite to be saved (got %g; written "
                               "through the view)",
                               i, kind->fields[f].name, (double)core->fields.field[f][i]);
        }
    }
    const mote_id_table *ids = &core->ids;
    emit_words(&w, ids->slot_of_dense, h.count, false, stream);
    if (h.slots_used > 0) {
        emit_words(&w, ids->generation + 1, h.slots_used, false, stream);
    }
    store_fence();
    uint32_t slot = ids->free_head;
    const size_t piece = piece_size(stream);
    for (size_t k = 0; k < h.free_count; k += piece) { /* hashed in pieces, too */
        const size_t m = piece_words(h.free_count, k, piece);
        for (size_t j = 0; j < m; ++j) {
            put_u32(w.p + 4 * j, slot);
            slot = ids->next_free[slot];
        }
        emit(&w, w.p, 4 * m);
    }
    if (h.tail_words > 0) { /* the kind's own section */
        kind->snapshot_tail->save(pool, w.p);
        emit(&w, w.p, 4 * (size_t)h.tail_words);
    }
    put_u64(w.p, XXH3_64bits_digest(&state.state));
    if (out_written != NULL) {
        *out_written = needed;
    }
    return MOTE_OK;
}

/* ---- restore ---------------------------------------------------------------------------- */

/* The header checks that need nothing but the pool and the size: NULL when they pass, else
 * what is wrong (for the refusal's detail). */
/* The header checks that need nothing but the kind: the format version, the kind, and its field
 * list and settings layout. NULL when they pass, else what is wrong. */
static const char *header_kind_problem(const snapshot_header *h, const mote_pool_kind *kind) {
    if (h->version != MOTE_SNAPSHOT_VERSION || h->header_bytes != MOTE_SNAPSHOT_HEADER_BYTES) {
        return "header: another format version or header size";
    }
    if (h->kind_number != kind->number || h->name_hash != name_hash(kind) ||
        mote_pool_tag_kind(h->tag) != kind->number) {
        return "header: a snapshot of another kind of pool";
    }
    if (h->field_count < 1 || h->field_count > (uint32_t)kind->field_count ||
        h->layout_hash != layout_hash(kind, (int)h->field_count) ||
        (h->field_count < 64 && mask_of(h) >> h->field_count != 0) ||
        h->setting_words != (uint32_t)kind->setting_count) {
        return "header: another field list or settings layout than the kind's";
    }
    return NULL;
}

static const char *header_problem(const snapshot_header *h, const mote_pool *pool,
                                  const mote_pool_kind *kind, size_t size) {
    const mote_pool_core *core = &pool->core;
    float max_dt;
    memcpy(&max_dt, &h->max_dt_bits, 4);
    const char *kind_problem = header_kind_problem(h, kind);
    if (kind_problem != NULL) {
        return kind_problem;
    }
    if (mask_of(h) != core->fields.mask) {
        return "header: other stored fields than this pool's";
    }
    if (snapshot_bytes(h) != (uint64_t)size) {
        return "size: not the size the header's sections give (truncated or with bytes after)";
    }
    if (h->count > h->slots_used || h->free_count != h->slots_used - h->count) {
        return "header: count, slots used and free count disagree";
    }
    if (h->slots_used > core->max_count) {
        return "header: more elements or slots than this pool's max_count";
    }
    if ((h->tag & 0xffffffu) == 0) {
        return "header: a pool tag with serial 0";
    }
    if (!(max_dt > 0.0f)) {
        return "header: max_dt must be > 0";
    }
    return NULL;
}

/* MOTE_ERROR_CORRUPT_SNAPSHOT with the detail of a refusal just recorded (its status name
 * dropped), prefixed. */
static mote_status refuse_as_corrupt(const char *prefix) {
    char detail[MOTE_ERROR_DETAIL_CAPACITY];
    const char *after_status = strstr(mote_error_detail(), ": ");
    (void)snprintf(detail, sizeof detail, "%s",
                   after_status != NULL ? after_status + 2 : mote_error_detail());
    return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT, "%s%s", prefix, detail);
}

/* Decodes the settings words at p into settings (kind->settings_size bytes, whose padding and
 * local bytes stay as they were) and checks them as create would. MOTE_OK, or
 * MOTE_ERROR_CORRUPT_SNAPSHOT with the detail. */
static mote_status decode_settings(const mote_pool_kind *kind, const unsigned char *p,
                                   unsigned char *settings) {
    for (int s = 0; s < kind->setting_count; ++s) {
        const mote_setting_info *m = &kind->setting_members[s];
        if (!set_setting(m, get_u32(p + 4 * (size_t)s), settings)) {
            return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT,
                               "settings.%s: a bool must be 0 or 1 (got %u)", m->name,
                               (unsigned)get_u32(p + 4 * (size_t)s));
        }
    }
    if (kind->check_settings != NULL) {
        const unsigned serial = mote_refusal_serial();
        if (kind->check_settings(settings) != MOTE_OK) {
            return mote_refusal_serial() != serial
                       ? refuse_as_corrupt("settings: ")
                       : mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT,
                                     "settings: the %s kind's create would refuse them",
                                     kind->name);
        }
    }
    return MOTE_OK;
}

/* Decodes the settings words into the probe's settings (a copy of the pool's header and
 * settings, so padding stays as it was) and checks them as create would, and that they give
 * the pool's kernel and fields (a spring snapshot of another spring kind is refused).
 * MOTE_OK, or MOTE_ERROR_CORRUPT_SNAPSHOT with the detail. */
static mote_status settings_fit(const mote_pool *pool, const mote_pool_kind *kind,
                                const unsigned char *p, mote_pool *probe) {
    const mote_status status = decode_settings(kind, p, probe->settings);
    if (status != MOTE_OK) {
        return status;
    }
    /* The kind's hooks read only the settings: the probe holds the decoded ones. */
    if (mote_kind_stored_fields(kind, probe) != pool->core.fields.mask ||
        mote_kind_kernel(kind, probe) != mote_kind_kernel(kind, pool)) {
        return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT,
                           "settings: they give another kernel or other stored fields than this "
                           "pool's");
    }
    return MOTE_OK;
}

/* Element i's values (0 for a field not stored), as add's checks take them. */
static void element_values(const mote_field_arrays *fields, int field_count, size_t i,
                           float *values) {
    for (int f = 0; f < field_count; ++f) {
        values[f] = fields->field[f] != NULL ? fields->field[f][i] : 0.0f;
    }
}

/* The first stored field check_values moved by more than rounding (2^-10 of the value, or of
 * 1 where the value is smaller): a value add never stores (a quaternion far from unit length),
 * so restore refuses it rather than keep it as saved; -1 when there is none. A value within
 * rounding stays as saved, so a saved pool restores to its own bytes. */
static int first_not_canonical(const mote_field_arrays *fields, int field_count,
                               const float *stored, const float *checked) {
    for (int f = 0; f < field_count; ++f) {
        const float scale = fabsf(stored[f]) > 1.0f ? fabsf(stored[f]) : 1.0f;
        if (fields->field[f] != NULL && fabsf(checked[f] - stored[f]) > scale * 0x1p-10f) {
            return f;
        }
    }
    return -1;
}

/* Every restored element (the first count of fields, the blob's, finite) passes the checks add
 * gives a desc's values (mote_pool_check_values: each field's own check, then the kind's
 * check_values), the kind's hooks seeing the blob's settings (probe); check_values works on a
 * copy: a value it moves by rounding alone is restored as saved, one it moves further is refused
 * (first_not_canonical). MOTE_OK, or
 * MOTE_ERROR_CORRUPT_SNAPSHOT naming the element and field. The fields' own checks run a field
 * at a time (the element is looked for only when one refuses). */
static mote_status elements_fit(const mote_pool *probe, const mote_pool_kind *kind,
                                const mote_field_arrays *fields, size_t count) {
    float values[MOTE_MAX_FIELDS];
    for (int f = 0; f < kind->field_count; ++f) {
        if (fields->field[f] == NULL || kind->fields[f].check != MOTE_CHECK_NONNEGATIVE) {
            continue;
        }
        const float *x = fields->field[f];
        bool negative = false;
        for (size_t i = 0; i < count; ++i) {
            negative |= x[i] < 0.0f;
        }
        for (size_t i = 0; negative && i < count; ++i) {
            if (x[i] < 0.0f) {
                element_values(fields, kind->field_count, i, values);
                (void)mote_pool_check_values(probe, values, "element", i);
                return refuse_as_corrupt("");
            }
        }
    }
    float stored[MOTE_MAX_FIELDS];
    for (size_t i = 0; kind->check_values != NULL && i < count; ++i) {
        element_values(fields, kind->field_count, i, values);
        memcpy(stored, values, (size_t)kind->field_count * sizeof(float));
        if (mote_pool_check_values(probe, values, "element", i) != MOTE_OK) {
            return refuse_as_corrupt("");
        }
        const int f = first_not_canonical(fields, kind->field_count, stored, values);
        if (f >= 0) {
            return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT,
                               "element[%zu].%s: not in the form add stores (got %g, add stores "
                               "%g)",
                               i, kind->fields[f].name, (double)stored[f], (double)values[f]);
        }
    }
    return MOTE_OK;
}

/* Where restore writes the blob's id table while it checks it (the core's spare table), and
 * what it has seen: a byte per slot 0..slots_used (scan). */
typedef struct id_writer {
    mote_id_table *into;
    unsigned char *seen;
    uint32_t slots_used;
    wide_paths paths;   /* the copy and placing of the hash's path */
    bool stream;        /* copy with streaming stores */
    uint32_t done;      /* words of the current section placed so far */
    uint32_t last_free; /* the free list's last slot placed (0 before its first) */
} id_writer;

/* A piece of the element slots: each slot is marked seen and given its dense index
 * (snapshot_wide.h's place_slots), and the piece is copied into slot_of_dense. A slot named
 * twice (two elements, an element and the free list, the free list twice: a cycle) leaves,
 * since the names are as many as the slots, another slot unmarked: all_marked finds it. */
static bool place_elements(id_writer *w, const unsigned char *p, size_t n) {
    const bool in_range =
        w->paths.place_slots(w->into->dense_of_slot, w->seen, p, n, w->done, w->slots_used);
    (void)w->paths.copy(w->into->slot_of_dense + w->done, p, n, w->stream, 0, 1); /* no test */
    w->done += (uint32_t)n;
    return in_range;
}

/* A piece of the generations: none may be 0; copied into generation (from slot 1), checked as
 * it is copied. */
static bool place_generations(id_writer *w, const unsigned char *p, size_t n) {
    const bool none_zero =
        w->paths.copy(w->into->generation + 1 + w->done, p, n, w->stream, UINT32_MAX, 0); /* 0 */
    w->done += (uint32_t)n;
    return none_zero;
}

/* A piece of the free list: each slot is marked seen and free and chained behind the slot
 * before it (the first behind slot 0, whose next_free is never read). */
static bool place_free_slots(id_writer *w, const unsigned char *p, size_t n) {
    /* locals: the stores into the table's words could alias the writer's fields, which the
     * compiler would then read again after every one */
    uint32_t bad = 0;
    uint32_t last_free = w->last_free;
    const uint32_t slots_used = w->slots_used;
    unsigned char *seen = w->seen;
    uint32_t *dense_of_slot = w->into->dense_of_slot;
    uint32_t *next_free = w->into->next_free;
    for (size_t i = 0; i < n; ++i) {
        const uint32_t slot = mote_snapshot_slot_in_range(word_at(p, i), slots_used, &bad);
        seen[slot] = 1;
        dense_of_slot[slot] = MOTE_ID_FREE_SLOT;
        next_free[last_free] = slot;
        last_free = slot;
    }
    w->last_free = last_free;
    w->done += (uint32_t)n;
    return bad == 0;
}

/* True when every byte of seen[0, bytes) is 1 (bytes a multiple of 8; each byte 0 or 1). */
static bool all_marked(const unsigned char *seen, size_t bytes) {
    uint64_t all = UINT64_MAX;
    for (size_t i = 0; i < bytes; i += 8) {
        uint64_t w;
        memcpy(&w, seen + i, 8);
        all &= w;
    }
    return all == 0x0101010101010101u;
}

/* Where each section of a checked blob starts. */
typedef struct sections {
    const unsigned char *settings, *fields, *slot_of_dense, *generation, *free_list, *tail;
} sections;

static sections sections_of(const unsigned char *blob, const snapshot_header *h) {
    sections s;
    s.settings = blob + MOTE_SNAPSHOT_HEADER_BYTES;
    s.fields = s.settings + 4 * (size_t)h->setting_words;
    s.slot_of_dense = s.fields + 4 * (size_t)popcount(mask_of(h)) * h->count;
    s.generation = s.slot_of_dense + 4 * (size_t)h->count;
    s.free_list = s.generation + 4 * (size_t)h->slots_used;
    s.tail = s.free_list + 4 * (size_t)h->free_count;
    return s;
}

/* Checks and places one piece of an id section (place_elements and the two after it). */
typedef bool (*place_fn)(id_writer *w, const unsigned char *p, size_t n);

/* Hashes the n words of an id section at p in pieces, each checked and placed while it is in
 * L1; false at the first bad one. */
static bool scan_section(hasher *hash, const unsigned char *p, size_t n, place_fn place,
                         id_writer *w) {
    bool ok = true;
    w->done = 0;
    const size_t size = piece_size(w->stream);
    for (size_t i = 0; i < n && ok; i += size) {
        const size_t m = start_piece(p, n, i, size);
        const unsigned char *piece = p + 4 * i;
        hash_bytes(hash, piece, 4 * m);
        ok = place(w, piece, m);
    }
    return ok;
}

/* Hashes and checks the n words of one field at p in pieces and copies each piece into dst
 * while it is still in L1 (streaming the stores when stream is set): the blob is read once.
 * False at the first non-finite piece (dst then holds part of it). */
static bool copy_field_checked(hasher *hash, const unsigned char *p, size_t n, float *dst,
                               bool stream) {
    const size_t size = piece_size(stream);
    for (size_t i = 0; i < n; i += size) {
        const size_t m = start_piece(p, n, i, size);
        const unsigned char *piece = p + 4 * i;
        hash_bytes(hash, piece, 4 * m);
        if (!hash->paths.copy(dst + i, piece, m, stream, EXPONENT_BITS, EXPONENT_BITS)) {
            return false;
        }
    }
    return true;
}

/* Bytes of restore's seen map for a blob: one per slot 0..slots_used, rounded up to words. */
static size_t seen_bytes_of(const snapshot_header *h) {
    return ((size_t)h->slots_used / 8 + 1) * 8;
}

/* One pass over the blob, in pieces: the checksum, finite fields (copied into fields' arrays
 * as they are checked), and an id table whose every slot in 1..slots_used is named exactly
 * once (by an element or the free list), with no generation 0, written into ids as it is
 * checked (its slots past slots_used are the caller's). */
static mote_status scan(const unsigned char *blob, size_t size, const snapshot_header *h,
                        const mote_pool_kind *kind, mote_field_arrays *fields, mote_id_table *ids,
                        unsigned char *seen) {
    const sections s = sections_of(blob, h);
    /* seen_bytes_of(h) bytes: byte 0 and the bytes past the last slot start marked */
    const size_t seen_bytes = seen_bytes_of(h);
    memset(seen, 0, seen_bytes);
    memset(seen + h->slots_used + 1, 1, seen_bytes - h->slots_used - 1);
    seen[0] = 1;
    hasher state;
    hasher_reset(&state);
    hash_bytes(&state, blob, (size_t)(s.fields - blob));
    int bad_field = -1;
    const unsigned char *bad_bytes = NULL;
    const bool stream = size >= MOTE_SNAPSHOT_STREAM_BYTES; /* fields and id copies alike */
    const unsigned char *field_bytes = s.fields;
    for (int f = 0; f < kind->field_count && bad_field < 0 && h->count > 0; ++f) {
        if (fields->mask & MOTE_FIELD_BIT(f)) {
            if (!copy_field_checked(&state, field_bytes, h->count, fields->field[f], stream)) {
                bad_field = f;
                bad_bytes = field_bytes;
            }
            field_bytes += 4 * (size_t)h->count;
        }
    }
    id_writer w = {ids, seen, h->slots_used, state.paths, stream, 0, 0};
    const bool ids_ok = bad_field < 0 &&
                        scan_section(&state, s.slot_of_dense, h->count, place_elements, &w) &&
                        scan_section(&state, s.generation, h->slots_used, place_generations, &w) &&
                        scan_section(&state, s.free_list, h->free_count, place_free_slots, &w) &&
                        all_marked(seen, seen_bytes);
    hash_bytes(&state, s.tail, 4 * (size_t)h->tail_words);
    store_fence();
    if (bad_field >= 0) {
        size_t i = 0;
        while (i + 1 < h->count && (word_at(bad_bytes, i) & EXPONENT_BITS) != EXPONENT_BITS) {
            ++i;
        }
        const uint32_t bits = word_at(bad_bytes, i);
        float value;
        memcpy(&value, &bits, 4);
        return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT,
                           "element[%zu].%s must be finite (got %g; or the blob is damaged)", i,
                           kind->fields[bad_field].name, (double)value);
    }
    if (!ids_ok) {
        return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT,
                           "ids: an inconsistent id table (a slot out of range or named twice, "
                           "a generation 0), or the blob is damaged");
    }
    if (XXH3_64bits_digest(&state.state) != get_u64(blob + size - MOTE_SNAPSHOT_CHECKSUM_BYTES)) {
        return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT,
                           "checksum: the bytes are not the ones saved (damaged)");
    }
    if (h->free_count > 0) {
        ids->next_free[w.last_free] = 0; /* the free list ends */
    }
    return MOTE_OK;
}

/* Gives the core's spare storage room for capacity elements and at least the live arrays'
 * (the two trade places), allocating it only when it has less. All or nothing. */
static mote_status prepare_spare(mote_pool_core *core, size_t capacity) {
    mote_field_arrays *spare = &core->spare_fields;
    const size_t want = capacity > core->fields.capacity ? capacity : core->fields.capacity;
    if (spare->capacity == 0) {
        spare->mask = core->fields.mask;
    }
    if (spare->capacity >= want) {
        return MOTE_OK;
    }
    return mote_field_arrays_reserve(spare, &core->allocator, 0, want);
}

/* Zeroes the spare arrays' padding past count (their first count elements hold the blob's), so
 * that count rounded up to MOTE_PAD_ELEMENTS is ready (what lay past it is written again as the
 * count reaches it), and swaps them in: the arrays the pool held become the spare. */
static void swap_in_spare(mote_pool_core *core, size_t count) {
    mote_field_arrays *spare = &core->spare_fields;
    spare->ready = count;
    mote_field_arrays_zero_to(spare, count);
    const mote_field_arrays held = core->fields;
    core->fields = *spare;
    *spare = held;
}

/* Gives the core's seen map (kept between restores) at least bytes bytes. All or nothing. */
static mote_status prepare_spare_seen(mote_pool_core *core, size_t bytes) {
    if (core->spare_seen_bytes >= bytes) {
        return MOTE_OK;
    }
    unsigned char *seen = mote_allocate(&core->allocator, bytes);
    if (seen == NULL) {
        return MOTE_ERROR_OUT_OF_MEMORY;
    }
    mote_release(&core->allocator, core->spare_seen, core->spare_seen_bytes);
    core->spare_seen = seen;
    core->spare_seen_bytes = bytes;
    return MOTE_OK;
}

/* Gives the core's spare id table room for capacity slots and at least the live table's (the
 * two trade places). All or nothing. */
static mote_status prepare_spare_ids(mote_pool_core *core, size_t capacity) {
    const size_t want = capacity > core->ids.capacity ? capacity : core->ids.capacity;
    return mote_id_table_reserve(&core->spare_ids, &core->allocator, want);
}

/* Gives the spare table the blob's free list head and slots used (a slot past them is
 * never read, and its first issue writes it: an older state's or a bad blob's values there do
 * not matter), and swaps it in: the table the pool held becomes the spare. */
static void swap_in_spare_ids(mote_pool_core *core, uint32_t free_head, uint32_t slots_used) {
    mote_id_table *spare = &core->spare_ids;
    spare->slots_used = slots_used;
    spare->free_head = free_head;
    const mote_id_table held = core->ids;
    core->ids = *spare;
    *spare = held;
}

/* The checks every restore entry makes of its arguments before it reads the blob. */
static bool restore_arguments_fit(const mote_pool *pool, const mote_pool_kind *kind,
                                  const void *buffer) {
    return mote_pool_is(pool, kind) && buffer != NULL &&
           (kind->check_settings != NULL || kind->setting_count == 0) &&
           kind->settings_size <= MOTE_SNAPSHOT_MAX_SETTINGS_BYTES;
}

/* The blob's header, read once its size and magic are checked. MOTE_OK, or
 * MOTE_ERROR_CORRUPT_SNAPSHOT with the detail. */
static mote_status read_header(const unsigned char *blob, size_t size, snapshot_header *h) {
    if (size < MOTE_SNAPSHOT_HEADER_BYTES + MOTE_SNAPSHOT_CHECKSUM_BYTES) {
        return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT,
                           "size: a snapshot takes at least %u bytes (got %zu)",
                           MOTE_SNAPSHOT_HEADER_BYTES + MOTE_SNAPSHOT_CHECKSUM_BYTES, size);
    }
    if (memcmp(blob, MOTE_SNAPSHOT_MAGIC, 8) != 0) {
        return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT, "header: not a mote snapshot (magic)");
    }
    get_header(blob, h);
    return MOTE_OK;
}

/* The words of the kind's own section a blob of size bytes with header h holds, from its count
 * in the blob's settings words (0 where the blob is too short to hold them: its size is refused
 * then). */
static uint64_t blob_tail_words(const mote_pool_kind *kind, const unsigned char *blob, size_t size,
                                const snapshot_header *h) {
    const mote_snapshot_tail *tail = kind->snapshot_tail;
    if (tail == NULL || h->setting_words != (uint32_t)kind->setting_count ||
        size < MOTE_SNAPSHOT_HEADER_BYTES + 4 * (size_t)h->setting_words) {
        return 0;
    }
    const uint32_t items = get_u32(blob + MOTE_SNAPSHOT_HEADER_BYTES + 4 * tail->count_setting);
    return (uint64_t)items * tail->words_per_item;
}

mote_status mote_pool_restore_stage(mote_pool *pool, const mote_pool_kind *kind, const void *buffer,
                                    size_t size, mote_restore_staged *out) {
    if (!restore_arguments_fit(pool, kind, buffer) || out == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "pool must be a %s pool and buffer not NULL",
                           kind != NULL ? kind->name : "live");
    }
    const unsigned char *blob = buffer;
    snapshot_header h;
    mote_status status = read_header(blob, size, &h);
    if (status != MOTE_OK) {
        return status;
    }
    h.tail_words = blob_tail_words(kind, blob, size, &h);
    const char *problem = header_problem(&h, pool, kind, size);
    if (problem != NULL) {
        return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT, "%s", problem);
    }
    /* A copy of the pool's header holding the blob's settings: the kind's hooks, which read
     * only the settings, are asked about it (settings, then every element). */
    _Alignas(64) unsigned char probe_bytes[sizeof(mote_pool) + MOTE_SNAPSHOT_MAX_SETTINGS_BYTES];
    mote_pool *probe = (mote_pool *)(void *)probe_bytes;
    memcpy(probe, pool, sizeof(mote_pool) + kind->settings_size);
    status = settings_fit(pool, kind, blob + MOTE_SNAPSHOT_HEADER_BYTES, probe);
    if (status != MOTE_OK) {
        return status;
    }
    mote_pool_core *core = &pool->core;
    /* Room for every element and slot in the spare id table and field storage; then the blob
     * is checked and its fields and ids written into the spares in one pass, and only a good
     * blob is committed (swapped in): a bad one leaves the pool as it was
     * (docs/snapshot-format.md). */
    const size_t needed = h.count > h.slots_used ? h.count : h.slots_used;
    status = prepare_spare_ids(core, needed);
    if (status == MOTE_OK && (needed > 0 || core->fields.capacity > 0)) {
        status = prepare_spare(core, needed); /* the old state's padding must be zeroed too */
    }
    if (status == MOTE_OK) {
        status = prepare_spare_seen(core, seen_bytes_of(&h));
    }
    if (status != MOTE_OK) {
        return mote_refuse(status,
                           "the allocator refused restore's spare storage for %zu "
                           "elements",
                           needed);
    }
    status = scan(blob, size, &h, kind, &core->spare_fields, &core->spare_ids, core->spare_seen);
    if (status == MOTE_OK) {
        status = elements_fit(probe, kind, &core->spare_fields, h.count);
    }
    if (status != MOTE_OK) {
        return status;
    }
    const sections s = sections_of(blob, &h);
    if (kind->snapshot_tail != NULL) { /* the kind's own section, staged in the pool */
        status = kind->snapshot_tail->stage(
            pool, s.tail, (uint32_t)(h.tail_words / kind->snapshot_tail->words_per_item));
        if (status != MOTE_OK) {
            return status;
        }
    }
    out->count = h.count;
    out->tag = h.tag;
    out->slots_used = h.slots_used;
    out->free_head = h.free_count > 0 ? word_at(s.free_list, 0) : 0;
    out->max_dt_bits = h.max_dt_bits;
    memcpy(out->settings, probe->settings, kind->settings_size);
    return MOTE_OK;
}

void mote_pool_restore_commit(mote_pool *pool, const mote_pool_kind *kind,
                              const mote_restore_staged *staged) {
    mote_pool_core *core = &pool->core;
    if (core->spare_fields.capacity > 0) {
        swap_in_spare(core, staged->count);
    }
    swap_in_spare_ids(core, staged->free_head, staged->slots_used);
    core->count = staged->count;
    core->index_changes += 1;
    core->tag = staged->tag;
    memcpy(&pool->max_dt, &staged->max_dt_bits, 4);
    /* the local bytes stay the pool's (a stage may have changed them: the kind's staged tail) */
    memcpy(pool->settings, staged->settings, kind->settings_size - kind->local_settings_bytes);
    if (kind->snapshot_tail != NULL) {
        kind->snapshot_tail->commit(pool);
    }
    mote_step_cache_forget(pool); /* the kind may have changed: its factors with it */
    mote_pose_history_forget(pool);
}

mote_status mote_pool_restore(mote_pool *pool, const mote_pool_kind *kind, const void *buffer,
                              size_t size) {
    mote_restore_staged staged;
    const mote_status status = mote_pool_restore_stage(pool, kind, buffer, size, &staged);
    if (status == MOTE_OK) {
        mote_pool_restore_commit(pool, kind, &staged);
    }
    return status;
}

/* ---- a pool made from a snapshot -------------------------------------------------------- */

mote_status mote_pool_create_from_snapshot(const mote_pool_kind *kind,
                                           const mote_pool_common_def *def,
                                           const void *default_settings, const void *buffer,
                                           size_t size, mote_pool **out) {
    if (kind == NULL || def == NULL || default_settings == NULL || buffer == NULL || out == NULL ||
        kind->settings_size > MOTE_SNAPSHOT_MAX_SETTINGS_BYTES) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "buffer and out must not be NULL");
    }
    const unsigned char *blob = buffer;
    snapshot_header h;
    mote_status status = read_header(blob, size, &h);
    if (status != MOTE_OK) {
        return status;
    }
    const char *problem = header_kind_problem(&h, kind);
    if (problem != NULL) {
        return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT, "%s", problem);
    }
    /* The settings section must be there before it is read; restore checks the rest. */
    if (size <
        MOTE_SNAPSHOT_HEADER_BYTES + 4 * (size_t)h.setting_words + MOTE_SNAPSHOT_CHECKSUM_BYTES) {
        return mote_refuse(MOTE_ERROR_CORRUPT_SNAPSHOT,
                           "size: not the size the header's sections give (truncated)");
    }
    /* The kind's defaults under the blob's settings: the local options a snapshot does not
     * hold (a spring pool's step_cache) are the default def's. */
    _Alignas(64) unsigned char settings[MOTE_SNAPSHOT_MAX_SETTINGS_BYTES];
    memcpy(settings, default_settings, kind->settings_size);
    status = decode_settings(kind, blob + MOTE_SNAPSHOT_HEADER_BYTES, settings);
    if (status != MOTE_OK) {
        return status;
    }
    /* Capacity 0: restore's spare storage, sized for the blob, becomes the pool's own, so the
     * fields are not held twice. max_count: the def's, or the blob's slots where more (restore
     * refuses slots above MOTE_MAX_COUNT). */
    mote_pool_common_def made = *def;
    made.capacity = 0;
    if (h.slots_used > made.max_count) {
        made.max_count = h.slots_used < MOTE_MAX_COUNT ? h.slots_used : MOTE_MAX_COUNT;
    }
    mote_pool *pool = NULL;
    status = mote_pool_create(kind, &made, settings, &pool);
    if (status != MOTE_OK) {
        return status;
    }
    status = mote_pool_restore(pool, kind, buffer, size);
    if (status != MOTE_OK) {
        mote_pool_destroy(pool, kind); /* keeps the refusal's detail */
        return status;
    }
    *out = pool;
    return MOTE_OK;
}
