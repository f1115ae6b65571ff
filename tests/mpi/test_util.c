/* SPDX-License-Identifier: BSD-3-Clause */
/* What the MPI test programs share (see test_util.h). */
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t tu_mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

tu_type_t tu_types[TU_NTYPES] = {
    [TU_INT] = { "MPI_INT", TU_C_INT, 1, { 0 }, 4, 0, MPI_DATATYPE_NULL },
    [TU_DOUBLE] = { "MPI_DOUBLE", TU_C_DOUBLE, 1, { 0 }, 8, 0, MPI_DATATYPE_NULL },
    [TU_FLOAT] = { "MPI_FLOAT", TU_C_FLOAT, 1, { 0 }, 4, 0, MPI_DATATYPE_NULL },
    [TU_LL] = { "MPI_LONG_LONG", TU_C_LL, 1, { 0 }, 8, 0, MPI_DATATYPE_NULL },
    [TU_CDC] = { "MPI_C_DOUBLE_COMPLEX", TU_C_DOUBLE, 2, { 0, 8 }, 16, 0, MPI_DATATYPE_NULL },
    [TU_2INT] = { "MPI_2INT", TU_C_INT, 2, { 0, 4 }, 8, 0, MPI_DATATYPE_NULL },
    [TU_INT8] = { "MPI_INT8_T", TU_C_INT8, 1, { 0 }, 1, 0, MPI_DATATYPE_NULL },
    [TU_UINT8] = { "MPI_UINT8_T", TU_C_INT8, 1, { 0 }, 1, 0, MPI_DATATYPE_NULL },
    [TU_UCHAR] = { "MPI_UNSIGNED_CHAR", TU_C_INT8, 1, { 0 }, 1, 0, MPI_DATATYPE_NULL },
    [TU_CONTIG3] = { "contiguous(3,INT)", TU_C_INT, 3, { 0, 4, 8 }, 12, 0, MPI_DATATYPE_NULL },
    [TU_HGAP] = { "hindexed(3 INT at +8)", TU_C_INT, 3, { 0, 4, 8 }, 12, 8, MPI_DATATYPE_NULL },
    [TU_MAT] = { "contiguous(4,INT) 2x2 matrix",
                 TU_C_INT,
                 4,
                 { 0, 4, 8, 12 },
                 16,
                 0,
                 MPI_DATATYPE_NULL },
    [TU_VEC] = { "vector(2,1,2,INT)", TU_C_INT, 2, { 0, 8 }, 12, 0, MPI_DATATYPE_NULL },
};

MPI_Op tu_modsum = MPI_OP_NULL;

size_t tu_ctype_size(tu_ctype_t ct)
{
    static const size_t sz[] = { 4, 8, 4, 8, 1 };
    return sz[ct];
}

size_t tu_bytes(tu_type_id_t t, size_t count)
{
    return tu_types[t].lb + count * tu_types[t].extent + 1;
}

char *tu_elem(char *buf, tu_type_id_t t, size_t k, int c)
{
    return buf + tu_types[t].lb + k * tu_types[t].extent + tu_types[t].off[c];
}

void tu_store(tu_ctype_t ct, char *at, long long v)
{
    switch (ct) {
    case TU_C_INT: {
        int x = (int) (uint32_t) (uint64_t) v;
        memcpy(at, &x, sizeof(x));
        break;
    }
    case TU_C_DOUBLE: {
        double x = (double) v;
        memcpy(at, &x, sizeof(x));
        break;
    }
    case TU_C_FLOAT: {
        float x = (float) v;
        memcpy(at, &x, sizeof(x));
        break;
    }
    case TU_C_LL: memcpy(at, &v, sizeof(v)); break;
    case TU_C_INT8: {
        int8_t x = (int8_t) (uint8_t) (uint64_t) v;
        memcpy(at, &x, sizeof(x));
        break;
    }
    }
}

static void tu_modsum_fn(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    tu_type_id_t t = TU_INT;

    for (int i = 0; i < TU_NTYPES; ++i) {
        if (tu_types[i].type == *dt && TU_C_INT == tu_types[i].ctype) {
            t = (tu_type_id_t) i;
        }
    }
    for (int k = 0; k < *len; ++k) {
        for (int c = 0; c < tu_types[t].ncomp; ++c) {
            int a, b;
            memcpy(&a, tu_elem(in, t, (size_t) k, c), sizeof(int));
            memcpy(&b, tu_elem(inout, t, (size_t) k, c), sizeof(int));
            b = (int) (((long long) a + b) % TU_MODSUM_M);
            memcpy(tu_elem(inout, t, (size_t) k, c), &b, sizeof(int));
        }
    }
}

