/* mote: what every pool kind has in common, written once.
 *
 * Every pool kind <kind> (spring, mover, debris, docking, launch, stage, flight, orientation)
 * has the functions below, named mote_<kind>_pool_<fn> and typed with the kind's own
 * mote_<kind>_pool, mote_<kind>_pool_def, mote_<kind>_desc and mote_<kind>_view: a pool of
 * one kind cannot be passed where another kind is expected. This header is the contract of
 * those functions; each kind's header (mote/<kind>_pool.h) adds only what is its own: its
 * def, desc and view, the fields add refuses, its step's own limit, and its own functions.
 *
 * Everywhere:
 * - Units are seconds for time (dt, max_dt), elements for counts and capacities, bytes for
 *   snapshot sizes; a kind's fields carry the units its header gives them.
 * - A call that returns an error has changed nothing: the pool, its ids and its views are as
 *   they were, and so are the caller's out-parameters, but for what save and validate report
 *   with their errors (below).
 * - A NULL pool is MOTE_ERROR_INVALID_ARGUMENT for every function returning a mote_status,
 *   and the functions returning a value return the value named for it below.
 * - Every refusal also records, for the calling thread, a detail naming the argument, field
 *   or element and the rule it broke: mote_error_detail() (mote/base.h).
 *
 * Ids (mote/base.h, mote_id). add issues an id that names its element until it is removed:
 * the element's dense index changes (remove moves the last element into the hole), its id
 * does not. Every function taking an id refuses, and changes nothing for:
 * - MOTE_ERROR_STALE_ID: an id removed from this pool, the null id, or one no pool issued;
 *   a removed id stays stale for good (it never addresses a later element);
 * - MOTE_ERROR_WRONG_POOL: an id another pool issued (of this kind or another).
 * A pool restored from a snapshot takes the saved pool's tag: the ids issued before the save
 * address the same elements afterwards (and the pool's own earlier ids are then wrong-pool
 * unless they came from the saved pool).
 *
 * Storage. Elements are dense in [0, count): a view's arrays are the pool's own, one float
 * array per stored field, each MOTE_ALIGNMENT (64) bytes aligned and padded with zeros to a
 * multiple of MOTE_PAD_ELEMENTS (16) elements. Storage grows by doubling (from 16 elements)
 * up to the def's max_count and never shrinks. Capacity is reserved, not committed: a pool
 * takes its storage from the allocator at the capacity's full size (the def's capacity at
 * create, reserve's), but writes and reads nothing past its count rounded up to
 * MOTE_PAD_ELEMENTS, so with an allocator that maps pages on first touch (the default, and
 * any mmap-based one) memory is committed only as elements are added: an empty pool of 16M
 * capacity keeps a few pages resident. max_count is at most MOTE_MAX_COUNT (4294967293);
 * a capacity the allocator cannot give is MOTE_ERROR_OUT_OF_MEMORY, the pool as it was.
 *
 * Thread safety. mote takes no locks; a pool is used by one thread at a time, with these
 * exceptions:
 * - calls on different pools may run at the same time on different threads (the allocator of
 *   mote_set_allocator is then called from each: a custom one must be thread-safe);
 * - reads of one pool (count, capacity, contains, index, id_at, get, view, validate, backend,
 *   max_dt, advance_of, snapshot_size, save, and the kinds' getters) may run at the same time
 *   while nothing writes that pool;
 * - step_range calls on disjoint ranges of one pool may run at the same time, with nothing
 *   else on that pool (a reporting kind's ranges each with their own report; a spring pool's
 *   fixed-step cache is a further condition, see mote/spring_pool.h);
 * - step_parallel runs the pool's own ranges on the caller's task system (mote/tasks.h).
 * Everything that writes a pool (add, add_many, remove, reserve, set, the kinds' setters,
 * set_backend, set_max_dt, step, advance, step_range, step_parallel, restore, destroy), and
 * writes through a view, must not overlap any other use of that pool.
 *
 * Steps. A step of dt seconds advances every element by
 *     advanced = the kind's own limit applied to min(dt, max_dt, MOTE_MAX_STEP_DT)
 * (most kinds have no limit of their own; those that do name it in their header). Every
 * kind's default def has max_dt MOTE_DEFAULT_MAX_DT (below), so default pools advance alike.
 * MOTE_MAX_STEP_DT (2^20 s, about 12 days) holds whatever max_dt is (INFINITY included): no
 * accepted dt, FLT_MAX included, hands a kind a step its arithmetic could overflow on.
 * advance_of says it without stepping; advance steps and reports it. A dt that is NaN,
 * infinite or negative is MOTE_ERROR_INVALID_DT. A step of dt 0, or of an empty pool or
 * range, changes nothing and advances 0 (the launch pool's step evaluates its rockets even
 * at dt 0, and advances its clock whatever its count: mote/launch_pool.h). Every wide backend
 * (portable, avx2, avx512, neon) steps to the same bits, whatever the split into ranges or tasks;
 * the scalar backend is the reference they are held to, and is not bit-identical to them.
 *
 * Inputs written through a view. Before a step moves anything it checks the inputs (the
 * fields of role MOTE_ROLE_INPUT) of every element it steps against its kind's step limits
 * (the kind record's input limits): a spring's goal, incoming_v and incoming_a, a mover's
 * desired velocity, desired facing and explicit-facing flag, a docking sequence's
 * station_position, a rocket's launch_time, turn_blend, crossrange and flags, and an
 * orientation's target and incoming angular velocity. Each must lie within the kind's domain
 * for it, the bound add and set hold it to (a value's range, or a vector's length where add
 * judges a length); a target must have unit length within 2^-8, where add normalises it, the
 * explicit-facing flag be finite and a rocket's flags lie within [0, 7], where add stores whole
 * numbers. A NaN or an infinity is MOTE_ERROR_NON_FINITE, a value outside its bound
 * MOTE_ERROR_INVALID_ARGUMENT; the detail names the field and the element, the lowest one first
 * ("view.desired_velocity_x[12]: must be finite (got nan)"), and the step changes nothing. So
 * an input a step accepts steps finite, as an added one does. A step of dt 0 or of an empty
 * range checks nothing (it steps nothing); the launch pool's own step evaluates every rocket at
 * dt 0 too, and checks them then (mote/launch_pool.h). No state field written through a view is
 * checked by a step (validate finds NaN and infinity). The check reads each input array of the
 * range once, without a branch per element.
 *
 * Cost. A step's work is bounded by its element count whatever the settings, the dt or a
 * restored snapshot: each element takes at most MOTE_MAX_SUBSTEPS sub-steps of a kind's
 * settings-chosen length (create, the setters and restore refuse a setting above it; a kind
 * with a fixed sub-step bound of its own names it: MOTE_MOVER_MAX_SUBSTEPS,
 * MOTE_DOCKING_MAX_SUBSTEPS), and every other per-element loop is over a fixed table (a
 * flight's 31-entry arc-length table). So a step costs at most a constant multiple of count
 * (the largest being a docking element's MOTE_DOCKING_MAX_SUBSTEPS sub-steps), and a blob or
 * setting cannot make one frame take longer.
 *
 * The functions:
 *
 * mote_status mote_<kind>_pool_create(const mote_<kind>_pool_def *def, mote_<kind>_pool **out)
 *   Creates an empty pool from def, which must start from mote_default_<kind>_pool_def() (the
 *   kind's defaults); *out is written only on success. The pool takes the allocator of
 *   mote_set_allocator and keeps it until destroyed. Statuses, checked in this order:
 *   MOTE_ERROR_INVALID_ARGUMENT for a NULL def or out; MOTE_ERROR_UNINITIALIZED_DEF for a def
 *   that did not come from mote_default_<kind>_pool_def() (a zeroed or hand-built struct);
 *   MOTE_ERROR_INVALID_ARGUMENT for max_count 0 or above MOTE_MAX_COUNT (4294967293),
 *   capacity > max_count, a backend outside mote_backend, max_dt not > 0 (NaN included), or
 *   kind settings the kind refuses (its header says which; where a kind tells NaN apart,
 *   MOTE_ERROR_NON_FINITE); MOTE_ERROR_BACKEND_UNAVAILABLE for a backend this build or CPU
 *   cannot run (MOTE_BACKEND_AUTO follows mote_backend_best());
 *   MOTE_ERROR_OUT_OF_MEMORY when the allocator fails (for the pool or its capacity's
 *   storage, reserved: see Storage). Every refusal names the rule in mote_error_detail().
 *
 * void mote_<kind>_pool_destroy(mote_<kind>_pool *pool)
 *   Frees the pool and everything it owns, through the allocator it was created with. NULL is
 *   ignored. Its views and ids are meaningless afterwards.
 *
 * mote_status mote_<kind>_pool_reserve(mote_<kind>_pool *pool, size_t capacity)
 *   Grows storage to hold at least capacity elements (never shrinks; MOTE_OK when it already
 *   does). MOTE_ERROR_FULL when capacity is above the pool's max_count;
 *   MOTE_ERROR_OUT_OF_MEMORY. A reserve that grows moves the field arrays: views taken before
 *   are invalid.
 *
 * mote_status mote_<kind>_pool_add(mote_<kind>_pool *pool, const mote_<kind>_desc *desc,
 *                                  mote_id *out_id)
 *   Appends one element at dense index count, from desc; out_id (may be NULL) gets its id.
 *   MOTE_ERROR_FULL when count is max_count, before desc is read. Then desc is checked: the
 *   members the pool does not store are ignored; the kind's own conversion may refuse it; then
 *   MOTE_ERROR_NON_FINITE when any stored value is NaN or infinite (before any other value
 *   check), MOTE_ERROR_INVALID_ARGUMENT for a negative value in a field that must be >= 0 or a
 *   value the kind's checks across fields refuse (the kind's header lists them). Then
 *   MOTE_ERROR_OUT_OF_MEMORY when growing failed. MOTE_ERROR_INVALID_ARGUMENT for a NULL
 *   desc. Growing moves the field arrays: views taken before an add are invalid after it.
 *
 * mote_status mote_<kind>_pool_add_many(mote_<kind>_pool *pool, const mote_<kind>_desc *descs,
 *                                       size_t n, mote_id *out_ids)
 *   Appends n elements from descs[0 .. n), in that order, all or nothing: MOTE_ERROR_FULL when
 *   n more do not fit under max_count, answered before any desc is read (a wrong n never
 *   reads past the caller's array); then every desc is checked as add checks it (the first
 *   refused one's status is returned, its index in the detail), then room is made for all
 *   (MOTE_ERROR_OUT_OF_MEMORY) before any is added. out_ids (may be NULL) gets the n ids in
 *   order. n 0 adds nothing; descs NULL with n > 0 is MOTE_ERROR_INVALID_ARGUMENT.
 *
 * mote_status mote_<kind>_pool_remove(mote_<kind>_pool *pool, mote_id id)
 *   Removes a live element: the last element moves into its dense index (swap-remove; every
 *   other id stays valid, the moved element's index changes) and the id becomes stale.
 *   MOTE_ERROR_STALE_ID, MOTE_ERROR_WRONG_POOL (see Ids).
 *
 * bool mote_<kind>_pool_contains(const mote_<kind>_pool *pool, mote_id id)
 *   True when id names a live element of this pool; false otherwise (a NULL pool included).
 *
 * mote_status mote_<kind>_pool_index(const mote_<kind>_pool *pool, mote_id id,
 *                                    size_t *out_index)
 *   The dense index (into the view's arrays) of a live element, valid until the next remove
 *   or restore. MOTE_ERROR_INVALID_ARGUMENT for a NULL out_index; MOTE_ERROR_STALE_ID,
 *   MOTE_ERROR_WRONG_POOL.
 *
 * mote_id mote_<kind>_pool_id_at(const mote_<kind>_pool *pool, size_t index)
 *   The id of the element at a dense index; the null id when index >= count (or the pool is
 *   NULL).
 *
 * mote_status mote_<kind>_pool_get(const mote_<kind>_pool *pool, mote_id id,
 *                                  mote_<kind>_desc *out)
 *   Reads one element into *out: the stored fields as they are now; the members the pool does
 *   not store are 0 unless the kind's header says what it gives back. MOTE_ERROR_INVALID_ARGUMENT
 *   for a NULL out; MOTE_ERROR_STALE_ID, MOTE_ERROR_WRONG_POOL.
 *
 * mote_status mote_<kind>_pool_set(mote_<kind>_pool *pool, mote_id id,
 *                                  const mote_<kind>_desc *desc)
 *   Overwrites one element's stored fields from desc, checked as add checks it (the id first:
 *   MOTE_ERROR_STALE_ID, MOTE_ERROR_WRONG_POOL). MOTE_ERROR_INVALID_ARGUMENT for a NULL desc.
 *   The field arrays do not move.
 *
 * size_t mote_<kind>_pool_count(const mote_<kind>_pool *pool)
 *   Live elements (0 for a NULL pool).
 *
 * size_t mote_<kind>_pool_capacity(const mote_<kind>_pool *pool)
 *   Elements that fit before storage must grow (0 for a NULL pool).
 *
 * mote_<kind>_view mote_<kind>_pool_view(mote_<kind>_pool *pool)
 *   The count and the pool's field arrays (see Storage), NULL for a field the pool does not
 *   store; a zeroed view for a NULL pool. Valid until the next add, add_many, remove, reserve,
 *   restore or destroy of the pool. Writing [0, count) of the inputs and state through it is
 *   the intended way to drive many elements; the values are not checked there: the inputs a
 *   kind gives a step limit are checked by the next step that covers them (see Inputs written
 *   through a view), the rest are not (validate finds NaN and infinity, and save refuses them).
 *   Nothing past count may be written.
 *
 * mote_status mote_<kind>_pool_validate(const mote_<kind>_pool *pool, mote_validation *out)
 *   Looks for NaN or infinity in every stored field of every live element: MOTE_OK when there
 *   is none, else MOTE_ERROR_NON_FINITE (the one error that reports on the pool rather than
 *   refusing the call); out (may be NULL) gets how many elements hold one and the first one's
 *   dense index (count when none).
 *
 * mote_status mote_<kind>_pool_set_backend(mote_<kind>_pool *pool, mote_backend backend)
 *   Chooses the backend the pool's steps run on (MOTE_BACKEND_AUTO follows
 *   mote_backend_best()). MOTE_ERROR_INVALID_ARGUMENT for a value outside mote_backend;
 *   MOTE_ERROR_BACKEND_UNAVAILABLE when this build or CPU cannot run it.
 *
 * mote_backend mote_<kind>_pool_backend(const mote_<kind>_pool *pool)
 *   The backend the pool's steps run on, never MOTE_BACKEND_AUTO; MOTE_BACKEND_COUNT
 *   (mote_backend_name: "unknown") for a NULL pool.
 *
 * float mote_<kind>_pool_max_dt(const mote_<kind>_pool *pool)
 *   The pool's longest step, s (INFINITY: no clamp of its own); 0 for a NULL pool.
 *
 * mote_status mote_<kind>_pool_set_max_dt(mote_<kind>_pool *pool, float max_dt)
 *   Sets the longest step, s: > 0, INFINITY allowed; MOTE_ERROR_INVALID_ARGUMENT for 0, a
 *   negative value or NaN. Used from the next step.
 *
 * mote_status mote_<kind>_pool_advance_of(const mote_<kind>_pool *pool, float dt,
 *                                         float *out_advanced)
 *   The seconds a step of dt would advance this pool (see Steps), without stepping: 0 for dt 0,
 *   whatever the count. MOTE_ERROR_INVALID_ARGUMENT for a NULL out_advanced;
 *   MOTE_ERROR_INVALID_DT for a NaN, infinite or negative dt.
 *
 * Snapshots: the pool's whole state as bytes and back, for rollback, save games, replays and
 * moving a simulation between processes or machines. The format is versioned, little-endian
 * and checksummed (XXH3-64), the same on x86-64 and aarch64. A snapshot holds the count, every
 * stored field, the id table, the pool tag, the kind's settings (each kind's header says
 * which) and max_dt; not the allocator, the backend (every wide backend steps a restored pool
 * to the same bits), max_count or capacity.
 *
 * size_t mote_<kind>_pool_snapshot_size(const mote_<kind>_pool *pool)
 *   Bytes a snapshot of the pool takes now; it changes with the count and the slots used, so
 *   ask again before a save after adds or removes. 0 for a NULL pool.
 *
 * mote_status mote_<kind>_pool_save(const mote_<kind>_pool *pool, void *buffer, size_t size,
 *                                   size_t *out_written)
 *   Writes the snapshot into buffer (size bytes) and its length to *out_written (may be
 *   NULL). MOTE_ERROR_INVALID_ARGUMENT for a NULL buffer with size > 0;
 *   MOTE_ERROR_BUFFER_TOO_SMALL when size is below snapshot_size, with that size in
 *   *out_written and nothing written (save(pool, NULL, 0, &size) asks for it);
 *   MOTE_ERROR_NON_FINITE when a stored field holds NaN or infinity (written through the view;
 *   validate finds it), the buffer's contents then unspecified. The pool never changes; a
 *   snapshot save writes is one restore takes.
 *
 * mote_status mote_<kind>_pool_restore(mote_<kind>_pool *pool, const void *buffer, size_t size)
 *   Replaces the pool's whole state with the snapshot in buffer (exactly the size bytes save
 *   wrote): every id issued before the save addresses the same element afterwards, and the
 *   pool steps on bit for bit as the saved pool would have. The pool keeps its allocator,
 *   backend, max_count and (when larger than needed) capacity. All or nothing:
 *   MOTE_ERROR_INVALID_ARGUMENT for a NULL buffer; MOTE_ERROR_CORRUPT_SNAPSHOT for bytes that
 *   are not a snapshot this pool can take (truncated or of another size, damaged, a newer
 *   format version, another kind of pool, kind settings that give other stored fields or
 *   another kernel than the pool's, settings create would refuse, more elements or slots than
 *   max_count, an inconsistent id table, NaN or infinity in a field);
 *   MOTE_ERROR_OUT_OF_MEMORY when growing failed. The first restore allocates a spare copy of
 *   the field storage and id table, kept until destroy and reused by later restores (restore
 *   reads the bytes once, into the spare, and a good snapshot swaps it in): a restored pool
 *   holds its fields and ids twice. A restore that succeeds moves the field arrays: views
 *   taken before are invalid.
 *
 * mote_status mote_<kind>_pool_create_from_snapshot(const void *buffer, size_t size,
 *                                                   mote_<kind>_pool **out)
 *   Makes a new pool holding the snapshot in buffer (exactly the size bytes save wrote), with no
 *   def kept by the caller: restore into a pool made just for it. The blob gives the kind's
 *   settings, max_dt, the elements, the ids and the pool tag (the saved pool's ids address the
 *   new pool's elements); the rest is the kind's default def's: backend MOTE_BACKEND_AUTO
 *   (mote_backend_best(): every wide backend steps to the same bits), max_count its default
 *   (2^26), raised to the blob's slots where they are more, and a pool option the snapshot
 *   does not hold (a spring pool's step_cache) its default. Capacity is the blob's element
 *   count (its slots, where more): reserve grows it. Change the backend, max_dt and options
 *   with their setters afterwards. *out is written only on success; a refusal makes no pool
 *   and holds no memory. MOTE_ERROR_INVALID_ARGUMENT for a NULL buffer or out;
 *   MOTE_ERROR_CORRUPT_SNAPSHOT for every blob restore refuses (truncated, damaged, another
 *   kind's, ...), with restore's detail; MOTE_ERROR_BACKEND_UNAVAILABLE, _OUT_OF_MEMORY as
 *   create gives them. Unlike a restored pool, the new one does not hold its fields twice
 *   (until it is restored again).
 *
 * The step functions of a kind whose step takes nothing but dt (spring, mover, docking, stage,
 * orientation; MOTE_POOL_STEP_DECLS). The debris and flight pools' steps take a report of the
 * ids a step leaves in a state, and the launch pool's step evaluates its clock: their headers
 * declare their own, with the same rules.
 *
 * mote_status mote_<kind>_pool_step(mote_<kind>_pool *pool, float dt)
 *   Steps every element by dt seconds, clamped as Steps says. MOTE_ERROR_INVALID_DT for a
 *   NaN, infinite or negative dt.
 *
 * mote_status mote_<kind>_pool_advance(mote_<kind>_pool *pool, float dt, float *out_advanced)
 *   Steps like step and writes the seconds the step advanced to *out_advanced (may be NULL):
 *   0 when nothing stepped (dt 0, an empty pool).
 *
 * mote_status mote_<kind>_pool_step_range(mote_<kind>_pool *pool, size_t begin, size_t end,
 *                                         float dt)
 *   Steps the elements with dense index in [begin, end) by dt, for splitting one step across
 *   threads: disjoint ranges may run at the same time (see Thread safety), and any split
 *   gives the same bits as one whole step. MOTE_ERROR_INVALID_DT (checked first), then
 *   MOTE_ERROR_RANGE unless begin <= end <= count.
 *
 * mote_status mote_<kind>_pool_step_parallel(mote_<kind>_pool *pool, float dt,
 *                                            const mote_task_system *tasks)
 *   Steps every element like step, in ranges run on tasks (mote/tasks.h), and returns once
 *   every range has run; the result is bit for bit the serial step's. tasks NULL, or one
 *   without enqueue, runs on this thread, and so does a pool no larger than the kind's
 *   smallest range (each kind's header gives it). */
