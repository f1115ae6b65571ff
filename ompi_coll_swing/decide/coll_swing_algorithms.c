/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The algorithm tables, one per collective. The MCA enum of each
 * coll_swing_<collective>_algorithm, its help text, the per-algorithm
 * MPI_T counters and the names a measured decision table's rows may use
 * are all generated from them, so they cannot drift apart.
 *
 * How to add an algorithm:
 *  1. an id in decide/coll_swing_decide.h, at the end of its collective's
 *     enum (before _COUNT): the id is the row's index, the enum value and
 *     the counter's slot (at most MCA_COLL_SWING_MAX_ALGS rows a table);
 *  2. its row below, [id] = { .name, .id, .exec, ... }: .name is the MCA
 *     value, the counter coll_swing_<collective>_<name> and the name in a
 *     decision table's rows; .help one line for ompi_info; a row with a
 *     .plan or .tree of scope ANY is also auto's candidate, priced by the
 *     cost model; a row with neither runs when forced or named by a row;
 *  3. its executor, mca_coll_swing_exec_fn_t, in the layer of its family
 *     (steps/, shm/, hier/; Open MPI's coll/base algorithms in
 *     ompi_algs/coll_swing_ompi_algs.c: a case of its collective's executor);
 *     .nb_exec for the nonblocking allreduce tables, else NULL;
 *  4. a column of the benchmark (bench/bench_configs.c) and its values in
 *     the test matrices (tests/mpi/run_matrix.sh, matrix_rsag.sh,
 *     matrix_rooted.sh).
 */
#include "coll_swing_decide.h"

_Static_assert(MCA_COLL_SWING_ALG_COUNT <= MCA_COLL_SWING_MAX_ALGS,
               "MCA_COLL_SWING_MAX_ALGS (base/coll_swing_base.h) too small");

#define SWING_ROWS(table) ((int) (sizeof(table) / sizeof((table)[0])))

/*
 * A row of Open MPI's coll/base, called as coll/tuned calls that algorithm
 * forced (ompi_algs/coll_swing_ompi_algs.c): blocking only, not modelled, so
 * auto runs it where a measured table's row names it.
 */
#define SWING_OMPI_ROW(id_, nm, exec_, tuned_, help_) \
    [id_] = { .name = nm,                             \
              .id = id_,                              \
              .exec = exec_,                          \
              .plan = -1,                             \
              .scope = MCA_COLL_SWING_SCOPE_ANY,      \
              .ompi = tuned_,                         \
              .help = "Open MPI's " help_ }

/* The choice by size: row 0 of every table. */
#define SWING_AUTO_ROW(id_, kind_)               \
    [id_] = { .name = "auto",                    \
              .id = id_,                         \
              .pattern = SWT_ALG_SWING,          \
              .kind = kind_,                     \
              .plan = -1,                        \
              .scope = MCA_COLL_SWING_SCOPE_ANY, \
              .help = "choose by message size and topology" }

/* A step list of the allreduce: its own plan, blocking and nonblocking. */
#define SWING_STEPS_ROW(id_, nm, pat, kind_, mp, help_) \
    [id_] = { .name = nm,                               \
              .id = id_,                                \
              .pattern = pat,                           \
              .kind = kind_,                            \
              .multiport = mp,                          \
              .exec = mca_coll_swing_exec_steps,        \
              .nb_exec = mca_coll_swing_exec_nb_steps,  \
              .plan = id_,                              \
              .scope = MCA_COLL_SWING_SCOPE_ANY,        \
              .help = help_ }

const mca_coll_swing_alg_t mca_coll_swing_algs[MCA_COLL_SWING_ALG_COUNT] = {
    SWING_AUTO_ROW(MCA_COLL_SWING_ALG_AUTO, SWT_KIND_LO),
    SWING_STEPS_ROW(MCA_COLL_SWING_ALG_SWING_LO, "swing_lo", SWT_ALG_SWING, SWT_KIND_LO, 0,
                    "Swing, latency-optimal (whole vector, log2 p steps)"),
    SWING_STEPS_ROW(MCA_COLL_SWING_ALG_RD_LO, "rd_lo", SWT_ALG_RD, SWT_KIND_LO, 0,
                    "recursive doubling, latency-optimal"),
    SWING_STEPS_ROW(MCA_COLL_SWING_ALG_SWING_BO, "swing_bo", SWT_ALG_SWING, SWT_KIND_BO, 0,
                    "Swing, bandwidth-optimal (reduce-scatter + allgather)"),
    SWING_STEPS_ROW(MCA_COLL_SWING_ALG_RD_BO, "rd_bo", SWT_ALG_RD, SWT_KIND_BO, 0,
                    "recursive halving/doubling, bandwidth-optimal"),
    [MCA_COLL_SWING_ALG_SHM] = { .name = "shm",
                                 .id = MCA_COLL_SWING_ALG_SHM,
                                 .pattern = SWT_ALG_SWING,
                                 .kind = SWT_KIND_LO,
                                 .exec = mca_coll_swing_exec_shm,
                                 .nb_exec = mca_coll_swing_exec_nb_shm,
                                 .plan = -1,
                                 .scope = MCA_COLL_SWING_SCOPE_NODE,
                                 .help = "shared-memory segment, ranks of one node only "
                                         "(elsewhere: Swing)" },
    [MCA_COLL_SWING_ALG_HIER] = { .name = "hier",
                                  .id = MCA_COLL_SWING_ALG_HIER,
                                  .pattern = SWT_ALG_SWING,
                                  .kind = SWT_KIND_BO,
                                  .exec = mca_coll_swing_exec_hier,
                                  .nb_exec = mca_coll_swing_exec_nb_hier,
                                  .plan = -1,
                                  .scope = MCA_COLL_SWING_SCOPE_NODES,
                                  .help = "hierarchical: node shared memory + Swing between nodes "
                                          "(several ranks per "
                                          "node; elsewhere: Swing)" },
    SWING_STEPS_ROW(MCA_COLL_SWING_ALG_SWING_LO_MP, "swing_lo_mp", SWT_ALG_SWING, SWT_KIND_LO, 1,
                    "multiport Swing, latency-optimal: one part of the vector per port (2 per "
                    "torus dimension), mirrored and rotated so the parts leave on different "
                    "links"),
    SWING_STEPS_ROW(MCA_COLL_SWING_ALG_RD_LO_MP, "rd_lo_mp", SWT_ALG_RD, SWT_KIND_LO, 1,
                    "multiport recursive doubling, latency-optimal: one part per torus "
                    "dimension"),
    SWING_STEPS_ROW(MCA_COLL_SWING_ALG_SWING_BO_MP, "swing_bo_mp", SWT_ALG_SWING, SWT_KIND_BO, 1,
                    "multiport Swing, bandwidth-optimal: one part per port (2 per torus "
                    "dimension)"),
    SWING_STEPS_ROW(MCA_COLL_SWING_ALG_RD_BO_MP, "rd_bo_mp", SWT_ALG_RD, SWT_KIND_BO, 1,
                    "multiport recursive halving/doubling, bandwidth-optimal: one part per "
                    "torus dimension"),
    SWING_STEPS_ROW(MCA_COLL_SWING_ALG_RING, "ring", SWT_ALG_RING, SWT_KIND_BO, 1,
                    "ring allreduce along Hamiltonian cycles of the torus, both directions (2 "
                    "parts; 4 on a 2-D torus with two edge-disjoint cycles)"),
    SWING_OMPI_ROW(MCA_COLL_SWING_ALG_OMPI_BASIC_LINEAR, "ompi_basic_linear",
                   mca_coll_swing_ompi_allreduce, MCA_COLL_SWING_OMPI_ALLREDUCE_BASIC_LINEAR,
                   "linear reduce to rank 0, then linear bcast"),
    SWING_OMPI_ROW(MCA_COLL_SWING_ALG_OMPI_NONOVERLAPPING, "ompi_nonoverlapping",
                   mca_coll_swing_ompi_allreduce, MCA_COLL_SWING_OMPI_ALLREDUCE_NONOVERLAPPING,
                   "MPI_Reduce to rank 0, then MPI_Bcast (both through the communicator: "
                   "coll_swing_reduce_algorithm and coll_swing_bcast_algorithm choose them)"),
    SWING_OMPI_ROW(MCA_COLL_SWING_ALG_OMPI_RECURSIVE_DOUBLING, "ompi_recursive_doubling",
                   mca_coll_swing_ompi_allreduce, MCA_COLL_SWING_OMPI_ALLREDUCE_RECURSIVE_DOUBLING,
                   "recursive doubling"),
    SWING_OMPI_ROW(MCA_COLL_SWING_ALG_OMPI_RING, "ompi_ring", mca_coll_swing_ompi_allreduce,
                   MCA_COLL_SWING_OMPI_ALLREDUCE_RING,
                   "ring (recursive doubling below p elements)"),
    SWING_OMPI_ROW(MCA_COLL_SWING_ALG_OMPI_SEGMENTED_RING, "ompi_segmented_ring",
                   mca_coll_swing_ompi_allreduce, MCA_COLL_SWING_OMPI_ALLREDUCE_SEGMENTED_RING,
                   "segmented ring, with coll/tuned's default segment size (0: the ring)"),
    SWING_OMPI_ROW(MCA_COLL_SWING_ALG_OMPI_RABENSEIFNER, "ompi_rabenseifner",
                   mca_coll_swing_ompi_allreduce, MCA_COLL_SWING_OMPI_ALLREDUCE_RABENSEIFNER,
                   "Rabenseifner: recursive-halving reduce-scatter + recursive-doubling allgather"),
};

/*
 * Reduce-scatter: the first half of BO, on the allreduce's BO step lists
 * (its AG steps skipped; the multiport and ring rows on all their parts)
 * and the layout of the blocks. No LO rows: Swing
 * and recursive halving already take log2 p steps, as many as LO, with
 * less data each, so LO (an allreduce keeping one block) never wins.
 * Its rows in both reduce-scatter tables; Open MPI's differ.
 */
/* A row of one half of BO (reduce-scatter or allgather) run by exec_. */
#define SWING_HALF_ROW(exec_, id_, nm, pat, mp, plan_, help_) \
    [id_] = { .name = nm,                                     \
              .id = id_,                                      \
              .pattern = pat,                                 \
              .kind = SWT_KIND_BO,                            \
              .multiport = mp,                                \
              .exec = exec_,                                  \
              .plan = plan_,                                  \
              .scope = MCA_COLL_SWING_SCOPE_ANY,              \
              .help = help_ }
#define SWING_RS_ROW(...) SWING_HALF_ROW(mca_coll_swing_exec_rs, __VA_ARGS__)
#define SWING_RS_ROWS                                                                            \
    SWING_AUTO_ROW(MCA_COLL_SWING_RSAG_AUTO, SWT_KIND_BO),                                       \
        SWING_RS_ROW(MCA_COLL_SWING_RSAG_SWING, "swing", SWT_ALG_SWING, 0,                       \
                     MCA_COLL_SWING_ALG_SWING_BO,                                                \
                     "Swing reduce-scatter (log2 p steps, halving the data)"),                   \
        SWING_RS_ROW(MCA_COLL_SWING_RSAG_RD, "rd", SWT_ALG_RD, 0, MCA_COLL_SWING_ALG_RD_BO,      \
                     "recursive halving"),                                                       \
        [MCA_COLL_SWING_RSAG_SHM] = { .name = "shm",                                             \
                                      .id = MCA_COLL_SWING_RSAG_SHM,                             \
                                      .pattern = SWT_ALG_SWING,                                  \
                                      .kind = SWT_KIND_BO,                                       \
                                      .exec = mca_coll_swing_exec_shm_rs,                        \
                                      .plan = -1,                                                \
                                      .scope = MCA_COLL_SWING_SCOPE_NODE,                        \
                                      .help = "shared-memory segment, ranks of one node only "   \
                                              "(elsewhere: Swing)" },                            \
        [MCA_COLL_SWING_RSAG_HIER] = { .name = "hier",                                           \
                                       .id = MCA_COLL_SWING_RSAG_HIER,                           \
                                       .pattern = SWT_ALG_SWING,                                 \
                                       .kind = SWT_KIND_BO,                                      \
                                       .exec = mca_coll_swing_exec_hier_rs,                      \
                                       .plan = -1,                                               \
                                       .scope = MCA_COLL_SWING_SCOPE_NODES,                      \
                                       .help = "hierarchical: node shared memory, then Swing "   \
                                               "reduce-scatter between nodes "                   \
                                               "(the same number of ranks on every node, "       \
                                               "several; elsewhere: Swing)" },                   \
        SWING_RS_ROW(MCA_COLL_SWING_RSAG_SWING_MP, "swing_mp", SWT_ALG_SWING, 1,                 \
                     MCA_COLL_SWING_ALG_SWING_BO_MP,                                             \
                     "multiport Swing reduce-scatter: a piece of every block per port (2 per "   \
                     "torus dimension)"),                                                        \
        SWING_RS_ROW(MCA_COLL_SWING_RSAG_RD_MP, "rd_mp", SWT_ALG_RD, 1,                          \
                     MCA_COLL_SWING_ALG_RD_BO_MP,                                                \
                     "multiport recursive halving: a piece of every block per torus dimension"), \
        SWING_RS_ROW(MCA_COLL_SWING_RSAG_RING, "ring", SWT_ALG_RING, 1, MCA_COLL_SWING_ALG_RING, \
                     "ring reduce-scatter along Hamiltonian cycles of the torus, both directions")

static const mca_coll_swing_alg_t swing_rsb_algs[] = {
    SWING_RS_ROWS,
    SWING_OMPI_ROW(MCA_COLL_SWING_RSB_OMPI_BASIC_LINEAR, "ompi_basic_linear",
                   mca_coll_swing_ompi_reduce_scatter_block, MCA_COLL_SWING_OMPI_RSB_BASIC_LINEAR,
                   "MPI_Reduce to rank 0 + MPI_Scatter through the communicator"),
    SWING_OMPI_ROW(MCA_COLL_SWING_RSB_OMPI_RECURSIVE_DOUBLING, "ompi_recursive_doubling",
                   mca_coll_swing_ompi_reduce_scatter_block,
                   MCA_COLL_SWING_OMPI_RSB_RECURSIVE_DOUBLING, "recursive doubling"),
    SWING_OMPI_ROW(MCA_COLL_SWING_RSB_OMPI_RECURSIVE_HALVING, "ompi_recursive_halving",
                   mca_coll_swing_ompi_reduce_scatter_block,
                   MCA_COLL_SWING_OMPI_RSB_RECURSIVE_HALVING, "recursive halving"),
    SWING_OMPI_ROW(MCA_COLL_SWING_RSB_OMPI_BUTTERFLY, "ompi_butterfly",
                   mca_coll_swing_ompi_reduce_scatter_block, MCA_COLL_SWING_OMPI_RSB_BUTTERFLY,
                   "butterfly"),
};

static const mca_coll_swing_alg_t swing_rs_algs[] = {
    SWING_RS_ROWS,
    SWING_OMPI_ROW(MCA_COLL_SWING_RS_OMPI_NONOVERLAPPING, "ompi_nonoverlapping",
                   mca_coll_swing_ompi_reduce_scatter, MCA_COLL_SWING_OMPI_RS_NONOVERLAPPING,
                   "MPI_Reduce + MPI_Scatterv through the communicator"),
    SWING_OMPI_ROW(MCA_COLL_SWING_RS_OMPI_RECURSIVE_HALVING, "ompi_recursive_halving",
                   mca_coll_swing_ompi_reduce_scatter, MCA_COLL_SWING_OMPI_RS_RECURSIVE_HALVING,
                   "recursive halving"),
    SWING_OMPI_ROW(MCA_COLL_SWING_RS_OMPI_RING, "ompi_ring", mca_coll_swing_ompi_reduce_scatter,
                   MCA_COLL_SWING_OMPI_RS_RING, "ring"),
    SWING_OMPI_ROW(MCA_COLL_SWING_RS_OMPI_BUTTERFLY, "ompi_butterfly",
                   mca_coll_swing_ompi_reduce_scatter, MCA_COLL_SWING_OMPI_RS_BUTTERFLY,
                   "butterfly"),
};

/* Allgather: the second half of BO, on the same step lists (RS steps
   skipped); its rows in both allgather tables. */
#define SWING_AG_ROW(...) SWING_HALF_ROW(mca_coll_swing_exec_ag, __VA_ARGS__)
#define SWING_AG_ROWS                                                                             \
    SWING_AUTO_ROW(MCA_COLL_SWING_RSAG_AUTO, SWT_KIND_BO),                                        \
        SWING_AG_ROW(MCA_COLL_SWING_RSAG_SWING, "swing", SWT_ALG_SWING, 0,                        \
                     MCA_COLL_SWING_ALG_SWING_BO,                                                 \
                     "Swing allgather (log2 p steps, doubling the data)"),                        \
        SWING_AG_ROW(MCA_COLL_SWING_RSAG_RD, "rd", SWT_ALG_RD, 0, MCA_COLL_SWING_ALG_RD_BO,       \
                     "recursive doubling"),                                                       \
        [MCA_COLL_SWING_RSAG_SHM] = { .name = "shm",                                              \
                                      .id = MCA_COLL_SWING_RSAG_SHM,                              \
                                      .pattern = SWT_ALG_SWING,                                   \
                                      .kind = SWT_KIND_BO,                                        \
                                      .exec = mca_coll_swing_exec_shm_ag,                         \
                                      .plan = -1,                                                 \
                                      .scope = MCA_COLL_SWING_SCOPE_NODE,                         \
                                      .help = "shared-memory segment, ranks of one node only "    \
                                              "(elsewhere: Swing)" },                             \
        [MCA_COLL_SWING_RSAG_HIER] = { .name = "hier",                                            \
                                       .id = MCA_COLL_SWING_RSAG_HIER,                            \
                                       .pattern = SWT_ALG_SWING,                                  \
                                       .kind = SWT_KIND_BO,                                       \
                                       .exec = mca_coll_swing_exec_hier_ag,                       \
                                       .plan = -1,                                                \
                                       .scope = MCA_COLL_SWING_SCOPE_NODES,                       \
                                       .help = "hierarchical: Swing allgather between nodes, "    \
                                               "then node shared memory (the "                    \
                                               "same number of ranks on every node, several; "    \
                                               "elsewhere: Swing)" },                             \
        SWING_AG_ROW(MCA_COLL_SWING_RSAG_SWING_MP, "swing_mp", SWT_ALG_SWING, 1,                  \
                     MCA_COLL_SWING_ALG_SWING_BO_MP,                                              \
                     "multiport Swing allgather: a piece of every block per port (2 per torus "   \
                     "dimension)"),                                                               \
        SWING_AG_ROW(MCA_COLL_SWING_RSAG_RD_MP, "rd_mp", SWT_ALG_RD, 1,                           \
                     MCA_COLL_SWING_ALG_RD_BO_MP,                                                 \
                     "multiport recursive doubling: a piece of every block per torus dimension"), \
        SWING_AG_ROW(MCA_COLL_SWING_RSAG_RING, "ring", SWT_ALG_RING, 1, MCA_COLL_SWING_ALG_RING,  \
                     "ring allgather along Hamiltonian cycles of the torus, both directions")

static const mca_coll_swing_alg_t swing_ag_algs[] = {
    SWING_AG_ROWS,
    SWING_OMPI_ROW(MCA_COLL_SWING_AG_OMPI_LINEAR, "ompi_linear", mca_coll_swing_ompi_allgather,
                   MCA_COLL_SWING_OMPI_AG_LINEAR,
                   "MPI_Gather to rank 0 + MPI_Bcast through the communicator"),
    SWING_OMPI_ROW(MCA_COLL_SWING_AG_OMPI_BRUCK, "ompi_bruck", mca_coll_swing_ompi_allgather,
                   MCA_COLL_SWING_OMPI_AG_BRUCK, "Bruck"),
    SWING_OMPI_ROW(MCA_COLL_SWING_AG_OMPI_RECURSIVE_DOUBLING, "ompi_recursive_doubling",
                   mca_coll_swing_ompi_allgather, MCA_COLL_SWING_OMPI_AG_RECURSIVE_DOUBLING,
                   "recursive doubling (Bruck on other than a power of 2 ranks)"),
    SWING_OMPI_ROW(MCA_COLL_SWING_AG_OMPI_RING, "ompi_ring", mca_coll_swing_ompi_allgather,
                   MCA_COLL_SWING_OMPI_AG_RING, "ring"),
    SWING_OMPI_ROW(MCA_COLL_SWING_AG_OMPI_NEIGHBOR, "ompi_neighbor", mca_coll_swing_ompi_allgather,
                   MCA_COLL_SWING_OMPI_AG_NEIGHBOR, "neighbor exchange (ring on odd ranks)"),
    SWING_OMPI_ROW(MCA_COLL_SWING_AG_OMPI_TWO_PROC, "ompi_two_proc", mca_coll_swing_ompi_allgather,
                   MCA_COLL_SWING_OMPI_AG_TWO_PROC,
                   "exchange of two processes (2 ranks only; elsewhere: auto's)"),
#if MCA_COLL_SWING_OMPI_HAS_SPARBIT
    SWING_OMPI_ROW(MCA_COLL_SWING_AG_OMPI_SPARBIT, "ompi_sparbit", mca_coll_swing_ompi_allgather,
                   MCA_COLL_SWING_OMPI_AG_SPARBIT, "sparbit (Open MPI 5.0)"),
#endif
};

static const mca_coll_swing_alg_t swing_agv_algs[] = {
    SWING_AG_ROWS,
    SWING_OMPI_ROW(MCA_COLL_SWING_AGV_OMPI_DEFAULT, "ompi_default", mca_coll_swing_ompi_allgatherv,
                   MCA_COLL_SWING_OMPI_AGV_DEFAULT,
                   "MPI_Gatherv to rank 0 + MPI_Bcast through the communicator"),
    SWING_OMPI_ROW(MCA_COLL_SWING_AGV_OMPI_BRUCK, "ompi_bruck", mca_coll_swing_ompi_allgatherv,
                   MCA_COLL_SWING_OMPI_AGV_BRUCK, "Bruck"),
    SWING_OMPI_ROW(MCA_COLL_SWING_AGV_OMPI_RING, "ompi_ring", mca_coll_swing_ompi_allgatherv,
                   MCA_COLL_SWING_OMPI_AGV_RING, "ring"),
    SWING_OMPI_ROW(MCA_COLL_SWING_AGV_OMPI_NEIGHBOR, "ompi_neighbor",
                   mca_coll_swing_ompi_allgatherv, MCA_COLL_SWING_OMPI_AGV_NEIGHBOR,
                   "neighbor exchange (ring on odd ranks)"),
    SWING_OMPI_ROW(MCA_COLL_SWING_AGV_OMPI_TWO_PROC, "ompi_two_proc",
                   mca_coll_swing_ompi_allgatherv, MCA_COLL_SWING_OMPI_AGV_TWO_PROC,
                   "exchange of two processes (2 ranks only; elsewhere: auto's)"),
#if MCA_COLL_SWING_OMPI_HAS_SPARBIT
    SWING_OMPI_ROW(MCA_COLL_SWING_AGV_OMPI_SPARBIT, "ompi_sparbit", mca_coll_swing_ompi_allgatherv,
                   MCA_COLL_SWING_OMPI_AGV_SPARBIT, "sparbit (Open MPI 5.0)"),
#endif
};

/*
 * Broadcast and reduce: trees on Swing's distances (Bine) and on
 * recursive doubling's (binomial), single-port and one per port, and
 * pipelined chains along the torus's Hamiltonian cycles (topology/
 * swt_tree.h), rooted anywhere, built per root from a setup of the tree of
 * root 0. The whole vector travels every edge of a tree. On one node the
 * shared segment; across nodes the node segments and a Bine tree between
 * one leader per node (the root on its node). Their rows in both tables;
 * Open MPI's differ.
 */
#define SWING_TREE_ROW(id_, nm, pat, mp, help_)  \
    [id_] = { .name = nm,                        \
              .id = id_,                         \
              .pattern = pat,                    \
              .kind = SWT_KIND_LO,               \
              .multiport = mp,                   \
              .exec = mca_coll_swing_exec_tree,  \
              .plan = -1,                        \
              .scope = MCA_COLL_SWING_SCOPE_ANY, \
              .help = help_,                     \
              .tree = 1 }
/* Broadcast and reduce as the BO halves (their layouts) joined by a scatter
   or gather tree; gather and scatter on the BO list's block layout. */
#define SWING_BO_ROW(id_, nm, pat, mp, plan_, help_) \
    [id_] = { .name = nm,                            \
              .id = id_,                             \
              .pattern = pat,                        \
              .kind = SWT_KIND_BO,                   \
              .multiport = mp,                       \
              .exec = mca_coll_swing_exec_tree,      \
              .plan = plan_,                         \
              .scope = MCA_COLL_SWING_SCOPE_ANY,     \
              .help = help_,                         \
              .tree = 1 }
#define SWING_BR_ROWS                                                                              \
    SWING_AUTO_ROW(MCA_COLL_SWING_BR_AUTO, SWT_KIND_LO),                                           \
        SWING_TREE_ROW(MCA_COLL_SWING_BR_BINE, "bine", SWT_ALG_SWING, 0,                           \
                       "Bine tree: a binomial tree on Swing's distances (1, 1, 3, 5, 11, ...)"),   \
        SWING_TREE_ROW(MCA_COLL_SWING_BR_BINOMIAL, "binomial", SWT_ALG_RD, 0,                      \
                       "binomial tree on recursive doubling's distances (1, 2, 4, ...)"),          \
        SWING_TREE_ROW(MCA_COLL_SWING_BR_BINE_MP, "bine_mp", SWT_ALG_SWING, 1,                     \
                       "multiport Bine trees: a part of the vector per port (2 per torus "         \
                       "dimension), mirrored and rotated"),                                        \
        SWING_TREE_ROW(MCA_COLL_SWING_BR_BINOMIAL_MP, "binomial_mp", SWT_ALG_RD, 1,                \
                       "multiport binomial trees: a part of the vector per torus dimension"),      \
        SWING_TREE_ROW(MCA_COLL_SWING_BR_CHAIN, "chain", SWT_ALG_RING, 1,                          \
                       "pipelined chains along the torus's Hamiltonian cycles, both directions "   \
                       "(2 parts; 4 on a 2-D torus with two edge-disjoint cycles)"),               \
        SWING_BO_ROW(MCA_COLL_SWING_BR_BINE_BO, "bine_bo", SWT_ALG_SWING, 0,                       \
                     MCA_COLL_SWING_ALG_SWING_BO,                                                  \
                     "bandwidth-optimal: broadcast as a Bine scatter + Swing allgather, reduce "   \
                     "as Swing reduce-scatter + a Bine gather (2n(p-1)/p bytes per rank)"),        \
        SWING_BO_ROW(MCA_COLL_SWING_BR_BINOMIAL_BO, "binomial_bo", SWT_ALG_RD, 0,                  \
                     MCA_COLL_SWING_ALG_RD_BO,                                                     \
                     "bandwidth-optimal on recursive doubling's partners: binomial scatter + "     \
                     "allgather, reduce-scatter + binomial gather"),                               \
        SWING_BO_ROW(MCA_COLL_SWING_BR_BINE_BO_MP, "bine_bo_mp", SWT_ALG_SWING, 1,                 \
                     MCA_COLL_SWING_ALG_SWING_BO_MP,                                               \
                     "bandwidth-optimal Bine with a part of the vector per port (2 per torus "     \
                     "dimension)"),                                                                \
        [MCA_COLL_SWING_BR_SHM] = { .name = "shm",                                                 \
                                    .id = MCA_COLL_SWING_BR_SHM,                                   \
                                    .pattern = SWT_ALG_SWING,                                      \
                                    .kind = SWT_KIND_LO,                                           \
                                    .exec = mca_coll_swing_exec_shm_rooted,                        \
                                    .plan = -1,                                                    \
                                    .scope = MCA_COLL_SWING_SCOPE_NODE,                            \
                                    .help = "shared-memory segment, ranks of one node only "       \
                                            "(elsewhere: a tree): "                                \
                                            "broadcast in chunks the root fills while the others " \
                                            "read, reduce as the "                                 \
                                            "shm allreduce" },                                     \
        [MCA_COLL_SWING_BR_HIER] = {                                                               \
            .name = "hier",                                                                        \
            .id = MCA_COLL_SWING_BR_HIER,                                                          \
            .pattern = SWT_ALG_SWING,                                                              \
            .kind = SWT_KIND_LO,                                                                   \
            .exec = mca_coll_swing_exec_hier_rooted,                                               \
            .plan = -1,                                                                            \
            .scope = MCA_COLL_SWING_SCOPE_NODES,                                                   \
            .help = "hierarchical: a Bine tree between one leader per node and each node's "       \
                    "shared segment (several nodes, several ranks on one; elsewhere: a tree)"      \
        }

static const mca_coll_swing_alg_t swing_bcast_algs[] = {
    SWING_BR_ROWS,
    SWING_OMPI_ROW(MCA_COLL_SWING_BCAST_OMPI_BASIC_LINEAR, "ompi_basic_linear",
                   mca_coll_swing_ompi_bcast, MCA_COLL_SWING_OMPI_BCAST_BASIC_LINEAR,
                   "linear: the root sends to every rank"),
    SWING_OMPI_ROW(MCA_COLL_SWING_BCAST_OMPI_CHAIN, "ompi_chain", mca_coll_swing_ompi_bcast,
                   MCA_COLL_SWING_OMPI_BCAST_CHAIN,
                   "4 chains from the root (coll/tuned's default fanout), unsegmented"),
    SWING_OMPI_ROW(MCA_COLL_SWING_BCAST_OMPI_PIPELINE, "ompi_pipeline", mca_coll_swing_ompi_bcast,
                   MCA_COLL_SWING_OMPI_BCAST_PIPELINE, "pipeline (one chain), unsegmented"),
    SWING_OMPI_ROW(MCA_COLL_SWING_BCAST_OMPI_SPLIT_BINARY_TREE, "ompi_split_binary_tree",
                   mca_coll_swing_ompi_bcast, MCA_COLL_SWING_OMPI_BCAST_SPLIT_BINARY_TREE,
                   "split binary tree: each half of the vector down one subtree, then exchanged"),
    SWING_OMPI_ROW(MCA_COLL_SWING_BCAST_OMPI_BINARY_TREE, "ompi_binary_tree",
                   mca_coll_swing_ompi_bcast, MCA_COLL_SWING_OMPI_BCAST_BINARY_TREE, "binary tree"),
    SWING_OMPI_ROW(MCA_COLL_SWING_BCAST_OMPI_BINOMIAL, "ompi_binomial", mca_coll_swing_ompi_bcast,
                   MCA_COLL_SWING_OMPI_BCAST_BINOMIAL, "binomial tree"),
    SWING_OMPI_ROW(MCA_COLL_SWING_BCAST_OMPI_KNOMIAL, "ompi_knomial", mca_coll_swing_ompi_bcast,
                   MCA_COLL_SWING_OMPI_BCAST_KNOMIAL,
                   "k-nomial tree, radix 4 (coll/tuned's default)"),
    SWING_OMPI_ROW(MCA_COLL_SWING_BCAST_OMPI_SCATTER_ALLGATHER, "ompi_scatter_allgather",
                   mca_coll_swing_ompi_bcast, MCA_COLL_SWING_OMPI_BCAST_SCATTER_ALLGATHER,
                   "binomial scatter + recursive-doubling allgather"),
    SWING_OMPI_ROW(MCA_COLL_SWING_BCAST_OMPI_SCATTER_ALLGATHER_RING, "ompi_scatter_allgather_ring",
                   mca_coll_swing_ompi_bcast, MCA_COLL_SWING_OMPI_BCAST_SCATTER_ALLGATHER_RING,
                   "binomial scatter + ring allgather"),
};

static const mca_coll_swing_alg_t swing_reduce_algs[] = {
    SWING_BR_ROWS,
    SWING_OMPI_ROW(MCA_COLL_SWING_REDUCE_OMPI_LINEAR, "ompi_linear", mca_coll_swing_ompi_reduce,
                   MCA_COLL_SWING_OMPI_REDUCE_LINEAR, "linear: the root receives from every rank"),
    SWING_OMPI_ROW(MCA_COLL_SWING_REDUCE_OMPI_CHAIN, "ompi_chain", mca_coll_swing_ompi_reduce,
                   MCA_COLL_SWING_OMPI_REDUCE_CHAIN,
                   "4 chains to the root (coll/tuned's default fanout), unsegmented"),
    SWING_OMPI_ROW(MCA_COLL_SWING_REDUCE_OMPI_PIPELINE, "ompi_pipeline", mca_coll_swing_ompi_reduce,
                   MCA_COLL_SWING_OMPI_REDUCE_PIPELINE, "pipeline (one chain), unsegmented"),
    SWING_OMPI_ROW(MCA_COLL_SWING_REDUCE_OMPI_BINARY, "ompi_binary", mca_coll_swing_ompi_reduce,
                   MCA_COLL_SWING_OMPI_REDUCE_BINARY, "binary tree"),
    SWING_OMPI_ROW(MCA_COLL_SWING_REDUCE_OMPI_BINOMIAL, "ompi_binomial", mca_coll_swing_ompi_reduce,
                   MCA_COLL_SWING_OMPI_REDUCE_BINOMIAL, "binomial tree"),
    SWING_OMPI_ROW(MCA_COLL_SWING_REDUCE_OMPI_IN_ORDER_BINARY, "ompi_in_order_binary",
                   mca_coll_swing_ompi_reduce, MCA_COLL_SWING_OMPI_REDUCE_IN_ORDER_BINARY,
                   "in-order binary tree (coll/tuned's in-order_binary)"),
    SWING_OMPI_ROW(MCA_COLL_SWING_REDUCE_OMPI_RABENSEIFNER, "ompi_rabenseifner",
                   mca_coll_swing_ompi_reduce, MCA_COLL_SWING_OMPI_REDUCE_RABENSEIFNER,
                   "Rabenseifner: recursive-halving reduce-scatter + binomial gather"),
};

/*
 * Gather and scatter: the Bine and binomial trees whose every message is
 * one contiguous range of blocks, in the block layout of the BO list they
 * name (the reduce-scatter's and allgather's), for every root; on one
 * node the shared segment. Their rows in both tables; Open MPI's differ.
 */
#define SWING_GS_ROWS                                                                           \
    SWING_AUTO_ROW(MCA_COLL_SWING_GS_AUTO, SWT_KIND_BO),                                        \
        SWING_BO_ROW(MCA_COLL_SWING_GS_BINE, "bine", SWT_ALG_SWING, 0,                          \
                     MCA_COLL_SWING_ALG_SWING_BO,                                               \
                     "Bine tree: every message one contiguous range of blocks"),                \
        SWING_BO_ROW(MCA_COLL_SWING_GS_BINOMIAL, "binomial", SWT_ALG_RD, 0,                     \
                     MCA_COLL_SWING_ALG_RD_BO,                                                  \
                     "binomial tree: every message one contiguous range of blocks"),            \
        SWING_BO_ROW(MCA_COLL_SWING_GS_BINE_MP, "bine_mp", SWT_ALG_SWING, 1,                    \
                     MCA_COLL_SWING_ALG_SWING_BO_MP,                                            \
                     "multiport Bine trees: a piece of every block per port"),                  \
        SWING_BO_ROW(MCA_COLL_SWING_GS_BINOMIAL_MP, "binomial_mp", SWT_ALG_RD, 1,               \
                     MCA_COLL_SWING_ALG_RD_BO_MP,                                               \
                     "multiport binomial trees: a piece of every block per torus dimension"),   \
        [MCA_COLL_SWING_GS_SHM] = {                                                             \
            .name = "shm",                                                                      \
            .id = MCA_COLL_SWING_GS_SHM,                                                        \
            .pattern = SWT_ALG_SWING,                                                           \
            .kind = SWT_KIND_BO,                                                                \
            .exec = mca_coll_swing_exec_shm_rooted,                                             \
            .plan = -1,                                                                         \
            .scope = MCA_COLL_SWING_SCOPE_NODE,                                                 \
            .help = "shared-memory segment, ranks of one node only (elsewhere: a tree): every " \
                    "block through its rank's slot"                                             \
        }

static const mca_coll_swing_alg_t swing_gather_algs[] = {
    SWING_GS_ROWS,
    SWING_OMPI_ROW(MCA_COLL_SWING_GATHER_OMPI_BASIC_LINEAR, "ompi_basic_linear",
                   mca_coll_swing_ompi_gather, MCA_COLL_SWING_OMPI_GATHER_BASIC_LINEAR,
                   "linear: the root receives from every rank"),
    SWING_OMPI_ROW(MCA_COLL_SWING_GATHER_OMPI_BINOMIAL, "ompi_binomial", mca_coll_swing_ompi_gather,
                   MCA_COLL_SWING_OMPI_GATHER_BINOMIAL, "binomial tree"),
    SWING_OMPI_ROW(MCA_COLL_SWING_GATHER_OMPI_LINEAR_SYNC, "ompi_linear_sync",
                   mca_coll_swing_ompi_gather, MCA_COLL_SWING_OMPI_GATHER_LINEAR_SYNC,
                   "linear, each rank sending when the root asks (coll/tuned's default first "
                   "segment: 0)"),
};

static const mca_coll_swing_alg_t swing_scatter_algs[] = {
    SWING_GS_ROWS,
    SWING_OMPI_ROW(MCA_COLL_SWING_SCATTER_OMPI_BASIC_LINEAR, "ompi_basic_linear",
                   mca_coll_swing_ompi_scatter, MCA_COLL_SWING_OMPI_SCATTER_BASIC_LINEAR,
                   "linear: the root sends to every rank"),
    SWING_OMPI_ROW(MCA_COLL_SWING_SCATTER_OMPI_BINOMIAL, "ompi_binomial",
                   mca_coll_swing_ompi_scatter, MCA_COLL_SWING_OMPI_SCATTER_BINOMIAL,
                   "binomial tree"),
    SWING_OMPI_ROW(MCA_COLL_SWING_SCATTER_OMPI_LINEAR_NB, "ompi_linear_nb",
                   mca_coll_swing_ompi_scatter, MCA_COLL_SWING_OMPI_SCATTER_LINEAR_NB,
                   "linear with nonblocking sends (coll/tuned's default: no blocking send between "
                   "them)"),
};

_Static_assert(MCA_COLL_SWING_BCAST_COUNT <= MCA_COLL_SWING_MAX_ALGS
                   && MCA_COLL_SWING_REDUCE_COUNT <= MCA_COLL_SWING_MAX_ALGS
                   && MCA_COLL_SWING_AG_COUNT <= MCA_COLL_SWING_MAX_ALGS
                   && MCA_COLL_SWING_AGV_COUNT <= MCA_COLL_SWING_MAX_ALGS
                   && MCA_COLL_SWING_RSB_COUNT <= MCA_COLL_SWING_MAX_ALGS
                   && MCA_COLL_SWING_RS_COUNT <= MCA_COLL_SWING_MAX_ALGS
                   && MCA_COLL_SWING_GATHER_COUNT <= MCA_COLL_SWING_MAX_ALGS
                   && MCA_COLL_SWING_SCATTER_COUNT <= MCA_COLL_SWING_MAX_ALGS,
               "MCA_COLL_SWING_MAX_ALGS (base/coll_swing_base.h) too small");

const mca_coll_swing_table_t mca_coll_swing_tables[MCA_COLL_SWING_NCOLLS] = {
    [MCA_COLL_SWING_ALLREDUCE] = { .name = "allreduce",
                                   .call = "MPI_Allreduce",
                                   .title = "Allreduce algorithm",
                                   .half = SWT_HALF_ALL,
                                   .algs = mca_coll_swing_algs,
                                   .nalgs = SWING_ROWS(mca_coll_swing_algs) },
    /*
     * The same rows through the nonblocking engine: auto chooses exactly
     * as for MPI_Allreduce (shm on one node, hier across nodes, the step
     * lists elsewhere, multiport and ring plans as one state machine per
     * part).
     */
    [MCA_COLL_SWING_IALLREDUCE] = { .name = "iallreduce",
                                    .call = "MPI_Iallreduce",
                                    .title = "Nonblocking allreduce algorithm",
                                    .algs = mca_coll_swing_algs,
                                    .nalgs = SWING_ROWS(mca_coll_swing_algs),
                                    .nonblocking = 1 },
    [MCA_COLL_SWING_ALLREDUCE_INIT] = { .name = "allreduce_init",
                                        .call = "MPI_Allreduce_init",
                                        .title = "Persistent allreduce algorithm, chosen once per "
                                                 "request",
                                        .algs = mca_coll_swing_algs,
                                        .nalgs = SWING_ROWS(mca_coll_swing_algs),
                                        .nonblocking = 1 },
    [MCA_COLL_SWING_REDUCE_SCATTER_BLOCK] = { .name = "reduce_scatter_block",
                                              .call = "MPI_Reduce_scatter_block",
                                              .title = "Reduce_scatter_block algorithm",
                                              .half = SWT_HALF_RS,
                                              .algs = swing_rsb_algs,
                                              .nalgs = SWING_ROWS(swing_rsb_algs) },
    [MCA_COLL_SWING_REDUCE_SCATTER] = { .name = "reduce_scatter",
                                        .call = "MPI_Reduce_scatter",
                                        .title = "Reduce_scatter algorithm",
                                        .half = SWT_HALF_RS,
                                        .algs = swing_rs_algs,
                                        .nalgs = SWING_ROWS(swing_rs_algs) },
    [MCA_COLL_SWING_ALLGATHER] = { .name = "allgather",
                                   .call = "MPI_Allgather",
                                   .title = "Allgather algorithm",
                                   .half = SWT_HALF_AG,
                                   .algs = swing_ag_algs,
                                   .nalgs = SWING_ROWS(swing_ag_algs) },
    [MCA_COLL_SWING_ALLGATHERV] = { .name = "allgatherv",
                                    .call = "MPI_Allgatherv",
                                    .title = "Allgatherv algorithm",
                                    .half = SWT_HALF_AG,
                                    .algs = swing_agv_algs,
                                    .nalgs = SWING_ROWS(swing_agv_algs) },
    [MCA_COLL_SWING_BCAST] = { .name = "bcast",
                               .call = "MPI_Bcast",
                               .title = "Broadcast algorithm",
                               .algs = swing_bcast_algs,
                               .nalgs = SWING_ROWS(swing_bcast_algs),
                               .rooted = 1 + SWT_COLL_BCAST },
    [MCA_COLL_SWING_REDUCE] = { .name = "reduce",
                                .call = "MPI_Reduce",
                                .title = "Reduce algorithm",
                                .algs = swing_reduce_algs,
                                .nalgs = SWING_ROWS(swing_reduce_algs),
                                .rooted = 1 + SWT_COLL_REDUCE },
    /* their layouts are the allgather's and the reduce-scatter's (half) */
    [MCA_COLL_SWING_GATHER] = { .name = "gather",
                                .call = "MPI_Gather",
                                .title = "Gather algorithm",
                                .half = SWT_HALF_AG,
                                .algs = swing_gather_algs,
                                .nalgs = SWING_ROWS(swing_gather_algs),
                                .rooted = 1 + SWT_COLL_GATHER },
    [MCA_COLL_SWING_SCATTER] = { .name = "scatter",
                                 .call = "MPI_Scatter",
                                 .title = "Scatter algorithm",
                                 .half = SWT_HALF_RS,
                                 .algs = swing_scatter_algs,
                                 .nalgs = SWING_ROWS(swing_scatter_algs),
                                 .rooted = 1 + SWT_COLL_SCATTER },
};
