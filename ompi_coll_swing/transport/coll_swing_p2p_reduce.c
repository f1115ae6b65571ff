/*
 * The pipeline segments of a reduce-scatter step (coll_swing_p2p.h): a
 * range is sent and received in segments, each reduced while the next one
 * is on the wire. Every executor with RS steps (the step executor, its
 * halves, the nonblocking engine) cuts its ranges with these, so both
 * sides of a message agree on every segment's size.
 */
#include "coll_swing_p2p.h"

size_t mca_coll_swing_segment_elems(const mca_coll_swing_call_t *call, size_t n)
{
    long seg = mca_coll_swing_params.segment_size;
    size_t elems;

    if (seg <= 0 || call->extent <= 0) {
        return n ? n : 1;
    }
    elems = (size_t) seg / (size_t) call->extent;
    return elems ? elems : 1;
}

size_t mca_coll_swing_segment_len(size_t n, size_t seg, size_t i)
{
    size_t off = i * seg;
    return (n - off < seg) ? n - off : seg;
}
