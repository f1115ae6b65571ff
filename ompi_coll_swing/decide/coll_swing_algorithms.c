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
      MCA_COLL_SWING_SCOPE_ANY, "choose by message size and topology", 0 },
    { "swing_lo", MCA_COLL_SWING_ALG_SWING_LO, SWT_ALG_SWING, SWT_KIND_LO, 0,
      mca_coll_swing_exec_steps, mca_coll_swing_exec_nb_steps, MCA_COLL_SWING_ALG_SWING_LO, MCA_COLL_SWING_SCOPE_ANY,
      "Swing, latency-optimal (whole vector, log2 p steps)", 0 },
    { "rd_lo", MCA_COLL_SWING_ALG_RD_LO, SWT_ALG_RD, SWT_KIND_LO, 0,
      mca_coll_swing_exec_steps, mca_coll_swing_exec_nb_steps, MCA_COLL_SWING_ALG_RD_LO, MCA_COLL_SWING_SCOPE_ANY,
      "recursive doubling, latency-optimal", 0 },
    { "swing_bo", MCA_COLL_SWING_ALG_SWING_BO, SWT_ALG_SWING, SWT_KIND_BO, 0,
      mca_coll_swing_exec_steps, mca_coll_swing_exec_nb_steps, MCA_COLL_SWING_ALG_SWING_BO, MCA_COLL_SWING_SCOPE_ANY,
      "Swing, bandwidth-optimal (reduce-scatter + allgather)", 0 },
    { "rd_bo", MCA_COLL_SWING_ALG_RD_BO, SWT_ALG_RD, SWT_KIND_BO, 0,
      mca_coll_swing_exec_steps, mca_coll_swing_exec_nb_steps, MCA_COLL_SWING_ALG_RD_BO, MCA_COLL_SWING_SCOPE_ANY,
      "recursive halving/doubling, bandwidth-optimal", 0 },
    { "shm", MCA_COLL_SWING_ALG_SHM, SWT_ALG_SWING, SWT_KIND_LO, 0,
      mca_coll_swing_exec_shm, mca_coll_swing_exec_nb_shm, -1, MCA_COLL_SWING_SCOPE_NODE,
      "shared-memory segment, ranks of one node only (elsewhere: Swing)", 0 },
    { "hier", MCA_COLL_SWING_ALG_HIER, SWT_ALG_SWING, SWT_KIND_BO, 0,
      mca_coll_swing_exec_hier, mca_coll_swing_exec_nb_hier, -1, MCA_COLL_SWING_SCOPE_NODES,
      "hierarchical: node shared memory + Swing between nodes (several ranks per node; "
      "elsewhere: Swing)", 0 },
    { "swing_lo_mp", MCA_COLL_SWING_ALG_SWING_LO_MP, SWT_ALG_SWING, SWT_KIND_LO, 1,
      mca_coll_swing_exec_steps, mca_coll_swing_exec_nb_steps, MCA_COLL_SWING_ALG_SWING_LO_MP, MCA_COLL_SWING_SCOPE_ANY,
      "multiport Swing, latency-optimal: one part of the vector per port (2 per torus "
      "dimension), mirrored and rotated so the parts leave on different links", 0 },
    { "rd_lo_mp", MCA_COLL_SWING_ALG_RD_LO_MP, SWT_ALG_RD, SWT_KIND_LO, 1,
      mca_coll_swing_exec_steps, mca_coll_swing_exec_nb_steps, MCA_COLL_SWING_ALG_RD_LO_MP, MCA_COLL_SWING_SCOPE_ANY,
      "multiport recursive doubling, latency-optimal: one part per torus dimension", 0 },
    { "swing_bo_mp", MCA_COLL_SWING_ALG_SWING_BO_MP, SWT_ALG_SWING, SWT_KIND_BO, 1,
      mca_coll_swing_exec_steps, mca_coll_swing_exec_nb_steps, MCA_COLL_SWING_ALG_SWING_BO_MP, MCA_COLL_SWING_SCOPE_ANY,
      "multiport Swing, bandwidth-optimal: one part per port (2 per torus dimension)", 0 },
    { "rd_bo_mp", MCA_COLL_SWING_ALG_RD_BO_MP, SWT_ALG_RD, SWT_KIND_BO, 1,
      mca_coll_swing_exec_steps, mca_coll_swing_exec_nb_steps, MCA_COLL_SWING_ALG_RD_BO_MP, MCA_COLL_SWING_SCOPE_ANY,
      "multiport recursive halving/doubling, bandwidth-optimal: one part per torus dimension", 0 },
    { "ring", MCA_COLL_SWING_ALG_RING, SWT_ALG_RING, SWT_KIND_BO, 1,
      mca_coll_swing_exec_steps, mca_coll_swing_exec_nb_steps, MCA_COLL_SWING_ALG_RING, MCA_COLL_SWING_SCOPE_ANY,
      "ring allreduce along Hamiltonian cycles of the torus, both directions (2 parts; "
      "4 on a 2-D torus with two edge-disjoint cycles)", 0 },
};

