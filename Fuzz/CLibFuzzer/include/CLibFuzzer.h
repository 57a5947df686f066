// libFuzzer's driver, for a program that has its own main (the fuzzer_no_main runtime that
// scripts/fuzz.sh links). Nothing here is called unless springkit-fuzz is built for fuzzing.
#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
