// Declarations only (include/CLibFuzzer.h): the driver comes from the toolchain's libFuzzer runtime.
#include "CLibFuzzer.h"