/*
 * Reduce-scatter: the first half of BO, on the allreduce's BO step lists
 * (its AG steps skipped; the multiport and ring rows on all their parts)
 * and the layout of the blocks. No LO rows: Swing
 * and recursive halving already take log2 p steps, as many as LO, with
 * less data each, so LO (an allreduce keeping one block) never wins.
 */
static const mca_coll_swing_alg_t swing_rs_algs[] = {
    { "auto", MCA_COLL_SWING_RSAG_AUTO, SWT_ALG_SWING, SWT_KIND_BO, 0, NULL, NULL, -1,
      MCA_COLL_SWING_SCOPE_ANY, "choose by message size and topology", 0 },
    { "swing", MCA_COLL_SWING_RSAG_SWING, SWT_ALG_SWING, SWT_KIND_BO, 0,
      mca_coll_swing_exec_rs, NULL, MCA_COLL_SWING_ALG_SWING_BO, MCA_COLL_SWING_SCOPE_ANY,
      "Swing reduce-scatter (log2 p steps, halving the data)", 0 },
    { "rd", MCA_COLL_SWING_RSAG_RD, SWT_ALG_RD, SWT_KIND_BO, 0,
      mca_coll_swing_exec_rs, NULL, MCA_COLL_SWING_ALG_RD_BO, MCA_COLL_SWING_SCOPE_ANY,
      "recursive halving", 0 },
    { "shm", MCA_COLL_SWING_RSAG_SHM, SWT_ALG_SWING, SWT_KIND_BO, 0,
      mca_coll_swing_exec_shm_rs, NULL, -1, MCA_COLL_SWING_SCOPE_NODE,
      "shared-memory segment, ranks of one node only (elsewhere: Swing)", 0 },
    { "hier", MCA_COLL_SWING_RSAG_HIER, SWT_ALG_SWING, SWT_KIND_BO, 0,
      mca_coll_swing_exec_hier_rs, NULL, -1, MCA_COLL_SWING_SCOPE_NODES,
      "hierarchical: node shared memory, then Swing reduce-scatter between nodes (the same "
      "number of ranks on every node, several; elsewhere: Swing)", 0 },
    { "swing_mp", MCA_COLL_SWING_RSAG_SWING_MP, SWT_ALG_SWING, SWT_KIND_BO, 1,
      mca_coll_swing_exec_rs, NULL, MCA_COLL_SWING_ALG_SWING_BO_MP, MCA_COLL_SWING_SCOPE_ANY,
      "multiport Swing reduce-scatter: a piece of every block per port (2 per torus "
      "dimension)", 0 },
    { "rd_mp", MCA_COLL_SWING_RSAG_RD_MP, SWT_ALG_RD, SWT_KIND_BO, 1,
      mca_coll_swing_exec_rs, NULL, MCA_COLL_SWING_ALG_RD_BO_MP, MCA_COLL_SWING_SCOPE_ANY,
      "multiport recursive halving: a piece of every block per torus dimension", 0 },
    { "ring", MCA_COLL_SWING_RSAG_RING, SWT_ALG_RING, SWT_KIND_BO, 1,
      mca_coll_swing_exec_rs, NULL, MCA_COLL_SWING_ALG_RING, MCA_COLL_SWING_SCOPE_ANY,
      "ring reduce-scatter along Hamiltonian cycles of the torus, both directions", 0 },
};

