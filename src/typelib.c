#include "config.h"

#include "typelib.h"

#include "arena.h"
#include "textfind.h"

#include <stdlib.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#define FN_RECORD 9 /* bytes: a uint64 hash, a borrow flag */

static uint64_t name_hash(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ULL;
	}
	return h ? h : 1; /* 0 marks an empty slot of the table */
}

static int append_item(typelib *lib, const rustlex_result *lx, uint32_t first, uint32_t last)
{
	const rustlex_token *a = &lx->tokens[first], *b = &lx->tokens[last];
	size_t n = (size_t)(b->off + b->len - a->off);

	if (lib->text.len + n + 1 > TYPELIB_MAX_BYTES) {
		lib->truncated = 1;
		return 0;
	}
	if (buf_append(&lib->text, lx->text + a->off, n) < 0 || buf_putc(&lib->text, '\n') < 0)
		return -1;
	return 0;
}

static int word_char(unsigned char c);
static int push(size_t **at, size_t *n, size_t *cap, size_t off);
static int append_imports(typelib *lib, const char *text, size_t len);
static int cmp_key(const void *pa, const void *pb);

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Does a word (`fn`, `derive(`, `Drop`) start at text[i], not inside a
 * longer word and outside a line comment?  (Doc comments are full of `fn`
 * examples.  Asking the lexer of every `fn` of every file cost a third of
 * the first pass; a block comment or a string holding a signature is rare,
 * and can at worst make a name look like a borrow's.) */
static int code_word_at(const char *text, size_t i)
{
	size_t ls = i;

	if (i > 0 && word_char((unsigned char)text[i - 1]))
		return 0;
	while (ls > 0 && text[ls - 1] != '\n')
		ls--;
	for (; ls + 1 < i; ls++)
		if (text[ls] == '/' && text[ls + 1] == '/')
			return 0;
	return 1;
}

/* The offsets of `fn ` (as rustfmt writes it; `fn` and a tab or a line
 * break are not looked for), 16 places at a time by its three bytes,
 * ascending. */
static int find_fns(const char *text, size_t len, size_t **at, size_t *n, size_t *cap)
{
	size_t i = 0;

#ifdef __SSE2__
	const __m128i f = _mm_set1_epi8('f'), nn = _mm_set1_epi8('n'), sp = _mm_set1_epi8(' ');

	for (; len >= 18 && i <= len - 18; i += 16) {
		__m128i a = _mm_loadu_si128((const __m128i *)(const void *)(text + i));
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(text + i + 1));
		__m128i c = _mm_loadu_si128((const __m128i *)(const void *)(text + i + 2));
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_and_si128(_mm_cmpeq_epi8(a, f), _mm_cmpeq_epi8(b, nn)),
		                                                       _mm_cmpeq_epi8(c, sp)));
		while (m) {
			size_t k = i + (size_t)__builtin_ctz(m);
			m &= m - 1;
			if (code_word_at(text, k) && push(at, n, cap, k) < 0)
				return -1;
		}
	}
#endif
	for (; i + 2 < len; i++)
		if (text[i] == 'f' && text[i + 1] == 'n' && text[i + 2] == ' ' && code_word_at(text, i) && push(at, n, cap, i) < 0)
			return -1;
	return 0;
}

/* One record of lib->fn_text: a key (a name's hash, marked for types)
 * and a flag byte. */
static int put_record(typelib *lib, uint64_t key, int flag)
{
	unsigned char rec[FN_RECORD];

	memcpy(rec, &key, sizeof(key));
	rec[8] = (unsigned char)flag;
	return buf_append(&lib->fn_text, rec, sizeof(rec));
}

/* The table answers four questions, each under its own key: a fn's
 * name's hash (what it returns), or that hash with a mark no fn name has
 * (its parameters; a type of that name). */
#define COPY_MARK 0x9e3779b97f4a7c15ULL /* derives Copy, or not */
#define PARAM_MARK 0x94d049bb133111ebULL /* the parameters that take a reference as well; that are a `&` of a known type */
#define DROP_MARK 0xc2b2ae3d27d4eb4fULL /* has a Drop impl */
#define DEREF_MARK 0x165667b19e3779f9ULL /* has a Deref impl */
#define FOREIGN_MARK 0x27d4eb2f165667c5ULL /* some file imports the name from outside the workspace */
#define FOREIGN_ROOT_MARK 0x9fb21c651e98df25ULL /* some file's `use` path starts with that name, no crate of the workspace */
#define SELF_MARK 0xd6e8feb86659fd93ULL /* how the methods of that name take `self` (bits) */
#define OWNED_MARK 0x8cb92ba72f3d8dd7ULL /* some fn of that name returns a value its caller owns */
#define GUARD_MARK 0x5851f42d4c957f2dULL /* some fn of that name returns a type that holds a borrow, not a reference */
#define NOT_GUARD_MARK 0x2545f4914f6cdd1dULL /* some fn of that name returns another borrow (a reference) */

/* the name-hash record's flag bits besides the borrow (1): what a fn of
 * that name returns, by whether it takes `self` */
#define FN_FREE_OTHER 2     /* a fn without `self` returns something else than a Result */
#define FN_METHOD_OTHER 4   /* a method does */
#define FN_METHOD_RESULT 8  /* a method returns a Result */
#define FN_FREE_RESULT 16   /* a fn without `self` does */

/* Is the return type text[from, to) a Result: a path whose last segment
 * ends in `Result` (`Result<T, E>`, `anyhow::Result<()>`, `io::Result<T>`,
 * an alias such as `LemmyResult<()>`)? */
static int returns_result(const char *text, size_t from, size_t to)
{
	size_t a, b;

	for (;;) { /* one path segment: a word, then `::` or its end */
		while (from < to && is_space(text[from]))
			from++;
		for (a = b = from; b < to && word_char((unsigned char)text[b]); b++)
			;
		if (b == a)
			return 0;
		if (b + 1 < to && text[b] == ':' && text[b + 1] == ':') {
			from = b + 2;
			continue;
		}
		break;
	}
	if (b - a < 6 || memcmp(text + b - 6, "Result", 6) != 0)
		return 0;
	while (b < to && is_space(text[b]))
		b++;
	return b == to || text[b] == '<';
}

static uint64_t marked_key(const char *name, size_t n, uint64_t mark)
{
	uint64_t h = name_hash(name, n) ^ mark;

	return h ? h : 1;
}

/* text[*a, *b) without white space at either end. */
static void trim_span(const char *text, size_t *a, size_t *b)
{
	while (*a < *b && is_space(text[*a]))
		(*a)++;
	while (*b > *a && is_space(text[*b - 1]))
		(*b)--;
}

/* Is text[a, b) one of the bounds a reference satisfies whenever the
 * value does (`&T: AsRef<U>` for `T: AsRef<U>`, and so for Display,
 * Debug, Hash, ToString)? */
static int ref_bound(const char *text, size_t a, size_t b)
{
	static const char *const ok[] = { "Display", "Debug", "Hash", "ToString", NULL };
	size_t i, n;

	trim_span(text, &a, &b);
	for (i = a; i + 1 < b; i++) /* a path: its last segment */
		if (text[i] == ':' && text[i + 1] == ':')
			a = i + 2;
	n = b - a;
	if (n > 6 && memcmp(text + a, "AsRef<", 6) == 0 && text[b - 1] == '>')
		return 1;
	for (i = 0; ok[i]; i++)
		if (n == strlen(ok[i]) && memcmp(text + a, ok[i], n) == 0)
			return 1;
	return 0;
}

