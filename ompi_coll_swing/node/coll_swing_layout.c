/*
 * The block layout of reduce-scatter and allgather on a resolved topology
 * (topology/swt_layout.c), positions translated to communicator ranks
 * through the description's rank order. Built once per communicator with
 * the per-call offset arrays, so a call only fills them.
 */
#include "coll_swing_node.h"

#include <stdlib.h>

#include "swt_layout.h"

int mca_coll_swing_layout_build(mca_coll_swing_layout_t *l, const swt_topo_t *topo,
                                swt_alg_t pattern, const int *ranks, int nranks)
{
    swt_layout_t *sl = NULL;
    int rc = swt_layout_create(swt_topo_logical(topo), pattern, &sl);
    long p;

    if (SWT_OK != rc) {
        return (SWT_ERR_NOMEM == rc) ? OMPI_ERR_OUT_OF_RESOURCE : OMPI_ERR_BAD_PARAM;
    }
    p = swt_layout_size(sl);
    l->p = (int) p;
    l->nranks = nranks;
    l->nblocks = swt_layout_nblocks(sl);
    l->order = malloc(sizeof(int) * (size_t) p);
    l->index = malloc(sizeof(int) * (size_t) nranks);
    l->group = malloc(sizeof(int) * (size_t) nranks);
    l->first = malloc(sizeof(long) * (size_t) (l->nblocks + 1));
    l->off = malloc(sizeof(size_t) * (size_t) (p + 1));
    l->disp = malloc(sizeof(size_t) * (size_t) (nranks + 1));
    if (NULL == l->order || NULL == l->index || NULL == l->group || NULL == l->first
        || NULL == l->off || NULL == l->disp) {
        swt_layout_destroy(sl);
        mca_coll_swing_layout_free(l);
        return OMPI_ERR_OUT_OF_RESOURCE;
    }
    for (long i = 0; i < p; ++i) {
        long pos = swt_layout_pos(sl, i);
        int r = (int) swt_topo_pos_rank(topo, pos);
        r = (NULL != ranks) ? ranks[r] : r;
        l->order[i] = r;
        l->index[r] = (int) i;
        l->group[r] = (int) swt_layout_group(sl, pos);
    }
    for (long b = 0; b <= l->nblocks; ++b) {
        l->first[b] = swt_layout_first(sl, b);
    }
    swt_layout_destroy(sl);
    return OMPI_SUCCESS;
}

void mca_coll_swing_layout_free(mca_coll_swing_layout_t *l)
{
    free(l->order);
    free(l->index);
    free(l->group);
    free(l->first);
    free(l->off);
    free(l->disp);
    l->order = l->index = l->group = NULL;
    l->first = NULL;
    l->off = l->disp = NULL;
    l->p = l->nranks = 0;
}