/* Allgather: the second half of BO, on the same step lists (RS steps skipped). */
static const mca_coll_swing_alg_t swing_ag_algs[] = {
    { "auto", MCA_COLL_SWING_RSAG_AUTO, SWT_ALG_SWING, SWT_KIND_BO, 0, NULL, NULL, -1,
      MCA_COLL_SWING_SCOPE_ANY, "choose by message size and topology", 0 },
    { "swing", MCA_COLL_SWING_RSAG_SWING, SWT_ALG_SWING, SWT_KIND_BO, 0,
      mca_coll_swing_exec_ag, NULL, MCA_COLL_SWING_ALG_SWING_BO, MCA_COLL_SWING_SCOPE_ANY,
      "Swing allgather (log2 p steps, doubling the data)", 0 },
    { "rd", MCA_COLL_SWING_RSAG_RD, SWT_ALG_RD, SWT_KIND_BO, 0,
      mca_coll_swing_exec_ag, NULL, MCA_COLL_SWING_ALG_RD_BO, MCA_COLL_SWING_SCOPE_ANY,
      "recursive doubling", 0 },
    { "shm", MCA_COLL_SWING_RSAG_SHM, SWT_ALG_SWING, SWT_KIND_BO, 0,
      mca_coll_swing_exec_shm_ag, NULL, -1, MCA_COLL_SWING_SCOPE_NODE,
      "shared-memory segment, ranks of one node only (elsewhere: Swing)", 0 },
    { "hier", MCA_COLL_SWING_RSAG_HIER, SWT_ALG_SWING, SWT_KIND_BO, 0,
      mca_coll_swing_exec_hier_ag, NULL, -1, MCA_COLL_SWING_SCOPE_NODES,
      "hierarchical: Swing allgather between nodes, then node shared memory (the same "
      "number of ranks on every node, several; elsewhere: Swing)", 0 },
    { "swing_mp", MCA_COLL_SWING_RSAG_SWING_MP, SWT_ALG_SWING, SWT_KIND_BO, 1,
      mca_coll_swing_exec_ag, NULL, MCA_COLL_SWING_ALG_SWING_BO_MP, MCA_COLL_SWING_SCOPE_ANY,
      "multiport Swing allgather: a piece of every block per port (2 per torus dimension)", 0 },
    { "rd_mp", MCA_COLL_SWING_RSAG_RD_MP, SWT_ALG_RD, SWT_KIND_BO, 1,
      mca_coll_swing_exec_ag, NULL, MCA_COLL_SWING_ALG_RD_BO_MP, MCA_COLL_SWING_SCOPE_ANY,
      "multiport recursive doubling: a piece of every block per torus dimension", 0 },
    { "ring", MCA_COLL_SWING_RSAG_RING, SWT_ALG_RING, SWT_KIND_BO, 1,
      mca_coll_swing_exec_ag, NULL, MCA_COLL_SWING_ALG_RING, MCA_COLL_SWING_SCOPE_ANY,
      "ring allgather along Hamiltonian cycles of the torus, both directions", 0 },
};

/*
 * Broadcast and reduce: trees on Swing's distances (Bine) and on
 * recursive doubling's (binomial), single-port and one per port, and
 * pipelined chains along the torus's Hamiltonian cycles (topology/
 * swt_tree.h), rooted anywhere, built per root from a setup of the tree of
 * root 0. The whole vector travels every edge of a tree. On one node the
 * shared segment; across nodes the node segments and a Bine tree between
 * one leader per node (the root on its node).
 */
#define SWING_TREE_ROW(nm, id_, pat, mp, help_)                                            \
    { nm, id_, pat, SWT_KIND_LO, mp, mca_coll_swing_exec_tree, NULL, -1,                  \
      MCA_COLL_SWING_SCOPE_ANY, help_, 1 }
/* Broadcast and reduce as the BO halves (their layouts) joined by a scatter or gather tree. */
#define SWING_BO_ROW(nm, id_, pat, mp, plan_, help_)                                       \
    { nm, id_, pat, SWT_KIND_BO, mp, mca_coll_swing_exec_tree, NULL, plan_,              \
      MCA_COLL_SWING_SCOPE_ANY, help_, 1 }