void tu_types_create(void)
{
    int bl = 1;
    MPI_Aint disp = 8;
    MPI_Datatype three;

    tu_types[TU_INT].type = MPI_INT;
    tu_types[TU_DOUBLE].type = MPI_DOUBLE;
    tu_types[TU_FLOAT].type = MPI_FLOAT;
    tu_types[TU_LL].type = MPI_LONG_LONG;
    tu_types[TU_CDC].type = MPI_C_DOUBLE_COMPLEX;
    tu_types[TU_2INT].type = MPI_2INT;
    tu_types[TU_INT8].type = MPI_INT8_T;
    tu_types[TU_UINT8].type = MPI_UINT8_T;
    tu_types[TU_UCHAR].type = MPI_UNSIGNED_CHAR;
    MPI_Type_contiguous(3, MPI_INT, &tu_types[TU_CONTIG3].type);
    MPI_Type_commit(&tu_types[TU_CONTIG3].type);
    /* three ints 8 bytes after the buffer start: true lb 8, still contiguous */
    MPI_Type_contiguous(3, MPI_INT, &three);
    MPI_Type_create_hindexed(1, &bl, &disp, three, &tu_types[TU_HGAP].type);
    MPI_Type_commit(&tu_types[TU_HGAP].type);
    MPI_Type_free(&three);
    MPI_Type_contiguous(4, MPI_INT, &tu_types[TU_MAT].type);
    MPI_Type_commit(&tu_types[TU_MAT].type);
    MPI_Type_vector(2, 1, 2, MPI_INT, &tu_types[TU_VEC].type);
    MPI_Type_commit(&tu_types[TU_VEC].type);
    MPI_Op_create(tu_modsum_fn, 1, &tu_modsum);
}

void tu_types_free(void)
{
    MPI_Type_free(&tu_types[TU_CONTIG3].type);
    MPI_Type_free(&tu_types[TU_HGAP].type);
    MPI_Type_free(&tu_types[TU_MAT].type);
    MPI_Type_free(&tu_types[TU_VEC].type);
    MPI_Op_free(&tu_modsum);
}

static int tu_nodes_delete(MPI_Comm comm, int key, void *value, void *extra)
{
    (void) comm;
    (void) key;
    (void) extra;
    free(value);
    return MPI_SUCCESS;
}

tu_nodes_t tu_nodes(MPI_Comm comm)
{
    static int key = MPI_KEYVAL_INVALID;
    tu_nodes_t *kept = NULL;
    MPI_Comm node;
    int found = 0, lrank, lsize, leader;

    if (MPI_KEYVAL_INVALID == key) {
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, tu_nodes_delete, &key, NULL);
    }
    MPI_Comm_get_attr(comm, key, &kept, &found);
    if (found) {
        return *kept;
    }
    kept = malloc(sizeof(*kept));
    if (NULL == kept) {
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &lrank);
    MPI_Comm_size(node, &lsize);
    MPI_Comm_free(&node);
    leader = (0 == lrank);
    MPI_Allreduce(&leader, &kept->nodes, 1, MPI_INT, MPI_SUM, comm);
    MPI_Allreduce(&lsize, &kept->kmin, 1, MPI_INT, MPI_MIN, comm);
    MPI_Allreduce(&lsize, &kept->kmax, 1, MPI_INT, MPI_MAX, comm);
    MPI_Comm_set_attr(comm, key, kept);
    return *kept;
}

/* Not an MPI_Allreduce: the summary must not go through the collective under test. */
void tu_sum_to_all(const void *mine, void *total, MPI_Datatype type)
{
    MPI_Reduce(mine, total, 1, type, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Bcast(total, 1, type, 0, MPI_COMM_WORLD);
}

int tu_opt(tu_opts_t *o, int argc, char **argv, int *i)
{
    const char *a = argv[*i], *value = (*i + 1 < argc) ? argv[*i + 1] : NULL;

    if (0 == strcmp(a, "--quick")) {
        o->quick = 1;
        return 1;
    }
    if (NULL == value) {
        return 0;
    }
    if (0 == strcmp(a, "--alg")) {
        o->alg = value;
    } else if (0 == strcmp(a, "--also")) {
        o->also = value;
    } else if (0 == strcmp(a, "--big")) {
        o->big = (size_t) strtoul(value, NULL, 10);
    } else if (0 == strcmp(a, "--label")) {
        o->label = value;
    } else {
        return 0;
    }
    ++*i;
    return 1;
}

void tu_sub_communicators(tu_matrix_fn_t matrix)
{
    MPI_Comm split, reversed, dup;
    int rank, size;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &split);
    matrix(split, "split(odd/even)", 0);
    MPI_Comm_free(&split);
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &reversed);
    matrix(reversed, "split(reversed keys)", 0);
    MPI_Comm_free(&reversed);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    matrix(dup, "dup(world)", 0);
    MPI_Comm_free(&dup);
}

void tu_each_algorithm(const char *list, int (*select)(const char *alg), tu_matrix_fn_t matrix)
{
    char *copy, *save = NULL;

    if (NULL == list) {
        return;
    }
    copy = strdup(list);
    if (NULL == copy) {
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    for (char *alg = strtok_r(copy, ",", &save); NULL != alg; alg = strtok_r(NULL, ",", &save)) {
        MPI_Comm comm;
        char comm_name[64];

        if (0 != select(alg)) {
            continue;
        }
        MPI_Comm_dup(MPI_COMM_WORLD, &comm);
        snprintf(comm_name, sizeof(comm_name), "dup(world) set to %s", alg);
        matrix(comm, comm_name, 1);
        MPI_Comm_free(&comm);
    }
    free(copy);
}

int tu_one_byte(tu_type_id_t t)
{
    int size = 0;

    MPI_Type_size(tu_types[t].type, &size);
    return 1 == size;
}