/* Are the `+`-separated bounds text[a, b) all ref_bound()s? */
static int ref_bounds(const char *text, size_t a, size_t b)
{
	size_t i, start = a;
	int angle = 0, any = 0;

	for (i = a; i <= b; i++) {
		if (i < b && text[i] == '<')
			angle++;
		else if (i < b && text[i] == '>' && text[i - 1] != '-')
			angle--;
		else if (i == b || (text[i] == '+' && angle == 0)) {
			if (!ref_bound(text, start, i))
				return 0;
			any = 1;
			start = i + 1;
		}
	}
	return any;
}

/* Does a parameter of type text[a, b) take `&x` as readily as `x`:
 * `impl AsRef<str>`, `impl Display + Debug`, or a generic parameter whose
 * only bounds (in the generics text[ga, gb)) are such? */
static int param_takes_ref(const char *text, size_t a, size_t b, size_t ga, size_t gb)
{
	size_t i, n;

	trim_span(text, &a, &b);
	if (b - a > 5 && memcmp(text + a, "impl", 4) == 0 && is_space(text[a + 4]))
		return ref_bounds(text, a + 5, b);
	for (i = a; i < b; i++)
		if (!word_char((unsigned char)text[i]))
			return 0;
	n = b - a;
	for (i = ga; n && i + n < gb; i++) /* `<K: AsRef<str>, V>`: K's bounds */
		if (memcmp(text + i, text + a, n) == 0 && (i == ga || !word_char((unsigned char)text[i - 1])) &&
		    !word_char((unsigned char)text[i + n])) {
			size_t c = i + n, e;
			int angle = 0;
			while (c < gb && is_space(text[c]))
				c++;
			if (c >= gb || text[c] != ':')
				return 0;
			for (e = c + 1; e < gb; e++) {
				if (text[e] == '<')
					angle++;
				else if (text[e] == '>' && text[e - 1] != '-' && --angle < 0)
					break;
				else if (text[e] == ',' && angle == 0)
					break;
			}
			return ref_bounds(text, c + 1, e);
		}
	return 0;
}

/* The parameters of a fn, text(pa, pb) inside its parentheses, self
 * aside: bit i set when parameter i does NOT satisfy `holds` (its type
 * text, after the colon) -- or there is none; the first 8. */
static unsigned params_without(const char *text, size_t pa, size_t pb, size_t ga, size_t gb,
                               int (*holds)(const char *, size_t, size_t, size_t, size_t))
{
	unsigned mask = 0xff, i = 0;
	size_t k = pa, start = pa;
	int depth = 0;

	for (; k <= pb && i < 8; k++) {
		char ch = k < pb ? text[k] : ',';
		if (ch == '(' || ch == '[' || ch == '{' || ch == '<')
			depth++;
		else if (ch == ')' || ch == ']' || ch == '}' || (ch == '>' && k > pa && text[k - 1] != '-'))
			depth--;
		else if (ch == ',' && depth == 0) {
			size_t a = start, colon;
			start = k + 1;
			while (a < k && is_space(text[a]))
				a++;
			if (a == k)
				continue;
			if (memmem(text + a, k - a, "self", 4) && !memchr(text + a, ':', k - a))
				continue; /* self, &self, &mut self, mut self */
			if (k - a > 4 && memcmp(text + a, "self", 4) == 0 && !word_char((unsigned char)text[a + 4]))
				continue; /* self: Box<Self> */
			for (colon = a; colon < k && text[colon] != ':'; colon++)
				;
			if (colon < k && holds(text, colon + 1, k, ga, gb))
				mask &= ~(1u << i);
			i++;
		}
	}
	return mask;
}

/* Bit i set when parameter i does NOT take a reference as readily as a
 * value (param_takes_ref()). */
static unsigned params_not_ref(const char *text, size_t pa, size_t pb, size_t ga, size_t gb)
{
	/* most fns have neither an `impl` parameter nor bounded generics: two
	 * memchr-speed looks instead of a walk (this runs for every fn) */
	if (!memmem(text + pa, pb - pa, "impl", 4) && !(gb > ga && memchr(text + ga, ':', gb - ga)))
		return 0xff;
	return params_without(text, pa, pb, ga, gb, param_takes_ref);
}

/* Does the word text[a, b) occur whole in text[ga, gb)? */
static int word_in(const char *text, size_t a, size_t b, size_t ga, size_t gb)
{
	size_t n = b - a, i;

	for (i = ga; n && i + n <= gb; i++)
		if (memcmp(text + i, text + a, n) == 0 && (i == ga || !word_char((unsigned char)text[i - 1])) &&
		    (i + n == gb || !word_char((unsigned char)text[i + n])))
			return 1;
	return 0;
}

/* Is the parameter type text[a, b) a shared reference to a type named in
 * full (`&str`, `&PackageReq`, `&'a [u8]`): no generic of the fn (those
 * in text[ga, gb)), no `impl`/`dyn`, no one-letter name (an impl's own
 * generic, which the fn's text does not show)?  There deref coercion
 * turns a `&&T` argument into the `&T` expected. */
static int param_concrete_ref(const char *text, size_t a, size_t b, size_t ga, size_t gb)
{
	size_t i;

	trim_span(text, &a, &b);
	if (a >= b || text[a] != '&')
		return 0;
	for (a++; a < b && is_space(text[a]); a++)
		;
	if (a < b && text[a] == '\'') /* a lifetime */
		for (a++; a < b && (word_char((unsigned char)text[a]) || is_space(text[a])); a++)
			;
	if (a >= b || (b - a > 3 && memcmp(text + a, "mut", 3) == 0 && !word_char((unsigned char)text[a + 3])))
		return 0;
	for (i = a; i < b;) {
		size_t w = i;
		if (!word_char((unsigned char)text[i])) {
			i++;
			continue;
		}
		while (i < b && word_char((unsigned char)text[i]))
			i++;
		if ((i - w == 4 && (memcmp(text + w, "impl", 4) == 0 || memcmp(text + w, "Self", 4) == 0)) ||
		    (i - w == 3 && memcmp(text + w, "dyn", 3) == 0) ||
		    (i - w == 1 && text[w] >= 'A' && text[w] <= 'Z') || (gb > ga && word_in(text, w, i, ga, gb)))
			return 0;
	}
	return 1;
}

/* Bit i set when parameter i is no param_concrete_ref(). */
static unsigned params_not_concrete_ref(const char *text, size_t pa, size_t pb, size_t ga, size_t gb)
{
	if (!memchr(text + pa, '&', pb - pa))
		return 0xff;
	return params_without(text, pa, pb, ga, gb, param_concrete_ref);
}

/* What each fn the text declares returns, as a record in lib->fn_text:
 * the name's hash and whether it hands out a borrow (a reference, or
 * anything with a lifetime: `Option<&T>`, `Ref<'_, T>`, `Iter<'a, T>`,
 * `impl Iterator + '_`) or a value the caller owns.  The name itself is
 * not kept: 64 bits of FNV-1a tell tens of thousands of names apart.
 * Found as the word `fn` before a name, not in a line comment; the
 * signature read up to its body, `;` or `where` at bracket depth 0; a fn
 * without `->` returns nothing worth a record.  Byte-based and cheap
 * (every file's fns, in the first pass), and the same for both ways of
 * building the library. */
