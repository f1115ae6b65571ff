/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * User buffers as packed bytes (coll_swing_ubuf.h).
 */
#include "coll_swing_ubuf.h"

#include <string.h>

#include "opal/datatype/opal_convertor.h"
#include "ompi/proc/proc.h"

void mca_coll_swing_ubuf_set(mca_coll_swing_ubuf_t *u, const void *buf, size_t count,
                             struct ompi_datatype_t *dtype)
{
    ptrdiff_t lb, extent, true_lb, true_extent;
    size_t size;

    ompi_datatype_type_size(dtype, &size);
    ompi_datatype_get_extent(dtype, &lb, &extent);
    ompi_datatype_get_true_extent(dtype, &true_lb, &true_extent);
    u->buf = (char *) buf;
    u->dtype = dtype;
    u->count = count;
    u->bytes = size * count;
    u->extent = extent;
    u->direct = NULL;
    /* no holes: an element's bytes fill its true extent, which is its
       extent, so the elements' bytes follow each other */
    if ((ptrdiff_t) size == extent && (ptrdiff_t) size == true_extent) {
        u->direct = (char *) buf + true_lb;
    }
}

void mca_coll_swing_ubuf_block(const mca_coll_swing_ubuf_t *u, int i, mca_coll_swing_ubuf_t *out)
{
    ptrdiff_t shift = (ptrdiff_t) i * (ptrdiff_t) u->count * u->extent;

    *out = *u;
    out->buf = u->buf + shift;
    out->direct = (NULL != u->direct) ? u->direct + shift : NULL;
}

/* Packs (send) or unpacks (!send) u through a convertor. */
static int swing_ubuf_convert(const mca_coll_swing_ubuf_t *u, char *bytes, int send)
{
    opal_convertor_t conv;
    struct iovec iov = { .iov_base = bytes, .iov_len = u->bytes };
    uint32_t niov = 1;
    size_t max = u->bytes;
    int rc;

    if (mca_coll_swing_fault(MCA_COLL_SWING_FAULT_PACK)) {
        return OMPI_ERROR;
    }
    OBJ_CONSTRUCT(&conv, opal_convertor_t);
    rc = send ? opal_convertor_copy_and_prepare_for_send(ompi_mpi_local_convertor, &u->dtype->super,
                                                         u->count, u->buf, 0, &conv)
              : opal_convertor_copy_and_prepare_for_recv(ompi_mpi_local_convertor, &u->dtype->super,
                                                         u->count, u->buf, 0, &conv);
    if (OPAL_SUCCESS == rc) {
        rc = send ? opal_convertor_pack(&conv, &iov, &niov, &max)
                  : opal_convertor_unpack(&conv, &iov, &niov, &max);
        /* 1: all of it converted; 0: more left (cannot be: one iovec of all) */
        rc = (rc >= 0 && max == u->bytes) ? OMPI_SUCCESS : OMPI_ERROR;
    }
    OBJ_DESTRUCT(&conv);
    return rc;
}

int mca_coll_swing_ubuf_pack(const mca_coll_swing_ubuf_t *u, char *out)
{
    if (0 == u->bytes) {
        return OMPI_SUCCESS;
    }
    if (NULL != u->direct) {
        if (out != u->direct) {
            memmove(out, u->direct, u->bytes);
        }
        return OMPI_SUCCESS;
    }
    return swing_ubuf_convert(u, out, 1);
}

int mca_coll_swing_ubuf_unpack(const mca_coll_swing_ubuf_t *u, const char *in)
{
    if (0 == u->bytes) {
        return OMPI_SUCCESS;
    }
    if (NULL != u->direct) {
        if (in != u->direct) {
            memmove(u->direct, in, u->bytes);
        }
        return OMPI_SUCCESS;
    }
    return swing_ubuf_convert(u, (char *) in, 0);
}
