/* export: the report model in other tools' formats.
 *
 * SARIF 2.1.0 (for GitHub code scanning and other SARIF viewers): one rule
 * per bucket with short and full descriptions and help, one result per
 * finding with its ruleId, level, relative artifactLocation.uri, region and
 * partialFingerprints from our fingerprint.  GitLab Code Quality: an array
 * of {description, check_name, fingerprint, severity, location}. */
#ifndef HPA_EXPORT_H
#define HPA_EXPORT_H

#include <jansson.h>

#include "buf.h"

int export_sarif(buf *out, json_t *model);
int export_gitlab(buf *out, json_t *model);

#endif