static int append_fns(typelib *lib, const char *text, size_t len)
{
	size_t *at = NULL, n = 0, cap = 0, i, k;
	int rc = 0;

	if (find_fns(text, len, &at, &n, &cap) < 0) {
		free(at);
		return -1;
	}
	for (i = 0; i < n && rc == 0; i++) {
		size_t a = at[i] + 2, name, name_end, arrow, ga, gb, pa;
		int borrow, method = 0;
		while (a < len && is_space(text[a]))
			a++;
		name = a;
		while (a < len && word_char((unsigned char)text[a]))
			a++;
		name_end = a;
		if (name_end == name || (text[name] >= '0' && text[name] <= '9'))
			continue; /* `fn(u32) -> u32`: a pointer type, not an item */
		/* the signature by a few memchr()s rather than a look at every
		 * byte (this runs for every fn of every file): generics, the
		 * parameters' parentheses, `->`, and the return type up to the
		 * body, a `;` or `where` */
		ga = gb = a;
		if (a < len && text[a] == '<') { /* generics, `<T: Into<X>>` */
			int angle = 0;
			ga = a + 1;
			for (; a < len; a++) {
				if (text[a] == '<')
					angle++;
				else if (text[a] == '>' && text[a - 1] != '-' && --angle == 0)
					break;
			}
			gb = a;
			a++;
		}
		if (a >= len || text[a] != '(')
			continue;
		pa = a + 1;
		{ /* the parentheses: the next `)`, unless a `(` comes first */
			int depth = 1;
			size_t p = a + 1;
			while (depth > 0 && p < len && p - a < 4096) {
				const char *close = memchr(text + p, ')', len - p), *open;
				if (!close)
					break;
				open = memchr(text + p, '(', (size_t)(close - (text + p)));
				if (open) {
					depth++;
					p = (size_t)(open - text) + 1;
				} else {
					depth--;
					p = (size_t)(close - text) + 1;
				}
			}
			if (depth != 0)
				continue;
			a = p;
		}
		{ /* how the method takes its receiver: `self` / `mut self` /
		   * `self: Box<Self>` by value (1), `&mut self` (2), `&self` (4) */
			size_t q = pa;
			int mode = 0;
			while (q < a && is_space(text[q]))
				q++;
			if (q < a && text[q] == '&') { /* &self, &'a self, &mut self, &'a mut self */
				for (q++; q < a && is_space(text[q]); q++)
					;
				if (q < a && text[q] == '\'') {
					while (q < a && !is_space(text[q]))
						q++;
					while (q < a && is_space(text[q]))
						q++;
				}
				mode = 4;
				if (a - q > 4 && memcmp(text + q, "mut", 3) == 0 && is_space(text[q + 3])) {
					mode = 2;
					for (q += 3; q < a && is_space(text[q]); q++)
						;
				}
				if (!(a - q > 4 && memcmp(text + q, "self", 4) == 0 && !word_char((unsigned char)text[q + 4])))
					mode = 0;
			} else {
				if (a - q > 4 && memcmp(text + q, "mut", 3) == 0 && is_space(text[q + 3]))
					for (q += 3; q < a && is_space(text[q]); q++)
						;
				if (a - q > 4 && memcmp(text + q, "self", 4) == 0 && !word_char((unsigned char)text[q + 4])) {
					for (q += 4; q < a && is_space(text[q]); q++)
						;
					if (text[q] == ':')
						for (q++; q < a && is_space(text[q]); q++)
							;
					/* `self: &Self`, rare: taken for `&mut self` */
					mode = text[q] == '&' || (a - q >= 5 && memcmp(text + q, "Pin<&", 5) == 0) ? 2 : 1;
				}
			}
			method = mode != 0;
			if (mode && put_record(lib, marked_key(text + name, name_end - name, SELF_MARK), mode) < 0) {
				rc = -1;
				break;
			}
		}
		{ /* which parameters take a reference as well: only when no `where` clause bounds them further */
			size_t lim = len - a < 1024 ? len - a : 1024;
			const char *brace = memchr(text + a, '{', lim), *semi = memchr(text + a, ';', lim);
			const char *stop = brace && (!semi || brace < semi) ? brace : semi;
			unsigned mask = params_not_ref(text, pa, a - 1, ga, gb);
			if (mask != 0xff && stop && memmem(text + a, (size_t)(stop - (text + a)), "where", 5))
				mask = 0xff;
			/* one record for both facts, four parameters each: the low
			 * nibble the parameters that take no reference as well, the
			 * high one those that are no `&` of a known type (a record
			 * per fact made the table of a two-million-line tree twice
			 * the size, +9 MiB; calls passing a copy as a fifth argument
			 * are rare, and unknown stays unknown) */
			unsigned both = (mask & 0x0f) | ((params_not_concrete_ref(text, pa, a - 1, ga, gb) & 0x0f) << 4);
			if (put_record(lib, marked_key(text + name, name_end - name, PARAM_MARK), (int)both) < 0) {
				rc = -1;
				break;
			}
		}
		while (a < len && is_space(text[a]))
			a++;
		if (a + 2 > len || text[a] != '-' || text[a + 1] != '>')
			continue; /* no return type: nothing worth a record */
		arrow = a + 2;
		{
			size_t lim = len - arrow < 1024 ? len - arrow : 1024;
			const char *brace = memchr(text + arrow, '{', lim), *semi = memchr(text + arrow, ';', lim), *w;
			const char *stop = brace && (!semi || brace < semi) ? brace : semi;
			if (!stop)
				continue;
			k = (size_t)(stop - text);
			if ((w = memmem(text + arrow, k - arrow, "where", 5)))
				k = (size_t)(w - text);
			borrow = memchr(text + arrow, '&', k - arrow) || memchr(text + arrow, '\'', k - arrow);
			/* a guard: a named type that holds a borrow, `BorrowMut<'_,
			 * ValueVec>`, `MutexGuard<'a, T>` -- not a reference, `Option<&T>`
			 * nor an `impl Trait + '_`: it lives, and may run a Drop, to
			 * the end of its scope (koto's `let data = l.data_mut();`) */
			/* (a fn returning a value is OWNED_MARK's already: a record
			 * only for the borrowing ones, few) */
			if (borrow) {
				size_t t = arrow;
				int guard;
				while (t < k && is_space(text[t]))
					t++;
				guard = t < k && word_char((unsigned char)text[t]) &&
				        !(k - t >= 5 && memcmp(text + t, "impl", 4) == 0 && !word_char((unsigned char)text[t + 4])) &&
				        memchr(text + t, '\'', k - t) && !(k - t >= 8 && memcmp(text + t, "Option<&", 8) == 0) &&
				        !(k - t >= 8 && memcmp(text + t, "Result<&", 8) == 0);
				if (put_record(lib, marked_key(text + name, name_end - name, guard ? GUARD_MARK : NOT_GUARD_MARK), 1) < 0) {
					rc = -1;
					break;
				}
			}
		}
		/* the flag: a borrow (else a value), and whether a Result -- of a
		 * method or a fn without `self` -- or'ed over the fns of a name */
		if ((!borrow && put_record(lib, marked_key(text + name, name_end - name, OWNED_MARK), 1) < 0) ||
		    put_record(lib, name_hash(text + name, name_end - name),
		               borrow | (returns_result(text, arrow, k) ? (method ? FN_METHOD_RESULT : FN_FREE_RESULT)
		                                                        : (method ? FN_METHOD_OTHER : FN_FREE_OTHER))) < 0)
			rc = -1;
	}
	free(at);
	return rc;
}


/* Is the word w at text[i] (not inside a longer word)? */
static int word_at(const char *text, size_t len, size_t i, const char *w, size_t wl)
{
	return i + wl <= len && memcmp(text + i, w, wl) == 0 && (i == 0 || !word_char((unsigned char)text[i - 1])) &&
	       (i + wl == len || !word_char((unsigned char)text[i + wl]));
}

/* From text[i], past white space, line comments, attributes and a
 * visibility (`pub`, `pub(crate)`): the item keyword `struct`, `enum` or
 * `union` and its name.  The name's offset and length, or 0. */
