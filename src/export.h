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
#include "jsonwrite.h"
#include "report.h"

/* Append the report in the format to out, each finding made into its
 * result when its turn comes; with `flush`, the text is handed on in
 * pieces as it is made (out holds the rest).  0, or -1 when memory ran
 * out or flush failed. */
int export_sarif(buf *out, const report_doc *doc, const jsonwrite_flush *flush);
int export_gitlab(buf *out, const report_doc *doc, const jsonwrite_flush *flush);

#endif
