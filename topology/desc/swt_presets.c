/* SPDX-License-Identifier: BSD-3-Clause */
/* Built-in presets: lookup in the table generated from topology/presets/. */
#include "swt_topo_int.h"

#include <string.h>

const char *swt_preset_lookup(const char *name, size_t namelen)
{
    for (int i = 0; NULL != swt_preset_texts[i].name; ++i) {
        if (strlen(swt_preset_texts[i].name) == namelen
            && 0 == strncmp(swt_preset_texts[i].name, name, namelen)) {
            return swt_preset_texts[i].text;
        }
    }
    return NULL;
}

const char *const *swt_topo_presets(void)
{
    return swt_preset_names;
}
