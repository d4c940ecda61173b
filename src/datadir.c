#include "config.h"

#include "datadir.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int is_dir(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

int datadir_find(buf *out, const char *sub)
{
	const char *env = getenv("HOTPATH_AUDIT_DATADIR");
	char *exe;
	size_t mark = out->len;

	if (env && *env)
		return buf_printf(out, "%s/%s", env, sub);
	exe = realpath("/proc/self/exe", NULL);
	if (exe) {
		char *slash = strrchr(exe, '/');
		int rc;
		if (slash)
			*slash = '\0';
		rc = buf_printf(out, "%s/%s", exe, sub);
		free(exe);
		if (rc < 0)
			return -1;
		if (is_dir(out->ptr + mark))
			return 0;
		out->len = mark;
		out->ptr[mark] = '\0';
	}
	return buf_printf(out, "%s/%s", PKGDATADIR, sub);
}

int datadir_rules_file(buf *out, const char *patterns, const char *name)
{
	if (patterns)
		return buf_printf(out, "%s/%s", patterns, name);
	if (datadir_find(out, "patterns") < 0)
		return -1;
	return buf_printf(out, "/%s", name);
}
