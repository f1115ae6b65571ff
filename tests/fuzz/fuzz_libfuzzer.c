/*
 * libFuzzer target of the description parser (fuzz_topo.h): built by
 * tests/fuzz/libfuzzer.sh with clang -fsanitize=fuzzer,address,undefined.
 * A broken contract aborts, so libFuzzer keeps the input as a crash.
 */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_topo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char why[4096];

    if (0 != fz_one(data, size, why, sizeof(why), NULL)) {
        fprintf(stderr, "fuzz_topo: FINDING: %s\n", why);
        abort();
    }
    return 0;
}
