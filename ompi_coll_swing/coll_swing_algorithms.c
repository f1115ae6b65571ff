/*
 * The table of allreduce algorithms. The MCA enum of
 * coll_swing_allreduce_algorithm, its help text and the per-algorithm MPI_T
 * counters are all generated from it, so they cannot drift apart.
 */
#include "coll_swing.h"

const mca_coll_swing_alg_t mca_coll_swing_algs[MCA_COLL_SWING_ALG_COUNT] = {
    { "auto", MCA_COLL_SWING_ALG_AUTO, SWT_ALG_SWING, SWT_KIND_LO, NULL,
      "choose by message size and topology" },
    { "swing_lo", MCA_COLL_SWING_ALG_SWING_LO, SWT_ALG_SWING, SWT_KIND_LO,
      mca_coll_swing_exec_steps, "Swing, latency-optimal (whole vector, log2 p steps)" },
    { "rd_lo", MCA_COLL_SWING_ALG_RD_LO, SWT_ALG_RD, SWT_KIND_LO,
      mca_coll_swing_exec_steps, "recursive doubling, latency-optimal" },
    { "swing_bo", MCA_COLL_SWING_ALG_SWING_BO, SWT_ALG_SWING, SWT_KIND_BO,
      mca_coll_swing_exec_steps, "Swing, bandwidth-optimal (reduce-scatter + allgather)" },
    { "rd_bo", MCA_COLL_SWING_ALG_RD_BO, SWT_ALG_RD, SWT_KIND_BO,
      mca_coll_swing_exec_steps, "recursive halving/doubling, bandwidth-optimal" },
    { "shm", MCA_COLL_SWING_ALG_SHM, SWT_ALG_SWING, SWT_KIND_LO,
      mca_coll_swing_exec_shm,
      "shared-memory segment, ranks of one node only (elsewhere: Swing)" },
    { "hier", MCA_COLL_SWING_ALG_HIER, SWT_ALG_SWING, SWT_KIND_BO,
      mca_coll_swing_exec_hier,
      "hierarchical: node shared memory + Swing between nodes (several ranks per node; "
      "elsewhere: Swing)" },
};
