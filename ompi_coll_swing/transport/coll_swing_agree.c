/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Agreements by messages of swing's own (coll_swing_agree.h).
 *
 * Example: MPI_Allreduce of 1 MiB then of 8 KiB, then of 1 MiB again, on a
 * fresh communicator: the first call grows the scratch to 1 MiB and
 * agrees; the others need no more than was agreed and run at once. Had a
 * rank failed to grow, the first call would have gone to the previous
 * module on every rank, nothing agreed, and the next 1 MiB call would try
 * again.
 */
#include "coll_swing_agree.h"
#include "coll_swing_p2p.h"

mca_coll_swing_fallback_t mca_coll_swing_agree_fallback = {
    0, "a rank could not grow its scratch for this call"
};

int mca_coll_swing_agree(mca_coll_swing_module_t *m, int *ok)
{
    return mca_coll_swing_p2p_agree_min(m->comm, ok);
}

/*
 * A failure late in a call (a completion error on a rank's last receive)
 * reaches only the ranks downstream of it along the schedule; the others
 * have finished with exact values. One more dissemination of a flag,
 * ceil(log2 p) rounds of one integer, makes every rank end alike.
 */
int mca_coll_swing_agree_outcome(ompi_communicator_t *comm, int rc)
{
    int ok = (OMPI_SUCCESS == rc);
    int arc = mca_coll_swing_p2p_agree_min(comm, &ok);

    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    if (OMPI_SUCCESS != arc) {
        return arc;
    }
    if (!ok) {
        mca_coll_swing_count(&mca_coll_swing_counters.peer_error, 1);
        return MCA_COLL_SWING_PEER_FAILED;
    }
    return OMPI_SUCCESS;
}

int mca_coll_swing_agree_before(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m,
                                const mca_coll_swing_growth_t *g, int n, int ok, int force)
{
    int more = force, rc;

    for (int i = 0; i < n; ++i) {
        more |= (g[i].most > *g[i].agreed);
    }
    if (OPAL_LIKELY(!more)) {
        /* a need beyond the agreed size on this rank only: no agreement to join */
        for (int i = 0; i < n; ++i) {
            rc = mca_coll_swing_grow(g[i].buf, g[i].size, g[i].need);
            if (OMPI_SUCCESS != rc) {
                return rc;
            }
        }
        return OMPI_SUCCESS;
    }
    for (int i = 0; i < n && ok; ++i) {
        ok = (OMPI_SUCCESS == mca_coll_swing_grow(g[i].buf, g[i].size, g[i].need));
    }
    mca_coll_swing_count(&mca_coll_swing_counters.agree, 1);
    rc = mca_coll_swing_agree(m, &ok);
    if (OMPI_SUCCESS != rc) {
        return rc;
    }
    if (!ok) {
        mca_coll_swing_count(&mca_coll_swing_counters.agree_fallback, 1);
        call->fallback = &mca_coll_swing_agree_fallback;
        return MCA_COLL_SWING_FALLBACK;
    }
    for (int i = 0; i < n; ++i) {
        if (g[i].most > *g[i].agreed) {
            *g[i].agreed = g[i].most;
        }
    }
    return OMPI_SUCCESS;
}

int mca_coll_swing_grow_agreed(mca_coll_swing_call_t *call, mca_coll_swing_module_t *m,
                               const mca_coll_swing_growth_t *g, int n)
{
    return mca_coll_swing_agree_before(call, m, g, n, 1, 0);
}
