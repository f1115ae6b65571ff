/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * libFuzzer target of the description parser (fuzz_topo.h): built by
 * tests/fuzz/libfuzzer.sh with clang -fsanitize=fuzzer,address,undefined.
 * A broken contract aborts, so libFuzzer keeps the input as a crash.
 */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_topo.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void) argc;
    (void) argv;
    fz_max_print_tiles = 1L << 16; /* see fuzz_topo.h */
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char why[4096];

    if (0 != fz_one(data, size, why, sizeof(why), NULL)) {
        fprintf(stderr, "fuzz_topo: FINDING: %s\n", why);
        abort();
    }
    return 0;
}
