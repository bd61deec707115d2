# Sourced by the device scripts (carry .deps): cmocka unpacked from .deps/
# into a private prefix ($lib: its library), nvcc on the PATH, and
# `conf SRC BUILD`: a Ninja configure with the tests, no Python, sm_90.
export PATH=$PATH:/usr/local/cuda/bin
prefix=$PWD/.deps/root; rm -rf "$prefix"; mkdir -p "$prefix"
for d in .deps/*.deb; do dpkg-deb -x "$d" "$prefix"; done
lib=$(find "$prefix" -name libcmocka.so | head -1)
conf() { cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release -DMATVEC_BUILD_TESTS=ON -DMATVEC_BUILD_PYTHON=OFF \
  -DCMAKE_CUDA_ARCHITECTURES=90-real -DCMOCKA_INCLUDE_DIR="$prefix/usr/include" -DCMOCKA_LIBRARY="$lib"; }