static size_t item_name(const char *text, size_t len, size_t i, size_t *n)
{
	for (;;) {
		while (i < len && is_space(text[i]))
			i++;
		if (i + 1 < len && text[i] == '/' && text[i + 1] == '/') {
			const char *nl = memchr(text + i, '\n', len - i);
			i = nl ? (size_t)(nl - text) + 1 : len;
		} else if (i + 1 < len && text[i] == '#' && text[i + 1] == '[') {
			int depth = 0;
			for (; i < len; i++)
				if (text[i] == '[')
					depth++;
				else if (text[i] == ']' && --depth == 0)
					break;
			i++;
		} else if (word_at(text, len, i, "pub", 3)) {
			i += 3;
			while (i < len && is_space(text[i]))
				i++;
			if (i < len && text[i] == '(') {
				const char *close = memchr(text + i, ')', len - i);
				i = close ? (size_t)(close - text) + 1 : len;
			}
		} else
			break;
	}
	if (word_at(text, len, i, "struct", 6))
		i += 6;
	else if (word_at(text, len, i, "enum", 4) || word_at(text, len, i, "union", 5))
		i += text[i] == 'e' ? 4 : 5;
	else
		return 0;
	while (i < len && is_space(text[i]))
		i++;
	*n = 0;
	while (i + *n < len && word_char((unsigned char)text[i + *n]))
		(*n)++;
	return *n ? i : 0;
}

/* Record NAME for every `impl[<..>] [path::]Drop for NAME` (DROP_MARK)
 * and `.. Deref for NAME` (DEREF_MARK) in the text: one search for `impl`
 * serves both (the trait as a whole word: `ops::Deref for`, not
 * `DerefMut for`). */
static int drop_and_deref_impls(typelib *lib, const char *text, size_t len)
{
	const char *p, *end = text + len;

	for (p = text; (p = textfind(p, (size_t)(end - p), "impl", 4));) {
		size_t at = (size_t)(p - text), a = at + 4, t, tl = 0, name;
		uint64_t mark;
		p += 4;
		if (!word_at(text, len, at, "impl", 4) || !code_word_at(text, at))
			continue;
		while (a < len && is_space(text[a]))
			a++;
		if (a < len && text[a] == '<') { /* the impl's generics, `->` aside */
			int angle = 0;
			for (; a < len && a - at < 512; a++) {
				if (text[a] == '<')
					angle++;
				else if (text[a] == '>' && text[a - 1] != '-' && --angle == 0)
					break;
			}
			a++;
		}
		for (;;) { /* the trait's path: its last segment */
			while (a < len && is_space(text[a]))
				a++;
			for (t = a; a < len && word_char((unsigned char)text[a]); a++)
				;
			tl = a - t;
			if (a + 1 < len && text[a] == ':' && text[a + 1] == ':') {
				a += 2;
				continue;
			}
			break;
		}
		if (tl == 4 && memcmp(text + t, "Drop", 4) == 0)
			mark = DROP_MARK;
		else if (tl == 5 && memcmp(text + t, "Deref", 5) == 0)
			mark = DEREF_MARK;
		else
			continue;
		while (a < len && is_space(text[a]))
			a++;
		if (!word_at(text, len, a, "for", 3))
			continue;
		for (a += 3; a < len && is_space(text[a]); a++)
			;
		for (name = a; a < len && word_char((unsigned char)text[a]); a++)
			;
		if (a > name && put_record(lib, marked_key(text + name, a - name, mark), 0) < 0)
			return -1;
	}
	return 0;
}

/* Which types the text declares Copy, and which not: for every
 * `#[derive(..)]` on a struct, enum or union, a record under its name's
 * COPY_MARK key -- 0 when Copy is derived and the type has no generic
 * parameters (`#[derive(Copy)] enum Conditional<C, N>` is Copy only for
 * some C and N), 1 otherwise -- so that a name some crate declares Copy
 * and another does not (a `Server`, a `Protocol`) is not taken for Copy.
 * Outside line comments; text-based, as append_fns. */
static int append_copies(typelib *lib, const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	int rc = 0;

	while (rc == 0 && (p = textfind(p, (size_t)(end - p), "derive(", 7))) {
		size_t at = (size_t)(p - text), k, name, n = 0;
		const char *close, *bracket;
		int copy = 0, drops = 0;
		p += 7;
		if (!code_word_at(text, at))
			continue; /* part of a longer word, or in a line comment */
		for (k = at; k > 0 && is_space(text[k - 1]); k--)
			;
		if (!(k >= 2 && text[k - 1] == '[' && text[k - 2] == '#') && !(k >= 1 && text[k - 1] == ','))
			continue; /* not `#[derive(` (nor cfg_attr(.., derive(`) */
		if (!(close = memchr(p, ')', (size_t)(end - p))) || !(bracket = memchr(close, ']', (size_t)(end - close))))
			continue;
		for (k = (size_t)(p - text); k + 4 <= (size_t)(close - text); k++) {
			if (word_at(text, len, k, "Copy", 4))
				copy = 1;
			/* zeroize's derive writes the Drop impl (dbus-secret-service's
			 * `secret.data` of an EncryptedSecret, refuted E0509) */
			if (k + 13 <= (size_t)(close - text) && word_at(text, len, k, "ZeroizeOnDrop", 13))
				drops = 1;
		}
		if (!(name = item_name(text, len, (size_t)(bracket - text) + 1, &n)))
			continue;
		if (drops && put_record(lib, marked_key(text + name, n, DROP_MARK), 0) < 0)
			rc = -1;
		for (k = name + n; k < len && is_space(text[k]); k++)
			;
		if (k < len && text[k] == '<')
			copy = 0; /* generic: Copy only for some parameters */
		if (put_record(lib, marked_key(text + name, n, COPY_MARK), !copy) < 0)
			rc = -1;
	}
	/* `impl Drop for NAME` / `impl<T> Drop for NAME<T>`: a field cannot be
	 * moved out of such a value (E0509); `impl Deref for NAME`: what it
	 * lends is not its own to move (E0507) */
	if (rc == 0)
		rc = drop_and_deref_impls(lib, text, len);
	if (rc == 0)
		rc = append_imports(lib, text, len);
	return rc;
}

/* The names of the `mod NAME` items the text declares, as offsets and
 * lengths in mods (at most max of them; *n set).  A `use NAME::..` of
 * one of them is a path into the file's own module. */
static void declared_mods(const char *text, size_t len, size_t *mods, size_t *lens, size_t max, size_t *n)
{
	const char *p = text, *end = text + len;

	*n = 0;
	while (*n < max && (p = textfind(p, (size_t)(end - p), "mod ", 4))) {
		size_t at = (size_t)(p - text), k = at + 4, w;
		p += 4;
		if (!word_at(text, len, at, "mod", 3) || !code_word_at(text, at))
			continue;
		while (k < len && is_space(text[k]))
			k++;
		for (w = k; k < len && word_char((unsigned char)text[k]); k++)
			;
		if (k > w) {
			mods[*n] = w;
			lens[*n] = k - w;
			(*n)++;
		}
	}
}

static int is_declared_mod(const char *text, const size_t *mods, const size_t *lens, size_t n, const char *name,
                           size_t len)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (lens[i] == len && memcmp(text + mods[i], name, len) == 0)
			return 1;
	return 0;
}

/* Does the `use ` at text[at] start its line, as rustfmt writes one: only
 * indentation and a `pub` or `pub(..)` before it? */
static int use_starts_line(const char *text, size_t at)
{
	size_t k = at;

	while (k > 0 && (text[k - 1] == ' ' || text[k - 1] == '\t'))
		k--;
	if (k > 0 && text[k - 1] == ')') { /* pub(crate) */
		while (k > 0 && text[k - 1] != '(' && text[k - 1] != '\n')
			k--;
		if (k == 0 || text[k - 1] != '(')
			return 0;
		k--;
		if (!(k >= 3 && memcmp(text + k - 3, "pub", 3) == 0))
			return 0;
		k -= 3;
	} else if (k >= 3 && memcmp(text + k - 3, "pub", 3) == 0 && k < at) {
		k -= 3;
	}
	while (k > 0 && (text[k - 1] == ' ' || text[k - 1] == '\t'))
		k--;
	return k == 0 || text[k - 1] == '\n';
}

