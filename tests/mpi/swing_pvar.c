/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI_T access to coll/swing's counters (class counter, unsigned long long,
 * continuous, read-only, bound to no object): one session, one handle per
 * counter, looked up by name. Also writes the algorithm control variable.
 */
#include "swing_pvar.h"

#include <mpi.h>
#include <stdio.h>
#include <string.h>

const char *const swing_pvar_algs[SWING_PVAR_NALG] = {
    "swing_lo",
    "rd_lo",
    "swing_bo",
    "rd_bo",
    "shm",
    "hier",
    "swing_lo_mp",
    "rd_lo_mp",
    "swing_bo_mp",
    "rd_bo_mp",
    "ring",
    "ompi_basic_linear",
    "ompi_nonoverlapping",
    "ompi_recursive_doubling",
    "ompi_ring",
    "ompi_segmented_ring",
    "ompi_rabenseifner",
};

/* handles[0] served, [1] fallback, [2 + i] algorithm i */
#define SWING_PVAR_N (2 + SWING_PVAR_NALG)

static MPI_T_pvar_session swing_session = MPI_T_PVAR_SESSION_NULL;
static MPI_T_pvar_handle swing_handles[SWING_PVAR_N];
static int swing_found[SWING_PVAR_N];
static int swing_t_up;

/*
 * Handles of counters read by name, kept for the session: a counter's
 * handle reads what accumulated since it was allocated.
 */
#define SWING_PVAR_BYNAME 160
static struct {
    char name[96];
    MPI_T_pvar_handle handle;
} swing_byname[SWING_PVAR_BYNAME];
static int swing_nbyname;

static const char *swing_coll = "allreduce";

void swing_pvar_collective(const char *name)
{
    swing_coll = name;
}

static void swing_pvar_name(int i, char *buf, size_t len)
{
    if (0 == i) {
        snprintf(buf, len, "coll_swing_%s_served", swing_coll);
    } else if (1 == i) {
        snprintf(buf, len, "coll_swing_%s_fallback", swing_coll);
    } else {
        snprintf(buf, len, "coll_swing_%s_%s", swing_coll, swing_pvar_algs[i - 2]);
    }
}

int swing_pvar_open(void)
{
    int provided, num, missing = 0;

    if (MPI_SUCCESS != MPI_T_init_thread(MPI_THREAD_SINGLE, &provided)) {
        return SWING_PVAR_N;
    }
    swing_t_up = 1;
    if (MPI_SUCCESS != MPI_T_pvar_session_create(&swing_session)
        || MPI_SUCCESS != MPI_T_pvar_get_num(&num)) {
        return SWING_PVAR_N;
    }
    for (int i = 0; i < SWING_PVAR_N; ++i) {
        char want[128];
        swing_pvar_name(i, want, sizeof(want));
        swing_found[i] = 0;
        for (int idx = 0; idx < num && !swing_found[i]; ++idx) {
            char name[256], desc[1024];
            int name_len = sizeof(name), desc_len = sizeof(desc);
            int verbosity, var_class, binding, readonly, continuous, atomic, count;
            MPI_Datatype dt;
            MPI_T_enum et;
            if (MPI_SUCCESS
                    != MPI_T_pvar_get_info(idx, name, &name_len, &verbosity, &var_class, &dt, &et,
                                           desc, &desc_len, &binding, &readonly, &continuous,
                                           &atomic)
                || 0 != strcmp(name, want)) {
                continue;
            }
            if (MPI_T_PVAR_CLASS_COUNTER != var_class || MPI_UNSIGNED_LONG_LONG != dt || !readonly
                || !continuous || MPI_T_BIND_NO_OBJECT != binding) {
                fprintf(stderr, "swing_pvar: %s has unexpected class/type/flags\n", want);
                continue;
            }
            if (MPI_SUCCESS
                    == MPI_T_pvar_handle_alloc(swing_session, idx, NULL, &swing_handles[i], &count)
                && 1 == count) {
                swing_found[i] = 1;
            }
        }
        missing += !swing_found[i];
    }
    return missing;
}

int swing_pvar_have(int which)
{
    int i = (-1 == which) ? 0 : (-2 == which) ? 1 : which + 2;
    return (i >= 0 && i < SWING_PVAR_N) ? swing_found[i] : 0;
}

