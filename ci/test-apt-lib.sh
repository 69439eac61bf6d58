#!/usr/bin/env bash
# test-apt-lib.sh: checks ci/apt-lib.sh on fixtures (run by 'make test'):
# debian_mirror finds the URI serving this machine's suite in one-line and
# deb822 sources, skipping security and other suites, falling back to
# deb.debian.org, obeying RADVBENCH_DEBIAN_MIRROR; apt_get waits for a
# held package lock and gives up after RADVBENCH_APT_WAIT.
set -euo pipefail
. "$(dirname "$0")/apt-lib.sh"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail=0
check() { # name got want
	if [ "$2" != "$3" ]; then
		echo "test-apt-lib: $1: got '$2', want '$3'" >&2
		fail=1
	fi
}
echo 'VERSION_CODENAME=bookworm' >"$t/os-release"
export OS_RELEASE=$t/os-release APT_ETC=$t/apt
unset RADVBENCH_DEBIAN_MIRROR
mkdir -p "$t/apt/sources.list.d"

check "no sources" "$(debian_mirror)" http://deb.debian.org/debian
cat >"$t/apt/sources.list" <<'X'
# deb http://commented/debian bookworm main
deb http://security.debian.org/debian-security bookworm-security main
deb [arch=amd64 signed-by=/usr/share/keyrings/k.gpg] http://mirror.example/debian/ bookworm main contrib
X
check "one-line format with options" "$(debian_mirror)" http://mirror.example/debian
rm "$t/apt/sources.list"
cat >"$t/apt/sources.list.d/debian.sources" <<'X'
Types: deb
# http://snapshot.debian.org/archive/debian/20250520T000000Z
URIs: http://proxy.local:3142/debian
Suites: bookworm bookworm-updates
Components: main

Types: deb
URIs: http://proxy.local:3142/debian-security
Suites: bookworm-security
Components: main
X
echo 'deb http://other.example/debian trixie main' >"$t/apt/sources.list.d/other.list"
check "deb822, another suite elsewhere" "$(debian_mirror)" http://proxy.local:3142/debian
rm "$t/apt/sources.list.d/debian.sources"
echo 'deb http://bp.example/debian bookworm-backports main' >"$t/apt/sources.list.d/bp.list"
check "only a backports line of this suite" "$(debian_mirror)" http://bp.example/debian
check "override" "$(RADVBENCH_DEBIAN_MIRROR=http://override/debian/ debian_mirror)" http://override/debian

# A fake apt-get that finds the lock held the first $HELD times.
mkdir "$t/bin"
cat >"$t/bin/apt-get" <<X
#!/bin/sh
n=\$(cat "$t/calls" 2>/dev/null || echo 0); n=\$((n + 1)); echo \$n >"$t/calls"
if [ \$n -le \$HELD ]; then echo "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 42 (apt-get)"; exit 100; fi
echo "installed \$*"
X
chmod +x "$t/bin/apt-get"
export PATH=$t/bin:$PATH RADVBENCH_APT_RETRY=0
rm -f "$t/calls"
out=$(HELD=2 RADVBENCH_APT_WAIT=5 apt_get install -y x 2>&1) && status=0 || status=$?
check "lock held twice: status" "$status" 0
check "lock held twice: calls" "$(cat "$t/calls")" 3
case $out in *"waiting for it"*) ;; *) check "lock held: says it waits" "$out" "...waiting for it..." ;; esac
rm -f "$t/calls"
RADVBENCH_APT_RETRY=1
out=$(HELD=99 RADVBENCH_APT_WAIT=2 apt_get install -y x 2>&1) && status=0 || status=$?
check "lock never freed: status" "$status" 100
case $out in *"still held after 2s"*) ;; *) check "lock never freed: says so" "$out" "...still held after 2s..." ;; esac
exit $fail