/* The names each `use` item brings in, with the path's first segment:
 * "NAME\tROOT\n" lines in lib->import_text, for the roots that may be
 * another crate (not `crate`, `self`, `super`, nor a `mod` of the file).
 * Which of those are the workspace's own crates is known only when every
 * file is read (typelib_finish).  Text-based, as append_copies. */
static int append_imports(typelib *lib, const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	size_t mods[256], lens[256], nmods = 0, searched = 0;

	/* a use item starts a line, as rustfmt writes it: indentation, maybe
	 * `pub` or `pub(..)`, then `use `.  Found by the vectorised search,
	 * each checked for what may stand before it on its line (a "because "
	 * in a comment is passed over there) */
	for (; p + 4 <= end; p++) {
		size_t at, k, root = 0, rn = 0, w, wn;
		char prev_punct = ':';
		if (!(p = textfind(p, (size_t)(end - p), "use ", 4)))
			break;
		at = (size_t)(p - text);
		if (!use_starts_line(text, at))
			continue;
		k = at + 4;
		while (k < len && k < at + 4096 && text[k] != ';') {
			if (is_space(text[k])) {
				k++;
				continue;
			}
			if (!word_char((unsigned char)text[k])) {
				if (text[k] == ':' && k + 1 < len && text[k + 1] == ':') {
					prev_punct = ':';
					k += 2;
				} else if (text[k] == '{' || text[k] == ',' || text[k] == '}' || text[k] == '*') {
					prev_punct = text[k];
					k++;
				} else
					break; /* not a use item as rustfmt writes one */
				continue;
			}
			for (w = k; k < len && word_char((unsigned char)text[k]); k++)
				;
			wn = k - w;
			if (!rn) {
				root = w;
				rn = wn;
				if (word_at(text, len, w, "crate", 5) || word_at(text, len, w, "self", 4) ||
				    word_at(text, len, w, "super", 5))
					break; /* the crate's own */
				if (!searched++) /* the file's `mod`s, once, when a use needs them */
					declared_mods(text, len, mods, lens, sizeof(mods) / sizeof(*mods), &nmods);
				if (is_declared_mod(text, mods, lens, nmods, text + w, wn))
					break;
				continue;
			}
			{
				size_t q = k;
				int is_as = wn == 2 && memcmp(text + w, "as", 2) == 0;
				while (q < len && is_space(text[q]))
					q++;
				/* a leaf: the name after `as`, or one before `,`, `}`,
				 * `;` or `as` (not `as` itself, not `_`) */
				if ((prev_punct == 'a' || (q < len && (text[q] == ',' || text[q] == '}' || text[q] == ';')) ||
				     word_at(text, len, q, "as", 2)) &&
				    !is_as && !(wn == 1 && text[w] == '_') &&
				    (buf_append(&lib->import_text, text + w, wn) < 0 || buf_putc(&lib->import_text, '\t') < 0 ||
				     buf_append(&lib->import_text, text + root, rn) < 0 || buf_putc(&lib->import_text, '\n') < 0))
					return -1;
				prev_punct = is_as ? 'a' : 'w';
			}
		}
	}
	return 0;
}

int typelib_add(typelib *lib, const rustscan_result *rs)
{
	size_t i;

	for (i = 0; i < rs->struct_count; i++)
		if (append_item(lib, rs->lex, rs->structs[i].keyword, rs->structs[i].close) < 0)
			return -1;
	for (i = 0; i < rs->alias_count; i++) /* through the `;` */
		if (append_item(lib, rs->lex, rs->aliases[i].keyword, rs->aliases[i].type_end) < 0)
			return -1;
	if (append_fns(lib, rs->lex->text, rs->lex->text_len) < 0)
		return -1;
	return append_copies(lib, rs->lex->text, rs->lex->text_len);
}

/* Of a scan of one item's text: the item itself (the one at token 0). */
static int add_leading(typelib *lib, const rustscan_result *rs)
{
	size_t i;

	for (i = 0; i < rs->struct_count; i++)
		if (rs->structs[i].keyword == 0)
			return append_item(lib, rs->lex, 0, rs->structs[i].close);
	for (i = 0; i < rs->alias_count; i++)
		if (rs->aliases[i].keyword == 0)
			return append_item(lib, rs->lex, 0, rs->aliases[i].type_end);
	return 0;
}

static int word_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c >= 0x80;
}

/* Is text[at..] the word w, a keyword of its own?  Not part of a longer
 * identifier, not a raw identifier (r#type), and `type` not a path's last
 * segment (Self::type). */
static int keyword_at(const char *text, size_t len, size_t at, size_t wl)
{
	size_t k = at;

	if ((at > 0 && word_char((unsigned char)text[at - 1])) || (at + wl < len && word_char((unsigned char)text[at + wl])))
		return 0;
	if (at >= 2 && text[at - 1] == '#' && text[at - 2] == 'r' && (at == 2 || !word_char((unsigned char)text[at - 3])))
		return 0; /* r#type: a raw identifier */
	if (wl == 4) {
		while (k > 0 && (text[k - 1] == ' ' || text[k - 1] == '\t' || text[k - 1] == '\n' || text[k - 1] == '\r'))
			k--;
		if (k >= 2 && text[k - 1] == ':' && text[k - 2] == ':')
			return 0;
	}
	return 1;
}

static int push(size_t **at, size_t *n, size_t *cap, size_t off)
{
	if (*n == *cap) {
		size_t *v = buf_grow_array(*at, cap, sizeof(*v), 64);
		if (!v)
			return -1;
		*at = v;
	}
	(*at)[(*n)++] = off;
	return 0;
}

/* Is a keyword (`struct` or `type`) at text[i]?  Its length, or 0. */
static size_t keyword_len(const char *text, size_t len, size_t i)
{
	if (text[i] == 's' && len - i >= 6 && memcmp(text + i, "struct", 6) == 0 && keyword_at(text, len, i, 6))
		return 6;
	if (text[i] == 't' && len - i >= 4 && memcmp(text + i, "type", 4) == 0 && keyword_at(text, len, i, 4))
		return 4;
	return 0;
}

/* The offsets of `struct` and `type` as words, ascending, in one pass.
 * Every file is searched, so 16 positions are tried at a time by the
 * first and last letters of each word (s....t, t..e), and only those that
 * pass are compared whole. */
static int find_keywords(const char *text, size_t len, size_t **at, size_t *n, size_t *cap)
{
	size_t i = 0;

#ifdef __SSE2__
	const __m128i s = _mm_set1_epi8('s'), t = _mm_set1_epi8('t'), e = _mm_set1_epi8('e');

	for (; len >= 21 && i <= len - 21; i += 16) {
		__m128i first = _mm_loadu_si128((const __m128i *)(const void *)(text + i));
		__m128i third = _mm_loadu_si128((const __m128i *)(const void *)(text + i + 3));
		__m128i fifth = _mm_loadu_si128((const __m128i *)(const void *)(text + i + 5));
		unsigned m = (unsigned)_mm_movemask_epi8(
			_mm_or_si128(_mm_and_si128(_mm_cmpeq_epi8(first, s), _mm_cmpeq_epi8(fifth, t)),
			             _mm_and_si128(_mm_cmpeq_epi8(first, t), _mm_cmpeq_epi8(third, e))));
		while (m) {
			size_t k = i + (size_t)__builtin_ctz(m);
			m &= m - 1;
			if (keyword_len(text, len, k) && push(at, n, cap, k) < 0)
				return -1;
		}
	}
#endif
	for (; i < len; i++)
		if (keyword_len(text, len, i) && push(at, n, cap, i) < 0)
			return -1;
	return 0;
}

/* The first word of the line at text[ls..] past its indentation and the
 * modifiers an item may carry (`pub`, `pub(crate)`, `unsafe`, `default`):
 * is it `impl` or `trait`? */