static const mca_coll_swing_alg_t swing_br_algs[] = {
    { "auto", MCA_COLL_SWING_BR_AUTO, SWT_ALG_SWING, SWT_KIND_LO, 0, NULL, NULL, -1,
      MCA_COLL_SWING_SCOPE_ANY, "choose by message size and topology", 0 },
    SWING_TREE_ROW("bine", MCA_COLL_SWING_BR_BINE, SWT_ALG_SWING, 0,
                   "Bine tree: a binomial tree on Swing's distances (1, 1, 3, 5, 11, ...)"),
    SWING_TREE_ROW("binomial", MCA_COLL_SWING_BR_BINOMIAL, SWT_ALG_RD, 0,
                   "binomial tree on recursive doubling's distances (1, 2, 4, ...)"),
    SWING_TREE_ROW("bine_mp", MCA_COLL_SWING_BR_BINE_MP, SWT_ALG_SWING, 1,
                   "multiport Bine trees: a part of the vector per port (2 per torus "
                   "dimension), mirrored and rotated"),
    SWING_TREE_ROW("binomial_mp", MCA_COLL_SWING_BR_BINOMIAL_MP, SWT_ALG_RD, 1,
                   "multiport binomial trees: a part of the vector per torus dimension"),
    SWING_TREE_ROW("chain", MCA_COLL_SWING_BR_CHAIN, SWT_ALG_RING, 1,
                   "pipelined chains along the torus's Hamiltonian cycles, both directions "
                   "(2 parts; 4 on a 2-D torus with two edge-disjoint cycles)"),
    SWING_BO_ROW("bine_bo", MCA_COLL_SWING_BR_BINE_BO, SWT_ALG_SWING, 0,
                 MCA_COLL_SWING_ALG_SWING_BO,
                 "bandwidth-optimal: broadcast as a Bine scatter + Swing allgather, reduce "
                 "as Swing reduce-scatter + a Bine gather (2n(p-1)/p bytes per rank)"),
    SWING_BO_ROW("binomial_bo", MCA_COLL_SWING_BR_BINOMIAL_BO, SWT_ALG_RD, 0,
                 MCA_COLL_SWING_ALG_RD_BO,
                 "bandwidth-optimal on recursive doubling's partners: binomial scatter + "
                 "allgather, reduce-scatter + binomial gather"),
    SWING_BO_ROW("bine_bo_mp", MCA_COLL_SWING_BR_BINE_BO_MP, SWT_ALG_SWING, 1,
                 MCA_COLL_SWING_ALG_SWING_BO_MP,
                 "bandwidth-optimal Bine with a part of the vector per port (2 per torus "
                 "dimension)"),
    { "shm", MCA_COLL_SWING_BR_SHM, SWT_ALG_SWING, SWT_KIND_LO, 0,
      mca_coll_swing_exec_shm_rooted, NULL, -1, MCA_COLL_SWING_SCOPE_NODE,
      "shared-memory segment, ranks of one node only (elsewhere: a tree): broadcast in "
      "chunks the root fills while the others read, reduce as the shm allreduce", 0 },
    { "hier", MCA_COLL_SWING_BR_HIER, SWT_ALG_SWING, SWT_KIND_LO, 0,
      mca_coll_swing_exec_hier_rooted, NULL, -1, MCA_COLL_SWING_SCOPE_NODES,
      "hierarchical: a Bine tree between one leader per node and each node's shared "
      "segment (several nodes, several ranks on one; elsewhere: a tree)", 0 },
};

/*
 * Gather and scatter: the Bine and binomial trees whose every message is
 * one contiguous range of blocks, in the block layout of the BO list they
 * name (the reduce-scatter's and allgather's), for every root; on one
 * node the shared segment.
 */
#define SWING_GS_ROW(nm, id_, pat, mp, plan_, help_)                                       \
    { nm, id_, pat, SWT_KIND_BO, mp, mca_coll_swing_exec_tree, NULL, plan_,              \
      MCA_COLL_SWING_SCOPE_ANY, help_, 1 }
static const mca_coll_swing_alg_t swing_gs_algs[] = {
    { "auto", MCA_COLL_SWING_GS_AUTO, SWT_ALG_SWING, SWT_KIND_BO, 0, NULL, NULL, -1,
      MCA_COLL_SWING_SCOPE_ANY, "choose by message size and topology", 0 },
    SWING_GS_ROW("bine", MCA_COLL_SWING_GS_BINE, SWT_ALG_SWING, 0, MCA_COLL_SWING_ALG_SWING_BO,
                 "Bine tree: every message one contiguous range of blocks"),
    SWING_GS_ROW("binomial", MCA_COLL_SWING_GS_BINOMIAL, SWT_ALG_RD, 0, MCA_COLL_SWING_ALG_RD_BO,
                 "binomial tree: every message one contiguous range of blocks"),
    SWING_GS_ROW("bine_mp", MCA_COLL_SWING_GS_BINE_MP, SWT_ALG_SWING, 1,
                 MCA_COLL_SWING_ALG_SWING_BO_MP,
                 "multiport Bine trees: a piece of every block per port"),
    SWING_GS_ROW("binomial_mp", MCA_COLL_SWING_GS_BINOMIAL_MP, SWT_ALG_RD, 1,
                 MCA_COLL_SWING_ALG_RD_BO_MP,
                 "multiport binomial trees: a piece of every block per torus dimension"),
    { "shm", MCA_COLL_SWING_GS_SHM, SWT_ALG_SWING, SWT_KIND_BO, 0,
      mca_coll_swing_exec_shm_rooted, NULL, -1, MCA_COLL_SWING_SCOPE_NODE,
      "shared-memory segment, ranks of one node only (elsewhere: a tree): every block "
      "through its rank's slot", 0 },
};

