#!/usr/bin/env bash
# run.sh: the host CPU's own SGEMM (OpenBLAS, libopenblas-dev), memcpy
# bandwidth and AVX2 FMA peak, next to which radvbench's lavapipe figures
# (matmul, memory/copy, peak/fp32) are read: how far lavapipe sits from
# the CPU it runs on. OPENBLAS_CORETYPE=Haswell pins OpenBLAS to the
# same 256-bit AVX2 kernels lavapipe's LLVM emits.
#   ci/cpu-reference/run.sh [SIZES...]   (default 1024 2048)
set -euo pipefail
cd "$(dirname "$0")"
sizes=("${@:-1024 2048}")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
gcc -O2 -o "$out/sgemm" sgemm.c -lopenblas
gcc -O3 -funroll-all-loops -mavx2 -mfma -pthread -o "$out/cpuref" cpuref.c
OPENBLAS_CORETYPE=Haswell OPENBLAS_NUM_THREADS=$(nproc) "$out/sgemm" ${sizes[*]}
"$out/cpuref"