static int opens_impl_or_trait(const char *text, size_t len, size_t at)
{
	for (;;) {
		size_t w = at;
		while (w < len && word_char((unsigned char)text[w]))
			w++;
		if ((w - at == 4 && memcmp(text + at, "impl", 4) == 0) || (w - at == 5 && memcmp(text + at, "trait", 5) == 0))
			return 1;
		if (!((w - at == 3 && memcmp(text + at, "pub", 3) == 0) || (w - at == 6 && memcmp(text + at, "unsafe", 6) == 0) ||
		      (w - at == 7 && memcmp(text + at, "default", 7) == 0)))
			return 0;
		if (w < len && text[w] == '(') /* pub(crate) */
			while (w < len && text[w] != ')' && text[w] != '\n')
				w++;
		while (w < len && (text[w] == ' ' || text[w] == '\t' || text[w] == ')'))
			w++;
		at = w;
	}
}

/* Is the `type` at text[at] an impl's or a trait's associated type
 * (`type Handle = TokioHandle;` names `<Tokio as Runtime>::Handle`, no type
 * of the module)?  Told by the layout rustfmt gives every file: back from
 * an indented `type` to the first line indented less, the block's opener,
 * and over the header lines at its level to an `impl` or a `trait`.  A file
 * laid out otherwise keeps its aliases, as before; a block too long to walk
 * back through likewise. */
static int associated_type(const char *text, size_t at)
{
	size_t ls = at, indent, k, lines;
	int header = -1;

	while (ls > 0 && text[ls - 1] != '\n')
		ls--;
	for (k = ls; k < at && (text[k] == ' ' || text[k] == '\t'); k++)
		;
	indent = k - ls;
	if (memchr(text + k, '{', at - k)) /* `impl Clock for System { type Tick = Millis; }` */
		return opens_impl_or_trait(text, at, k);
	if (indent == 0)
		return 0;
	for (lines = 0; ls > 0 && lines < 4000; lines++) {
		size_t e = ls - 1, b = e, ind;
		while (b > 0 && text[b - 1] != '\n')
			b--;
		ls = b;
		for (k = b; k < e && (text[k] == ' ' || text[k] == '\t'); k++)
			;
		ind = k - b;
		if (k == e || text[k] == '/' || text[k] == '*' || text[k] == '#')
			continue; /* blank, a comment, an attribute */
		if (header < 0) {
			if (ind >= indent)
				continue; /* a sibling item's lines */
			header = (int)ind; /* the opener: `{`, `impl .. {`, `where` */
		} else if (ind > (size_t)header) {
			continue; /* a where clause's bounds */
		} else if (ind < (size_t)header || lines > 24) {
			return 0;
		}
		if (opens_impl_or_trait(text, e, k))
			return 1;
		while (e > k && (text[e - 1] == ' ' || text[e - 1] == '\t' || text[e - 1] == '\r'))
			e--;
		if (e > k && (text[e - 1] == ';' || text[e - 1] == '}'))
			return 0; /* the item before: the header ended */
	}
	return 0;
}

int typelib_collect(typelib *lib, rustlex_result *lx, const char *text, size_t len)
{
	size_t *at = NULL, n = 0, cap = 0, i;
	int pass, rc = 0;

	if (find_keywords(text, len, &at, &n, &cap) < 0) {
		free(at);
		return -1;
	}
	n = rustlex_keep_code(text, len, at, n);
	/* structs first, then aliases, each in file order: what typelib_add()
	 * appends for a scan of the whole file */
	for (pass = 0; pass < 2 && rc == 0; pass++)
		for (i = 0; i < n && rc == 0; i++) {
			rustscan_result rs;
			if ((text[at[i]] == 's') != (pass == 0) || (pass == 1 && associated_type(text, at[i])))
				continue;
			rustlex_reset(lx);
			if (rustlex_lex_item(lx, text + at[i], len - at[i]) < 0 || rustscan_scan_types(&rs, lx) < 0)
				rc = -1;
			else
				rc = add_leading(lib, &rs);
			rustscan_free(&rs);
		}
	free(at);
	if (rc == 0)
		rc = append_fns(lib, text, len);
	return rc ? rc : append_copies(lib, text, len);
}

int typelib_add_hot_calls(typelib *lib, const char *lines, size_t len)
{
	return buf_append(&lib->hot_text, lines, len);
}

int typelib_add_async_calls(typelib *lib, const char *lines, size_t len)
{
	return buf_append(&lib->async_text, lines, len);
}

int typelib_add_async_edges(typelib *lib, const char *lines, size_t len)
{
	return buf_append(&lib->edge_text, lines, len);
}

int typelib_add_crate(typelib *lib, const char *name)
{
	size_t at = lib->crate_text.len, i;

	if (!name || !*name)
		return 0;
	/* one line per file; index_crates() sorts them (repeats do no harm) */
	if (buf_puts(&lib->crate_text, name) < 0 || buf_putc(&lib->crate_text, '\n') < 0)
		return -1;
	for (i = at; i < lib->crate_text.len; i++)
		if (lib->crate_text.ptr[i] == '-')
			lib->crate_text.ptr[i] = '_';
	return 0;
}

/* Append {name, len, first, 0} to a growing array of entries.  0, or -1. */
static int push_entry(typelib_entry **v, size_t *n, size_t *cap, const char *name, size_t len, size_t first)
{
	if (*n == *cap) {
		size_t c = *cap ? *cap * 2 : 16;
		typelib_entry *e = realloc(*v, c * sizeof(*e));
		if (!e)
			return -1;
		*v = e;
		*cap = c;
	}
	(*v)[*n].name = name;
	(*v)[*n].len = len;
	(*v)[*n].first = first;
	(*v)[*n].count = 0;
	(*n)++;
	return 0;
}

int typelib_crate(const typelib *lib, const char *name, size_t n)
{
	typelib_entry key = { name, n, 0, 0 };

	if ((n == 5 && memcmp(name, "crate", 5) == 0) || (n == 4 && memcmp(name, "self", 4) == 0) ||
	    (n == 5 && memcmp(name, "super", 5) == 0))
		return 1;
	return lib && lib->ncrates && bsearch(&key, lib->crates, lib->ncrates, sizeof(key), cmp_key) != NULL;
}

/* The crates' lines as a sorted index (typelib_crate() searches it). */
static int index_crates(typelib *lib)
{
	const char *p = lib->crate_text.ptr, *end = p ? p + lib->crate_text.len : NULL;
	size_t n = 0, cap = 0;

	while (p && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			break;
		if (push_entry(&lib->crates, &n, &cap, p, (size_t)(nl - p), 0) < 0)
			return -1;
		p = nl + 1;
	}
	lib->ncrates = n;
	if (n)
		qsort(lib->crates, n, sizeof(*lib->crates), cmp_key);
	return 0;
}

int typelib_merge(typelib *lib, const typelib *part)
{
	if (part->crate_text.len && buf_append(&lib->crate_text, part->crate_text.ptr, part->crate_text.len) < 0)
		return -1;
	if (part->hot_text.len && buf_append(&lib->hot_text, buf_cstr(&part->hot_text), part->hot_text.len) < 0)
		return -1;
	if (lib->text.len + part->text.len > TYPELIB_MAX_BYTES) {
		lib->truncated = 1;
		return 0;
	}
	lib->truncated |= part->truncated;
	if (part->import_text.len && buf_append(&lib->import_text, part->import_text.ptr, part->import_text.len) < 0)
		return -1;
	if (buf_append(&lib->fn_text, buf_cstr(&part->fn_text), part->fn_text.len) < 0)
		return -1;
	return buf_append(&lib->text, buf_cstr(&part->text), part->text.len);
}

/* Room for n bytes in b: when b is empty, memory nothing has touched
 * yet, and for megabytes huge pages are asked for. */
