/*
 * coll/swing, decision layer: the table of algorithms and the choice of
 * one per call.
 *
 * The table is the single list of algorithms: the MCA enum of
 * coll_swing_allreduce_algorithm, its help text, the MPI_T counters, the
 * plans built at setup and auto's candidates all come from it. Adding an
 * algorithm adds an id here, a row to the table, its executor in
 * algorithms/ and its tests (docs/ARCHITECTURE.md, "Adding an algorithm").
 */
#ifndef MCA_COLL_SWING_DECIDE_H
#define MCA_COLL_SWING_DECIDE_H

#include "coll_swing_algs.h"

BEGIN_C_DECLS

/* Algorithms; the order is the order of the MCA enum and of the pvars. */
typedef enum {
    MCA_COLL_SWING_ALG_AUTO = 0,
    MCA_COLL_SWING_ALG_SWING_LO,
    MCA_COLL_SWING_ALG_RD_LO,
    MCA_COLL_SWING_ALG_SWING_BO,
    MCA_COLL_SWING_ALG_RD_BO,
    MCA_COLL_SWING_ALG_SHM,
    MCA_COLL_SWING_ALG_HIER,
    MCA_COLL_SWING_ALG_COUNT
} mca_coll_swing_alg_id_t;

/* One row of the algorithm table. */
typedef struct mca_coll_swing_alg_t {
    const char *name;             /* MCA value and pvar suffix */
    mca_coll_swing_alg_id_t id;
    swt_alg_t pattern;            /* partners: Swing or recursive doubling */
    swt_kind_t kind;              /* latency- or bandwidth-optimal */
    mca_coll_swing_exec_fn_t exec;/* NULL for auto */
    int planned;                  /* 1: a step list of the communicator's
                                     topology (built at setup; auto's
                                     message-passing candidates) */
    const char *help;
} mca_coll_swing_alg_t;

extern const mca_coll_swing_alg_t mca_coll_swing_algs[MCA_COLL_SWING_ALG_COUNT];

/* Fills the module's auto tables from the cost model of topo (setup). */
int mca_coll_swing_decision_build(mca_coll_swing_module_t *module, const swt_topo_t *topo);
/* The algorithm for a call of bytes: the forced one, or auto's. */
int mca_coll_swing_decide(const mca_coll_swing_module_t *module, size_t bytes);
/* The message-passing algorithm auto would use (for calls that one declined). */
int mca_coll_swing_decide_messages(const mca_coll_swing_module_t *module, size_t bytes);

END_C_DECLS

#endif
