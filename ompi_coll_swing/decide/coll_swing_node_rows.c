/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The built-in one-node rows: a decision table measured with swing-tune on
 * one node, timed as the OSU benchmarks time calls, at 2 and 4 ranks
 * (decide/node.table, turned into a C string at build time by
 * decide/node_table.awk). On a communicator whose ranks share one node and
 * which the shared segment serves, auto follows them for a collective
 * unless coll_swing_decision_file or the description has rows for it: they
 * hand the sizes where the segment lost to the fastest of Open MPI's
 * algorithms, or to the previous component. Rows are per rank count; other
 * counts keep the segment at every size.
 *
 * Across nodes, with several ranks on some node and no description of the
 * network, the same parameter hands MPI_Gather and MPI_Scatter to Open
 * MPI: they have no hierarchical form, and without a description swing's
 * trees are placed blind. Under Open MPI 4.1 the previous component is
 * tuned, and its own decision lost to its forced linear algorithms on the
 * emulated nodes of docs/PERFORMANCE.md (gather: basic linear up to
 * 256 KiB, then tuned's binomial; scatter: linear_nb), so those are named.
 * Under 5.0 the previous component is han, whose gather and scatter through
 * one leader per node were faster still there. A description brings swing's
 * trees back to the model.
 *
 * Parsed once, at component open (communicators may be set up by several
 * threads later); a table that does not parse is said once and not used.
 */
#include "coll_swing_decide.h"

#include <string.h>

#include "opal/util/output.h"
#include "opal/util/proc.h"
#include "swt_table.h"

#include "coll_swing_node_table.h"

static const char swing_nodes_text[] =
#if OMPI_MAJOR_VERSION >= 5
    "decide gather 0- previous\n"
    "decide scatter 0- previous\n";
#else
    "decide gather 0-256K ompi_basic_linear\n"
    "decide gather 262145- previous\n"
    "decide scatter 0- ompi_linear_nb\n";
#endif

static swt_table_t *swing_tables[2];

static swt_table_t *swing_rows_parse(const char *text, const char *origin)
{
    swt_table_t *tab = NULL;
    swt_diag_t diag;
    int rc;

    memset(&diag, 0, sizeof(diag));
    rc = swt_table_parse(text, origin, &tab, &diag);
    if (SWT_OK != rc) {
        tab = NULL;
        if (0 == OPAL_PROC_MY_NAME.vpid) {
            opal_output(0, "coll:swing: %s do not load (line %d: %s); auto decides without them",
                        origin, diag.line, diag.msg[0] ? diag.msg : swt_strerror(rc));
        }
    }
    return tab;
}

void mca_coll_swing_node_rows_init(void)
{
    if (!mca_coll_swing_params.node_rows || NULL != swing_tables[0]) {
        return;
    }
    swing_tables[0] = swing_rows_parse(mca_coll_swing_node_table_text,
                                       "built-in one-node rows (node.table)");
    swing_tables[1] = swing_rows_parse(swing_nodes_text,
                                       "built-in rows across nodes without a description");
}

const swt_table_t *mca_coll_swing_node_rows(int across)
{
    return swing_tables[across ? 1 : 0];
}

void mca_coll_swing_node_rows_fini(void)
{
    for (int i = 0; i < 2; ++i) {
        swt_table_destroy(swing_tables[i]);
        swing_tables[i] = NULL;
    }
}