static int reserve_empty(buf *b, size_t n)
{
	int fresh = b->ptr == NULL;

	if (buf_grow(b, n) < 0)
		return -1;
	if (fresh)
		arena_hint_huge(b->ptr, b->cap);
	return 0;
}

int typelib_merge_all(typelib *lib, typelib *parts, size_t n)
{
	size_t i, text = 0, fns = 0, imports = 0, crates = 0, hot = 0;
	int rc = 0;

	for (i = 0; i < n; i++) {
		text += parts[i].text.len;
		fns += parts[i].fn_text.len;
		imports += parts[i].import_text.len;
		crates += parts[i].crate_text.len;
		hot += parts[i].hot_text.len;
	}
	if (text > TYPELIB_MAX_BYTES) /* what typelib_merge() keeps at most */
		text = TYPELIB_MAX_BYTES;
	if (reserve_empty(&lib->text, text) < 0 || reserve_empty(&lib->fn_text, fns) < 0 ||
	    reserve_empty(&lib->import_text, imports) < 0 || reserve_empty(&lib->crate_text, crates) < 0 ||
	    reserve_empty(&lib->hot_text, hot) < 0)
		rc = -1;
	for (i = 0; i < n; i++) {
		if (rc == 0 && typelib_merge(lib, &parts[i]) < 0)
			rc = -1;
		typelib_free(&parts[i]);
	}
	return rc;
}

static int cmp_entry(const void *pa, const void *pb)
{
	const typelib_entry *a = pa, *b = pb;
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->name, b->name, n);

	if (c)
		return c;
	if (a->len != b->len)
		return a->len < b->len ? -1 : 1;
	/* equal names: file order, so lookups never depend on qsort */
	return (a->first > b->first) - (a->first < b->first);
}

static int cmp_name(const typelib_entry *a, const typelib_entry *b)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->name, b->name, n);

	return c ? c : (a->len > b->len) - (a->len < b->len);
}

static int cmp_key(const void *pa, const void *pb)
{
	return cmp_name(pa, pb);
}

static const typelib_entry *find(const typelib_entry *v, size_t count, const char *name, size_t n)
{
	typelib_entry key = { name, n, 0, 0 };
	const typelib_entry *e = count ? bsearch(&key, v, count, sizeof(*v), cmp_key) : NULL;

	/* declared more than once (a `Config` in each crate): which one is
	 * meant is unknown, and unknown is the conservative answer */
	if (e && ((e > v && cmp_name(e - 1, &key) == 0) || (e + 1 < v + count && cmp_name(e + 1, &key) == 0)))
		return NULL;
	return e;
}

const typelib_entry *typelib_struct(const typelib *lib, const char *name, size_t n)
{
	return find(lib->structs, lib->nstructs, name, n);
}

const typelib_entry *typelib_alias(const typelib *lib, const char *name, size_t n)
{
	return find(lib->aliases, lib->naliases, name, n);
}

/* Lines "KEY\tREST\n" of text, split in place (each line NUL-ended) and
 * indexed by key in *out, sorted (a key's entries stay in file order:
 * files were merged in path order, and `first`, the offset of REST, breaks
 * ties). */
static int index_lines(buf *text, typelib_entry **out, size_t *count)
{
	char *p = text->ptr, *end = p ? p + text->len : NULL; /* (NULL + 0 is undefined) */
	size_t n = 0, cap = 0;

	while (p && p < end) {
		char *tab = memchr(p, '\t', (size_t)(end - p)), *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			break;
		if (tab && tab < nl) {
			if (push_entry(out, &n, &cap, p, (size_t)(tab - p), (size_t)(tab + 1 - text->ptr)) < 0)
				return -1;
			*nl = '\0';
		}
		p = nl + 1;
	}
	*count = n;
	if (n)
		qsort(*out, n, sizeof(**out), cmp_entry);
	return 0;
}

const char *typelib_hot_call(const typelib *lib, const char *name, size_t n)
{
	typelib_entry key = { name, n, 0, 0 };
	const typelib_entry *e = lib && lib->nhot_calls
	                             ? bsearch(&key, lib->hot_calls, lib->nhot_calls, sizeof(key), cmp_key)
	                             : NULL;

	while (e && e > lib->hot_calls && cmp_name(e - 1, &key) == 0) /* a name's first reason */
		e--;
	return e ? lib->hot_text.ptr + e->first : NULL;
}

/* The run of entries under key[0..n) in v (sorted), and its length. */
static const typelib_entry *run_of(const typelib_entry *v, size_t count, const char *key, size_t n, size_t *len)
{
	typelib_entry k = { key, n, 0, 0 };
	const typelib_entry *e = count ? bsearch(&k, v, count, sizeof(k), cmp_key) : NULL, *last;

	*len = 0;
	if (!e)
		return NULL;
	while (e > v && cmp_name(e - 1, &k) == 0)
		e--;
	for (last = e; last < v + count && cmp_name(last, &k) == 0; last++)
		;
	*len = (size_t)(last - e);
	return e;
}

int typelib_index_async(typelib *lib)
{
	free(lib->async_calls);
	free(lib->edges);
	lib->async_calls = lib->edges = NULL;
	lib->nasync_calls = lib->nedges = 0;
	return index_lines(&lib->async_text, &lib->async_calls, &lib->nasync_calls) < 0 ||
	               index_lines(&lib->edge_text, &lib->edges, &lib->nedges) < 0
	           ? -1
	           : 0;
}

const typelib_entry *typelib_async_calls(const typelib *lib, const char *key, size_t n, size_t *count)
{
	*count = 0;
	return lib ? run_of(lib->async_calls, lib->nasync_calls, key, n, count) : NULL;
}

const typelib_entry *typelib_async_edges(const typelib *lib, const char *key, size_t n, size_t *count)
{
	*count = 0;
	return lib ? run_of(lib->edges, lib->nedges, key, n, count) : NULL;
}

/* The imports whose root is no crate of the workspace: a FOREIGN_MARK
 * record for each name, so that a workspace type of the same name is not
 * taken for the one a file means, and a FOREIGN_ROOT_MARK record for the
 * root, so that a path spelled from it (`syn::LitStr`) is known to name
 * another crate's type too. */
static int foreign_records(typelib *lib)
{
	const char *p = lib->import_text.ptr, *end = p ? p + lib->import_text.len : NULL;

	while (p && p < end) {
		const char *tab = memchr(p, '\t', (size_t)(end - p)), *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl || !tab || tab > nl)
			break;
		if (!typelib_crate(lib, tab + 1, (size_t)(nl - tab - 1)) &&
		    (put_record(lib, marked_key(p, (size_t)(tab - p), FOREIGN_MARK), 1) < 0 ||
		     put_record(lib, marked_key(tab + 1, (size_t)(nl - tab - 1), FOREIGN_ROOT_MARK), 1) < 0))
			return -1;
		p = nl + 1;
	}
	return 0;
}

