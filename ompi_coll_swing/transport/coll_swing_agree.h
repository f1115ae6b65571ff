/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Agreements of every rank of a communicator (transport layer), by
 * point-to-point messages of swing's own (coll_swing_p2p.h), so they work
 * before swing's own paths are ready and whatever state they are in, and
 * whatever module swing replaced: coll/han, Open MPI 5.0's across nodes,
 * sets itself up at its first call and then calls swing on its own
 * sub-communicators. They guard the shared segment's setup
 * (coll_swing_shm_segment.c) and the growth of a blocking call's scratch.
 *
 * A blocking call whose scratch must grow beyond what every rank is known
 * to hold would fail alone on a rank short of memory, and its peers would
 * wait for it. So before any message of such a call, every rank grows,
 * then all agree (MIN of a flag) and, if one could not, all hand the call
 * to the previous module. Every rank sees the same calls, so every rank
 * knows when a call needs more than was agreed: the first call of a
 * communicator that needs scratch, then each call that needs more than
 * any before it. In the steady state no agreement runs and nothing is
 * allocated.
 */
#ifndef MCA_COLL_SWING_AGREE_H
#define MCA_COLL_SWING_AGREE_H

#include "coll_swing.h"

BEGIN_C_DECLS

/* The fallback of a call some rank could not grow for: every rank hands
   it to the previous module. */
extern mca_coll_swing_fallback_t mca_coll_swing_agree_fallback;

/* Collective: *ok becomes the minimum of every rank's *ok. */
int mca_coll_swing_agree(mca_coll_swing_module_t *m, int *ok);

/*
 * After a blocking call, when coll_swing_agree_outcome is set (a
 * nonblocking one: engine/coll_swing_nb.h's mca_coll_swing_nb_agree) (the same on
 * every rank): every rank learns whether any rank's call failed. rc: this
 * rank's outcome. Returns rc where it failed here, MCA_COLL_SWING_PEER_FAILED
 * where it succeeded here and failed elsewhere (counted as peer_error),
 * OMPI_SUCCESS where it succeeded everywhere.
 */
int mca_coll_swing_agree_outcome(ompi_communicator_t *comm, int rc);

/* A buffer of a blocking call, grown only through mca_coll_swing_grow_agreed. */
typedef struct mca_coll_swing_growth_t {
    char **buf;
    size_t *size;
    size_t *agreed; /* calls needing at most this many bytes agreed already */
    size_t need;    /* this call on this rank */
    size_t most;    /* this call: the most any rank needs (the same on every rank) */
} mca_coll_swing_growth_t;

/*
 * Before a blocking call's first message, on every rank alike: when a
 * buffer's most exceeds its agreed size, every rank grows it to its need,
 * and all agree. OMPI_SUCCESS: every buffer holds its need.
 * MCA_COLL_SWING_FALLBACK, call->fallback = &mca_coll_swing_agree_fallback:
 * a rank could not grow one (agreed: every rank returns this).
 * OMPI_ERR_OUT_OF_RESOURCE: a buffer needed more than the agreed size
 * covers on this rank alone (a rank whose type has holes where the
 * others' had none, say) and could not grow: this rank only, so the
 * caller runs in error mode. Another code: the agreement itself failed.
 */
int mca_coll_swing_grow_agreed(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m,
                               const mca_coll_swing_growth_t *g, int n);
/*
 * The same with this rank's other preparations for the call (ok: they
 * succeeded), agreed with the growth; force (the same on every rank)
 * agrees even when no buffer needs more: a setup done at this call
 * (a rooted collective's tree).
 */
int mca_coll_swing_agree_before(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m,
                                const mca_coll_swing_growth_t *g, int n, int ok, int force);

END_C_DECLS

#endif
