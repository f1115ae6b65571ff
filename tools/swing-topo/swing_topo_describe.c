/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * swing-topo describe: a description in the file format (FORMAT.md), from
 * any spec (preset, shape, file), with the cost constants the options
 * give. bench/net-calibrate.sh writes the description of a calibrated
 * network this way, so the file parses back to the machine it measured.
 */
#include "swing_topo.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static void swing_describe_help(void)
{
    printf("Usage: swing-topo describe TOPO [--alpha S] [--tau S] [--beta B] [--gamma S]\n"
           "                           [--overhead S] [--cores N] [--lo-max-bytes N]\n"
           "                           [--name NAME]\n"
           "\n"
           "Prints TOPO as a description file (topology/presets/FORMAT.md): every\n"
           "tile's kind, the map, the rank order and the cost constants, those given\n"
           "here replacing the description's. Load the result with @FILE.\n"
           "\n"
           "  --alpha S        per-message latency, seconds\n"
           "  --tau S          per physical hop, seconds\n"
           "  --beta B         link bandwidth, bytes per second\n"
           "  --gamma S        reduction cost, seconds per byte\n"
           "  --overhead S     overhead of a message on its rank's core, seconds (cost o=)\n"
           "  --cores N        cores the ranks share (cost cores=; 0: no core bound)\n"
           "  --lo-max-bytes N the largest size auto runs latency-optimal (a measured\n"
           "                   crossover: decide lo_max_bytes=N); -1 removes it\n"
           "  --name NAME      the description's name (letters, digits, - _ . :)\n"
           "  --help           this text\n");
}

static int swing_describe_name_ok(const char *s)
{
    if ('\0' == *s || strlen(s) > 64) {
        return 0;
    }
    for (; '\0' != *s; ++s) {
        if (NULL
            == strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:", *s)) {
            return 0;
        }
    }
    return 1;
}

/* The formatted text with its name statement replaced by name. */
static int swing_describe_print(const char *text, const char *name)
{
    const char *line = text;

    while ('\0' != *line) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t) (end - line) : strlen(line);
        if (NULL != name && len >= 5 && 0 == strncmp(line, "name ", 5)) {
            printf("name %s\n", name);
        } else {
            printf("%.*s\n", (int) len, line);
        }
        line += len + (end ? 1 : 0);
    }
    return 0;
}

int swing_topo_describe(int argc, char **argv)
{
    static const struct option opts[] = { SWING_TOPO_COST_OPTIONS,
                                          { "name", required_argument, NULL, 'n' },
                                          { "lo-max-bytes", required_argument, NULL, 'l' },
                                          SWING_TOPO_OPTIONS_END };
    swing_topo_args_t a = { .cmd = "describe",
                            .help = swing_describe_help,
                            .groups = SWING_TOPO_ARGS_COST,
                            .shortopts = "h",
                            .opts = opts };
    swt_cost_params_t par;
    swt_topo_t *topo = NULL;
    const char *name = NULL;
    char *text = NULL, *end;
    long long lo_max = -2; /* -2: keep the description's */
    int opt, rc, len;

    while (0 != (opt = swing_topo_getopt(&a, argc, argv))) {
        switch (opt) {
        case 'n':
            if (!swing_describe_name_ok(optarg)) {
                return swing_topo_usage("describe",
                                        "--name: expected letters, digits, - _ . or :, got '%s'",
                                        optarg);
            }
            name = optarg;
            break;
        case 'l':
            lo_max = strtoll(optarg, &end, 10);
            if (end == optarg || '\0' != *end || lo_max < -1 || lo_max > SWT_TOPO_MAX_LO_BYTES) {
                return swing_topo_usage("describe",
                                        "--lo-max-bytes: expected -1 or bytes up to 2^50, got '%s'",
                                        optarg);
            }
            break;
        }
    }
    if (a.exit >= 0) {
        return a.exit;
    }
    rc = swing_topo_open_cost("describe", argc, argv, optind, &a.cost, &topo, &par);
    if (0 != rc) {
        return rc;
    }
    rc = swt_topo_set_cost(topo, &par);
    if (SWT_OK == rc && lo_max >= -1) {
        rc = swt_topo_set_lo_max_bytes(topo, lo_max);
    }
    len = (SWT_OK == rc) ? swt_topo_format(topo, NULL, 0) : -1;
    text = (len >= 0) ? malloc((size_t) len + 1) : NULL;
    if (NULL == text || swt_topo_format(topo, text, (size_t) len + 1) != len) {
        fprintf(stderr, "swing-topo describe: %s\n",
                swt_strerror(SWT_OK != rc ? rc : SWT_ERR_NOMEM));
        rc = SWING_TOPO_EXIT_FAIL;
    } else {
        rc = swing_describe_print(text, name);
    }
    free(text);
    swt_topo_destroy(topo);
    return rc;
}
