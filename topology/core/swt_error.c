/* SPDX-License-Identifier: BSD-3-Clause */
/* Error codes of the swt library and their messages. */
#include "swt.h"

static const char *const swt_messages[SWT_ERR_COUNT] = {
    [SWT_OK] = "success",
    [SWT_ERR_NOMEM] = "out of memory",
    [SWT_ERR_INVALID] = "invalid argument",
    [SWT_ERR_PARSE] = "parse error",
    [SWT_ERR_IO] = "cannot read file",
    [SWT_ERR_MISMATCH] = "topology does not fit the number of ranks",
};

const char *swt_strerror(int err)
{
    if (err < 0 || err >= SWT_ERR_COUNT) {
        return "unknown error";
    }
    return swt_messages[err];
}
