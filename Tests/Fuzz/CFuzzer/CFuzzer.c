// The driver is in libclang_rt.fuzzer_no_main, linked by the fuzzer's product; this target only
// declares it for Swift.
#include "CFuzzer.h"