int typelib_finish(typelib *lib)
{
	const rustscan_result *rs = &lib->scan;
	size_t i, k;

	if (index_lines(&lib->hot_text, &lib->hot_calls, &lib->nhot_calls) < 0)
		return -1;
	memset(&lib->lex, 0, sizeof(lib->lex));
	/* a declaration's text has a token every four bytes or so */
	if (rustlex_reserve(&lib->lex, lib->text.len / 4 + 1024) < 0 || rustlex_lex(&lib->lex, buf_cstr(&lib->text), lib->text.len) < 0 || rustscan_scan(&lib->scan, &lib->lex) < 0)
		return -1;
	lib->finished = 1;
	/* index: fields of one struct are contiguous in scan order */
	lib->structs = malloc((rs->struct_count ? rs->struct_count : 1) * sizeof(*lib->structs));
	lib->aliases = malloc((rs->alias_count ? rs->alias_count : 1) * sizeof(*lib->aliases));
	if (!lib->structs || !lib->aliases)
		return -1;
	for (i = 0, k = 0; i < rs->struct_count; i++) {
		typelib_entry *e = &lib->structs[lib->nstructs];
		const rustlex_token *t = &lib->lex.tokens[rs->structs[i].name];
		e->name = lib->lex.text + t->off;
		e->len = t->len;
		while (k < rs->field_count && rs->fields[k].strukt < rs->structs[i].name)
			k++;
		e->first = k;
		while (k < rs->field_count && rs->fields[k].strukt == rs->structs[i].name)
			k++;
		e->count = k - e->first;
		lib->nstructs++;
	}
	for (i = 0; i < rs->alias_count; i++) {
		const rustlex_token *t = &lib->lex.tokens[rs->aliases[i].name];
		lib->aliases[i].name = lib->lex.text + t->off;
		lib->aliases[i].len = t->len;
		lib->aliases[i].first = i;
		lib->aliases[i].count = 1;
	}
	lib->naliases = rs->alias_count;
	if (index_crates(lib) < 0 || foreign_records(lib) < 0)
		return -1;
	{ /* the fns' return kinds: a table by hash; a name any of whose fns
	   * hands out a borrow is a borrow's (built in one pass, no sort: this
	   * is the serial part of the first pass) */
		size_t records = lib->fn_text.len / FN_RECORD, size = 16, r;
		const unsigned char *rec = (const unsigned char *)buf_cstr(&lib->fn_text);
		while (size < 2 * records)
			size *= 2;
		if (!(lib->fns = arena_calloc_huge(size, sizeof(*lib->fns))))
			return -1;
		lib->nfns = size;
		for (r = 0; r < records; r++, rec += FN_RECORD) {
			uint64_t h;
			size_t slot;
			memcpy(&h, rec, sizeof(h));
			for (slot = (size_t)h & (size - 1); lib->fns[slot].hash && lib->fns[slot].hash != h; slot = (slot + 1) & (size - 1))
				;
			lib->fns[slot].hash = h;
			lib->fns[slot].borrow |= rec[8];
			if (lib->fns[slot].count < 255)
				lib->fns[slot].count++;
		}
	}
	if (lib->nstructs)
		qsort(lib->structs, lib->nstructs, sizeof(*lib->structs), cmp_entry);
	if (lib->naliases)
		qsort(lib->aliases, lib->naliases, sizeof(*lib->aliases), cmp_entry);
	return 0;
}

/* The table's flag for key h (1 for a borrow, or a declaration without
 * Copy), or -1 when no record has that key. */
static int probe(const typelib *lib, uint64_t h)
{
	size_t k;

	if (!lib || !lib->finished || !lib->nfns)
		return -1;
	for (k = (size_t)h & (lib->nfns - 1); lib->fns[k].hash; k = (k + 1) & (lib->nfns - 1))
		if (lib->fns[k].hash == h)
			return lib->fns[k].borrow;
	return -1;
}

int typelib_drop(const typelib *lib, const char *name, size_t n)
{
	return probe(lib, marked_key(name, n, DROP_MARK)) >= 0;
}

int typelib_deref(const typelib *lib, const char *name, size_t n)
{
	return probe(lib, marked_key(name, n, DEREF_MARK)) >= 0;
}

int typelib_declares(const typelib *lib, const char *name, size_t n)
{
	return probe(lib, marked_key(name, n, COPY_MARK)) >= 0 || typelib_struct(lib, name, n) != NULL;
}

int typelib_foreign(const typelib *lib, const char *name, size_t n)
{
	return probe(lib, marked_key(name, n, FOREIGN_MARK)) >= 0;
}

int typelib_foreign_root(const typelib *lib, const char *name, size_t n)
{
	return probe(lib, marked_key(name, n, FOREIGN_ROOT_MARK)) >= 0;
}

int typelib_takes_self(const typelib *lib, const char *name, size_t n)
{
	int mode = probe(lib, marked_key(name, n, SELF_MARK));

	return mode >= 0 && (mode & 1);
}

int typelib_changes_self(const typelib *lib, const char *name, size_t n)
{
	return probe(lib, marked_key(name, n, SELF_MARK)) == 2;
}

int typelib_reads_self(const typelib *lib, const char *name, size_t n)
{
	return probe(lib, marked_key(name, n, SELF_MARK)) == 4;
}

int typelib_copy(const typelib *lib, const char *name, size_t n)
{
	return probe(lib, marked_key(name, n, COPY_MARK)) == 0; /* every declaration by that name derives Copy */
}

int typelib_fn_returns(const typelib *lib, const char *name, size_t n)
{
	int flag = probe(lib, name_hash(name, n));

	return flag < 0 ? -1 : (flag & 1); /* -1: no fn of that name */
}

int typelib_fn_fallible(const typelib *lib, const char *name, size_t n, int method)
{
	int flag = probe(lib, name_hash(name, n));

	if (flag < 0)
		return 0;
	if (method)
		return (flag & FN_METHOD_RESULT) && !(flag & FN_METHOD_OTHER);
	return (flag & (FN_METHOD_RESULT | FN_FREE_RESULT)) && !(flag & (FN_METHOD_OTHER | FN_FREE_OTHER));
}

int typelib_param_takes_ref(const typelib *lib, const char *name, size_t n, unsigned i)
{
	int mask = i < 4 ? probe(lib, marked_key(name, n, PARAM_MARK)) : -1;

	return mask >= 0 && !(mask & (1 << i));
}

int typelib_param_concrete_ref(const typelib *lib, const char *name, size_t n, unsigned i)
{
	int mask = i < 4 ? probe(lib, marked_key(name, n, PARAM_MARK)) : -1;

	return mask >= 0 && !(mask & (1 << (i + 4)));
}

int typelib_fn_lends(const typelib *lib, const char *name, size_t n)
{
	return typelib_fn_returns(lib, name, n) == 1 && probe(lib, marked_key(name, n, OWNED_MARK)) < 0;
}

int typelib_fn_may_lend(const typelib *lib, const char *name, size_t n)
{
	return probe(lib, marked_key(name, n, GUARD_MARK)) == 1 || probe(lib, marked_key(name, n, NOT_GUARD_MARK)) == 1;
}

int typelib_fn_defs(const typelib *lib, const char *name, size_t n)
{
	uint64_t h = marked_key(name, n, PARAM_MARK); /* one such record per fn */
	size_t k;

	if (!lib || !lib->finished || lib->truncated)
		return -1;
	for (k = (size_t)h & (lib->nfns - 1); lib->nfns && lib->fns[k].hash; k = (k + 1) & (lib->nfns - 1))
		if (lib->fns[k].hash == h)
			return lib->fns[k].count;
	return 0;
}

int typelib_fn_guard(const typelib *lib, const char *name, size_t n)
{
	return probe(lib, marked_key(name, n, GUARD_MARK)) == 1 && probe(lib, marked_key(name, n, NOT_GUARD_MARK)) < 0 &&
	       probe(lib, marked_key(name, n, OWNED_MARK)) < 0;
}

int typelib_fn_owned(const typelib *lib, const char *name, size_t n)
{
	return typelib_fn_returns(lib, name, n) == 0;
}

void typelib_free(typelib *lib)
{
	free(lib->hot_calls);
	buf_free(&lib->hot_text);
	free(lib->async_calls);
	buf_free(&lib->async_text);
	free(lib->edges);
	buf_free(&lib->edge_text);

	free(lib->fns);
	free(lib->structs);
	free(lib->aliases);
	if (lib->finished) {
		rustscan_free(&lib->scan);
		rustlex_free(&lib->lex);
	}
	buf_free(&lib->text);
	buf_free(&lib->fn_text);
	buf_free(&lib->crate_text);
	free(lib->crates);
	buf_free(&lib->import_text);
	memset(lib, 0, sizeof(*lib));
}
