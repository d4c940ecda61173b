#include "config.h"

#include "cli.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "pyunicode.h"

/* argparse's _negative_number_matcher: ^-\d+$|^-\d*\.\d+$ */
static int looks_negative(const char *s)
{
	const char *p = s + 1;
	int digits = 0;

	if (s[0] != '-')
		return 0;
	while (*p >= '0' && *p <= '9')
		p++, digits++;
	if (!*p)
		return digits > 0;
	if (*p != '.')
		return 0;
	p++;
	digits = 0;
	while (*p >= '0' && *p <= '9')
		p++, digits++;
	return !*p && digits > 0;
}

/* Find the option a "--name" (prefix allowed) means.  Returns the index,
 * -1 when none, -2 when ambiguous (err says between which). */
static int find_option(const cli_opt *t, size_t count, const char *name, size_t len, buf *err)
{
	size_t i;
	int pass, found;

	for (i = 0; i < count; i++)
		if (strlen(t[i].name) == len && strncmp(t[i].name, name, len) == 0)
			return (int)i;
	for (pass = 0; pass < 2; pass++) {
		int matches = 0;
		found = -1;
		for (i = 0; i < count; i++) {
			if ((pass == 0) != (t[i].compat != 0) || strncmp(t[i].name, name, len) != 0)
				continue;
			matches++;
			found = (int)i;
		}
		if (matches == 1)
			return found;
		if (matches > 1) {
			buf_printf(err, "ambiguous option: --%.*s could match", (int)len, name);
			for (i = 0; i < count; i++)
				if ((pass == 0) == (t[i].compat != 0) && strncmp(t[i].name, name, len) == 0)
					buf_printf(err, " --%s", t[i].name);
			return -2;
		}
	}
	return -1;
}

/* Would argparse take this argument as an option string ("O")? */
static int is_optionlike(const char *a)
{
	if (a[0] != '-' || a[1] == '\0')
		return 0;
	if (looks_negative(a) || strchr(a, ' '))
		return 0;
	return 1;
}

enum cli_result cli_parse(const cli_opt *t, size_t count, int argc, char **argv, cli_handler handler,
                          void *ctx, buf *err)
{
	buf extras = BUF_INIT;
	int i = 0, after_dashdash = 0;
	enum cli_result rc = CLI_USAGE;

	while (i < argc) {
		const char *a = argv[i];
		const char *eq, *explicit_value = NULL, *name;
		size_t len;
		int idx;
		const cli_opt *o;

		if (!after_dashdash && strcmp(a, "--") == 0) {
			after_dashdash = 1;
			i++;
			continue;
		}
		if (after_dashdash || !is_optionlike(a)) {
			buf_printf(&extras, "%s%s", extras.len ? " " : "", a);
			i++;
			continue;
		}
		if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			rc = CLI_HELP;
			goto done;
		}
		if (a[1] != '-') {
			buf_printf(&extras, "%s%s", extras.len ? " " : "", a);
			i++;
			continue;
		}
		name = a + 2;
		eq = strchr(name, '=');
		len = eq ? (size_t)(eq - name) : strlen(name);
		if (eq)
			explicit_value = eq + 1;
		idx = find_option(t, count, name, len, err);
		if (idx == -2)
			goto done;
		if (idx < 0 && len && strncmp("help", name, len) == 0 && !eq) {
			rc = CLI_HELP;
			goto done;
		}
		if (idx < 0) {
			buf_printf(&extras, "%s%s", extras.len ? " " : "", a);
			i++;
			continue;
		}
		o = &t[idx];
		i++;
		if (o->kind == CLI_FLAG) {
			if (explicit_value) {
				buf_printf(err, "argument --%s: ignored explicit argument '%s'", o->name, explicit_value);
				goto done;
			}
			if (handler(ctx, o, NULL, 0, err) < 0)
				goto done;
		} else if (explicit_value) {
			if (handler(ctx, o, &explicit_value, 1, err) < 0)
				goto done;
		} else {
			int first;
			/* argparse lets "--" stand before the values: it is
			 * dropped, and everything after it is a value */
			while (i < argc && !after_dashdash && strcmp(argv[i], "--") == 0) {
				after_dashdash = 1;
				i++;
			}
			first = i;
			while (i < argc && (after_dashdash || !is_optionlike(argv[i])) &&
			       (after_dashdash || strcmp(argv[i], "--") != 0) &&
			       (o->kind == CLI_LIST || i == first))
				i++;
			if (i == first) {
				buf_printf(err, "argument --%s: expected %s", o->name,
				           o->kind == CLI_LIST ? "at least one argument" : "one argument");
				goto done;
			}
			if (handler(ctx, o, (const char *const *)argv + first, (size_t)(i - first), err) < 0)
				goto done;
		}
	}
	if (extras.len) {
		buf_printf(err, "unrecognized arguments: %s", extras.ptr);
		goto done;
	}
	rc = CLI_OK;
done:
	buf_free(&extras);
	return rc;
}

int cli_help(buf *out, const cli_opt *t, size_t count)
{
	size_t i;

	for (i = 0; i < count; i++) {
		char left[64];
		const char *mv = t[i].metavar ? t[i].metavar : "";
		if (t[i].kind == CLI_FLAG)
			snprintf(left, sizeof(left), "--%s", t[i].name);
		else if (t[i].kind == CLI_LIST)
			snprintf(left, sizeof(left), "--%s %s [%s ...]", t[i].name, mv, mv);
		else
			snprintf(left, sizeof(left), "--%s %s", t[i].name, mv);
		if (buf_printf(out, "  %-26s %s\n", left, t[i].help) < 0)
			return -1;
	}
	return 0;
}

int cli_parse_int(const char *s, long long *out)
{
	size_t n = strlen(s), start, len, i;
	const char *p;
	int neg = 0, digits = 0, last_underscore = 0;
	unsigned long long v = 0;

	if (!py_utf8_valid(s, n))
		return -1;
	len = py_strip(s, n, &start);
	p = s + start;
	if (len && (*p == '+' || *p == '-')) {
		neg = *p == '-';
		p++;
		len--;
	}
	for (i = 0; i < len; i++) {
		if (p[i] == '_') {
			if (!digits || last_underscore)
				return -1;
			last_underscore = 1;
			continue;
		}
		if (p[i] < '0' || p[i] > '9')
			return -1;
		if (v <= (unsigned long long)LLONG_MAX)
			v = v * 10 + (unsigned long long)(p[i] - '0');
		digits++;
		last_underscore = 0;
	}
	if (!digits || last_underscore)
		return -1;
	if (v > (unsigned long long)LLONG_MAX)
		v = (unsigned long long)LLONG_MAX;
	*out = neg ? -(long long)v : (long long)v;
	return 0;
}
