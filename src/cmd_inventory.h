/* cmd_inventory: `hotpath-audit inventory`, the reference scanner's
 * drop-in replacement.  Returns the process exit status: 0, 1 (the
 * reference's refusals: a path outside the root, a symlink loop, an
 * unreadable file), 2 (usage error or internal error). */
#ifndef HPA_CMD_INVENTORY_H
#define HPA_CMD_INVENTORY_H

int cmd_inventory(int argc, char **argv);

#endif
