/* SPDX-License-Identifier: GPL-3.0-or-later */
/* As in audio.c: for the program alone, never exported. */
#include <dlfcn.h> /* before the pragma: dlsym is libc's, not ours */
#pragma GCC visibility push(hidden)
#include <stddef.h>
#include <yaml.h>
#include "clibraries.h"
#include "opening.h"
#include "sonames.h"

/* libyaml is opened when `import` reads a YAML file, and by nothing else. */
static void *yaml_handle;
static int yaml_tried;
#define LIB_YAML clibraries_open(SONAME_YAML, 0, &yaml_handle, &yaml_tried)

int yaml_parser_initialize(yaml_parser_t *parser) {
    REAL(LIB_YAML, yaml_parser_initialize)
    return f ? f(parser) : 0;
}

void yaml_parser_delete(yaml_parser_t *parser) {
    REAL(LIB_YAML, yaml_parser_delete)
    if (f) f(parser);
}

void yaml_parser_set_input_string(yaml_parser_t *parser, const unsigned char *input, size_t size) {
    REAL(LIB_YAML, yaml_parser_set_input_string)
    if (f) f(parser, input, size);
}

int yaml_parser_parse(yaml_parser_t *parser, yaml_event_t *event) {
    REAL(LIB_YAML, yaml_parser_parse)
    return f ? f(parser, event) : 0;
}

void yaml_event_delete(yaml_event_t *event) {
    REAL(LIB_YAML, yaml_event_delete)
    if (f) f(event);
}
