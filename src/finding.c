#include "config.h"

#include "finding.h"

#include <string.h>

uint64_t finding_hash(uint64_t h, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

int md_code(buf *out, const char *s, size_t n)
{
	size_t i, run = 0, longest = 0, fence;
	char *p;
	int pad;

	for (i = 0; i < n; i++) {
		run = s[i] == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	fence = longest + 1;
	/* a span that starts or ends with a backtick needs a space inside */
	pad = n && (s[0] == '`' || s[n - 1] == '`');
	if (buf_grow(out, n + 2 * fence + 2) < 0)
		return -1;
	p = out->ptr + out->len;
	memset(p, '`', fence);
	p += fence;
	if (pad)
		*p++ = ' ';
	for (i = 0; i < n; i++) /* a code span is one line */
		*p++ = (s[i] == '\n' || s[i] == '\r') ? ' ' : s[i];
	if (pad)
		*p++ = ' ';
	memset(p, '`', fence);
	p += fence;
	*p = '\0';
	out->len = (size_t)(p - out->ptr);
	return 0;
}

json_t *md_code_json(const char *s)
{
	buf b = BUF_INIT;
	json_t *v = NULL;

	if (!*s)
		return json_string("");
	if (md_code(&b, s, strlen(s)) == 0)
		v = json_string(buf_cstr(&b));
	buf_free(&b);
	return v;
}

static void code(buf *b, const char *s)
{
	md_code(b, s, strlen(s));
}

/* `recv.clone()` as written at the site. */
static void clone_expr(buf *b, const evidence *ev, const finding_site *fs)
{
	buf e = BUF_INIT;

	if (fs->method_form)
		buf_printf(&e, "%s.clone()", ev->receiver);
	else
		buf_printf(&e, "%s(&%s)", ev->path_call[0] ? ev->path_call : "Clone::clone", ev->receiver);
	code(b, buf_cstr(&e));
	buf_free(&e);
}

/* "replace `x.clone()` with `BEFORE x AFTER`" */
static void replace_clone_with(buf *b, const evidence *ev, const finding_site *fs, const char *before, const char *after)
{
	buf e = BUF_INIT;

	buf_printf(&e, "%s%s%s", before, ev->receiver, after);
	buf_puts(b, "replace ");
	clone_expr(b, ev, fs);
	buf_puts(b, " with ");
	code(b, buf_cstr(&e));
	buf_free(&e);
}

static const char *root_desc(enum ev_root k)
{
	switch (k) {
	case EV_ROOT_LOCAL: return "a local owned by this fn";
	case EV_ROOT_PARAM_VALUE: return "a by-value parameter";
	case EV_ROOT_LOOP_OWNED: return "the loop's owned item";
	case EV_ROOT_PARAM_REF: return "behind a reference parameter";
	case EV_ROOT_SELF_FIELD: return "a field read through `self`";
	case EV_ROOT_LOOP_REF: return "a reference to a borrowed collection's item";
	case EV_ROOT_CLOSURE_PARAM: return "a closure parameter";
	case EV_ROOT_BINDING: return "a binding that may hold a reference (a pattern's, or one made from a borrow or of a type that may be one)";
	case EV_ROOT_CALL: return "the result of a call";
	case EV_ROOT_STATIC: return "a constant or static";
	case EV_ROOT_TEMP: return "a fresh temporary";
	default: return "not declared in this fn";
	}
}

int finding_score(const finding_file *ff, const evidence *ev, verdict v)
{
	int score = ff->hot_score;

	if (ev->in_loop)
		score += 4;
	switch (ev->cost) {
	case EV_COST_HEAP: score += 3; break;
	case EV_COST_REFCOUNT: score -= 5; break;
	case EV_COST_COPY: score -= 3; break;
	default: break;
	}
	if (bucket_is_removable(v.bucket) || v.bucket == B_STRUCTURAL_REFACTOR)
		score += 2;
	if (v.bucket == B_COLD_TEST_ONLY)
		score -= 8;
	return score;
}

static void hot_path_rationale(buf *b, const finding_file *ff, const finding_site *fs, const evidence *ev)
{
	code(b, ff->path);
	if (fs->in_test || ff->test_path)
		buf_puts(b, " is test, bench or example code, never on a production request path");
	else if (ff->hot_inferred)
		buf_printf(b, " matches no hot-path rule, but the code runs %s (priority %d)", ff->hot_inferred, ff->hot_score);
	else if (ff->hot_prefix) {
		buf_printf(b, " is on the hot path \"%s\" (rule ", ff->hot_label);
		code(b, ff->hot_prefix);
		buf_printf(b, ", priority %d)", ff->hot_score);
	} else
		buf_printf(b, " matches no hot-path rule (\"%s\", priority %d)", ff->hot_label, ff->hot_score);
	if (ev->fn_name[0]) {
		buf_puts(b, "; the clone runs in fn ");
		code(b, ev->fn_name);
		buf_printf(b, " (lines %u-%u)", ev->fn_first, ev->fn_last);
	} else
		buf_puts(b, "; the clone is outside any fn body (a static, const or attribute)");
	if (ev->in_loop)
		buf_printf(b, ", inside the `%s` loop at line %u, once per iteration", ev->loop_kw, ev->loop_line);
	if (ev->in_closure)
		buf_printf(b, ", inside %s at line %u", ev->closure_async ? (ev->closure_move ? "an `async move` block" : "an `async` block")
		                                      : (ev->closure_move ? "a `move` closure" : "a closure"), ev->closure_line);
	buf_putc(b, '.');
}

static void cloned_value(buf *b, const finding_site *fs, const evidence *ev)
{
	code(b, ev->receiver);
	if (ev->type[0]) {
		buf_puts(b, ": ");
		code(b, ev->type);
		if (ev->type_source && ev->decl_line)
			buf_printf(b, " (%s, line %u)", ev->type_source, ev->decl_line);
		else if (ev->type_source)
			buf_printf(b, " (%s)", ev->type_source);
	} else
		buf_printf(b, ", %s; its type is not declared in this file", root_desc(ev->root_kind));
	buf_printf(b, ". Likely cost: %s", cost_name(ev->cost));
	if (ev->cost_by_name)
		buf_puts(b, " (guessed from the name, not a declared type)");
	buf_putc(b, '.');
	(void)fs;
}

static void change(buf *b, const finding_file *ff, const finding_site *fs, const evidence *ev, verdict v)
{
	switch (v.bucket) {
	case B_CHEAP_REQUIRED:
		buf_puts(b, "keep the clone");
		if (fs->method_form && (strncmp(ev->type, "Arc", 3) == 0 || strncmp(ev->type, "Rc", 2) == 0)) {
			buf e = BUF_INIT;
			buf_printf(&e, "%.2s%s::clone(&%s)", ev->type, ev->type[0] == 'A' ? "c" : "", ev->receiver);
			buf_puts(b, "; where the project prefers it, ");
			code(b, buf_cstr(&e));
			buf_puts(b, " shows that it is a refcount increment");
			buf_free(&e);
		}
		break;
	case B_SEMANTIC_REQUIRED:
		buf_puts(b, "keep the clone");
		break;
	case B_COLD_TEST_ONLY:
		buf_puts(b, "keep the clone (test code is out of scope for hot-path work)");
		break;
	case B_REMOVABLE_MOVE:
		if (v.rule == 14) {
			buf_puts(b, "take the value instead of copying it: ");
			replace_clone_with(b, ev, fs, ff->no_std ? "core::mem::take(&mut " : "std::mem::take(&mut ", ")");
			buf_printf(b, " (the field is cleared or replaced at line %u anyway)", ev->taken_line);
			break;
		}
		if (v.rule == 7 && ev->copy_behind_ref) {
			replace_clone_with(b, ev, fs, "*", "");
			buf_puts(b, " (a Copy value behind a reference: the dereference copies it; the reference itself would "
			            "be another type)");
			break;
		}
		replace_clone_with(b, ev, fs, "", "");
		if (v.rule == 7)
			buf_puts(b, " (a Copy value is copied by the use itself)");
		else if (v.rule == 8)
			buf_puts(b, " (the temporary is already an owned value)");
		else if (ev->partial_move)
			buf_printf(b, " (moves the field out of `%s`: a partial move)", ev->root);
		else if (ev->bound_to[0])
			buf_printf(b, ", moving it into `%s`", ev->bound_to);
		else
			buf_puts(b, " (move it)");
		break;
	case B_REMOVABLE_BORROW:
		if (v.rule == 5 && ev->for_head) {
			buf e = BUF_INIT;
			buf_printf(&e, "&%s", ev->receiver);
			buf_puts(b, "iterate by reference: loop over ");
			code(b, buf_cstr(&e));
			buf_puts(b, " instead of ");
			clone_expr(b, ev, fs);
			buf_free(&e);
		} else if (v.rule == 5) {
			buf e = BUF_INIT;
			buf_printf(&e, "let %s = &%s;", ev->bound_to, ev->receiver);
			buf_puts(b, "bind a reference: ");
			code(b, buf_cstr(&e));
			buf_printf(b, " (`%s` is only read)", ev->bound_to);
			buf_free(&e);
		} else if (strcmp(ev->borrow_how, "&") == 0) {
			buf e = BUF_INIT;
			buf_puts(b, "borrow the original: replace ");
			buf_printf(&e, "&%s.clone()", ev->receiver);
			code(b, buf_cstr(&e));
			buf_clear(&e);
			buf_printf(&e, "%s%s", ev->receiver_is_ref ? "" : "&", ev->receiver);
			buf_puts(b, " with ");
			code(b, buf_cstr(&e));
			if (ev->receiver_is_ref)
				buf_printf(b, " (`%s` is already a reference: `&%s` would be a reference to it)", ev->receiver,
				           ev->receiver);
			buf_free(&e);
		} else if (strcmp(ev->borrow_how, "param") == 0) {
			buf_puts(b, "pass a reference: ");
			replace_clone_with(b, ev, fs, "&", "");
			buf_printf(b, " (every `%s` of the workspace takes that argument as `impl AsRef`, `Display` or the like, "
			              "which a reference satisfies too)", ev->borrow_text);
		} else if (strcmp(ev->borrow_how, "method") == 0) {
			buf_printf(b, "call `%s` on the original: drop `.clone()` from ", ev->borrow_text);
			clone_expr(b, ev, fs);
		} else if (strcmp(ev->borrow_how, "format!") == 0) {
			buf_puts(b, "pass ");
			code(b, ev->receiver);
			buf_printf(b, " to `%s!` without cloning: it only reads its arguments", ev->borrow_text);
		} else {
			buf_puts(b, "compare ");
			code(b, ev->receiver);
			buf_puts(b, " itself");
		}
		break;
	case B_STRUCTURAL_REFACTOR:
		if (ev->root_kind == EV_ROOT_SELF_FIELD) {
			buf_puts(b, "store ");
			code(b, ev->field);
			buf_puts(b, " behind an `Arc` (a `Vec<T>` as `Arc<[T]>`), so that this per-call clone becomes a refcount "
			            "increment; the field's writers change with it");
		} else
			buf_puts(b, "change the API so the value is shared (`Arc`) or lent (`&T`) rather than copied per call");
		break;
	default:
		break;
	}
}

/* Why the clone is not removable, for the required buckets. */
static void reason(buf *b, const finding_file *ff, const finding_site *fs, const evidence *ev, verdict v)
{
	switch (v.rule) {
	case 1:
		if (fs->in_test && ev->fn_name[0]) {
			buf_puts(b, "fn ");
			code(b, ev->fn_name);
			buf_printf(b, " (line %u) is test code: a `#[test]`/`#[bench]` fn or in a `#[cfg(test)]` module", ev->fn_first);
		} else if (fs->in_test)
			buf_puts(b, "it is in a `#[cfg(test)]` module");
		else {
			buf_puts(b, "its path ");
			code(b, ff->path);
			buf_puts(b, " is a test, bench or example path (it contains ");
			code(b, ff->test_marker ? ff->test_marker : "a test marker");
			buf_putc(b, ')');
		}
		break;
	case 2:
	case 6:
		buf_puts(b, "cloning ");
		code(b, ev->type[0] ? ev->type : ev->receiver);
		buf_puts(b, v.rule == 6 ? " (a handle, judging by its name)" : "");
		buf_puts(b, " only increments a reference count or copies a handle; the clone is how ownership is shared");
		if (ev->boundary[0])
			buf_printf(b, " with the `%s` at line %u", ev->boundary, ev->boundary_line);
		break;
	case 3:
		if (strncmp(ev->lock_how, "guard ", 6) == 0) /* a guard bound to a name: "guard `g`" */
			buf_printf(b, "the value is cloned out of the lock %s; the clone is what outlives the guard, and "
			              "removing it would move the guard (or keep the lock held) where the value is used",
			           ev->lock_how);
		else
			buf_printf(b, "the value is cloned out of a `%s` guard; the clone lets the guard drop at the end of the "
			              "statement, and removing it would keep the lock held while the value is used",
			           ev->lock_how);
		break;
	case 17:
		buf_puts(b, "the copy is handed whole to ");
		code(b, ev->leak_call);
		buf_printf(b, " at line %u: it is made to be kept alive (a reference taken on purpose), and moving ", ev->leak_line);
		code(b, ev->root);
		buf_puts(b, " there instead would give away the very reference the clone takes");
		break;
	case 9:
		code(b, ev->partial_move ? ev->receiver : ev->root);
		buf_printf(b, " is read again at line %u, after the clone", ev->later_use_line);
		if (ev->key_of_maybe_ref_line) /* why no borrow is proposed in place of the copy either */
			buf_printf(b, "; nor can the lookup borrow it instead: `%s` may itself be a reference (a pattern "
			              "binding or a closure parameter), and `&%s` would then be a reference to a reference, "
			              "which a lookup by `Borrow` does not take (E0277)",
			           ev->receiver, ev->receiver);
		break;
	case 10:
		buf_printf(b, "the clone is inside the `%s` loop at line %u and ", ev->loop_kw, ev->loop_line);
		code(b, ev->root);
		buf_puts(b, " comes from outside it: every iteration needs its own copy (fan-out or retry)");
		break;
	case 11:
		buf_printf(b, "the clone is inside %s at line %u that captures ", ev->closure_async ? "an async block" : "a closure",
		           ev->closure_line);
		code(b, ev->root);
		buf_puts(b, " from outside: each run needs its own copy");
		break;
	case 12:
		code(b, ev->receiver);
		buf_printf(b, " is %s, and the copy ", root_desc(ev->root_kind));
		if (ev->bound_mutated_line)
			buf_printf(b, "is changed at line %u", ev->bound_mutated_line);
		else
			buf_puts(b, "is returned");
		buf_puts(b, ": an owned copy is needed unless the API changes");
		break;
	default: /* R16 */
		if (ev->fn_name[0] && !ev->budget_exhausted && !ev->later_use_line &&
		    (ev->macro_repeat_line || ev->macro_args_line || ev->macro_body_line)) {
			/* what a macro does with the clone: its expansion decides */
			code(b, ev->receiver);
			if (ev->macro_repeat_line)
				buf_printf(b, " is cloned inside a repetition (`$( .. )`, `#( .. )`) at line %u of a macro's template, from "
				              "outside it: one expansion runs it once per element, and a move in the first leaves "
				              "nothing for the next (E0382), so the copy stays",
				           ev->macro_repeat_line);
			else if (ev->macro_args_line)
				buf_printf(b, " is cloned in the arguments of `%s!` (line %u), whose expansion is not known here: "
				              "a macro may put an argument in a closure or use it twice (E0505, E0382), so the copy "
				              "stays unless `%s` is listed as a plain macro (patterns/audit.rules)",
				           ev->macro_name, ev->macro_args_line, ev->macro_name);
			else
				buf_printf(b, " is cloned in the body of the `macro_rules!` at line %u, from outside it: the body "
				              "may be expanded more than once, and a move in one expansion leaves nothing for the "
				              "next (E0382), so the copy stays",
				           ev->macro_body_line);
			break;
		}
		/* a use of the original later in the clone's own statement: a
		 * borrow in its place, or a Copy value's method borrowing it,
		 * would still be alive there */
		if (ev->fn_name[0] && !ev->budget_exhausted && ev->later_use_in_stmt && !ev->later_use_line &&
		    (ev->borrow_how || (ev->cost == EV_COST_COPY && ev->copy_method_receiver))) {
			code(b, ev->receiver);
			buf_printf(b, ev->borrow_how
			                  ? " is only read where it is copied, but its statement uses %s again at line %u "
			                    "(or changes what it was borrowed from) while a borrow in place of the copy would "
			                    "still be alive (E0502, E0505), so the copy stays"
			                  : " is a Copy value copied to call a method on, while the same statement uses %s again "
			                    "(line %u): without the copy the method would borrow it for the whole call, beside "
			                    "that use (a `&mut` handed on cannot be, E0502), so the copy stays",
			           ev->root[0] ? "the original" : "it", ev->later_use_in_stmt);
			break;
		}
		if (ev->fn_name[0] && !ev->budget_exhausted && ev->key_of_maybe_ref_line) {
			code(b, ev->receiver);
			buf_printf(b, " is copied at line %u only to be lent to a lookup by key, but it may itself be a "
			              "reference (a pattern binding or a closure parameter): then `&%s` would be a reference "
			              "to a reference, which a lookup by `Borrow` does not take (E0277), and `%s` alone would "
			              "move an owned one, so the copy stays",
			           ev->key_of_maybe_ref_line, ev->receiver, ev->receiver);
			break;
		}
		if (ev->fn_name[0] && !ev->budget_exhausted && ev->borrowed_line && !ev->later_use_line) {
			code(b, ev->receiver);
			buf_printf(b, " is borrowed (line %u) while the clone is made: moving it instead would end that "
			              "borrow while it is still alive (E0505), so the copy stays",
			           ev->borrowed_line);
			break;
		}
		if (ev->fn_name[0] && !ev->budget_exhausted && ev->lent_copy_line) {
			code(b, ev->receiver);
			buf_printf(b, " is copied at line %u to be borrowed by `%s`, and the original -- or what it was "
			              "borrowed from -- changes while `%s` is still read: a borrow in place of the copy "
			              "would conflict with that change (E0502), so the copy stays",
			           ev->lent_copy_line, ev->bound_to, ev->bound_to);
			break;
		}
		if (ev->fn_name[0] && !ev->budget_exhausted && ev->field_is_reference) {
			code(b, ev->receiver);
			buf_printf(b, " is itself a reference (`%s`): its clone makes the owned value, and without it the "
			              "reference would be handed on instead (E0308), so the copy stays unless the consumer "
			              "takes a reference", ev->deref_type);
			break;
		}
		if (ev->fn_name[0] && !ev->budget_exhausted && ev->field_behind_deref) {
			code(b, ev->receiver);
			buf_printf(b, " is reached through `%s`, which only lends what it holds: a field cannot be moved out of "
			              "it (E0507), so the copy stays unless the code borrows instead", ev->deref_type);
			break;
		}
		if (ev->fn_name[0] && !ev->budget_exhausted && ev->path_type_unconfirmed) {
			code(b, ev->path_call);
			buf_puts(b, " names the type of the copy, and ");
			code(b, ev->root);
			buf_puts(b, "'s own type is not known here to be that type: if it only derefs to it (an Arc, a Box, "
			            "a guard), the borrow coerces and the move would hand on the wrapper instead (E0308), so "
			            "the copy stays unless the type is declared");
			break;
		}
		if (ev->fn_name[0] && !ev->budget_exhausted && ev->base_type_unknown) {
			code(b, ev->receiver);
			buf_puts(b, " is a field of ");
			code(b, ev->root);
			buf_puts(b, ", whose type is not known here: a field moves out only of an owned struct without Drop, "
			            "never through an Rc, an Arc or a guard (E0507), so the copy stays unless the type is declared");
			break;
		}
		if (ev->fn_name[0] && !ev->budget_exhausted && ev->root_drops) {
			code(b, ev->receiver);
			buf_puts(b, " is a field of a value whose type implements Drop: it cannot be moved out (E0509)");
			break;
		}
		if (ev->fn_name[0] && !ev->budget_exhausted && ev->copy_mut_in_place && ev->plain_place &&
		    (ev->root_kind == EV_ROOT_LOCAL || ev->root_kind == EV_ROOT_PARAM_VALUE || ev->root_kind == EV_ROOT_LOOP_OWNED)) {
			buf_puts(b, "the copy of ");
			code(b, ev->receiver);
			buf_puts(b, " is changed where it is made (borrowed `&mut`, or the receiver of a method that takes "
			            "`&mut self`): without the clone the original would be changed instead, which needs a "
			            "mutable binding (E0596), so the copy stays");
			break;
		}
		buf_puts(b, "evidence incomplete: ");
		if (ev->unsafe_line && (ev->borrow_how || ev->bound_reads > 0 || ev->for_head)) {
			code(b, ev->receiver);
			buf_printf(b, " is read inside the `unsafe` block at line %u, where raw pointers may change or free it "
			              "while a borrow in place of the copy would live: the compiler does not check that",
			           ev->unsafe_line);
		} else if (ev->budget_exhausted)
			buf_puts(b, "this file's analysis budget ran out (a fn with a very large number of clones), so the "
			            "uses around this site were not examined");
		else if (!ev->fn_name[0])
			buf_puts(b, "the clone is outside any fn");

		else if (ev->root_kind == EV_ROOT_UNKNOWN) {
			code(b, ev->root[0] ? ev->root : ev->receiver);
			buf_puts(b, " is not declared in fn ");
			code(b, ev->fn_name);
			buf_puts(b, " or its parameters, so its ownership is unknown");
		} else {
			code(b, ev->receiver);
			buf_printf(b, " is %s and its type is %s, so neither a move nor a borrow is proven",
			           root_desc(ev->root_kind), ev->type[0] ? "not a known cost" : "not declared in this file");
		}
		break;
	}
	(void)ff;
}

static void removal_rationale(buf *b, const finding_file *ff, const finding_site *fs, const evidence *ev, verdict v)
{
	switch (v.bucket) {
	case B_REMOVABLE_MOVE:
		if (v.rule == 7) {
			code(b, ev->receiver);
			buf_puts(b, " is a ");
			code(b, ev->type);
			buf_puts(b, ", a Copy type: `.clone()` does exactly what using the value does.");
			return;
		}
		if (v.rule == 8) {
			code(b, ev->receiver);
			buf_puts(b, " is a fresh owned temporary that nothing else holds; it is dropped right after the clone, "
			            "so the copy duplicates a value no one keeps.");
			return;
		}
		if (v.rule == 14) {
			code(b, ev->receiver);
			buf_printf(b, " is copied and then cleared or replaced at line %u; fn ", ev->taken_line);
			code(b, ev->fn_name);
			buf_puts(b, " holds `&mut self`, so the value can be taken out instead of copied.");
			return;
		}
		code(b, ev->partial_move ? ev->receiver : ev->root);
		buf_printf(b, " is %s and is not read after the clone (line %u) in fn ", root_desc(ev->root_kind), fs->line);
		code(b, ev->fn_name);
		buf_printf(b, " (lines %u-%u): the clone feeds its last use", ev->fn_first, ev->fn_last);
		if (ev->boundary[0])
			buf_printf(b, ", and the `%s` at line %u receives the only copy", ev->boundary, ev->boundary_line);
		buf_putc(b, '.');
		return;
	case B_REMOVABLE_BORROW:
		if (v.rule == 5) {
			buf_puts(b, "the copy is only read: ");
			if (ev->for_head)
				buf_printf(b, "the `for` loop at line %u only reads its items", ev->for_line);
			else
			{
				buf_printf(b, "`%s` is read %d time%s, at line %u", ev->bound_to, ev->bound_reads,
				           ev->bound_reads == 1 ? "" : "s", ev->bound_first_read_line);
				if (ev->bound_last_read_line != ev->bound_first_read_line)
					buf_printf(b, " to line %u", ev->bound_last_read_line);
				buf_puts(b, ", and never changed, moved or returned");
			}
			buf_puts(b, "; a reference to the original gives the same values.");
			return;
		}
		buf_puts(b, "the copy is only read (");
		if (strcmp(ev->borrow_how, "&") == 0)
			buf_puts(b, "it is borrowed with `&`");
		else if (strcmp(ev->borrow_how, "method") == 0)
			buf_printf(b, "only `.%s()` is called on it", ev->borrow_text);
		else if (strcmp(ev->borrow_how, "format!") == 0)
			buf_printf(b, "it is an argument of `%s!`", ev->borrow_text);
		else
			buf_puts(b, "it is compared");
		buf_printf(b, ") and dropped at the end of the statement (line %u); reading the original gives the same value.",
		           ev->stmt_end_line);
		return;
	case B_STRUCTURAL_REFACTOR:
		code(b, ev->receiver);
		buf_puts(b, " is copied in full on every call of fn ");
		code(b, ev->fn_name);
		buf_puts(b, ", a hot path, although readers could share it; not removable in place: ");
		reason(b, ff, fs, ev, v);
		buf_putc(b, '.');
		return;
	default:
		buf_puts(b, "Not removable: ");
		reason(b, ff, fs, ev, v);
		buf_putc(b, '.');
		return;
	}
}

static void required_check(buf *b, const finding_file *ff, const finding_site *fs, const evidence *ev, verdict v)
{
	if (!bucket_is_removable(v.bucket) && v.bucket != B_STRUCTURAL_REFACTOR) {
		buf_printf(b, "%s: ", v.bucket == B_CHEAP_REQUIRED ? "Cheap required" : v.bucket == B_COLD_TEST_ONLY
		                      ? "Cold/test-only" : "Semantic required");
		reason(b, ff, fs, ev, v);
		buf_putc(b, '.');
		return;
	}
	buf_puts(b, "Not cheap required: ");
	if (ev->type[0]) {
		code(b, ev->type);
		buf_printf(b, " is not a shared handle (cost: %s)", cost_name(ev->cost));
	} else
		buf_printf(b, "no declared handle type, and the name does not suggest one");
	buf_puts(b, ". Not semantic required: ");
	if (v.bucket == B_REMOVABLE_BORROW) {
		buf_puts(b, "no owned copy outlives the statement");
	} else if (v.bucket == B_STRUCTURAL_REFACTOR) {
		buf_puts(b, "the value is only copied to be read or handed on, which shared ownership also serves");
	} else if (v.rule == 7) {
		buf_puts(b, "a Copy value is never \"used up\"");
	} else if (v.rule == 8) {
		buf_puts(b, "nothing reads the temporary after the clone");
	} else if (v.rule == 14) {
		buf_printf(b, "the field's old value is discarded at line %u, and nothing reads it in between", ev->taken_line);
	} else {
		buf_puts(b, "no read of ");
		code(b, ev->root);
		buf_printf(b, " after the clone (line %u) in fn ", fs->line);
		code(b, ev->fn_name);
		buf_puts(b, ev->in_loop ? ", declared inside the loop body (a fresh value each iteration)" : ", not in a loop");
		buf_puts(b, ev->in_closure ? ", declared inside the closure" : ", no closure captures it");
		buf_puts(b, ", no lock guard in the expression");
		if (ev->boundary[0])
			buf_printf(b, "; the `%s` at line %u takes it by value either way", ev->boundary, ev->boundary_line);
	}
	buf_putc(b, '.');
}

static void proof(buf *b, const finding_file *ff, const finding_site *fs, const evidence *ev, verdict v)
{
	switch (v.bucket) {
	case B_REMOVABLE_MOVE:
		if (v.rule == 7) {
			buf_puts(b, "Using a Copy value copies it bit for bit, which is what its `.clone()` does: old and new code "
			            "produce the same value and leave the original usable.");
			return;
		}
		if (v.rule == 8) {
			buf_puts(b, "Old: a temporary is made, copied, and dropped. New: the temporary itself is used. The value is "
			            "the same and no other code could see the dropped original.");
			return;
		}
		if (v.rule == 14) {
			buf_printf(b, "Old: the field is copied, then emptied. New: `%s::mem::take` moves its contents out and leaves "
			              "the empty default, the state the old code left it in; no read happens in between.",
			           ff->no_std ? "core" : "std");
			return;
		}
		buf_puts(b, "Old: the consumer gets a copy and ");
		code(b, ev->root);
		buf_puts(b, " is dropped unread at the end of fn ");
		code(b, ev->fn_name);
		buf_puts(b, ". New: the consumer gets ");
		code(b, ev->root);
		buf_printf(b, " itself. No read of it follows the clone at line %u (checked to line %u)", fs->line, ev->fn_last);
		buf_puts(b, ev->in_loop || ev->in_closure ? ", and it is created inside the enclosing loop or closure" : ", and the clone runs once");
		buf_puts(b, ", so no code observes the move; the compiler rejects the change if a use remains.");
		return;
	case B_REMOVABLE_BORROW:
		if (v.rule == 5) {
			buf_puts(b, "Old: an owned copy is made and only read. New: the same reads go through a shared borrow of ");
			code(b, ev->receiver);
			buf_puts(b, "; a shared borrow forbids changing the original while it lives, so every read sees the value "
			            "the copy had (the compiler rejects the change otherwise).");
			return;
		}
		buf_printf(b, "Old: a temporary copy is read and dropped at the end of the statement (line %u). New: the same "
		              "read goes through a shared borrow of ", ev->stmt_end_line);
		code(b, ev->receiver);
		buf_puts(b, ", which nothing writes during the statement: the value read is the same, and no owned copy "
		            "was ever kept.");
		return;
	case B_STRUCTURAL_REFACTOR:
		buf_puts(b, "Not a local edit: with shared ownership readers see the same contents as long as nothing "
		            "mutates the value in place; check the writers of ");
		code(b, ev->field[0] ? ev->field : ev->receiver);
		buf_puts(b, " before the patch.");
		return;
	default:
		buf_puts(b, "No change proposed: ownership stays as it is.");
		return;
	}
	(void)fs;
}

static void validation(buf *b, const finding_file *ff, verdict v)
{
	if (ff->crate)
		buf_printf(b, "cargo test -p %s", ff->crate);
	else
		buf_puts(b, "cargo test");
	if (ff->test_filter && ff->test_filter[0])
		buf_printf(b, " %s", ff->test_filter);
	if (bucket_is_removable(v.bucket)) {
		if (ff->crate)
			buf_printf(b, " && cargo clippy -p %s -- -W clippy::redundant_clone", ff->crate);
		else
			buf_puts(b, " && cargo clippy -- -W clippy::redundant_clone");
	}
}

/* A member whose text was written into b, which is then emptied. */
static void set_text(jsontape *f, const char *key, buf *b)
{
	jsontape_keyn(f, key, strlen(key));
	jsontape_stringn(f, buf_cstr(b), b->len);
	buf_clear(b);
}

static const char *root_kind_name(enum ev_root k)
{
	static const char *const names[] = { "unknown", "local", "param_value", "param_ref", "self_field", "loop_owned",
	                                     "loop_ref", "closure_param", "binding", "call", "static", "temp" };
	_Static_assert(sizeof(names) / sizeof(names[0]) == EV_ROOT_TEMP + 1, "a name for every enum ev_root");
	return names[k];
}

int finding_build(jsontape *f, const finding_file *ff, const finding_site *fs, const evidence *ev, verdict v)
{
	buf b = BUF_INIT, chg = BUF_INIT;
	int score = finding_score(ff, ev, v);

	/* a finding takes 2 to 4 KB: room for it at once, not in six doublings */
	if (buf_grow(&f->b, 4096) < 0)
		return -1;
	jsontape_set_string(f, "path", ff->path);
	jsontape_set_int(f, "line", fs->line);
	jsontape_set_int(f, "column", fs->col);
	jsontape_key(f, "text");
	if (fs->text_len > 400) { /* a display copy, cut on a character boundary */
		size_t k = 400;
		while (k > 0 && ((unsigned char)fs->text[k] & 0xc0) == 0x80)
			k--;
		buf_append(&b, fs->text, k);
		buf_puts(&b, " \xe2\x80\xa6");
		jsontape_stringn(f, buf_cstr(&b), b.len);
		buf_clear(&b);
	} else
		jsontape_stringn(f, fs->text, fs->text_len);
	jsontape_set_string(f, "bucket", bucket_name(v.bucket));
	jsontape_set_string(f, "confidence", confidence_name(v.confidence));
	buf_printf(&b, "R%d", v.rule);
	jsontape_set_string(f, "rule", buf_cstr(&b));
	buf_clear(&b);
	jsontape_set_int(f, "score", score);
	jsontape_set_string(f, "tier", score >= ff->tier_high ? "high" : score >= ff->tier_medium ? "medium" : "low");
	jsontape_set_string(f, "hot_path", ff->hot_label);
	jsontape_set_bool(f, "on_hot_path", (ff->hot_prefix != NULL || ff->hot_inferred) && !ff->test_path && !fs->in_test);
	jsontape_set_string(f, "fingerprint", fs->fingerprint);
	jsontape_set_string(f, "fn", ev->fn_name[0] ? ev->fn_name : NULL);
	jsontape_set_string(f, "receiver", ev->receiver);
	jsontape_set_string(f, "type", ev->type[0] ? ev->type : NULL);
	jsontape_set_string(f, "cost", cost_name(ev->cost));
	jsontape_set_string(f, "crate", ff->crate);
	change(&chg, ff, fs, ev, v);
	jsontape_set_string(f, "change", buf_cstr(&chg));

	jsontape_key(f, "evidence");
	jsontape_open(f, '{');
	jsontape_set_string(f, "root", ev->root[0] ? ev->root : NULL);
	jsontape_set_string(f, "root_kind", root_kind_name(ev->root_kind));
	jsontape_set_line(f, "declared_line", ev->decl_line);
	jsontape_set_string(f, "type_source", ev->type_source);
	jsontape_set_bool(f, "cost_from_name", ev->cost_by_name);
	jsontape_set_line(f, "later_use_line", ev->later_use_line);
	jsontape_set_line(f, "statement_end_line", ev->stmt_end_line);
	jsontape_set_line(f, "loop_line", ev->in_loop ? ev->loop_line : 0);
	jsontape_set_bool(f, "root_outside_loop", ev->in_loop && ev->root_outside_loop);
	jsontape_set_line(f, "closure_line", ev->in_closure ? ev->closure_line : 0);
	jsontape_set_bool(f, "closure_move", ev->in_closure && ev->closure_move);
	jsontape_set_string(f, "boundary", ev->boundary[0] ? ev->boundary : NULL);
	jsontape_set_line(f, "boundary_line", ev->boundary_line);
	jsontape_set_string(f, "borrow",
	                    ev->borrow_how ? (strcmp(ev->borrow_how, "method") == 0 || strcmp(ev->borrow_how, "format!") == 0
	                                      ? ev->borrow_text
	                                      : strcmp(ev->borrow_how, "param") == 0 ? "a reference-taking parameter"
	                                                                              : ev->borrow_how) : NULL);
	jsontape_set_string(f, "lock", ev->lock_how[0] ? ev->lock_how : NULL);
	jsontape_set_string(f, "bound_to", ev->bound_to[0] ? ev->bound_to : NULL);
	jsontape_set_bool(f, "bound_only_read", ev->bound_reads > 0);
	jsontape_set_line(f, "bound_changed_line", ev->bound_mutated_line);
	jsontape_set_bool(f, "for_loop_over_clone", ev->for_head);
	jsontape_set_bool(f, "partial_move", ev->partial_move);
	jsontape_set_bool(f, "base_type_unknown", ev->base_type_unknown);
	jsontape_set_bool(f, "field_of_drop_type", ev->root_drops);
	jsontape_set_bool(f, "field_behind_deref", ev->field_behind_deref);
	jsontape_set_line(f, "temporary_borrowed_line", ev->temp_borrowed_line);
	jsontape_set_bool(f, "copy_behind_reference", ev->copy_behind_ref);
	jsontape_set_bool(f, "receiver_is_reference", ev->receiver_is_ref);
	jsontape_set_line(f, "key_of_maybe_reference_line", ev->key_of_maybe_ref_line);
	jsontape_set_line(f, "borrowed_line", ev->borrowed_line);
	jsontape_set_line(f, "field_cleared_line", ev->taken_line);
	jsontape_set_line(f, "unsafe_line", ev->unsafe_line);
	jsontape_set_bool(f, "returned", ev->is_result);
	jsontape_set_bool(f, "in_test_code", fs->in_test);
	jsontape_set_bool(f, "allow_redundant_clone", (fs->allow_lints & RS_ALLOW_REDUNDANT_CLONE) != 0);
	jsontape_close(f, '}');

	jsontape_key(f, "fields");
	jsontape_open(f, '{');
	buf_printf(&b, "%s:%u", ff->path, fs->line);
	set_text(f, "file_line", &b);
	hot_path_rationale(&b, ff, fs, ev);
	set_text(f, "hot_path_rationale", &b);
	cloned_value(&b, fs, ev);
	set_text(f, "cloned_value", &b);
	buf_printf(&b, "%s (%s confidence): %s.", bucket_name(v.bucket), confidence_name(v.confidence), buf_cstr(&chg));
	set_text(f, "bucket_and_change", &b);
	removal_rationale(&b, ff, fs, ev, v);
	set_text(f, "removal_rationale", &b);
	required_check(&b, ff, fs, ev, v);
	set_text(f, "required_clone_check", &b);
	proof(&b, ff, fs, ev, v);
	set_text(f, "correctness_proof", &b);
	validation(&b, ff, v);
	set_text(f, "validation_command", &b);
	jsontape_close(f, '}');
	buf_free(&b);
	buf_free(&chg);
	return f->failed ? -1 : 0;
}

void finding_suppress(jsontape *f, const char *by, uint32_t line, const char *reason, size_t reason_len)
{
	jsontape_key(f, "suppression");
	jsontape_open(f, '{');
	jsontape_set_string(f, "by", by);
	if (line)
		jsontape_set_int(f, "line", line);
	jsontape_key(f, "reason");
	jsontape_stringn(f, reason, reason_len);
	jsontape_close(f, '}');
}

/* A string member of a JSON object, as text ("" when absent). */
static const char *member_text(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));
	return s ? s : "";
}