#ifndef MOTE_POOL_COMMON_H
#define MOTE_POOL_COMMON_H

#include <stdbool.h>
#include <stddef.h>

#include "mote/backend.h"
#include "mote/base.h"
#include "mote/tasks.h"

/* The largest max_count a def may ask for (UINT32_MAX - 2: an id's slot is 32 bits, and two
 * values are reserved); create refuses a larger one with MOTE_ERROR_INVALID_ARGUMENT. */
#define MOTE_MAX_COUNT 4294967293u

/* The longest step any pool takes, s: a longer dt is clamped to it (with max_dt and the kind's
 * own limit, see Steps), so dt squared and dt times any accepted rate stay far inside float's
 * range. */
#define MOTE_MAX_STEP_DT 1048576.0f

/* Every kind's default max_dt, s (mote_default_<kind>_pool_def()): a step of a longer dt (a
 * hitch, a debugger break, a suspended tab) advances every pool by this much, so pools of
 * different kinds stepped by the same dt keep one clock. It lies below every kind's own limit
 * at its default settings (movers 16/60 s, orientation control 64/240 s), so at the defaults
 * the kinds' limits never bite first, and it is short enough that a sub-stepped kind's cost
 * stays a few sub-steps (docs/conventions.md, Steps). INFINITY asks for no clamp (a kind's
 * own limit and MOTE_MAX_STEP_DT still apply). */
