/* test_asynccalls: which calls of async code the first pass records, and
 * which fns of another file the second pass takes them for. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "asynccalls.h"
#include "rustlex.h"
#include "rustscan.h"
#include "tap.h"
#include "typelib.h"

/* The records of one file: its async calls, then "edges:" and the calls
 * its plain fns make. */
static const char *records(const char *text)
{
	static buf out;
	buf calls = BUF_INIT, edges = BUF_INIT;
	rustlex_result lx;
	rustscan_result rs;

	memset(&lx, 0, sizeof(lx));
	buf_clear(&out);
	if (rustlex_lex(&lx, text, strlen(text)) < 0 || rustscan_scan(&rs, &lx) < 0 ||
	    asynccalls_out(&rs, "src/server.rs", NULL, &calls) < 0 || asynccalls_edges(&rs, "src/server.rs", &edges) < 0)
		return "error";
	buf_printf(&out, "%sedges:\n%s", buf_cstr(&calls), buf_cstr(&edges));
	rustscan_free(&rs);
	rustlex_free(&lx);
	buf_free(&calls);
	buf_free(&edges);
	return buf_cstr(&out);
}

static void test_forms(void)
{
	const char *got = records("use crate::util;\n"
	                          "use other_crate::fetch;\n"
	                          "pub struct Server { store: Arc<Store> }\n"
	                          "impl Server {\n"
	                          "    async fn serve(&self, paste: &Paste, items: Vec<Item>) {\n"
	                          "        helper(1);\n"                        /* not in a loop */
	                          "        for item in items {\n"
	                          "            util::get_size(&item);\n"        /* a module path of this crate: the name is the key */
	                          "            Directory::try_from(&item);\n"   /* Type::f */
	                          "            paste.store_file(&item);\n"      /* a parameter's type */
	                          "            self.store.put(&item);\n"        /* a field's type */
	                          "            unknown.describe();\n"           /* no type: nothing */
	                          "            fetch(&item);\n"                 /* another crate's, by its use */
	                          "            std::fs::read(&item);\n"         /* std's: nothing */
	                          "            spawn_blocking(move || load(&item));\n"
	                          "            local(&item);\n"                 /* defined here: the in-file rule's */
	                          "        }\n"
	                          "    }\n"
	                          "}\n"
	                          "fn local(x: &Item) { util::check(x); }\n"
	                          "#[cfg(test)]\nmod tests {\n"
	                          "    async fn t(items: Vec<Item>) { for i in items { Directory::try_from(&i); } }\n"
	                          "}\n");
	TAP_STREQ(got,
	          "get_size\t-\t-\tserve\tasync `serve` (`src/server.rs`, line 8) calls `get_size` in a loop\n"
	          "Directory::try_from\t-\t-\tserve\tasync `serve` (`src/server.rs`, line 9) calls `try_from` in a loop\n"
	          "Paste::store_file\t-\t-\tserve\tasync `serve` (`src/server.rs`, line 10) calls `store_file` in a loop\n"
	          "Store::put\t-\t-\tserve\tasync `serve` (`src/server.rs`, line 11) calls `put` in a loop\n"
	          "fetch\tother_crate\t-\tserve\tasync `serve` (`src/server.rs`, line 13) calls `fetch` in a loop\n"
	          "spawn_blocking\t-\t-\tserve\tasync `serve` (`src/server.rs`, line 15) calls `spawn_blocking` in a loop\n"
	          "load\t-\tspawn_blocking\tserve\tasync `serve` (`src/server.rs`, line 15) calls `load` in a loop\n"
	          "edges:\n"
	          "check\t-\t-\tlocal\t`local` (`src/server.rs`) calls `check` (line 20)\n",
	          "asynccalls: each form that names a fn is recorded, with its root and the calls around it; test code is not");
}

static void test_loops(void)
{
	TAP_STREQ(records("async fn poll(p: &Path) {\n"
	                  "    loop {\n"
	                  "        if ready_file(p).is_some() { return; }\n"
	                  "        tokio::time::sleep(D).await;\n"
	                  "    }\n"
	                  "}\n"
	                  "fn spawn_all(xs: Vec<X>) {\n"
	                  "    for x in xs {\n"
	                  "        tokio::spawn(async move { store(x); });\n"
	                  "    }\n"
	                  "}\n"
	                  "async fn on_threads(xs: Vec<X>) {\n"
	                  "    for x in xs { std::thread::spawn(move || save(x)); }\n"
	                  "}\n"),
	          "store\t-\tspawn\tspawn_all\tan async block of `spawn_all` (`src/server.rs`, line 9) calls `store` in a loop\n"
	          "save\t-\tthread::spawn\ton_threads\tasync `on_threads` (`src/server.rs`, line 13) calls `save` in a loop\n"
	          "edges:\n"
	          "spawn\ttokio\t-\tspawn_all\t`spawn_all` (`src/server.rs`) calls `spawn` (line 9)\n",
	          "asynccalls: a loop that sleeps on every pass is a poll; an async block in a loop counts; a thread's closure says so");
}

