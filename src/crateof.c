#include "config.h"

#include "crateof.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "buf.h"
#include "cargotoml.h"
#include "pyunicode.h"
#include "textfind.h"

struct crate_index {
	pthread_mutex_t lock;
	json_t *dirs;   /* directory -> package name, or null for none */
	json_t *no_std; /* crate directory -> true/false */
	json_t *edition; /* crate directory -> its edition */
};

crate_index *crate_index_new(void)
{
	crate_index *ci = calloc(1, sizeof(*ci));

	if (!ci)
		return NULL;
	if (!(ci->dirs = json_object()) || !(ci->no_std = json_object()) || !(ci->edition = json_object()) ||
	    pthread_mutex_init(&ci->lock, NULL) != 0) {
		json_decref(ci->dirs);
		json_decref(ci->no_std);
		json_decref(ci->edition);
		free(ci);
		return NULL;
	}
	return ci;
}

void crate_index_free(crate_index *ci)
{
	if (!ci)
		return;
	pthread_mutex_destroy(&ci->lock);
	json_decref(ci->dirs);
	json_decref(ci->no_std);
	json_decref(ci->edition);
	free(ci);
}

/* The `name` of the [package] in a Cargo.toml's text, or NULL. */
static char *package_name(const buf *text)
{
	buf name = BUF_INIT;

	if (cargotoml_get(text->ptr, text->len, "package", "name", &name, NULL) == 1 && name.len)
		return buf_detach(&name);
	buf_free(&name);
	return NULL;
}

/* *s (owned, or NULL) with U+FFFD for each ill-formed UTF-8 sequence. */
static void utf8_or_repaired(char **s)
{
	buf fixed = BUF_INIT;

	if (*s && !py_utf8_valid(*s, strlen(*s)) && py_utf8_repair(&fixed, *s, strlen(*s)) == 0) {
		free(*s);
		*s = buf_detach(&fixed);
	}
	buf_free(&fixed);
}

/* What the index knows of dir: 1 with *name (an owned copy; NULL for a
 * directory without a package), or 0 when it has not been looked at. */
static int known_dir(crate_index *ci, const char *dir, char **name)
{
	json_t *known;
	int found = 0;

	*name = NULL;
	pthread_mutex_lock(&ci->lock);
	if ((known = json_object_get(ci->dirs, dir)) != NULL) {
		found = 1;
		if (json_is_string(known))
			*name = strdup(json_string_value(known));
	}
	pthread_mutex_unlock(&ci->lock);
	return found;
}

/* Two threads may read the same manifest at once; both answers are the
 * same, and the second is dropped. */
static void remember_dir(crate_index *ci, const char *dir, const char *name)
{
	pthread_mutex_lock(&ci->lock);
	if (!json_object_get(ci->dirs, dir)) /* (a name that is not UTF-8 is looked up again) */
		json_object_set_new_nocheck(ci->dirs, dir, name ? json_string(name) : json_null());
	pthread_mutex_unlock(&ci->lock);
}

/* Does the root of the crate in directory dir (src/lib.rs, else
 * src/main.rs) say `no_std` among its first lines?  Remembered per crate
 * when there is an index. */
static int root_no_std(crate_index *ci, source_set *src, const char *dir)
{
	static const char *const roots[] = { "src/lib.rs", "src/main.rs", NULL };
	buf path = BUF_INIT, text = BUF_INIT;
	json_t *v;
	size_t k;
	int rc = -1;

	if (ci) {
		pthread_mutex_lock(&ci->lock);
		if ((v = json_object_get(ci->no_std, dir)) != NULL)
			rc = json_is_true(v);
		pthread_mutex_unlock(&ci->lock);
		if (rc >= 0)
			return rc;
	}
	rc = 0;
	for (k = 0; roots[k]; k++) {
		buf_clear(&path);
		buf_printf(&path, "%s%s%s", dir, *dir ? "/" : "", roots[k]);
		if (sources_read_path(src, path.ptr, &text) == 0 && text.ptr) {
			/* inner attributes come first: the head of the file is enough */
			rc = textfind(text.ptr, text.len < 16384 ? text.len : 16384, "no_std", 6) != NULL;
			break;
		}
	}
	if (ci) {
		pthread_mutex_lock(&ci->lock);
		json_object_set_new_nocheck(ci->no_std, dir, json_boolean(rc));
		pthread_mutex_unlock(&ci->lock);
	}
	buf_free(&path);
	buf_free(&text);
	return rc;
}

/* The edition a manifest's text names in [table] (`edition = "2018"`), 0
 * when none, -1 when it defers to the workspace's (`edition.workspace =
 * true`, `edition = { workspace = true }`). */
static int manifest_edition(const buf *text, const char *table)
{
	buf v = BUF_INIT;
	int e = 0;

	if (cargotoml_get(text->ptr, text->len, table, "edition", &v, NULL) == 1 && v.len) {
		if (strstr(buf_cstr(&v), "workspace"))
			e = -1;
		else
			e = atoi(buf_cstr(&v));
	} else if (cargotoml_get(text->ptr, text->len, table, "edition.workspace", &v, NULL) == 1)
		e = -1;
	buf_free(&v);
	return e;
}