#define MOTE_DEFAULT_MAX_DT 0.25f

/* Most sub-steps a setting may ask one step to take per element (a kind's max_substeps or
 * the like): create, the kinds' setters and restore refuse a setting above it, so no def,
 * setter or snapshot can make a step run longer than this many sub-steps per element. */
#define MOTE_MAX_SUBSTEPS 64

/* Declares the common functions above for kind k, whose mote_k_pool, mote_k_pool_def,
 * mote_k_desc and mote_k_view must be declared first. Used as MOTE_POOL_COMMON_DECLS(k);
 * inside the header's extern "C" block. */
#define MOTE_POOL_COMMON_DECLS(k)                                                                  \
    mote_status mote_##k##_pool_create(const mote_##k##_pool_def *def, mote_##k##_pool **out);     \
    void mote_##k##_pool_destroy(mote_##k##_pool *pool);                                           \
    mote_status mote_##k##_pool_reserve(mote_##k##_pool *pool, size_t capacity);                   \
    mote_status mote_##k##_pool_add(mote_##k##_pool *pool, const mote_##k##_desc *desc,            \
                                    mote_id *out_id);                                              \
    mote_status mote_##k##_pool_add_many(mote_##k##_pool *pool, const mote_##k##_desc *descs,      \
                                         size_t n, mote_id *out_ids);                              \
    mote_status mote_##k##_pool_remove(mote_##k##_pool *pool, mote_id id);                         \
    bool mote_##k##_pool_contains(const mote_##k##_pool *pool, mote_id id);                        \
    mote_status mote_##k##_pool_index(const mote_##k##_pool *pool, mote_id id, size_t *out_index); \
    mote_id mote_##k##_pool_id_at(const mote_##k##_pool *pool, size_t index);                      \
    mote_status mote_##k##_pool_get(const mote_##k##_pool *pool, mote_id id,                       \
                                    mote_##k##_desc *out);                                         \
    mote_status mote_##k##_pool_set(mote_##k##_pool *pool, mote_id id,                             \
                                    const mote_##k##_desc *desc);                                  \
    size_t mote_##k##_pool_count(const mote_##k##_pool *pool);                                     \
    size_t mote_##k##_pool_capacity(const mote_##k##_pool *pool);                                  \
    mote_##k##_view mote_##k##_pool_view(mote_##k##_pool *pool);                                   \
    mote_status mote_##k##_pool_validate(const mote_##k##_pool *pool, mote_validation *out);       \
    mote_status mote_##k##_pool_set_backend(mote_##k##_pool *pool, mote_backend backend);          \
    mote_backend mote_##k##_pool_backend(const mote_##k##_pool *pool);                             \
    float mote_##k##_pool_max_dt(const mote_##k##_pool *pool);                                     \
    mote_status mote_##k##_pool_set_max_dt(mote_##k##_pool *pool, float max_dt);                   \
    mote_status mote_##k##_pool_advance_of(const mote_##k##_pool *pool, float dt,                  \
                                           float *out_advanced);                                   \
    size_t mote_##k##_pool_snapshot_size(const mote_##k##_pool *pool);                             \
    mote_status mote_##k##_pool_save(const mote_##k##_pool *pool, void *buffer, size_t size,       \
                                     size_t *out_written);                                         \
    mote_status mote_##k##_pool_restore(mote_##k##_pool *pool, const void *buffer, size_t size);   \
    mote_status mote_##k##_pool_create_from_snapshot(const void *buffer, size_t size,              \
                                                     mote_##k##_pool **out)

/* Declares step, advance, step_range and step_parallel for kind k (a step that takes nothing
 * but dt). Used as MOTE_POOL_STEP_DECLS(k); after MOTE_POOL_COMMON_DECLS(k);. */
#define MOTE_POOL_STEP_DECLS(k)                                                                    \
    mote_status mote_##k##_pool_step(mote_##k##_pool *pool, float dt);                             \
    mote_status mote_##k##_pool_advance(mote_##k##_pool *pool, float dt, float *out_advanced);     \
    mote_status mote_##k##_pool_step_range(mote_##k##_pool *pool, size_t begin, size_t end,        \
                                           float dt);                                              \
    mote_status mote_##k##_pool_step_parallel(mote_##k##_pool *pool, float dt,                     \
                                              const mote_task_system *tasks)

#endif