const mca_coll_swing_table_t mca_coll_swing_tables[MCA_COLL_SWING_NCOLLS] = {
    [MCA_COLL_SWING_ALLREDUCE] = {
        .name = "allreduce", .call = "MPI_Allreduce", .title = "Allreduce algorithm",
        .half = SWT_HALF_ALL,
        .algs = mca_coll_swing_algs, .nalgs = SWING_ROWS(mca_coll_swing_algs) },
    /*
     * The same rows through the nonblocking engine: auto chooses exactly
     * as for MPI_Allreduce (shm on one node, hier across nodes, the step
     * lists elsewhere, multiport and ring plans as one state machine per
     * part).
     */
    [MCA_COLL_SWING_IALLREDUCE] = {
        .name = "iallreduce", .call = "MPI_Iallreduce",
        .title = "Nonblocking allreduce algorithm",
        .algs = mca_coll_swing_algs, .nalgs = SWING_ROWS(mca_coll_swing_algs),
        .nonblocking = 1 },
    [MCA_COLL_SWING_ALLREDUCE_INIT] = {
        .name = "allreduce_init", .call = "MPI_Allreduce_init",
        .title = "Persistent allreduce algorithm, chosen once per request",
        .algs = mca_coll_swing_algs, .nalgs = SWING_ROWS(mca_coll_swing_algs),
        .nonblocking = 1 },
    [MCA_COLL_SWING_REDUCE_SCATTER_BLOCK] = {
        .name = "reduce_scatter_block", .call = "MPI_Reduce_scatter_block",
        .title = "Reduce_scatter_block algorithm", .half = SWT_HALF_RS,
        .algs = swing_rs_algs, .nalgs = SWING_ROWS(swing_rs_algs) },
    [MCA_COLL_SWING_REDUCE_SCATTER] = {
        .name = "reduce_scatter", .call = "MPI_Reduce_scatter",
        .title = "Reduce_scatter algorithm", .half = SWT_HALF_RS,
        .algs = swing_rs_algs, .nalgs = SWING_ROWS(swing_rs_algs) },
    [MCA_COLL_SWING_ALLGATHER] = {
        .name = "allgather", .call = "MPI_Allgather", .title = "Allgather algorithm",
        .half = SWT_HALF_AG, .algs = swing_ag_algs, .nalgs = SWING_ROWS(swing_ag_algs) },
    [MCA_COLL_SWING_ALLGATHERV] = {
        .name = "allgatherv", .call = "MPI_Allgatherv", .title = "Allgatherv algorithm",
        .half = SWT_HALF_AG, .algs = swing_ag_algs, .nalgs = SWING_ROWS(swing_ag_algs) },
    [MCA_COLL_SWING_BCAST] = {
        .name = "bcast", .call = "MPI_Bcast", .title = "Broadcast algorithm",
        .algs = swing_br_algs, .nalgs = SWING_ROWS(swing_br_algs),
        .rooted = 1 + SWT_COLL_BCAST },
    [MCA_COLL_SWING_REDUCE] = {
        .name = "reduce", .call = "MPI_Reduce", .title = "Reduce algorithm",
        .algs = swing_br_algs, .nalgs = SWING_ROWS(swing_br_algs),
        .rooted = 1 + SWT_COLL_REDUCE },
    /* their layouts are the allgather's and the reduce-scatter's (half) */
    [MCA_COLL_SWING_GATHER] = {
        .name = "gather", .call = "MPI_Gather", .title = "Gather algorithm",
        .half = SWT_HALF_AG, .algs = swing_gs_algs, .nalgs = SWING_ROWS(swing_gs_algs),
        .rooted = 1 + SWT_COLL_GATHER },
    [MCA_COLL_SWING_SCATTER] = {
        .name = "scatter", .call = "MPI_Scatter", .title = "Scatter algorithm",
        .half = SWT_HALF_RS, .algs = swing_gs_algs, .nalgs = SWING_ROWS(swing_gs_algs),
        .rooted = 1 + SWT_COLL_SCATTER },
};
