/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI tool interface helpers: integer control variables (with enum items)
 * and counter performance variables.  Everything here fails softly: a
 * variable that does not exist, has an unexpected type or binding, or
 * cannot be written is reported to the caller, which skips what needed it.
 */
#include <string.h>

#include "bench.h"

static MPI_T_pvar_session bench_session;
static int bench_session_open;

int bench_mpit_init(void)
{
    int provided;
    return MPI_SUCCESS == MPI_T_init_thread(MPI_THREAD_SINGLE, &provided);
}

void bench_mpit_finalize(void)
{
    if (bench_session_open) {
        MPI_T_pvar_session_free(&bench_session);
        bench_session_open = 0;
    }
    MPI_T_finalize();
}

/* ------------------------------------------------------------------ */
/* Control variables                                                  */

/* Large enough for any scalar type a control variable may have. */
typedef union bench_cvar_buf {
    int i;
    unsigned u;
    long l;
    unsigned long ul;
    long long ll;
    unsigned long long ull;
    _Bool b;
    char pad[64];
} bench_cvar_buf_t;

static int bench_cvar_type_ok(MPI_Datatype t)
{
    return MPI_INT == t || MPI_UNSIGNED == t || MPI_LONG == t || MPI_UNSIGNED_LONG == t
           || MPI_LONG_LONG == t || MPI_UNSIGNED_LONG_LONG == t || MPI_C_BOOL == t;
}

int bench_cvar_open(bench_cvar_t *cv, const char *name)
{
    char vname[256], desc[16];
    int nlen = sizeof(vname), dlen = sizeof(desc), verbosity, bind, count;
    int rc;

    memset(cv, 0, sizeof(*cv));
    cv->name = name;
    cv->enumtype = MPI_T_ENUM_NULL;

    rc = MPI_T_cvar_get_index(name, &cv->index);
    if (MPI_SUCCESS != rc) {
        return rc;
    }
    rc = MPI_T_cvar_get_info(cv->index, vname, &nlen, &verbosity, &cv->type, &cv->enumtype, desc,
                             &dlen, &bind, &cv->scope);
    if (MPI_SUCCESS != rc) {
        return rc;
    }
    /* Variables bound to an object would need that object; ours are
     * process-wide. */
    if (MPI_T_BIND_NO_OBJECT != bind || !bench_cvar_type_ok(cv->type)) {
        return MPI_T_ERR_INVALID;
    }
    rc = MPI_T_cvar_handle_alloc(cv->index, NULL, &cv->handle, &count);
    if (MPI_SUCCESS != rc) {
        return rc;
    }
    if (1 != count) {
        MPI_T_cvar_handle_free(&cv->handle);
        return MPI_T_ERR_INVALID;
    }
    cv->found = 1;
    rc = bench_cvar_read(cv, &cv->original);
    if (MPI_SUCCESS != rc) {
        bench_cvar_close(cv);
    }
    return rc;
}

void bench_cvar_close(bench_cvar_t *cv)
{
    if (cv->found) {
        MPI_T_cvar_handle_free(&cv->handle);
        cv->found = 0;
    }
}

int bench_cvar_read(const bench_cvar_t *cv, int *value)
{
    bench_cvar_buf_t buf;
    int rc;

    memset(&buf, 0, sizeof(buf));
    rc = MPI_T_cvar_read(cv->handle, &buf);
    if (MPI_SUCCESS != rc) {
        return rc;
    }
    if (MPI_INT == cv->type) {
        *value = buf.i;
    } else if (MPI_UNSIGNED == cv->type) {
        *value = (int) buf.u;
    } else if (MPI_LONG == cv->type) {
        *value = (int) buf.l;
    } else if (MPI_UNSIGNED_LONG == cv->type) {
        *value = (int) buf.ul;
    } else if (MPI_LONG_LONG == cv->type) {
        *value = (int) buf.ll;
    } else if (MPI_UNSIGNED_LONG_LONG == cv->type) {
        *value = (int) buf.ull;
    } else {
        *value = buf.b;
    }
    return MPI_SUCCESS;
}

int bench_cvar_write(const bench_cvar_t *cv, int value)
{
    bench_cvar_buf_t buf;
    int rc, back;

    memset(&buf, 0, sizeof(buf));
    if (MPI_INT == cv->type) {
        buf.i = value;
    } else if (MPI_UNSIGNED == cv->type) {
        buf.u = (unsigned) value;
    } else if (MPI_LONG == cv->type) {
        buf.l = value;
    } else if (MPI_UNSIGNED_LONG == cv->type) {
        buf.ul = (unsigned long) value;
    } else if (MPI_LONG_LONG == cv->type) {
        buf.ll = value;
    } else if (MPI_UNSIGNED_LONG_LONG == cv->type) {
        buf.ull = (unsigned long long) value;
    } else {
        buf.b = 0 != value;
    }
    rc = MPI_T_cvar_write(cv->handle, &buf);
    if (MPI_SUCCESS != rc) {
        return rc;
    }
    /* An implementation may accept a write and ignore it. */
    rc = bench_cvar_read(cv, &back);
    if (MPI_SUCCESS != rc) {
        return rc;
    }
    return back == value ? MPI_SUCCESS : -1;
}

