/*
 * The algorithm tables, one per collective. The MCA enum of each
 * coll_swing_<collective>_algorithm, its help text and the per-algorithm
 * MPI_T counters are all generated from them, so they cannot drift apart.
 */
#include "coll_swing_decide.h"

_Static_assert(MCA_COLL_SWING_ALG_COUNT <= MCA_COLL_SWING_MAX_ALGS,
               "MCA_COLL_SWING_MAX_ALGS (base/coll_swing_base.h) too small");

#define SWING_ROWS(table) ((int) (sizeof(table) / sizeof((table)[0])))

const mca_coll_swing_alg_t mca_coll_swing_algs[MCA_COLL_SWING_ALG_COUNT] = {
    { "auto", MCA_COLL_SWING_ALG_AUTO, SWT_ALG_SWING, SWT_KIND_LO, 0, NULL, NULL, -1,
      MCA_COLL_SWING_SCOPE_ANY, "choose by message size and topology" },
    { "swing_lo", MCA_COLL_SWING_ALG_SWING_LO, SWT_ALG_SWING, SWT_KIND_LO, 0,
      mca_coll_swing_exec_steps, mca_coll_swing_exec_nb_steps, MCA_COLL_SWING_ALG_SWING_LO, MCA_COLL_SWING_SCOPE_ANY,
      "Swing, latency-optimal (whole vector, log2 p steps)" },
    { "rd_lo", MCA_COLL_SWING_ALG_RD_LO, SWT_ALG_RD, SWT_KIND_LO, 0,
      mca_coll_swing_exec_steps, mca_coll_swing_exec_nb_steps, MCA_COLL_SWING_ALG_RD_LO, MCA_COLL_SWING_SCOPE_ANY,
      "recursive doubling, latency-optimal" },
    { "swing_bo", MCA_COLL_SWING_ALG_SWING_BO, SWT_ALG_SWING, SWT_KIND_BO, 0,
      mca_coll_swing_exec_steps, mca_coll_swing_exec_nb_steps, MCA_COLL_SWING_ALG_SWING_BO, MCA_COLL_SWING_SCOPE_ANY,
      "Swing, bandwidth-optimal (reduce-scatter + allgather)" },
    { "rd_bo", MCA_COLL_SWING_ALG_RD_BO, SWT_ALG_RD, SWT_KIND_BO, 0,
      mca_coll_swing_exec_steps, mca_coll_swing_exec_nb_steps, MCA_COLL_SWING_ALG_RD_BO, MCA_COLL_SWING_SCOPE_ANY,
      "recursive halving/doubling, bandwidth-optimal" },
    { "shm", MCA_COLL_SWING_ALG_SHM, SWT_ALG_SWING, SWT_KIND_LO, 0,
      mca_coll_swing_exec_shm, NULL, -1, MCA_COLL_SWING_SCOPE_NODE,
      "shared-memory segment, ranks of one node only (elsewhere: Swing)" },
    { "hier", MCA_COLL_SWING_ALG_HIER, SWT_ALG_SWING, SWT_KIND_BO, 0,
      mca_coll_swing_exec_hier, NULL, -1, MCA_COLL_SWING_SCOPE_NODES,
      "hierarchical: node shared memory + Swing between nodes (several ranks per node; "
      "elsewhere: Swing)" },
    { "swing_lo_mp", MCA_COLL_SWING_ALG_SWING_LO_MP, SWT_ALG_SWING, SWT_KIND_LO, 1,
      mca_coll_swing_exec_steps, NULL, MCA_COLL_SWING_ALG_SWING_LO_MP, MCA_COLL_SWING_SCOPE_ANY,
      "multiport Swing, latency-optimal: one part of the vector per port (2 per torus "
      "dimension), mirrored and rotated so the parts leave on different links" },
    { "rd_lo_mp", MCA_COLL_SWING_ALG_RD_LO_MP, SWT_ALG_RD, SWT_KIND_LO, 1,
      mca_coll_swing_exec_steps, NULL, MCA_COLL_SWING_ALG_RD_LO_MP, MCA_COLL_SWING_SCOPE_ANY,
      "multiport recursive doubling, latency-optimal: one part per torus dimension" },
    { "swing_bo_mp", MCA_COLL_SWING_ALG_SWING_BO_MP, SWT_ALG_SWING, SWT_KIND_BO, 1,
      mca_coll_swing_exec_steps, NULL, MCA_COLL_SWING_ALG_SWING_BO_MP, MCA_COLL_SWING_SCOPE_ANY,
      "multiport Swing, bandwidth-optimal: one part per port (2 per torus dimension)" },
    { "rd_bo_mp", MCA_COLL_SWING_ALG_RD_BO_MP, SWT_ALG_RD, SWT_KIND_BO, 1,
      mca_coll_swing_exec_steps, NULL, MCA_COLL_SWING_ALG_RD_BO_MP, MCA_COLL_SWING_SCOPE_ANY,
      "multiport recursive halving/doubling, bandwidth-optimal: one part per torus dimension" },
    { "ring", MCA_COLL_SWING_ALG_RING, SWT_ALG_RING, SWT_KIND_BO, 1,
      mca_coll_swing_exec_steps, NULL, MCA_COLL_SWING_ALG_RING, MCA_COLL_SWING_SCOPE_ANY,
      "ring allreduce along Hamiltonian cycles of the torus, both directions (2 parts; "
      "4 on a 2-D torus with two edge-disjoint cycles)" },
};

const mca_coll_swing_table_t mca_coll_swing_tables[MCA_COLL_SWING_NCOLLS] = {
    [MCA_COLL_SWING_ALLREDUCE] = {
        .name = "allreduce", .call = "MPI_Allreduce", .title = "Allreduce algorithm",
        .algs = mca_coll_swing_algs, .nalgs = SWING_ROWS(mca_coll_swing_algs) },
    /*
     * The same rows through the nonblocking engine: auto chooses among the
     * step lists exactly as for MPI_Allreduce. shm and hier wait inside the
     * segment protocol, so they have no nonblocking executor.
     */
    [MCA_COLL_SWING_IALLREDUCE] = {
        .name = "iallreduce", .call = "MPI_Iallreduce",
        .title = "Nonblocking allreduce algorithm (shm and hier are blocking only: "
                 "forced, the message-passing schedule auto would use serves)",
        .algs = mca_coll_swing_algs, .nalgs = SWING_ROWS(mca_coll_swing_algs),
        .nonblocking = 1 },
    [MCA_COLL_SWING_ALLREDUCE_INIT] = {
        .name = "allreduce_init", .call = "MPI_Allreduce_init",
        .title = "Persistent allreduce algorithm, chosen once per request (shm and hier "
                 "are blocking only: forced, the message-passing schedule auto would use "
                 "serves)",
        .algs = mca_coll_swing_algs, .nalgs = SWING_ROWS(mca_coll_swing_algs),
        .nonblocking = 1 },
};
