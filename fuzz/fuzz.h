/* The entry point every libFuzzer harness defines. */
#ifndef HPA_FUZZ_H
#define HPA_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