static void test_names(void)
{
	strlist wanted = { 0 };
	static const char edges[] = "get_dir_size\t-\t-\tPaste::store_file\t`store_file` (`src/paste.rs`) calls `get_dir_size` (line 3)\n"
	                            "unrelated\t-\t-\tother\t`other` (`src/x.rs`) calls `unrelated` (line 9)\n";

	TAP_OK(asynccalls_names("get_dir_size\nStore::save\n", 25, edges, strlen(edges), &wanted) == 0 && wanted.count == 3 &&
	           strlist_has(&wanted, "get_dir_size", 12) && strlist_has(&wanted, "Store", 5) &&
	           strlist_has(&wanted, "Paste", 5),
	       "asynccalls: the words looked for: a key's (a type's fn: the type), and the callers' of the edges into one");
	TAP_OK(asynccalls_wanted(&wanted, "let p: &Paste = x;", 18) && !asynccalls_wanted(&wanted, "let p: &Pasted = x;", 19) &&
	           !asynccalls_wanted(&wanted, "get_dir_sizes(x)", 16),
	       "asynccalls: a word is wanted as a whole identifier, not inside another");
	strlist_free(&wanted);
}

/* A library of three files' records and declarations. */
static void test_reason(void)
{
	typelib lib;
	rustlex_result lx;
	buf why = BUF_INIT;
	strlist off = { 0 }, skip = { 0 };
	const char *r;
	static const char server[] = "use crate::util;\n"
	                             "async fn upload(paste: &Paste, fields: Vec<F>) {\n"
	                             "    for f in fields {\n"
	                             "        paste.store_file(&f);\n"
	                             "        spawn_blocking(move || util::scan(&f));\n"
	                             "        util::twice(&f);\n"
	                             "    }\n"
	                             "}\n";
	static const char paste[] = "pub struct Paste { data: Vec<u8> }\n"
	                            "impl Paste {\n"
	                            "    pub fn store_file(&self, f: &F) { crate::util::get_dir_size(f); }\n"
	                            "}\n";
	static const char util[] = "pub fn get_dir_size(f: &F) -> u64 { 0 }\n"
	                           "pub fn scan(f: &F) {}\n"
	                           "pub fn twice(f: &F) {}\n"
	                           "mod other { pub fn twice(f: &F) {} }\n";
	const char *files[3] = { server, paste, util };
	size_t i;

	memset(&lib, 0, sizeof(lib));
	memset(&lx, 0, sizeof(lx));
	strlist_add(&off, "spawn_blocking");
	for (i = 0; i < 3; i++) {
		rustlex_result one;
		rustscan_result rs;
		buf calls = BUF_INIT, edges = BUF_INIT;
		memset(&one, 0, sizeof(one));
		if (rustlex_lex(&one, files[i], strlen(files[i])) == 0 && rustscan_scan(&rs, &one) == 0) {
			const char *path = i == 0 ? "src/server.rs" : i == 1 ? "src/paste.rs" : "src/util.rs";
			asynccalls_out(&rs, path, NULL, &calls);
			asynccalls_edges(&rs, path, &edges);
			typelib_add_async_calls(&lib, buf_cstr(&calls), calls.len);
			typelib_add_async_edges(&lib, buf_cstr(&edges), edges.len);
			rustscan_free(&rs);
		}
		rustlex_free(&one);
		typelib_collect(&lib, &lx, files[i], strlen(files[i]));
		typelib_add_crate(&lib, "app");
		buf_free(&calls);
		buf_free(&edges);
	}
	TAP_OK(typelib_finish(&lib) == 0 && typelib_index_async(&lib) == 0, "asynccalls: the library is built");
	r = asynccalls_reason(&lib, "Paste", 5, "store_file", 10, &off, NULL, &why);
	TAP_STREQ(r, "async `upload` (`src/server.rs`, line 4) calls `store_file` in a loop",
	          "asynccalls: a method of a parameter's type, called per item");
	r = asynccalls_reason(&lib, NULL, 0, "get_dir_size", 12, &off, NULL, &why);
	TAP_STREQ(r,
	          "async `upload` (`src/server.rs`, line 4) calls `store_file` in a loop, and `store_file` "
	          "(`src/paste.rs`) calls `get_dir_size` (line 3)",
	          "asynccalls: a free fn one plain fn on, in a third file");
	TAP_OK(asynccalls_reason(&lib, NULL, 0, "scan", 4, &off, NULL, &why) == NULL,
	       "asynccalls: a call inside spawn_blocking is off the executor");
	TAP_OK(asynccalls_reason(&lib, NULL, 0, "twice", 5, &off, NULL, &why) == NULL,
	       "asynccalls: a free fn the workspace defines twice is not taken for either");
	TAP_OK(asynccalls_reason(&lib, "Other", 5, "store_file", 10, &off, NULL, &why) == NULL,
	       "asynccalls: a method of another type is not the one called");
	strlist_add(&skip, "*load*");
	TAP_OK(asynccalls_reason(&lib, "Paste", 5, "store_file", 10, &off, &skip, &why) == NULL,
	       "asynccalls: async code named as the rule's not_in_fn words say (start-up, shutdown) is left alone");
	typelib_free(&lib);
	rustlex_free(&lx);
	strlist_free(&off);
	strlist_free(&skip);
	buf_free(&why);
}

int main(void)
{
	test_forms();
	test_loops();
	test_names();
	test_reason();
	return tap_done();
}
