/* inventory_report: the inventory's JSON and Markdown, byte for byte as the
 * reference prints them. */
#ifndef HPA_INVENTORY_REPORT_H
#define HPA_INVENTORY_REPORT_H

#include "buf.h"
#include "discover.h"
#include "inventory.h"
#include "rules.h"

enum inventory_format { INV_FORMAT_MARKDOWN, INV_FORMAT_JSON };

typedef struct {
	const rules *rules;
	const discover_result *files;
	const inventory_candidate *const *all; /* after filters, sorted */
	size_t all_count;                      /* what the summary counts */
	size_t shown_count;                    /* the first shown_count are listed */
} inventory_view;

/* Append the report to out; 0, or -1 when memory ran out. */
int inventory_report_json(buf *out, const inventory_view *v);
int inventory_report_markdown(buf *out, const inventory_view *v);

#endif
