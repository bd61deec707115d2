// For tests/test_faults.c: a kernel that writes through an address no
// allocation covers (0x8, in the never-mapped first page), so that the
// context takes a sticky cudaErrorIllegalAddress: every later CUDA call of
// the process on this device fails.
#include <cstdint>

#include <cuda_runtime_api.h>

__global__ void matvec_test_fault_kernel(int *p)
{
    *reinterpret_cast<volatile int *>(p) = 1;
}

// Launches the faulting kernel on s and returns the launch's own status
// (cudaSuccess: the fault surfaces at the next synchronization).
extern "C" cudaError_t matvec_test_launch_fault(cudaStream_t s)
{
    matvec_test_fault_kernel<<<1, 1, 0, s>>>(reinterpret_cast<int *>(std::uintptr_t{8}));
    return cudaGetLastError();
}
