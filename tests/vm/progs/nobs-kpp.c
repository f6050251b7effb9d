// SPDX-License-Identifier: GPL-2.0
/* The guest's /bin/nobs-kpp: the tool itself, built static by run-vm.sh. */
#include "../../../tools/nobs-kpp.c"
