/* test_crateof: a file's crate and test filter, and the run's index of them. */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "crateof.h"
#include "sources.h"
#include "tap.h"

static char root[64];

static void put(const char *rel, const char *text)
{
	char path[256], *slash;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (slash = strchr(path + strlen(root) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(path, 0755);
		*slash = '/';
	}
	f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
}

/* "crate|filter" for rel, "-" for NULL. */
static const char *of(crate_index *ci, source_set *src, const char *rel)
{
	static char out[256];
	char *crate, *filter;

	crate_index_of(ci, src, rel, &crate, &filter, NULL, NULL);
	snprintf(out, sizeof(out), "%s|%s", crate ? crate : "-", filter ? filter : "-");
	free(crate);
	free(filter);
	return out;
}

/* Whether rel's crate is no_std, as crate_index_of() answers. */
static int no_std_of(crate_index *ci, source_set *src, const char *rel)
{
	char *crate, *filter;
	int no_std;

	crate_index_of(ci, src, rel, &crate, &filter, &no_std, NULL);
	free(crate);
	free(filter);
	return no_std;
}

/* rel's crate's edition, as crate_index_of() answers. */
static int edition_of(crate_index *ci, source_set *src, const char *rel)
{
	char *crate, *filter;
	int edition;

	crate_index_of(ci, src, rel, &crate, &filter, NULL, &edition);
	free(crate);
	free(filter);
	return edition;
}

typedef struct {
	crate_index *ci;
	source_set *src;
	int wrong;
} racer;

static void *race(void *arg)
{
	racer *r = arg;
	int i;
	char *crate, *filter;

	for (i = 0; i < 200; i++) {
		crate_index_of(r->ci, r->src, i % 2 ? "router/src/a/b.rs" : "kv/tests/load.rs", &crate, &filter, NULL, NULL);
		if (!crate || strcmp(crate, i % 2 ? "router" : "kv") != 0)
			r->wrong++;
		free(crate);
		free(filter);
	}
	return NULL;
}

int main(void)
{
	sources_options so;
	source_set src;
	buf err = BUF_INIT;
	crate_index *ci = crate_index_new();
	pthread_t t[2];
	racer r[2];
	char cmd[128];
	int k;

	strcpy(root, "/tmp/hpa-crateof.XXXXXX");
	if (!mkdtemp(root) || !ci)
		return 1;
	put("Cargo.toml", "[workspace]\nmembers = [\"router\", \"kv\", \"old\", \"shared\"]\n[workspace.package]\nedition = \"2021\"\n");
	put("router/Cargo.toml", "[package]\nname = \"router\"\n");
	put("old/Cargo.toml", "[package]\nname = \"old\"\nedition = \"2018\"\n");
	put("old/src/lib.rs", "pub fn f() {}\n");
	put("shared/Cargo.toml", "[package]\nname = \"shared\"\nedition.workspace = true\n");
	put("shared/src/lib.rs", "pub fn f() {}\n");
	put("router/src/lib.rs", "pub mod a;\n");
	put("router/src/a/b.rs", "fn f() {}\n");
	put("router/src/a/mod.rs", "pub mod b;\n");
	put("kv/Cargo.toml", "[package]\nname = \"kv\"\n");
	put("kv/src/lib.rs", "//! A KV store\n#![cfg_attr(not(feature = \"std\"), no_std)]\npub mod x;\n");
	put("kv/src/x.rs", "pub fn f() {}\n");
	put("kv/tests/load.rs", "#[test] fn t() {}\n");
	put("loose/x.rs", "fn g() {}\n");
	memset(&so, 0, sizeof(so));
	so.root = root;
	so.kind = SOURCES_WALK;
	if (sources_open(&src, &so, &err) < 0) {
		fprintf(stderr, "%s\n", buf_cstr(&err));
		return 1;
	}
	TAP_STREQ(of(ci, &src, "router/src/a/b.rs"), "router|a::b", "a module file: its path as a test filter");
	TAP_STREQ(of(ci, &src, "router/src/a/mod.rs"), "router|a", "mod.rs is its directory's module");
	TAP_STREQ(of(ci, &src, "router/src/lib.rs"), "router|-", "the crate root: no filter");
	TAP_STREQ(of(ci, &src, "kv/tests/load.rs"), "kv|--test load", "an integration test: --test NAME");
	TAP_STREQ(of(ci, &src, "loose/x.rs"), "-|-", "no package above: no crate");
	TAP_OK(no_std_of(ci, &src, "kv/src/x.rs") == 1, "a crate whose root says no_std (cfg_attr too)");
	TAP_OK(no_std_of(ci, &src, "router/src/a/b.rs") == 0, "a crate whose root does not");
	TAP_OK(no_std_of(ci, &src, "loose/x.rs") == 0, "no crate: not no_std");
	TAP_OK(edition_of(ci, &src, "old/src/lib.rs") == 2018, "a crate's own edition");
	TAP_OK(edition_of(ci, &src, "shared/src/lib.rs") == 2021, "edition.workspace = true: the workspace's");
	TAP_OK(edition_of(ci, &src, "router/src/a/b.rs") == 2015, "no edition: 2015, as cargo takes it");
	TAP_OK(edition_of(ci, &src, "loose/x.rs") == 0, "no crate: no edition");
	/* the index answers from what it read: a manifest gone since is not read again */
	snprintf(cmd, sizeof(cmd), "rm %s/router/Cargo.toml", root);
	TAP_OK(system(cmd) == 0, "manifest removed");
	TAP_STREQ(of(ci, &src, "router/src/a/b.rs"), "router|a::b", "a directory's answer is remembered");
	TAP_STREQ(of(NULL, &src, "router/src/a/b.rs"), "-|-", "without an index the manifest is read again");
	for (k = 0; k < 2; k++) {
		r[k].ci = ci;
		r[k].src = &src;
		r[k].wrong = 0;
		pthread_create(&t[k], NULL, race, &r[k]);
	}
	for (k = 0; k < 2; k++)
		pthread_join(t[k], NULL);
	TAP_OK(r[0].wrong == 0 && r[1].wrong == 0, "two threads share one index");
	crate_index_free(ci);
	sources_close(&src);
	buf_free(&err);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	if (system(cmd) != 0)
		return 1;
	return tap_done();
}
