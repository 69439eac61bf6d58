#!/usr/bin/env bash
# fresh-machine.sh: the proof that the README's two commands work on a
# fresh machine ('make fresh-check'; docs/fresh-machine.md). As root:
#
#   1. debootstrap a minimal Debian 12 (bookworm) into a temporary directory
#      from this machine's Debian mirror (ci/apt-lib.sh), with what a fresh
#      Debian 12 cloud image has that radvbench's commands rely on:
#      ca-certificates, git, make, sudo, and Go at /usr/local/go (copied from
#      this machine); its apt sources as a cloud image's (deb822:
#      bookworm, bookworm-updates, bookworm-security); nothing else;
#   2. mount /proc, /sys and /dev into it (removed by a trap, also on
#      failure or Ctrl-C); give it this machine's network setup: its
#      /etc/resolv.conf, local CA certificates (/usr/local/share/
#      ca-certificates) and proxy variables;
#   3. git clone this repository's HEAD into it (a fresh clone, not the
#      working tree: uncommitted changes are not tested);
#   4. as a user without root, 'make run' must stop at once, printing the
#      commands to run (exit non-zero);
#   5. as root, run exactly 'make run' then 'make test' in the clone, each
#      timed, each log kept.
#
# Environment: RADVBENCH_DEBIAN_MIRROR (default: this machine's mirror),
# FRESH_COMMANDS (default 'make run;make test'; e.g. 'make test' alone, to
# time it on a machine where nothing ran before it),
# FRESH_DIR (default: a new /var/tmp/radvbench-fresh.XXXXXX; its logs/
# stays: each command's log and times.txt), FRESH_KEEP=1 keeps the root.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
. "$here/apt-lib.sh"

say() { echo "fresh-machine: $*"; }
die() {
	say "$*" >&2
	exit 1
}

[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot, mounts): sudo $0"
[ -x /usr/local/go/bin/go ] || die "no Go at /usr/local/go (a fresh Debian image for radvbench has Go there; see docs/fresh-machine.md)"
head=$(git -C "$repo" rev-parse HEAD)
if ! git -C "$repo" diff --quiet HEAD 2>/dev/null; then
	say "note: the working tree has uncommitted changes; the check clones HEAD ($head) without them"
fi
if ! command -v debootstrap >/dev/null; then
	say "+ apt-get install -y debootstrap"
	apt_get install -y debootstrap || { apt_get update && apt_get install -y debootstrap; }
fi

