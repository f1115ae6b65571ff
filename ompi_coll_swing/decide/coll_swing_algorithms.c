/*
 * The table of allreduce algorithms. The MCA enum of
 * coll_swing_allreduce_algorithm, its help text and the per-algorithm MPI_T
 * counters are all generated from it, so they cannot drift apart.
 */
#include "coll_swing_decide.h"

_Static_assert(MCA_COLL_SWING_ALG_COUNT <= MCA_COLL_SWING_MAX_ALGS,
               "MCA_COLL_SWING_MAX_ALGS (base/coll_swing_base.h) too small");

const mca_coll_swing_alg_t mca_coll_swing_algs[MCA_COLL_SWING_ALG_COUNT] = {
    { "auto", MCA_COLL_SWING_ALG_AUTO, SWT_ALG_SWING, SWT_KIND_LO, NULL, 0,
      "choose by message size and topology" },
    { "swing_lo", MCA_COLL_SWING_ALG_SWING_LO, SWT_ALG_SWING, SWT_KIND_LO,
      mca_coll_swing_exec_steps, 1, "Swing, latency-optimal (whole vector, log2 p steps)" },
    { "rd_lo", MCA_COLL_SWING_ALG_RD_LO, SWT_ALG_RD, SWT_KIND_LO,
      mca_coll_swing_exec_steps, 1, "recursive doubling, latency-optimal" },
    { "swing_bo", MCA_COLL_SWING_ALG_SWING_BO, SWT_ALG_SWING, SWT_KIND_BO,
      mca_coll_swing_exec_steps, 1, "Swing, bandwidth-optimal (reduce-scatter + allgather)" },
    { "rd_bo", MCA_COLL_SWING_ALG_RD_BO, SWT_ALG_RD, SWT_KIND_BO,
      mca_coll_swing_exec_steps, 1, "recursive halving/doubling, bandwidth-optimal" },
    { "shm", MCA_COLL_SWING_ALG_SHM, SWT_ALG_SWING, SWT_KIND_LO,
      mca_coll_swing_exec_shm, 0,
      "shared-memory segment, ranks of one node only (elsewhere: Swing)" },
    { "hier", MCA_COLL_SWING_ALG_HIER, SWT_ALG_SWING, SWT_KIND_BO,
      mca_coll_swing_exec_hier, 0,
      "hierarchical: node shared memory + Swing between nodes (several ranks per node; "
      "elsewhere: Swing)" },
};
