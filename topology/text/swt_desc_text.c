/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What every reader and writer of description text shares: the diagnostic
 * a rejected description fills (swt_diag_set), and numbers in the C
 * locale (swt_topo_strtod, swt_topo_print_double).
 */
#define _POSIX_C_SOURCE 200809L /* newlocale, uselocale */
#include "swt_desc_int.h"

#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/*
 * Numbers in descriptions always use '.', whatever locale the application
 * (an MPI program may call setlocale) has chosen: the C locale is switched
 * in for this thread only.
 */
double swt_topo_strtod(const char *s, char **end)
{
    locale_t c = newlocale(LC_NUMERIC_MASK, "C", (locale_t) 0);
    locale_t old = (locale_t) 0;
    double v;

    if ((locale_t) 0 != c) {
        old = uselocale(c);
    }
    v = strtod(s, end);
    if ((locale_t) 0 != c) {
        uselocale(old);
        freelocale(c);
    }
    return v;
}

int swt_topo_print_double(char *buf, size_t len, double v)
{
    locale_t c = newlocale(LC_NUMERIC_MASK, "C", (locale_t) 0);
    locale_t old = (locale_t) 0;
    int n = 0;

    if ((locale_t) 0 != c) {
        old = uselocale(c);
    }
    /* the shortest form that reads back exactly: 1e-06, not 9.99...95e-07 */
    for (int digits = 6; digits <= 17; ++digits) {
        char tmp[64];
        snprintf(tmp, sizeof(tmp), "%.*g", digits, v);
        if (strtod(tmp, NULL) == v || 17 == digits) {
            n = snprintf(buf, len, "%s", tmp);
            break;
        }
    }
    if ((locale_t) 0 != c) {
        uselocale(old);
        freelocale(c);
    }
    return n;
}

int swt_diag_set(swt_diag_t *diag, int err, const char *origin, int line, int col, const char *fmt,
                 ...)
{
    va_list ap;

    if (NULL == diag) {
        return err;
    }
    snprintf(diag->origin, sizeof(diag->origin), "%s", origin ? origin : "");
    diag->line = line;
    diag->col = col;
    va_start(ap, fmt);
    vsnprintf(diag->msg, sizeof(diag->msg), fmt, ap);
    va_end(ap);
    return err;
}
