#include "config.h"

#include "classify.h"

#include <string.h>

#include "buf.h"

static const char *const bucket_names[B_COUNT] = {
	"cheap_required", "semantic_required", "cold_test_only",
	"removable_move", "removable_borrow", "structural_refactor",
};

const char *bucket_name(enum bucket b)
{
	return bucket_names[b];
}

const char *confidence_name(enum confidence c)
{
	static const char *const names[CONF_COUNT] = { "high", "medium", "low" };
	return names[c];
}

const char *cost_name(enum ev_cost c)
{
	switch (c) {
	case EV_COST_REFCOUNT: return "refcount increment";
	case EV_COST_HEAP: return "heap allocation plus O(n) copy";
	case EV_COST_COPY: return "plain copy of a Copy value";
	default: return "unknown";
	}
}

int bucket_is_removable(enum bucket b)
{
	return b == B_REMOVABLE_MOVE || b == B_REMOVABLE_BORROW;
}

static verdict make(enum bucket b, enum confidence c, int rule)
{
	verdict v = { b, c, rule };
	return v;
}

static int owned(enum ev_root k)
{
	return k == EV_ROOT_LOCAL || k == EV_ROOT_PARAM_VALUE || k == EV_ROOT_LOOP_OWNED;
}

static int behind_reference(enum ev_root k)
{
	return k == EV_ROOT_SELF_FIELD || k == EV_ROOT_PARAM_REF || k == EV_ROOT_LOOP_REF ||
	       k == EV_ROOT_CLOSURE_PARAM || k == EV_ROOT_CALL || k == EV_ROOT_BINDING || k == EV_ROOT_STATIC;
}

/* Each rule in order: its condition, what it asks (for `explain`), and its
 * verdict.  The first whose condition holds decides; with a trace, every
 * rule asked is written down with its answer. */
#define RULE(n, cond, asks, verdict_expr)                                         \
	do {                                                                          \
		int holds_ = (cond);                                                      \
		if (trace)                                                                \
			buf_printf(trace, "R%d %s: %s\n", n, asks, holds_ ? "yes" : "no");    \
		if (holds_)                                                               \
			return verdict_expr;                                                  \
	} while (0)