int bench_cvar_enum_item(const bench_cvar_t *cv, int i, int *value, char *name, size_t len)
{
    char ename[256];
    int num, elen = sizeof(ename), nlen = (int) len;

    if (MPI_T_ENUM_NULL == cv->enumtype
        || MPI_SUCCESS != MPI_T_enum_get_info(cv->enumtype, &num, ename, &elen) || i < 0 || i >= num
        || MPI_SUCCESS != MPI_T_enum_get_item(cv->enumtype, i, value, name, &nlen)) {
        return -1;
    }
    return 0;
}

int bench_cvar_enum_value(const bench_cvar_t *cv, const char *item, int *value)
{
    char name[256];
    int v;

    for (int i = 0; 0 == bench_cvar_enum_item(cv, i, &v, name, sizeof(name)); i++) {
        if (0 == strcmp(name, item)) {
            *value = v;
            return 0;
        }
    }
    return -1;
}

int bench_cvar_enum_name(const bench_cvar_t *cv, int value, char *out, size_t len)
{
    char name[256];
    int v;

    for (int i = 0; 0 == bench_cvar_enum_item(cv, i, &v, name, sizeof(name)); i++) {
        if (v == value) {
            snprintf(out, len, "%s", name);
            return 0;
        }
    }
    return -1;
}

void bench_cvar_enum_names(const bench_cvar_t *cv, char *out, size_t len)
{
    char name[256];
    int v;
    size_t used = 0;

    if (len) {
        out[0] = '\0';
    }
    for (int i = 0; used < len && 0 == bench_cvar_enum_item(cv, i, &v, name, sizeof(name)); i++) {
        int n = snprintf(out + used, len - used, "%s%s", used ? ", " : "", name);
        if (n < 0) {
            return;
        }
        used += (size_t) n;
    }
}

/* ------------------------------------------------------------------ */
/* Performance variables                                              */

int bench_pvar_open(bench_pvar_t *pv, const char *name, MPI_Comm *comm)
{
    char vname[256], desc[16];
    int nlen = sizeof(vname), dlen = sizeof(desc);
    int index, verbosity, var_class, bind, readonly, continuous, atomic, count;
    MPI_T_enum enumtype;
    void *obj = NULL;

    memset(pv, 0, sizeof(*pv));
    if (MPI_SUCCESS != MPI_T_pvar_get_index(name, MPI_T_PVAR_CLASS_COUNTER, &index)
        || MPI_SUCCESS
               != MPI_T_pvar_get_info(index, vname, &nlen, &verbosity, &var_class, &pv->type,
                                      &enumtype, desc, &dlen, &bind, &readonly, &continuous,
                                      &atomic)) {
        return 0;
    }
    if (MPI_UNSIGNED_LONG_LONG != pv->type && MPI_UNSIGNED_LONG != pv->type
        && MPI_UNSIGNED != pv->type) {
        return 0;
    }
    if (MPI_T_BIND_MPI_COMM == bind) {
        obj = comm;
    } else if (MPI_T_BIND_NO_OBJECT != bind) {
        return 0;
    }
    if (!bench_session_open) {
        if (MPI_SUCCESS != MPI_T_pvar_session_create(&bench_session)) {
            return 0;
        }
        bench_session_open = 1;
    }
    if (MPI_SUCCESS != MPI_T_pvar_handle_alloc(bench_session, index, obj, &pv->handle, &count)) {
        return 0;
    }
    if (1 != count || (!continuous && MPI_SUCCESS != MPI_T_pvar_start(bench_session, pv->handle))) {
        MPI_T_pvar_handle_free(bench_session, &pv->handle);
        return 0;
    }
    pv->found = 1;
    return 0;
}

int bench_pvar_read(const bench_pvar_t *pv, unsigned long long *value)
{
    union {
        unsigned u;
        unsigned long ul;
        unsigned long long ull;
    } buf;
    int rc;

    memset(&buf, 0, sizeof(buf));
    rc = MPI_T_pvar_read(bench_session, pv->handle, &buf);
    if (MPI_SUCCESS != rc) {
        return rc;
    }
    if (MPI_UNSIGNED_LONG_LONG == pv->type) {
        *value = buf.ull;
    } else if (MPI_UNSIGNED_LONG == pv->type) {
        *value = buf.ul;
    } else {
        *value = buf.u;
    }
    return MPI_SUCCESS;
}

void bench_pvar_close(bench_pvar_t *pv)
{
    if (pv->found) {
        MPI_T_pvar_handle_free(bench_session, &pv->handle);
        pv->found = 0;
    }
}
