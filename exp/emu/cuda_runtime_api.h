#pragma once
#include "emu.h"
typedef int cudaError_t;
typedef void *cudaStream_t;
#define cudaSuccess 0
#define cudaErrorInvalidConfiguration 9
inline cudaError_t cudaGetLastError() { return 0; }