int finding_verify(jsontape *f, const finding_verification *v)
{
	static const char *const status_names[] = { "verified", "refuted", "unverified" };
	json_t *o = jsontape_to_json(f), *fields, *ver;
	jsontape out = JSONTAPE_INIT;
	buf b = BUF_INIT;
	int rc = -1;

	if (!o)
		return -1;
	fields = json_object_get(o, "fields");
	ver = json_pack("{s:s, s:s?, s:s?, s:s?}", "status", status_names[v->status], "by", v->by, "code", v->code,
	                "detail", v->detail);
	if (!ver || json_object_set_new(o, "verification", ver) < 0)
		goto done;
	if (!v->reverse && v->status == FINDING_VERIFIED && v->replacement &&
	    json_object_set_new(ver, "edit", json_pack("{s:i, s:i, s:i, s:i, s:s}", "line", (int)v->line, "column", (int)v->col,
	                                               "end_line", (int)v->end_line, "end_column", (int)v->end_col,
	                                               "replacement", v->replacement)) < 0)
		goto done;
	if (v->reverse && v->status == FINDING_REFUTED) {
		/* the kept verdict, confirmed as far as a plain removal goes: a
		 * borrow written differently (`as_ref()`, `iter()`) was not tried */
		json_object_set_new(ver, "status", json_string("verified"));
		buf_printf(&b, "the clone cannot simply be dropped: without it the workspace does not build (%s)", v->detail);
		json_object_set_new(ver, "detail", json_string(buf_cstr(&b)));
		buf_clear(&b);
	} else if (v->reverse && v->status == FINDING_VERIFIED) {
		const char *recv = member_text(o, "receiver");
		json_int_t score = json_integer_value(json_object_get(o, "score")) + 2; /* now a removal (finding_score) */
		buf chg = BUF_INIT;
		json_object_set_new(o, "static_verdict",
		                    json_pack("{s:s, s:s, s:s, s:s}", "bucket", member_text(o, "bucket"), "confidence",
		                              member_text(o, "confidence"), "rule", member_text(o, "rule"), "change",
		                              member_text(o, "change")));
		buf_puts(&chg, "drop the `.clone()`: use ");
		md_code(&chg, recv, strlen(recv));
		buf_puts(&chg, " itself (the compiler accepts it)");
		buf_printf(&b, "The static audit kept the clone (%s: %s); the removal was applied in a scratch copy and `%s` "
		               "builds the workspace with it: nothing needs an owned copy here.",
		           member_text(o, "rule"), member_text(fields, "removal_rationale"), v->by);
		json_object_set_new(fields, "removal_rationale", json_string(buf_cstr(&b)));
		buf_clear(&b);
		buf_puts(&b, "Not cheap required: the type is not a shared handle by its declaration or its name, and no lock "
		             "guard is in the expression. Not semantic required: had any later use, mutation or borrow needed "
		             "the copy, the compiler would have rejected its removal.");
		json_object_set_new(fields, "required_clone_check", json_string(buf_cstr(&b)));
		buf_clear(&b);
		buf_printf(&b, "Old: an owned copy is made and handed on. New: the original itself, moved or lent as the "
		               "consumer's type asks. `%s` builds the workspace with the change: a use of a moved value, a "
		               "move out of a borrow or a type the consumer does not take is a compile error, so none remains.",
		           v->by);
		json_object_set_new(fields, "correctness_proof", json_string(buf_cstr(&b)));
		buf_clear(&b);
		buf_printf(&b, "removable_move (high confidence): %s.", buf_cstr(&chg));
		json_object_set_new(fields, "bucket_and_change", json_string(buf_cstr(&b)));
		buf_clear(&b);
		json_object_set_new(o, "bucket", json_string("removable_move"));
		json_object_set_new(o, "confidence", json_string("high"));
		json_object_set_new(o, "rule", json_string("V2"));
		json_object_set_new(o, "change", json_string(buf_cstr(&chg)));
		json_object_set_new(o, "score", json_integer(score));
		json_object_set_new(o, "tier", json_string(score >= v->tier_high ? "high" : score >= v->tier_medium ? "medium" : "low"));
		buf_free(&chg);
		buf_puts(&b, member_text(fields, "validation_command"));
		if (json_is_string(json_object_get(o, "crate")))
			buf_printf(&b, " && cargo clippy -p %s -- -W clippy::redundant_clone", member_text(o, "crate"));
		else
			buf_puts(&b, " && cargo clippy -- -W clippy::redundant_clone");
		json_object_set_new(fields, "validation_command", json_string(buf_cstr(&b)));
		buf_clear(&b);
		if (v->replacement)
			json_object_set_new(ver, "edit", json_pack("{s:i, s:i, s:i, s:i, s:s}", "line", (int)v->line, "column",
			                                           (int)v->col, "end_line", (int)v->end_line, "end_column",
			                                           (int)v->end_col, "replacement", v->replacement));
		json_object_set_new(ver, "detail", json_string("the workspace builds with the clone removed, together with the "
		                                               "run's other verified changes"));
	} else if (v->reverse) {
		/* unverified: the kept verdict stands as it was */
	} else if (v->status == FINDING_REFUTED) {
		const char *old_change = member_text(o, "change");
		json_int_t score = json_integer_value(json_object_get(o, "score")) - 2; /* no longer a removal (finding_score) */
		json_object_set_new(o, "static_verdict",
		                    json_pack("{s:s, s:s, s:s, s:s}", "bucket", member_text(o, "bucket"), "confidence",
		                              member_text(o, "confidence"), "rule", member_text(o, "rule"), "change", old_change));
		buf_printf(&b, "The static audit proposed to %s, but `%s` rejects that change: %s.", old_change, v->by,
		           v->detail);
		json_object_set_new(fields, "removal_rationale", json_string(buf_cstr(&b)));
		buf_clear(&b);
		buf_printf(&b, "Semantic required: the compiler needs the copy -- %s.", v->detail);
		json_object_set_new(fields, "required_clone_check", json_string(buf_cstr(&b)));
		buf_clear(&b);
		buf_printf(&b, "No change proposed: ownership stays as it is. The removal was applied in a scratch copy "
		               "and `%s` did not build it.", v->by);
		json_object_set_new(fields, "correctness_proof", json_string(buf_cstr(&b)));
		buf_clear(&b);
		json_object_set_new(fields, "bucket_and_change",
		                    json_string("semantic_required (high confidence): keep the clone (the compiler rejects "
		                                "its removal)."));
		json_object_set_new(o, "bucket", json_string("semantic_required"));
		json_object_set_new(o, "confidence", json_string("high"));
		json_object_set_new(o, "rule", json_string("V1"));
		json_object_set_new(o, "change", json_string("keep the clone (the compiler rejects its removal)"));
		json_object_set_new(o, "score", json_integer(score));
		json_object_set_new(o, "tier", json_string(score >= v->tier_high ? "high" : score >= v->tier_medium ? "medium" : "low"));
	} else {
		buf_puts(&b, member_text(fields, "correctness_proof"));
		if (v->status == FINDING_VERIFIED)
			buf_printf(&b, " Verified: `%s` builds the workspace with this change applied, together with every "
			               "other change verified in the same run.", v->by);
		else
			buf_printf(&b, " Not verified by the compiler: %s.", v->detail);
		json_object_set_new(fields, "correctness_proof", json_string(buf_cstr(&b)));
	}
	if (jsontape_from_json(&out, o) < 0)
		goto done;
	jsontape_free(f);
	*f = out;
	memset(&out, 0, sizeof(out));
	rc = 0;
done:
	jsontape_free(&out);
	json_decref(o);
	buf_free(&b);
	return rc;
}