mirror=$(debian_mirror)
security=${RADVBENCH_DEBIAN_SECURITY_MIRROR:-${mirror%/debian}/debian-security}
dir=${FRESH_DIR:-$(mktemp -d /var/tmp/radvbench-fresh.XXXXXX)}
root=$dir/root
logs=$dir/logs
mkdir -p "$root" "$logs"
mounted=()
cleanup() {
	local i
	for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
		umount -R "${mounted[i]}" 2>/dev/null || umount -R -l "${mounted[i]}" 2>/dev/null || true
	done
	# Anything still mounted below the root must not be deleted through.
	if grep -q " $root/" /proc/mounts; then
		say "still mounted below $root: not removing it"
	elif [ "${FRESH_KEEP:-0}" = 1 ]; then
		say "kept $root (FRESH_KEEP=1)"
	else
		rm -rf --one-file-system "$root"
	fi
	say "logs: $logs"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

start=$SECONDS
say "+ debootstrap --variant=minbase --include=ca-certificates,git,make,sudo bookworm $root $mirror"
debootstrap --variant=minbase --include=ca-certificates,git,make,sudo bookworm "$root" "$mirror" >"$logs/debootstrap.log" 2>&1 ||
	{ tail -20 "$logs/debootstrap.log"; die "debootstrap failed (log: $logs/debootstrap.log)"; }
rm -f "$root/etc/apt/sources.list"
cat >"$root/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $mirror
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
cp -a /usr/local/go "$root/usr/local/go"
# The network is this machine's, not the image's: its resolver, the local
# CA certificates it trusts (a TLS-inspecting egress proxy's, here: without
# them the Go module proxy fails with "x509: certificate signed by unknown
# authority") and its proxy variables (passed to the commands below).
cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
if ls /usr/local/share/ca-certificates/*.crt >/dev/null 2>&1; then
	mkdir -p "$root/usr/local/share/ca-certificates"
	cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
	chroot "$root" update-ca-certificates >>"$logs/debootstrap.log" 2>&1
	say "copied this machine's local CA certificates: $(cd /usr/local/share/ca-certificates && echo *.crt)"
fi
proxyenv=()
for v in http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY; do
	[ -n "${!v:-}" ] && proxyenv+=("$v=${!v}")
done
# A cloud image has its package lists; this root has debootstrap's.
say "root ready in $((SECONDS - start)) s: $root"

mount -t proc proc "$root/proc" && mounted+=("$root/proc")
mount --rbind /sys "$root/sys" && mount --make-rslave "$root/sys" && mounted+=("$root/sys")
mount --rbind /dev "$root/dev" && mount --make-rslave "$root/dev" && mounted+=("$root/dev")

in_root() { # USER COMMAND...: a login-like environment, as on a fresh machine
	local user=$1
	shift
	local home=/root
	[ "$user" = root ] || home=/home/$user
	chroot "$root" /usr/bin/env -i HOME="$home" USER="$user" LOGNAME="$user" TERM=dumb LANG=C.UTF-8 "${proxyenv[@]}" \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		/usr/sbin/runuser -u "$user" -- "$@"
}

# A fresh clone of HEAD for root, and one for a user without root.
for who in root newcomer; do
	home=/root
	if [ "$who" != root ]; then
		chroot "$root" useradd -m -s /bin/bash "$who"
		home=/home/$who
	fi
	git clone -q --no-checkout "$repo" "$root$home/radvbench"
	git -C "$root$home/radvbench" checkout -q --detach "$head"
	chroot "$root" chown -R "$who:" "$home/radvbench"
done
say "cloned $head"

# 4. Without root, 'make run' stops at once with the commands to run.
status=0
in_root newcomer sh -c 'cd ~/radvbench && make run' >"$logs/make-run-nonroot.log" 2>&1 || status=$?
if [ "$status" = 0 ] || ! grep -q "apt-get install" "$logs/make-run-nonroot.log"; then
	cat "$logs/make-run-nonroot.log"
	die "'make run' without root exited $status without printing the apt-get commands"
fi
say "without root, 'make run' exits $status and prints the commands to run (log: make-run-nonroot.log)"

# 5. The README's two commands, as root (FRESH_COMMANDS: others, or one
# of them, separated by ';').
times=()
IFS=';' read -r -a commands <<<"${FRESH_COMMANDS:-make run;make test}"
for cmd in "${commands[@]}"; do
	log=$logs/${cmd// /-}.log
	say "+ $cmd (log: $log)"
	t0=$SECONDS
	status=0
	in_root root sh -c "cd ~/radvbench && $cmd" >"$log" 2>&1 || status=$?
	took=$((SECONDS - t0))
	times+=("$cmd: $((took / 60)) min $((took % 60)) s, exit $status")
	say "$cmd: exit $status after $((took / 60)) min $((took % 60)) s"
	if [ "$status" != 0 ]; then
		tail -40 "$log"
		printf '%s\n' "${times[@]}" >"$logs/times.txt"
		die "$cmd failed on a fresh Debian 12 (log: $log)"
	fi
done
{
	echo "commit $head, mirror $mirror"
	printf '%s\n' "${times[@]}"
	echo "fresh root: debootstrap --variant=minbase --include=ca-certificates,git,make,sudo bookworm; Go from /usr/local/go"
} >"$logs/times.txt"
cat "$logs/times.txt"
say "both commands passed on a fresh Debian 12 in $((SECONDS - start)) s in all"
