#!/usr/bin/env bash
# install-deps.sh: install what radvbench needs to build, run on lavapipe and
# test, on Debian 12 (bookworm). As root it installs; otherwise it prints the
# exact commands to run. With --check it only reports what is missing
# (exit 1 when something is). bookworm-backports comes from the Debian
# mirror this machine already uses (ci/apt-lib.sh: debian_mirror;
# RADVBENCH_DEBIAN_MIRROR overrides it); a package lock held by another
# apt-get is waited for (RADVBENCH_APT_WAIT seconds, default 600).
set -euo pipefail
. "$(dirname "$0")/apt-lib.sh"

BACKPORTS_LIST=/etc/apt/sources.list.d/radvbench-bookworm-backports.list
# mesa-drm-shim (Mesa's no-op DRM shim) lets 'radvbench isa' compile for
# RADV GFX11/GFX12 chips without AMD hardware; it must be mesa-vulkan-drivers'
# version (its chip table and RADV change together), hence backports too.
PKGS_BACKPORTS="mesa-vulkan-drivers mesa-drm-shim"
PKGS="libvulkan-dev libvulkan1 vulkan-tools glslc spirv-tools glslang-tools vulkan-validationlayers gcc make ca-certificates"
PKGS_TEST="chromium libopenblas-dev postgresql"
# The windowed build (make build-window: present suite, run --watch) and its tests under Xvfb.
PKGS_WINDOW="libx11-dev libxcursor-dev libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev libgl1-mesa-dev xvfb"
# make test builds the Debian 13 toolchain root (ci/trixie-root.sh) with it.
PKGS_TOOLCHAIN="debootstrap"

missing() {
	local m=() libs
	# The linker cache read once, then searched: 'ldconfig -p | grep -q'
	# under pipefail fails when grep exits at its first match while
	# ldconfig still writes (SIGPIPE), and a present library reads missing.
	libs=$(ldconfig -p 2>/dev/null || true)
	command -v gcc >/dev/null || m+=("gcc (cgo)")
	command -v make >/dev/null || m+=("make")
	[ -f /usr/include/vulkan/vulkan.h ] || m+=("libvulkan-dev (Vulkan headers)")
	grep -qF 'libvulkan.so.1 ' <<<"$libs" || m+=("libvulkan1 (Vulkan loader)")
	command -v glslc >/dev/null || m+=("glslc")
	command -v spirv-val >/dev/null || m+=("spirv-tools (spirv-val)")
	command -v vulkaninfo >/dev/null || m+=("vulkan-tools")
	ls /usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json >/dev/null 2>&1 || m+=("vulkan-validationlayers")
	# lavapipe with ray query and mesh shaders needs Mesa >= 25 (bookworm-backports).
	local v
	v=$(dpkg-query -W -f='${Version}' mesa-vulkan-drivers 2>/dev/null || true)
	if [ -z "$v" ] || dpkg --compare-versions "$v" lt 25; then
		m+=("mesa-vulkan-drivers >= 25 from bookworm-backports (have: ${v:-none})")
	fi
	local shim
	shim=$(dpkg-query -W -f='${Version}' mesa-drm-shim 2>/dev/null || true)
	if [ -z "$shim" ] || [ "$shim" != "$v" ] || ! grep -qF 'libamdgpu_noop_drm_shim.so ' <<<"$libs"; then
		m+=("mesa-drm-shim in the version of mesa-vulkan-drivers${v:+ ($v)} from bookworm-backports, for radvbench isa (have: ${shim:-none})")
	fi
	if [ "${WITH_TEST_DEPS:-0}" = 1 ]; then
		command -v chromium >/dev/null || m+=("chromium (report test)")
		ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || m+=("postgresql (history store tests)")
		command -v Xvfb >/dev/null || m+=("xvfb (window tests)")
		command -v debootstrap >/dev/null || [ -x /usr/sbin/debootstrap ] || m+=("debootstrap (the Debian 13 toolchain root)")
		local h
		for h in X11/Xlib.h X11/Xcursor/Xcursor.h X11/extensions/Xrandr.h X11/extensions/Xinerama.h X11/extensions/XInput2.h X11/extensions/xf86vmode.h GL/gl.h; do
			[ -f "/usr/include/$h" ] || m+=("$h (X11/GL development headers for the window build)")
		done
	fi
	printf '%s\n' "${m[@]}"
}

if [ "${1:-}" = "--check" ]; then
	out=$(missing)
	if [ -n "$out" ]; then
		echo "radvbench: missing dependencies:"
		echo "$out" | sed 's/^/  - /'
		exit 1
	fi
	exit 0
fi

if [ -z "$(missing)" ] && [ "${FORCE:-0}" != 1 ]; then
	echo "radvbench: all dependencies are installed (FORCE=1 reinstalls)"
	exit 0
fi

pkgs="$PKGS"
[ "${WITH_TEST_DEPS:-0}" = 1 ] && pkgs="$pkgs $PKGS_TEST $PKGS_WINDOW $PKGS_TOOLCHAIN"
mirror=$(debian_mirror)
# Keep a backports entry that already exists elsewhere.
have_backports=0
grep -rqs '^[^#]*bookworm-backports' /etc/apt/sources.list /etc/apt/sources.list.d/ && have_backports=1
if [ "$(id -u)" != 0 ]; then
	echo "radvbench: dependencies are missing and installing them needs root. Run:"
	[ "$have_backports" = 1 ] || echo "  echo 'deb $mirror bookworm-backports main' | sudo tee $BACKPORTS_LIST"
	echo "  sudo apt-get update"
	echo "  sudo apt-get install -y -t bookworm-backports $PKGS_BACKPORTS"
	echo "  sudo apt-get install -y $pkgs"
	echo "(or run this as root: sudo${WITH_TEST_DEPS:+ WITH_TEST_DEPS=$WITH_TEST_DEPS} $0)"
	exit 1
fi
if [ "$have_backports" = 0 ]; then
	echo "+ echo 'deb $mirror bookworm-backports main' > $BACKPORTS_LIST"
	echo "deb $mirror bookworm-backports main" >"$BACKPORTS_LIST"
fi
echo "+ apt-get update"
apt_get update
echo "+ apt-get install -y -t bookworm-backports $PKGS_BACKPORTS"
apt_get install -y -t bookworm-backports $PKGS_BACKPORTS
echo "+ apt-get install -y $pkgs"
apt_get install -y $pkgs
if out=$(missing) && [ -n "$out" ]; then
	echo "radvbench: still missing after the install:"
	echo "$out" | sed 's/^/  - /'
	exit 1
fi
