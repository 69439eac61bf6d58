#!/usr/bin/env bash
# test-install-deps.sh: ci/install-deps.sh --check finds a library that is
# in the linker cache however long 'ldconfig -p' writes on after it (a
# reader that stops at its first match must not turn ldconfig's SIGPIPE
# into "missing" under pipefail). Run by make test; needs nothing installed.
set -euo pipefail
cd "$(dirname "$0")/.."
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir "$t/bin"
# A fake ldconfig: the wanted entries first, then far more than a pipe's
# buffer (64 KiB) of others.
cat >"$t/bin/ldconfig" <<'FAKE'
#!/bin/sh
echo "	libvulkan.so.1 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libvulkan.so.1"
echo "	libamdgpu_noop_drm_shim.so (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libamdgpu_noop_drm_shim.so"
i=0
while [ $i -lt 20000 ]; do
	echo "	libfiller$i.so.1 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libfiller$i.so.1"
	i=$((i + 1))
done
FAKE
chmod +x "$t/bin/ldconfig"
out=$(PATH="$t/bin:$PATH" ./ci/install-deps.sh --check 2>&1) || true
if grep -qF 'libvulkan1 (Vulkan loader)' <<<"$out"; then
	echo "test-install-deps: FAIL: --check calls libvulkan1 missing although ldconfig -p lists libvulkan.so.1 first:" >&2
	printf '%s\n' "$out" >&2
	exit 1
fi
echo "test-install-deps: ok"
