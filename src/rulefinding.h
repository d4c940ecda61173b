/* rulefinding: one rule-pack hit as a report-model finding.
 *
 * The rule's message and validation are Mustache templates rendered with
 * the hit's facts: plain values ({{fn}}, {{name}}, {{line}},
 * {{related_line}}, {{path}}, {{crate}}, {{test_filter}}, and a metric's
 * {{value}}) are escaped for
 * Markdown; code comes as ready-made code spans that nothing in the code
 * can end ({{{code}}}, {{{fn_code}}}, {{{name_code}}}).  The validation is
 * a shell command, rendered as plain text. */
#ifndef HPA_RULEFINDING_H
#define HPA_RULEFINDING_H

#include <jansson.h>

#include "finding.h"
#include "packscan.h"

/* Build the finding for `hit` in the file `ff` describes; `text` is the
 * hit's source line (stripped), `fingerprint` 16 hex digits.  Returns a new
 * reference, or NULL when memory ran out or a template failed. */
json_t *rulefinding_build(const finding_file *ff, const pack_hit *hit, const char *text, size_t text_len,
                          const char *fingerprint);

/* What the hit's templates are rendered with (the values above), as a new
 * object: for a finding whose message waits for the whole workspace
 * (deferred.h), which adds `caller` and renders it again. */
json_t *rulefinding_context(const finding_file *ff, const pack_hit *hit);

/* The rule's message rendered with ctx: a new string, or NULL. */
json_t *rulefinding_message(const pack_writeup *rule, const json_t *ctx);

#endif
