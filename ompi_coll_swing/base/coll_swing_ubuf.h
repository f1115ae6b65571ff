/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * coll/swing, base layer: a user's buffer of a collective that moves
 * bytes (broadcast, gather, scatter), as packed bytes. A type without
 * holes is moved in place; any other is packed into and unpacked from
 * the algorithm's buffers through Open MPI's convertor, so every rank
 * runs the call whatever type it passes (MPI lets the ranks of one
 * call pass different types of one signature: deciding per rank whether
 * to run it would split the ranks between swing and another component).
 */
#ifndef MCA_COLL_SWING_UBUF_H
#define MCA_COLL_SWING_UBUF_H

#include "coll_swing_base.h"

#include "ompi/datatype/ompi_datatype.h"

BEGIN_C_DECLS

typedef struct mca_coll_swing_ubuf_t {
    char *buf; /* the user's pointer (MPI_BOTTOM-relative) */
    struct ompi_datatype_t *dtype;
    size_t count;     /* elements of dtype */
    size_t bytes;     /* count * size of dtype: the packed size */
    ptrdiff_t extent; /* of dtype: block i of a root's buffer is
                         at buf + i * count * extent */
    char *direct;     /* no holes: the bytes themselves, else NULL */
} mca_coll_swing_ubuf_t;

/* u describes count elements of dtype at buf. */
void mca_coll_swing_ubuf_set(mca_coll_swing_ubuf_t *u, const void *buf, size_t count,
                             struct ompi_datatype_t *dtype);
/* u moved to its i-th block (a root's buffer of consecutive blocks). */
void mca_coll_swing_ubuf_block(const mca_coll_swing_ubuf_t *u, int i, mca_coll_swing_ubuf_t *out);
/* Its bytes into out (u->bytes of them). A type with holes goes through
   the convertor, which may fail (the fault point "pack"). */
int mca_coll_swing_ubuf_pack(const mca_coll_swing_ubuf_t *u, char *out);
/* Its bytes from in (the same). */
int mca_coll_swing_ubuf_unpack(const mca_coll_swing_ubuf_t *u, const char *in);

END_C_DECLS

#endif
