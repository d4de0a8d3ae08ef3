// libFuzzer's driver, for a fuzzer whose main is its own (it picks which property to fuzz).
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
