// SPDX-License-Identifier: GPL-2.0
/* Must compile on every kernel: proves the probe command itself works. */
#include <linux/module.h>

MODULE_LICENSE("GPL");
