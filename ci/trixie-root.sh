#!/usr/bin/env bash
# trixie-root.sh: build, once, the Debian 13 ("trixie") root that holds
# radvbench's pinned shader toolchain (glslc, spirv-val) and a second Mesa
# (trixie-backports Mesa >= 26.1 lavapipe, with VK_KHR_cooperative_matrix,
# and the same Mesa's no-op DRM shim, mesa-drm-shim, so that `radvbench isa`
# can compile for RADV GFX11/GFX12 chips without AMD hardware: see docs/isa.md).
# glslc (with its libshaderc1) and spirv-tools come from Debian forky
# (testing), pinned by apt preferences to exactly those three packages:
# trixie's glslc 2025.2 (glslang 15.1) cannot compile GL_EXT_bfloat16 or
# GL_EXT_float_e4m3/e5m2 (bf16 and fp8 cooperative matrices need glslang
# >= 16); forky's build only needs trixie's libc6 and libstdc++6, so
# nothing else in the root moves (the build fails if apt wants to).
#
#   ci/trixie-root.sh            build the root if it is missing (needs root)
#   ci/trixie-root.sh --check    exit 0 when the root is ready, 1 (with the fix) when not
#   ci/trixie-root.sh --path     print the root's directory
#
# The root lives in $RADVBENCH_TRIXIE_ROOT (default
# /var/cache/radvbench/trixie-root-forkyglslc: the name changes with the
# pinned toolchain, so a checkout on the older pin keeps its own root;
# the Makefile and the tests ask --path). It is ready when its stamp file
# (.radvbench-ready) names the same package set as this script; a partial or
# outdated root is rebuilt from scratch. Building takes about 40 s plus
# package downloads. The glslc version it holds is written to the stamp and
# must equal shaders/TOOLCHAIN (checked by `make shaders-check`).
#
# Packages come from the Debian mirror this machine already uses
# (ci/apt-lib.sh: debian_mirror; RADVBENCH_DEBIAN_MIRROR overrides it).
set -euo pipefail
. "$(dirname "$0")/apt-lib.sh"

ROOT=${RADVBENCH_TRIXIE_ROOT:-/var/cache/radvbench/trixie-root-forkyglslc}
PKGS_BACKPORTS="mesa-vulkan-drivers mesa-drm-shim"
PKGS="vulkan-validationlayers libvulkan1 vulkan-tools ca-certificates"
# From forky (testing), pinned: the shader compiler and the validator.
PKGS_FORKY="glslc libshaderc1 spirv-tools"
MESA_MIN=26.1
GLSLC_MIN=2026.4
# The stamp changes when the package set does, so an old root is rebuilt.
RECIPE="trixie minbase; backports: $PKGS_BACKPORTS >= $MESA_MIN; forky: $PKGS_FORKY (glslc >= $GLSLC_MIN); $PKGS"
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
	apt_get install -y debootstrap || { apt_get update && apt_get install -y debootstrap; }
fi
MIRROR=$(debian_mirror)

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

# Testing's Release file can carry an expired Valid-Until.
Types: deb
URIs: $MIRROR
Suites: forky
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
Check-Valid-Until: no
EOF
rm -f "$tmp/etc/apt/sources.list"
# Nothing comes from forky but the pinned shader toolchain.
cat >"$tmp/etc/apt/preferences.d/radvbench-forky" <<EOF
Package: *
Pin: release n=forky
Pin-Priority: 1

Package: $PKGS_FORKY
Pin: release n=forky
Pin-Priority: 990
EOF
in_root() {
	say "+ chroot $* "
	chroot "$tmp" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8 "$@"
}
in_root apt-get update -qq
in_root apt-get install -y -qq --no-install-recommends -t trixie-backports $PKGS_BACKPORTS
in_root apt-get install -y -qq --no-install-recommends $PKGS
# apt's simulation must install exactly the forky packages, nothing else
# (no trixie library upgraded to forky's).
sim=$(chroot "$tmp" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C.UTF-8 \
	apt-get install -s --no-install-recommends $PKGS_FORKY | sed -n 's/^Inst \([^ ]*\) .*/\1/p' | sort | xargs)
want=$(printf '%s\n' $PKGS_FORKY | sort | xargs)
if [ "$sim" != "$want" ]; then
	say "installing $PKGS_FORKY from forky would install or upgrade: $sim (expected exactly: $want)"
	say "forky moved: update the pin in this script"
	exit 1
fi
in_root apt-get install -y -qq --no-install-recommends $PKGS_FORKY
in_root apt-get clean

mesa=$(chroot "$tmp" dpkg-query -W -f='${Version}' mesa-vulkan-drivers)
if ! chroot "$tmp" dpkg --compare-versions "$mesa" ge "$MESA_MIN"; then
	say "trixie-backports gave mesa-vulkan-drivers $mesa, need >= $MESA_MIN"
	exit 1
fi
# The shim must come from the same Mesa as RADV (its chip table and
# RADV's device code change together).
shim=$(chroot "$tmp" dpkg-query -W -f='${Version}' mesa-drm-shim)
if [ "$shim" != "$mesa" ] || [ ! -f "$tmp/usr/lib/x86_64-linux-gnu/libamdgpu_noop_drm_shim.so" ]; then
	say "mesa-drm-shim $shim does not match mesa-vulkan-drivers $mesa (or lacks libamdgpu_noop_drm_shim.so)"
	exit 1
fi
glslc=$(chroot "$tmp" glslc --version | sed -n 1p) # sed reads it all: head would SIGPIPE glslc, and pipefail stop the script
if ! chroot "$tmp" dpkg --compare-versions "$(chroot "$tmp" dpkg-query -W -f='${Version}' glslc)" ge "$GLSLC_MIN"; then
	say "forky gave $glslc, need glslc >= $GLSLC_MIN"
	exit 1
fi
printf '%s\n%s\n%s\n' "$RECIPE" "$glslc" "mesa-vulkan-drivers $mesa, mesa-drm-shim $shim" >"$tmp/.radvbench-ready"
mv "$tmp" "$ROOT"
trap - EXIT
say "ready: $ROOT ($glslc, mesa-vulkan-drivers $mesa) in $(($(date +%s) - start)) s"
