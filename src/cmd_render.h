/* cmd_render: `hotpath-audit render FILE.json`: a saved report (the
 * JSON model) rendered again, in any format, with any template set.
 * Returns the exit status: 0 done, 2 usage or input error. */
#ifndef HPA_CMD_RENDER_H
#define HPA_CMD_RENDER_H

int cmd_render(int argc, char **argv);

#endif
