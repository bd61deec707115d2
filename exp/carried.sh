# Sourced by the exp/*-run.sh scripts on the device: the carried lab builds
# come gzipped (build-bench/ab/*.gz: the 64 MiB limit on a call's tree)
# and are unpacked here; CUDA's libraries on the path.
for z in build-bench/ab/*.gz; do [ -e "$z" ] && gunzip -f "$z"; done
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