verdict classify_traced(const evidence *ev, int cold, int hot, buf *trace)
{
	int typed = ev->type_source != NULL && !ev->cost_by_name;

	/* R1: test, bench and example code is outside production hot paths */
	RULE(1, cold, "test, bench or example code", make(B_COLD_TEST_ONLY, CONF_HIGH, 1));
	/* R2: a shared handle by its declared type: its clone shares ownership */
	RULE(2, ev->cost == EV_COST_REFCOUNT && !ev->cost_by_name && !ev->cost_derived,
	     "a shared handle by its declared type", make(B_CHEAP_REQUIRED, CONF_HIGH, 2));
	/* R3: cloned through a guard: the clone ends the borrow, removing it
	 * would keep the guard (and the lock) alive longer.  Not in a `for`
	 * head, where the guard lives for the whole loop anyway. */
	RULE(3, ev->lock_how[0] && !ev->for_head, "cloned through a lock guard", make(B_SEMANTIC_REQUIRED, CONF_HIGH, 3));
	/* R17: a copy handed whole to `mem::forget`, `into_raw`, `leak` or
	 * `ManuallyDrop::new`: it is made to be kept alive (a reference taken
	 * on purpose), and moving the original there gives that away */
	RULE(17, ev->leak_call[0] != '\0', "a copy made to be kept alive or leaked (mem::forget, into_raw, ManuallyDrop::new)",
	     make(B_SEMANTIC_REQUIRED, CONF_HIGH, 17));
	/* R8: a fresh temporary, dropped right after: cloning it copies for nothing */
	RULE(8, ev->root_kind == EV_ROOT_TEMP, "a fresh temporary", make(B_REMOVABLE_MOVE, CONF_HIGH, 8));
	/* R4: the copy is only read where it is made, then dropped */
	RULE(4, ev->borrow_how != NULL && !ev->later_use_in_stmt && !ev->unsafe_line && !ev->lent_copy_line &&
	            !ev->key_of_maybe_ref_line,
	     "the copy only read where it is made (and the original not used again in the statement)",
	     make(B_REMOVABLE_BORROW, typed || ev->borrow_how[0] == '&' ? CONF_HIGH : CONF_MEDIUM, 4));
	/* R5: a copy bound to a name, or iterated by a `for`, that is only read */
	RULE(5, !ev->unsafe_line &&
	            ((ev->bound_reads > 0 && !(ev->later_use_line && ev->later_use_line <= ev->bound_last_read_line)) ||
	             (ev->for_head && ev->for_items_read_only && !ev->later_use_in_stmt && ev->iterable_by_ref &&
	              !ev->type_is_ref)),
	     "a copy bound to a name or iterated, only read (and the original not used while the name is)",
	     make(B_REMOVABLE_BORROW, CONF_MEDIUM, 5));
	/* R6: a shared handle by its name only */
	RULE(6, ev->cost == EV_COST_REFCOUNT && ev->cost_by_name, "a shared handle by its name",
	     make(B_CHEAP_REQUIRED, CONF_MEDIUM, 6));
	/* R7: a Copy value: the clone is the copy a plain use makes anyway */
	/* (`&x.clone()` without the clone borrows x itself: not while the
	 * statement uses x again, `f(&q.quad.clone(), &[..], q)` with `q:
	 * &mut`, tiny-skia-path, E0502; nor `x.clone().m(..)`, whose method
	 * may borrow x for the call while its arguments use x again:
	 * `self.vtable.clone().call(self, ..)` in a `&mut self` method,
	 * wasmi, E0502) */
	RULE(7, ev->cost == EV_COST_COPY && ev->type_source && !ev->type_from_copy && !ev->copy_mut_in_place &&
	            !(((ev->borrow_how && strcmp(ev->borrow_how, "&") == 0) || ev->copy_method_receiver) &&
	              ev->later_use_in_stmt),
	     "a Copy value, by the receiver's type, not changed where it is made (behind a reference: dereference it)",
	     make(B_REMOVABLE_MOVE, CONF_HIGH, 7));
	/* R9: the original is read again after the clone */
	RULE(9, ev->later_use_line != 0, "the original read again after the clone", make(B_SEMANTIC_REQUIRED, CONF_HIGH, 9));
	/* R10: inside a loop, a value from outside it: one copy per iteration */
	RULE(10, ev->in_loop && ev->root_outside_loop && !ev->reassigns_root, "in a loop, a value from outside it",
	     make(B_SEMANTIC_REQUIRED, CONF_HIGH, 10));
	/* R11: inside a closure or async block, a value captured from outside:
	 * each run of it needs its own copy */
	RULE(11, ev->in_closure && ev->root_outside_closure && !ev->closure_once,
	     "in a closure or async block that may run again, a value captured from outside",
	     make(B_SEMANTIC_REQUIRED, CONF_MEDIUM, 11));
	/* R13: an owned value at its last use, named by a plain place: move it
	 * (out of `map[k]` or `v.get(i)` nothing can be moved) */
	RULE(13, owned(ev->root_kind) && !ev->type_is_ref && ev->plain_place && !ev->root_drops && !ev->field_behind_deref && !ev->borrowed_line &&
	             !ev->copy_mut_in_place && !ev->base_type_unknown && !ev->macro_body_line && !ev->path_type_unconfirmed &&
	             !ev->macro_repeat_line && !ev->macro_args_line,
	     "an owned value at its last use, named by a plain place (not a name whose type is a reference, whose clone makes the value it points to; not a field of a Drop type, of an Arc/Rc or of a value of unknown type, not borrowed across, not changed where it is made, not a `T::clone(&x)` of an x not known to be a T)",
	     make(B_REMOVABLE_MOVE, (typed && !ev->boundary[0] && !ev->partial_move) ? CONF_HIGH : CONF_MEDIUM, 13));
	/* R6 (continued): a struct of this file made only of handles, when it
	 * cannot simply be moved */
	RULE(6, ev->cost == EV_COST_REFCOUNT, "a struct made only of handles", make(B_CHEAP_REQUIRED, CONF_MEDIUM, 6));
	/* R14: a field of `&mut self` cleared or replaced right after: take it */
	RULE(14, ev->taken_line != 0, "a field cleared or replaced right after", make(B_REMOVABLE_MOVE, CONF_MEDIUM, 14));
	/* R15: long-lived or borrowed data copied in full just to be wrapped
	 * in an Arc on every call: share it as an Arc in the first place */
	RULE(15, ev->cost == EV_COST_HEAP && ev->into_arc &&
	             (ev->root_kind == EV_ROOT_SELF_FIELD || (behind_reference(ev->root_kind) && hot)),
	     "borrowed data copied to be wrapped in an Arc", make(B_STRUCTURAL_REFACTOR, CONF_MEDIUM, 15));
	/* R12: an owned copy of borrowed data that is changed or handed back
	 * (a Copy value copied to call a method on is not what the fn hands
	 * back: `self.vtable.clone().call(self)` is kept by R16) */
	RULE(12, behind_reference(ev->root_kind) &&
	             (ev->bound_mutated_line || ev->bound_returned ||
	              (ev->is_result && !(ev->cost == EV_COST_COPY && ev->copy_method_receiver))),
	     "a copy of borrowed data that is changed or handed back", make(B_SEMANTIC_REQUIRED, CONF_MEDIUM, 12));
	/* R15: long-lived state copied in full on every call: only a change of
	 * data layout removes it */
	RULE(15, ev->cost == EV_COST_HEAP && ev->root_kind == EV_ROOT_SELF_FIELD && !ev->bound_moved_line,
	     "long-lived state copied in full on every call", make(B_STRUCTURAL_REFACTOR, CONF_MEDIUM, 15));
	/* R16: not enough evidence for anything else: keep it */
	if (trace)
		buf_puts(trace, "R16 nothing above proven: keep the clone: yes\n");
	return make(B_SEMANTIC_REQUIRED, CONF_LOW, 16);
}

verdict classify(const evidence *ev, int cold, int hot)
{
	return classify_traced(ev, cold, hot, NULL);
}
