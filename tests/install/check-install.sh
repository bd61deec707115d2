#!/usr/bin/env bash
# Installs matvec into a temporary prefix, then builds examples/quickstart.c
# as a user would: once with pkg-config, once with find_package(matvec).
# Runs both where a GPU is present; exits 77 (CTest's skip) after building
# them where none is.
set -euo pipefail
build=$1 source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null

# pkg-config: the header alone, the flags from matvec.pc.
export PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig:$work/prefix/lib64/pkgconfig"
flags=$(pkg-config --cflags --libs matvec)
echo "pkg-config --cflags --libs matvec: $flags"
cc -std=c11 -Wall -Wextra -Werror "$source/examples/quickstart.c" -o "$work/quickstart-pc" $flags -lm

# find_package(matvec) from a separate CMake project.
mkdir -p "$work/consumer"
cat >"$work/consumer/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.24)
project(consumer LANGUAGES C)
find_package(matvec 0.1 REQUIRED)
add_executable(quickstart-cmake "$source/examples/quickstart.c")
target_link_libraries(quickstart-cmake PRIVATE matvec::matvec m)
CMAKE
cmake -S "$work/consumer" -B "$work/consumer/build" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/consumer/build" >/dev/null

status=0
for exe in "$work/quickstart-pc" "$work/consumer/build/quickstart-cmake"; do
    set +e
    "$exe"
    rc=$?
    set -e
    if [ $rc -eq 2 ]; then
        echo "SKIPPED: built and linked; running needs an NVIDIA GPU"
        status=77
    elif [ $rc -ne 0 ]; then
        echo "FAILED: $exe exited with $rc"
        exit 1
    fi
done
exit $status