int swing_pvar_alg_index(const char *name)
{
    for (int i = 0; i < SWING_PVAR_NALG; ++i) {
        if (0 == strcmp(name, swing_pvar_algs[i])) {
            return i;
        }
    }
    return -1;
}

int swing_pvar_read(swing_pvar_snap_t *snap)
{
    unsigned long long v[SWING_PVAR_N];

    for (int i = 0; i < SWING_PVAR_N; ++i) {
        v[i] = 0;
        if (swing_found[i]) {
            int rc = MPI_T_pvar_read(swing_session, swing_handles[i], &v[i]);
            if (MPI_SUCCESS != rc) {
                return rc;
            }
        }
    }
    snap->served = v[0];
    snap->fallback = v[1];
    for (int i = 0; i < SWING_PVAR_NALG; ++i) {
        snap->alg[i] = v[2 + i];
    }
    return MPI_SUCCESS;
}

void swing_pvar_close(void)
{
    for (int i = 0; i < swing_nbyname; ++i) {
        MPI_T_pvar_handle_free(swing_session, &swing_byname[i].handle);
    }
    swing_nbyname = 0;
    for (int i = 0; i < SWING_PVAR_N; ++i) {
        if (swing_found[i]) {
            MPI_T_pvar_handle_free(swing_session, &swing_handles[i]);
            swing_found[i] = 0;
        }
    }
    if (MPI_T_PVAR_SESSION_NULL != swing_session) {
        MPI_T_pvar_session_free(&swing_session);
    }
    if (swing_t_up) {
        MPI_T_finalize();
        swing_t_up = 0;
    }
}

static int swing_pvar_handle(const char *want, MPI_T_pvar_handle *handle)
{
    int num, count;

    for (int i = 0; i < swing_nbyname; ++i) {
        if (0 == strcmp(swing_byname[i].name, want)) {
            *handle = swing_byname[i].handle;
            return 0;
        }
    }
    if (!swing_t_up || swing_nbyname == SWING_PVAR_BYNAME
        || MPI_SUCCESS != MPI_T_pvar_get_num(&num)) {
        return -1;
    }
    for (int idx = 0; idx < num; ++idx) {
        char name[256], desc[1024];
        int name_len = sizeof(name), desc_len = sizeof(desc);
        int verbosity, var_class, binding, readonly, continuous, atomic;
        MPI_Datatype dt;
        MPI_T_enum et;
        if (MPI_SUCCESS
                != MPI_T_pvar_get_info(idx, name, &name_len, &verbosity, &var_class, &dt, &et, desc,
                                       &desc_len, &binding, &readonly, &continuous, &atomic)
            || 0 != strcmp(name, want) || MPI_UNSIGNED_LONG_LONG != dt
            || MPI_SUCCESS != MPI_T_pvar_handle_alloc(swing_session, idx, NULL, handle, &count)) {
            continue;
        }
        snprintf(swing_byname[swing_nbyname].name, sizeof(swing_byname[0].name), "%s", want);
        swing_byname[swing_nbyname++].handle = *handle;
        return 0;
    }
    return -1;
}

int swing_pvar_read_one(const char *want, unsigned long long *value)
{
    MPI_T_pvar_handle handle;

    if (0 != swing_pvar_handle(want, &handle)
        || MPI_SUCCESS != MPI_T_pvar_read(swing_session, handle, value)) {
        return -1;
    }
    return 0;
}

int swing_cvar_set_algorithm(const char *name)
{
    char want[128];

    snprintf(want, sizeof(want), "coll_swing_%s_algorithm", swing_coll);
    return swing_cvar_set(want, name);
}

unsigned long long swing_pvar_get(const char *name)
{
    char want[160];
    unsigned long long v;

    snprintf(want, sizeof(want), "coll_swing_%s", name);
    return (0 == swing_pvar_read_one(want, &v)) ? v : ~0ULL;
}

static int swing_cvar_enum(const char *var, const char *name, int write);

int swing_cvar_has(const char *var, const char *name)
{
    return 0 == swing_cvar_enum(var, name, 0);
}

