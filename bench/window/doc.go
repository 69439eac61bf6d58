// Package window is radvbench's only window code: a GLFW window with a
// Vulkan surface and swapchain (Screen), used by the present suite and by
// 'radvbench run --watch' (Watch).
//
// GLFW links X11 libraries into the binary, and headless GPU servers must
// not need them, so the GLFW parts build only with the build tag "window"
// ('make build-window'). Without the tag, the package still compiles and
// its functions return ErrNotBuilt, which says how to get the windowed
// build. The display check (CheckDisplay) works in both builds.
package window

import (
	"errors"
	"os"
)

// ErrNoDisplay means there is no display to open a window on.
var ErrNoDisplay = errors.New("no display: DISPLAY and WAYLAND_DISPLAY are unset; run under a virtual X server (xvfb-run -a radvbench ...) or set DISPLAY (e.g. DISPLAY=:0)")

// ErrDisplay means DISPLAY (or WAYLAND_DISPLAY) is set but no window
// can be opened there.
var ErrDisplay = errors.New("cannot open a window")

// ErrNotBuilt means the binary was built without the "window" tag.
var ErrNotBuilt = errors.New("this radvbench was built without window support: build it with 'make build-window' (go build -tags window ./cmd/radvbench; needs the X11 development packages from 'make deps')")

// CheckDisplay returns ErrNoDisplay when neither DISPLAY nor
// WAYLAND_DISPLAY is set.
func CheckDisplay() error {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		return ErrNoDisplay
	}
	return nil
}
