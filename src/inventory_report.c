#include "config.h"

#include "inventory_report.h"

#include <string.h>

#include "pyjson.h"

typedef struct {
	size_t tier[INV_TIER_COUNT];
	size_t category[INV_CATEGORY_COUNT];
} counts;

static counts count_all(const inventory_view *v)
{
	counts c;
	size_t i;

	memset(&c, 0, sizeof(c));
	for (i = 0; i < v->all_count; i++) {
		c.tier[v->all[i]->tier]++;
		c.category[v->all[i]->category]++;
	}
	return c;
}

static const char *hot_label(const inventory_view *v, const inventory_candidate *c)
{
	return c->hot_path < 0 ? v->rules->default_label : v->rules->hot_paths[c->hot_path].label;
}

/* The reasons after the hot-path label, in the order they were added. */
#define FOR_EACH_REASON(w, c) \
	for ((w) = 0; (w) < RULES_W_COUNT; (w)++) if ((c)->reasons & (1u << (w)))

int inventory_report_json(buf *out, const inventory_view *v)
{
	pyjson_writer w;
	counts n = count_all(v);
	size_t i;
	int k;

	pyjson_init(&w, out);
	pyjson_begin_object(&w);
	pyjson_key(&w, "candidates");
	pyjson_begin_array(&w);
	for (i = 0; i < v->shown_count; i++) {
		const inventory_candidate *c = v->all[i];
		const discover_file *f = &v->files->files[c->file];
		const char *label = hot_label(v, c);

		pyjson_begin_object(&w);
		pyjson_key(&w, "category");
		pyjson_string(&w, inventory_category_name(c->category), strlen(inventory_category_name(c->category)));
		pyjson_key(&w, "hot_path");
		pyjson_string(&w, label, strlen(label));
		pyjson_key(&w, "line");
		pyjson_int(&w, (long long)c->line);
		pyjson_key(&w, "path");
		pyjson_string(&w, f->report, f->report_len);
		pyjson_key(&w, "reasons");
		pyjson_begin_array(&w);
		pyjson_string(&w, label, strlen(label));
		FOR_EACH_REASON(k, c)
			pyjson_string(&w, v->rules->weights[k].reason, strlen(v->rules->weights[k].reason));
		pyjson_end_array(&w);
		pyjson_key(&w, "score");
		pyjson_int(&w, c->score);
		pyjson_key(&w, "text");
		pyjson_string(&w, c->text, c->text_len);
		pyjson_key(&w, "tier");
		pyjson_string(&w, inventory_tier_name(c->tier), strlen(inventory_tier_name(c->tier)));
		pyjson_end_object(&w);
	}
	pyjson_end_array(&w);
	pyjson_key(&w, "summary");
	pyjson_begin_object(&w);
	pyjson_key(&w, "by_category");
	pyjson_begin_object(&w);
	for (k = 0; k < INV_CATEGORY_COUNT; k++)
		if (n.category[k]) {
			pyjson_key(&w, inventory_category_name(k));
			pyjson_int(&w, (long long)n.category[k]);
		}
	pyjson_end_object(&w);
	pyjson_key(&w, "by_tier");
	pyjson_begin_object(&w);
	for (k = 0; k < INV_TIER_COUNT; k++)
		if (n.tier[k]) {
			pyjson_key(&w, inventory_tier_name(k));
			pyjson_int(&w, (long long)n.tier[k]);
		}
	pyjson_end_object(&w);
	pyjson_key(&w, "total");
	pyjson_int(&w, (long long)v->all_count);
	pyjson_end_object(&w);
	pyjson_end_object(&w);
	if (pyjson_finish(&w) < 0)
		return -1;
	return buf_putc(out, '\n');
}

/* markdown_escape(): only "|" and newlines; the rest goes out as it is. */
static int put_md_escaped(buf *out, const char *s, size_t n)
{
	size_t i, run = 0;

	for (i = 0; i < n; i++) {
		if (s[i] != '|' && s[i] != '\n')
			continue;
		if (buf_append(out, s + run, i - run) < 0 || buf_puts(out, s[i] == '|' ? "\\|" : " ") < 0)
			return -1;
		run = i + 1;
	}
	return buf_append(out, s + run, n - run);
}

/* A Python dict repr of the non-zero counts: {'high': 1, 'low': 2}. */
static int put_repr(buf *out, const size_t *n, int count, const char *(*name)(int))
{
	int k, first = 1;

	if (buf_putc(out, '{') < 0)
		return -1;
	for (k = 0; k < count; k++) {
		if (!n[k])
			continue;
		if (buf_printf(out, "%s'%s': %zu", first ? "" : ", ", name(k), n[k]) < 0)
			return -1;
		first = 0;
	}
	return buf_putc(out, '}');
}

static const char *tier_name_i(int k) { return inventory_tier_name(k); }
static const char *category_name_i(int k) { return inventory_category_name(k); }

int inventory_report_markdown(buf *out, const inventory_view *v)
{
	counts n = count_all(v);
	buf cell = BUF_INIT;
	size_t i;
	int k, rc = -1;

	if (buf_printf(out, "# Rust Clone Hotpath Inventory\n\nTotal candidates after filters: %zu\nTier counts: `",
	               v->all_count) < 0 ||
	    put_repr(out, n.tier, INV_TIER_COUNT, tier_name_i) < 0 ||
	    buf_puts(out, "`\nCategory counts: `") < 0 ||
	    put_repr(out, n.category, INV_CATEGORY_COUNT, category_name_i) < 0 ||
	    buf_puts(out, "`\n\n| Score | Tier | Category | Location | Reasons | Code |\n|---:|---|---|---|---|---|\n") < 0)
		goto done;
	for (i = 0; i < v->shown_count; i++) {
		const inventory_candidate *c = v->all[i];
		const discover_file *f = &v->files->files[c->file];

		buf_clear(&cell);
		if (buf_append(&cell, f->report, f->report_len) < 0 || buf_printf(&cell, ":%zu", c->line) < 0)
			goto done;
		if (buf_printf(out, "| %d | %s | %s | `", c->score, inventory_tier_name(c->tier),
		               inventory_category_name(c->category)) < 0 ||
		    put_md_escaped(out, cell.ptr, cell.len) < 0)
			goto done;
		buf_clear(&cell);
		if (buf_puts(&cell, hot_label(v, c)) < 0)
			goto done;
		FOR_EACH_REASON(k, c)
			if (buf_puts(&cell, "; ") < 0 || buf_puts(&cell, v->rules->weights[k].reason) < 0)
				goto done;
		if (buf_puts(out, "` | ") < 0 || put_md_escaped(out, cell.ptr, cell.len) < 0 ||
		    buf_puts(out, " | `") < 0 || put_md_escaped(out, c->text, c->text_len) < 0 ||
		    buf_puts(out, "` |\n") < 0)
			goto done;
	}
	rc = 0;
done:
	buf_free(&cell);
	return rc;
}
