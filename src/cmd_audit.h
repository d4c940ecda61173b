/* cmd_audit: `hotpath-audit audit`, the classified clone audit and its
 * reports.  Returns the exit status: 0 done, 2 usage or internal error. */
#ifndef HPA_CMD_AUDIT_H
#define HPA_CMD_AUDIT_H

int cmd_audit(int argc, char **argv);

#endif
