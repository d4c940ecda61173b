/* cmd_explain: `hotpath-audit explain FILE:LINE[:COL]`, the whole chain
 * behind one site's verdict.  Returns the exit status: 0 explained, 1 no
 * clone site there, 2 usage or input error. */
#ifndef HPA_CMD_EXPLAIN_H
#define HPA_CMD_EXPLAIN_H

int cmd_explain(int argc, char **argv);

#endif
