/* test_cargotoml: the Cargo.toml values the audits read. */
#include "config.h"

#include <string.h>

#include "cargotoml.h"
#include "tap.h"

static const char manifest[] =
	"# a comment with [features] in it\n"
	"[package]\n"
	"name = \"dynamo-llm\"   # the name, with a comment\n"
	"name_suffix = \"not the name\"\n"
	"description = 'a literal with # and [brackets]'\n"
	"\n"
	"[features]\n"
	"default = [\n"
	"  \"metrics\",  # a comment ] inside\n"
	"  \"tracing\",\n"
	"  'candle',\n"
	"]\n"
	"full = [\"default\", \"cuda\"]\n"
	"\n"
	"[[bin]]\n"
	"name = \"server\"\n"
	"\n"
	"[profile.release]\r\n"
	"lto = \"thin\"\r\n"
	"codegen-units = 1\r\n"
	"debug = false\n"
	"[workspace.dependencies]\n"
	"x = { version = \"1\", features = [\"a\"] }\n";

int main(void)
{
	buf v = BUF_INIT;
	strlist items = { 0 };
	size_t line = 0;
	size_t n = sizeof(manifest) - 1;

	TAP_OK(cargotoml_get(manifest, n, "package", "name", &v, &line) == 1, "package name found");
	TAP_STREQ(buf_cstr(&v), "dynamo-llm", "a string value without its quotes or the comment after it");
	TAP_OK(line == 3, "its line");
	TAP_OK(cargotoml_get(manifest, n, "package", "description", &v, NULL) == 1, "a literal string");
	TAP_STREQ(buf_cstr(&v), "a literal with # and [brackets]", "a # inside a string is not a comment");
	TAP_OK(cargotoml_get(manifest, n, "features", "default", &v, &line) == 1 && line == 8, "an array over lines, at its first line");
	TAP_OK(cargotoml_strings(buf_cstr(&v), &items) == 0 && items.count == 3, "its three strings");
	TAP_OK(items.count == 3 && strcmp(items.items[0].s, "metrics") == 0 && strcmp(items.items[2].s, "candle") == 0,
	       "in order, both quote kinds");
	TAP_OK(cargotoml_get(manifest, n, "profile.release", "lto", &v, NULL) == 1 && strcmp(buf_cstr(&v), "thin") == 0,
	       "a dotted table's key, CRLF lines");
	TAP_OK(cargotoml_get(manifest, n, "profile.release", "codegen-units", &v, NULL) == 1 && strcmp(buf_cstr(&v), "1") == 0,
	       "a number as written");
	TAP_OK(cargotoml_get(manifest, n, "profile.release", "opt-level", &v, NULL) == 0, "a key not set: 0");
	TAP_OK(cargotoml_get(manifest, n, "bin", "name", &v, NULL) == 0, "an array of tables is not the table asked for");
	TAP_OK(cargotoml_get(manifest, n, "package", "name_suffix", &v, NULL) == 1 &&
	       strcmp(buf_cstr(&v), "not the name") == 0, "a key that starts like another is its own key");
	TAP_OK(cargotoml_has_table(manifest, n, "profile.release") && cargotoml_has_table(manifest, n, "package") &&
	       !cargotoml_has_table(manifest, n, "workspace") && cargotoml_has_table(manifest, n, "workspace.dependencies"),
	       "which tables it has (a header in a comment does not count)");
	TAP_OK(cargotoml_get(manifest, n, "", "name", &v, NULL) == 0, "the top table: no such key before the first header");
	TAP_OK(cargotoml_get("default = [\"a\"", 13, "", "default", &v, NULL) == 1, "an unclosed array: what there is, no over-read");
	buf_free(&v);
	strlist_free(&items);
	return tap_done();
}