int swing_cvar_set(const char *var, const char *name)
{
    return swing_cvar_enum(var, name, 1);
}

/* Finds enum item name of control variable var (0), and writes it (write). */
static int swing_cvar_enum(const char *var, const char *name, int write)
{
    int num, rc = -1;

    if (!swing_t_up || MPI_SUCCESS != MPI_T_cvar_get_num(&num)) {
        return -1;
    }
    for (int idx = 0; idx < num && rc < 0; ++idx) {
        char vname[256], desc[2048], ename[256];
        int vname_len = sizeof(vname), desc_len = sizeof(desc), ename_len = sizeof(ename);
        int verbosity, binding, scope, nitems, count;
        MPI_Datatype dt;
        MPI_T_enum et;
        MPI_T_cvar_handle handle;

        if (MPI_SUCCESS
                != MPI_T_cvar_get_info(idx, vname, &vname_len, &verbosity, &dt, &et, desc,
                                       &desc_len, &binding, &scope)
            || 0 != strcmp(vname, var) || MPI_T_ENUM_NULL == et
            || MPI_SUCCESS != MPI_T_enum_get_info(et, &nitems, ename, &ename_len)) {
            continue;
        }
        for (int i = 0; i < nitems && rc < 0; ++i) {
            char item[256];
            int item_len = sizeof(item), value;
            if (MPI_SUCCESS != MPI_T_enum_get_item(et, i, &value, item, &item_len)
                || 0 != strcmp(item, name)) {
                continue;
            }
            if (!write) {
                rc = 0;
            } else if (MPI_SUCCESS == MPI_T_cvar_handle_alloc(idx, NULL, &handle, &count)) {
                if (MPI_SUCCESS == MPI_T_cvar_write(handle, &value)) {
                    rc = 0;
                }
                MPI_T_cvar_handle_free(&handle);
            }
        }
    }
    return rc;
}

/* The cvar's index and datatype; -1 if absent. */
static int swing_cvar_find(const char *var, int *idx, MPI_Datatype *dt)
{
    char name[256], desc[2048];
    int name_len = sizeof(name), desc_len = sizeof(desc), verbosity, binding, scope;
    MPI_T_enum et;

    if (!swing_t_up || MPI_SUCCESS != MPI_T_cvar_get_index(var, idx)
        || MPI_SUCCESS
               != MPI_T_cvar_get_info(*idx, name, &name_len, &verbosity, dt, &et, desc, &desc_len,
                                      &binding, &scope)) {
        return -1;
    }
    return 0;
}

int swing_cvar_get_long(const char *var, long *value)
{
    int idx, count, rc = -1, i = 0;
    _Bool b = 0;
    MPI_Datatype dt;
    MPI_T_cvar_handle handle;

    if (0 != swing_cvar_find(var, &idx, &dt)
        || MPI_SUCCESS != MPI_T_cvar_handle_alloc(idx, NULL, &handle, &count)) {
        return -1;
    }
    if (1 == count
        && MPI_SUCCESS
               == MPI_T_cvar_read(handle, MPI_INT == dt      ? (void *) &i
                                          : MPI_C_BOOL == dt ? (void *) &b
                                                             : (void *) value)) {
        rc = 0;
        if (MPI_INT == dt || MPI_C_BOOL == dt) {
            *value = (MPI_INT == dt) ? i : b;
        }
    }
    MPI_T_cvar_handle_free(&handle);
    return rc;
}

int swing_cvar_get_string(const char *var, char *buf, int len)
{
    int idx, count, rc = -1;
    MPI_Datatype dt;
    MPI_T_cvar_handle handle;

    if (0 != swing_cvar_find(var, &idx, &dt) || MPI_CHAR != dt
        || MPI_SUCCESS != MPI_T_cvar_handle_alloc(idx, NULL, &handle, &count)) {
        return -1;
    }
    /* count: the room a string may take (Open MPI 4.1: 2048) */
    if (count < len) {
        memset(buf, 0, (size_t) len);
        rc = (MPI_SUCCESS == MPI_T_cvar_read(handle, buf)) ? 0 : -1;
    }
    MPI_T_cvar_handle_free(&handle);
    return rc;
}
