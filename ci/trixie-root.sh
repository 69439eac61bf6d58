#!/usr/bin/env bash
# trixie-root.sh: build, once, the Debian 13 ("trixie") root that holds
# radvbench's pinned shader toolchain (glslc, spirv-val) and a second Mesa
# (trixie-backports Mesa >= 26.1 lavapipe, with VK_KHR_cooperative_matrix).
#
#   ci/trixie-root.sh            build the root if it is missing (needs root)
#   ci/trixie-root.sh --check    exit 0 when the root is ready, 1 (with the fix) when not
#   ci/trixie-root.sh --path     print the root's directory
#
# The root lives in $RADVBENCH_TRIXIE_ROOT (default
# /var/cache/radvbench/trixie-root). It is ready when its stamp file
# (.radvbench-ready) names the same package set as this script; a partial or
# outdated root is rebuilt from scratch. Building takes about 40 s plus
# package downloads. The glslc version it holds is written to the stamp and
# must equal shaders/TOOLCHAIN (checked by `make shaders-check`).
set -euo pipefail

ROOT=${RADVBENCH_TRIXIE_ROOT:-/var/cache/radvbench/trixie-root}
MIRROR=${RADVBENCH_DEBIAN_MIRROR:-http://deb.debian.org/debian}
PKGS_BACKPORTS="mesa-vulkan-drivers"
PKGS="glslc spirv-tools vulkan-validationlayers libvulkan1 vulkan-tools ca-certificates"
MESA_MIN=26.1
# The stamp changes when the package set does, so an old root is rebuilt.
RECIPE="trixie minbase; backports: $PKGS_BACKPORTS >= $MESA_MIN; $PKGS"
STAMP="$ROOT/.radvbench-ready"

say() { echo "trixie-root: $*"; }

ready() {
	[ -f "$STAMP" ] && [ "$(sed -n 1p "$STAMP")" = "$RECIPE" ]
}

case "${1:-}" in
--path)
	echo "$ROOT"
	exit 0
	;;
--check)
	if ready; then exit 0; fi
	if [ -d "$ROOT" ]; then
		say "$ROOT exists but is not a finished root for this recipe"
	else
		say "no Debian 13 toolchain root at $ROOT"
	fi
	say "create it with 'make toolchain' (or 'sudo ci/trixie-root.sh'; RADVBENCH_TRIXIE_ROOT picks another place)"
	exit 1
	;;
"") ;;
*)
	echo "usage: ci/trixie-root.sh [--check|--path]" >&2
	exit 2
	;;
esac

if ready; then
	say "ready: $ROOT ($(sed -n 2p "$STAMP"), $(sed -n 3p "$STAMP"))"
	exit 0
fi

if [ "$(id -u)" != 0 ]; then
	say "building the root needs root (debootstrap, chroot). Run:"
	echo "  sudo RADVBENCH_TRIXIE_ROOT=$ROOT $0"
	exit 1
fi

if ! command -v debootstrap >/dev/null; then
	say "+ apt-get install -y debootstrap"
	DEBIAN_FRONTEND=noninteractive apt-get install -y debootstrap
fi

if [ -e "$ROOT" ]; then
	say "removing unfinished or outdated root $ROOT"
	rm -rf --one-file-system "$ROOT"
fi
mkdir -p "$(dirname "$ROOT")"
tmp="$ROOT.tmp.$$"
trap 'rm -rf --one-file-system "$tmp"' EXIT
start=$(date +%s)
say "+ debootstrap --variant=minbase trixie $tmp $MIRROR"
debootstrap --variant=minbase trixie "$tmp" "$MIRROR" >"$tmp.log" 2>&1 || {
	tail -20 "$tmp.log"
	say "debootstrap failed (full log: $tmp.log)"
	exit 1
}
rm -f "$tmp.log"
cat >"$tmp/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $MIRROR
Suites: trixie trixie-updates trixie-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
rm -f "$tmp/etc/apt/sources.list"
in_root() {
	say "+ chroot $* "
	chroot "$tmp" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8 "$@"
}
in_root apt-get update -qq
in_root apt-get install -y -qq --no-install-recommends -t trixie-backports $PKGS_BACKPORTS
in_root apt-get install -y -qq --no-install-recommends $PKGS
in_root apt-get clean

mesa=$(chroot "$tmp" dpkg-query -W -f='${Version}' mesa-vulkan-drivers)
if ! chroot "$tmp" dpkg --compare-versions "$mesa" ge "$MESA_MIN"; then
	say "trixie-backports gave mesa-vulkan-drivers $mesa, need >= $MESA_MIN"
	exit 1
fi
glslc=$(chroot "$tmp" glslc --version | head -1)
printf '%s\n%s\n%s\n' "$RECIPE" "$glslc" "mesa-vulkan-drivers $mesa" >"$tmp/.radvbench-ready"
mv "$tmp" "$ROOT"
trap - EXIT
say "ready: $ROOT ($glslc, mesa-vulkan-drivers $mesa) in $(($(date +%s) - start)) s"