/* The edition of the crate in directory dir (crateof.h). */
static int crate_edition(crate_index *ci, source_set *src, const char *dir)
{
	buf path = BUF_INIT, text = BUF_INIT, up = BUF_INIT;
	json_t *v;
	int e = -2;

	pthread_mutex_lock(&ci->lock);
	if ((v = json_object_get(ci->edition, dir)) != NULL)
		e = (int)json_integer_value(v);
	pthread_mutex_unlock(&ci->lock);
	if (e != -2)
		return e;
	buf_printf(&path, "%s%sCargo.toml", dir, *dir ? "/" : "");
	e = sources_read_path(src, path.ptr, &text) == 0 && text.ptr ? manifest_edition(&text, "package") : 0;
	if (e == -1) { /* the workspace's: the nearest manifest above that sets one */
		const char *slash;
		buf_puts(&up, dir);
		e = 0;
		while (up.len) {
			slash = strrchr(buf_cstr(&up), '/');
			up.len = slash ? (size_t)(slash - up.ptr) : 0;
			up.ptr[up.len] = '\0';
			buf_clear(&path);
			buf_printf(&path, "%s%sCargo.toml", buf_cstr(&up), up.len ? "/" : "");
			if (sources_read_path(src, path.ptr, &text) == 0 && text.ptr &&
			    (e = manifest_edition(&text, "workspace.package")) > 0)
				break;
			e = 0;
		}
	}
	if (e <= 0)
		e = 2015; /* cargo's default */
	pthread_mutex_lock(&ci->lock);
	if (!json_object_get(ci->edition, dir))
		json_object_set_new_nocheck(ci->edition, dir, json_integer(e));
	pthread_mutex_unlock(&ci->lock);
	buf_free(&path);
	buf_free(&text);
	buf_free(&up);
	return e;
}

void crate_index_of(crate_index *ci, source_set *src, const char *rel, char **crate, char **filter, int *no_std,
                    int *edition)
{
	buf dir = BUF_INIT, manifest = BUF_INIT, f = BUF_INIT, text = BUF_INIT;
	const char *slash;
	size_t dlen;

	*crate = *filter = NULL;
	if (no_std)
		*no_std = 0;
	if (edition)
		*edition = 0;
	buf_puts(&dir, rel);
	for (;;) {
		slash = strrchr(buf_cstr(&dir), '/');
		dlen = slash ? (size_t)(slash - dir.ptr) : 0;
		dir.len = dlen;
		if (dir.ptr)
			dir.ptr[dlen] = '\0';
		if (!ci || !known_dir(ci, buf_cstr(&dir), crate)) {
			buf_clear(&manifest);
			buf_printf(&manifest, "%s%sCargo.toml", buf_cstr(&dir), dlen ? "/" : "");
			if (sources_read_path(src, manifest.ptr, &text) == 0 && text.ptr)
				*crate = package_name(&text);
			/* a directory without a package is remembered only where asking
			 * again would cost a system call: a walk's source set knows
			 * those directories already (sources_read_path answers from its
			 * list), and the entries, thousands on a deep tree, stay in
			 * memory among the findings' through the second pass */
			if (ci && (*crate || !src->no_manifest_count))
				remember_dir(ci, buf_cstr(&dir), *crate);
		}
		if (*crate)
			break;
		if (!dlen)
			goto done;
	}
	if (no_std)
		*no_std = root_no_std(ci, src, buf_cstr(&dir));
	if (edition && ci)
		*edition = crate_edition(ci, src, buf_cstr(&dir));
	/* rel below the crate directory */
	{
		const char *in = rel + (dlen ? dlen + 1 : 0), *stem, *dot;
		size_t n;
		if (strncmp(in, "tests/", 6) == 0 || strncmp(in, "benches/", 8) == 0 || strncmp(in, "examples/", 9) == 0) {
			const char *kind = in[0] == 't' ? "--test" : in[0] == 'b' ? "--bench" : "--example";
			in = strchr(in, '/') + 1;
			stem = strchr(in, '/') ? NULL : in;
			if (stem && (dot = strrchr(stem, '.')))
				buf_printf(&f, "%s %.*s", kind, (int)(dot - stem), stem);
			else /* tests/name/main.rs */
				buf_printf(&f, "%s %.*s", kind, (int)strcspn(in, "/"), in);
		} else if (strncmp(in, "src/", 4) == 0) {
			in += 4;
			n = strlen(in);
			if (n > 3 && strcmp(in + n - 3, ".rs") == 0)
				n -= 3;
			buf_append(&f, in, n);
			if (f.len >= 3 && strcmp(f.ptr + f.len - 3, "mod") == 0 && (f.len == 3 || f.ptr[f.len - 4] == '/'))
				f.len = f.len == 3 ? 0 : f.len - 4;
			if (f.ptr) {
				f.ptr[f.len] = '\0';
				if (strcmp(f.ptr, "lib") == 0 || strcmp(f.ptr, "main") == 0)
					buf_clear(&f);
			}
			{ /* a/b -> a::b */
				buf m = BUF_INIT;
				size_t i;
				for (i = 0; i < f.len; i++)
					if (f.ptr[i] == '/')
						buf_puts(&m, "::");
					else
						buf_putc(&m, f.ptr[i]);
				buf_free(&f);
				f = m;
			}
		}
	}
	if (f.len)
		*filter = buf_detach(&f);
done:
	utf8_or_repaired(crate);
	utf8_or_repaired(filter);
	buf_free(&dir);
	buf_free(&manifest);
	buf_free(&f);
	buf_free(&text);
}

