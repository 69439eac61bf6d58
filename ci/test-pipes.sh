#!/usr/bin/env bash
# test-pipes.sh: the ci/ scripts read a long output to the end before they
# decide: under pipefail, 'cmd | grep -q' fails when grep stops at its
# first match while cmd still writes (SIGPIPE), which once made a present
# library read missing. Run by make test; needs nothing installed.
#   1. ci/install-deps.sh --check finds libvulkan.so.1 listed first by an
#      'ldconfig -p' that writes on far past a pipe's buffer (64 KiB);
#   2. ci/fuzz.sh calls a fuzz run that wrote a failing input FAILED, not
#      Go's -fuzztime race, however long its log after that line.
set -euo pipefail
cd "$(dirname "$0")/.."
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir "$t/bin"
status=0

# fake NAME RC FILLER [TAIL] <HEAD: writes $t/bin/NAME, a tool that prints
# the lines of HEAD, then FILLER 20000 times (far past a pipe's 64 KiB
# buffer; a $i in FILLER counts them), then TAIL, and exits RC.
fake() {
	local name=$1 rc=$2 filler=$3 tail=${4-}
	{
		echo '#!/bin/sh'
		echo "cat <<'HEAD'"
		cat
		echo 'HEAD'
		echo 'i=0'
		echo 'while [ $i -lt 20000 ]; do'
		printf '\techo "%s"\n' "$filler"
		echo '	i=$((i + 1))'
		echo 'done'
		[ -z "$tail" ] || printf 'echo "%s"\n' "$tail"
		echo "exit $rc"
	} >"$t/bin/$name"
	chmod +x "$t/bin/$name"
}

fake ldconfig 0 '	libfiller$i.so.1 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libfiller$i.so.1' <<'HEAD'
	libvulkan.so.1 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libvulkan.so.1
	libamdgpu_noop_drm_shim.so (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libamdgpu_noop_drm_shim.so
HEAD
out=$(PATH="$t/bin:$PATH" ./ci/install-deps.sh --check 2>&1) || true
if grep -qF 'libvulkan1 (Vulkan loader)' <<<"$out"; then
	echo "test-pipes: FAIL: install-deps.sh --check calls libvulkan1 missing although ldconfig -p lists libvulkan.so.1 first:" >&2
	printf '%s\n' "$out" >&2
	status=1
fi

# A fake test binary that found a crasher: the line saying so, a long
# log, then the line Go's -fuzztime race also prints; a fake go whose
# 'go test -c -fuzz -o EXE' builds it as EXE.
fake fuzz.test 1 '    log line $i' '    context deadline exceeded' <<'HEAD'
--- FAIL: FuzzSizes
    Failing input written to testdata/fuzz/FuzzSizes/0123456789abcdef
HEAD
cat >"$t/bin/go" <<FAKE
#!/bin/sh
if [ "\$1" = env ]; then echo /nonexistent; exit 0; fi
while [ \$# -gt 0 ]; do
	[ "\$1" = -o ] && cp "$t/bin/fuzz.test" "\$2"
	shift
done
exit 0
FAKE
chmod +x "$t/bin/go"
out=$(GO="$t/bin/go" FUZZ='FuzzSizes$' ./ci/fuzz.sh 2>&1) && rc=0 || rc=$?
if [ "$rc" = 0 ] || ! grep -q 'FuzzSizes .*FAILED' <<<"$out"; then
	echo "test-pipes: FAIL: fuzz.sh passed a fuzz run that wrote a failing input (exit $rc):" >&2
	grep '^fuzz:' <<<"$out" >&2 || true
	status=1
fi

[ "$status" = 0 ] && echo "test-pipes: ok"
exit "$status"
