/* SPDX-License-Identifier: BSD-3-Clause */
/* Torus shapes: parsing, printing, rank <-> coordinates (dimension 0 fastest). */
#include "swt.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SWT_SHAPE_MAX_SIZE (1L << 30)

long swt_shape_size(const swt_shape_t *shape)
{
    long size = 1;
    for (int i = 0; i < shape->ndims; ++i) {
        size *= shape->dims[i];
    }
    return size;
}

int swt_shape_ring(int p, swt_shape_t *shape)
{
    if (p < 1) {
        return SWT_ERR_INVALID;
    }
    memset(shape, 0, sizeof(*shape));
    shape->ndims = 1;
    shape->dims[0] = p;
    return SWT_OK;
}

int swt_shape_parse(const char *text, swt_shape_t *shape)
{
    swt_shape_t out;
    const char *p = text;
    int ring = 0;
    long size = 1;

    if (NULL == text || NULL == shape) {
        return SWT_ERR_INVALID;
    }
    if (0 == strncmp(p, "torus:", 6)) {
        p += 6;
    } else if (0 == strncmp(p, "ring:", 5)) {
        p += 5;
        ring = 1;
    }
    memset(&out, 0, sizeof(out));
    for (;;) {
        char *end;
        long v;
        if (*p < '0' || *p > '9') {
            return SWT_ERR_PARSE;
        }
        errno = 0;
        v = strtol(p, &end, 10);
        if (0 != errno || v < 1 || v > SWT_SHAPE_MAX_SIZE || out.ndims == SWT_MAX_DIMS) {
            return SWT_ERR_PARSE;
        }
        size *= v;
        if (size > SWT_SHAPE_MAX_SIZE) {
            return SWT_ERR_PARSE;
        }
        out.dims[out.ndims++] = (int) v;
        p = end;
        if ('\0' == *p) {
            break;
        }
        if ('x' != *p || ring) {
            return SWT_ERR_PARSE;
        }
        ++p;
    }
    *shape = out;
    return SWT_OK;
}

int swt_shape_format(const swt_shape_t *shape, char *buf, size_t len)
{
    size_t used;
    int n;

    n = snprintf(buf, len, "%s", 1 == shape->ndims ? "ring:" : "torus:");
    used = (n < 0) ? 0 : (size_t) n;
    for (int i = 0; i < shape->ndims; ++i) {
        n = snprintf(used < len ? buf + used : NULL, used < len ? len - used : 0, "%s%d",
                     i ? "x" : "", shape->dims[i]);
        used += (n < 0) ? 0 : (size_t) n;
    }
    return (int) used;
}

void swt_shape_coords(const swt_shape_t *shape, long pos, int *coords)
{
    for (int i = 0; i < shape->ndims; ++i) {
        coords[i] = (int) (pos % shape->dims[i]);
        pos /= shape->dims[i];
    }
}

long swt_shape_pos(const swt_shape_t *shape, const int *coords)
{
    long pos = 0;
    for (int i = shape->ndims - 1; i >= 0; --i) {
        pos = pos * shape->dims[i] + coords[i];
    }
    return pos;
}

int swt_shape_active(const swt_shape_t *shape, int *dims)
{
    int n = 0;

    for (int i = 0; i < shape->ndims; ++i) {
        if (shape->dims[i] > 1) {
            dims[n++] = i;
        }
    }
    return n;
}
