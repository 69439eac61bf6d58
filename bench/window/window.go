//go:build window

package window

import (
	"bytes"
	"fmt"
	"image"
	"log"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/present"
)

// Built reports whether the binary has window support.
const Built = true

// GLFW wants every call from one thread: one goroutine locked to its OS
// thread runs them all.
var glfwThread struct {
	once  sync.Once
	calls chan func()
	err   error
}

func do(f func()) {
	done := make(chan struct{})
	glfwThread.calls <- func() { f(); close(done) }
	<-done
}

func startGLFW() error {
	if err := CheckDisplay(); err != nil {
		return err
	}
	glfwThread.once.Do(func() {
		glfwThread.calls = make(chan func())
		go func() {
			runtime.LockOSThread()
			for f := range glfwThread.calls {
				f()
			}
		}()
		do(func() {
			// go-gl logs (and does not return) GLFW's platform errors,
			// such as an X server that cannot be opened: catch them.
			var logged bytes.Buffer
			log.SetOutput(&logged)
			err := glfw.Init()
			log.SetOutput(os.Stderr)
			where := fmt.Sprintf("DISPLAY=%q WAYLAND_DISPLAY=%q", os.Getenv("DISPLAY"), os.Getenv("WAYLAND_DISPLAY"))
			msg := strings.TrimSpace(logged.String())
			switch {
			case err != nil:
				glfwThread.err = fmt.Errorf("%w: initialise GLFW (%s): %v; is an X server running there? Try xvfb-run -a", ErrDisplay, where, err)
			case msg != "":
				glfwThread.err = fmt.Errorf("%w: initialise GLFW (%s): %s; is an X server running there? Try xvfb-run -a", ErrDisplay, where, oneLine(msg))
			case !glfw.VulkanSupported():
				glfwThread.err = fmt.Errorf("GLFW finds no Vulkan loader for window surfaces; install libvulkan1 (make deps)")
			}
		})
	})
	return glfwThread.err
}

// oneLine folds GLFW's log lines (date-prefixed) into one.
func oneLine(s string) string {
	var parts []string
	for _, l := range strings.Split(s, "\n") {
		if f := strings.Fields(l); len(f) > 2 && strings.Count(f[0], "/") == 2 {
			l = strings.Join(f[2:], " ")
		}
		parts = append(parts, strings.TrimSpace(l))
	}
	return strings.Join(parts, "; ")
}

// Window is a GLFW window without a client API (Vulkan presents to it).
type Window struct {
	w      *glfw.Window
	fbW    atomic.Uint32
	fbH    atomic.Uint32
	closed bool
}

// Open opens a resizable window of width×height pixels.
func Open(title string, width, height int) (*Window, error) {
	if err := startGLFW(); err != nil {
		return nil, err
	}
	win := &Window{}
	var err error
	do(func() {
		glfw.DefaultWindowHints()
		glfw.WindowHint(glfw.ClientAPI, glfw.NoAPI)
		glfw.WindowHint(glfw.Resizable, glfw.True)
		win.w, err = glfw.CreateWindow(width, height, title, nil, nil)
		if err != nil {
			return
		}
		w, h := win.w.GetFramebufferSize()
		win.fbW.Store(uint32(w))
		win.fbH.Store(uint32(h))
		win.w.SetFramebufferSizeCallback(func(_ *glfw.Window, w, h int) {
			win.fbW.Store(uint32(w))
			win.fbH.Store(uint32(h))
		})
	})
	if err != nil {
		return nil, fmt.Errorf("open a %dx%d window: %w", width, height, err)
	}
	return win, nil
}

// RequiredExtensions are the instance extensions a surface on this
// window needs (VK_KHR_surface and the platform's).
func (w *Window) RequiredExtensions() []string {
	var exts []string
	do(func() { exts = w.w.GetRequiredInstanceExtensions() })
	return exts
}

// CreateSurface creates a Vulkan surface for the window on inst.
func (w *Window) CreateSurface(inst *gpu.Instance) (*present.Surface, error) {
	return present.NewSurface(inst, func(vkInstance any) (ptr uintptr, err error) {
		do(func() { ptr, err = w.w.CreateWindowSurface(vkInstance, nil) })
		return ptr, err
	})
}

// FramebufferSize is the window's size in pixels, as of the last Poll.
func (w *Window) FramebufferSize() (uint32, uint32) { return w.fbW.Load(), w.fbH.Load() }

// Poll processes window events and reports whether the user asked to
// close the window.
func (w *Window) Poll() (closeRequested bool) {
	do(func() {
		glfw.PollEvents()
		closeRequested = w.w.ShouldClose()
	})
	return closeRequested
}

// RequestClose asks the window to close, as the window manager's close
// button does.
func (w *Window) RequestClose() { do(func() { w.w.SetShouldClose(true) }) }

// Pos is the position of the window's content area on the screen.
func (w *Window) Pos() (x, y int) {
	do(func() { x, y = w.w.GetPos() })
	return x, y
}

// SetSize resizes the window (a user's resize, for tests).
func (w *Window) SetSize(width, height int) { do(func() { w.w.SetSize(width, height) }) }

// Close destroys the window; safe to call twice.
func (w *Window) Close() {
	if w == nil || w.closed {
		return
	}
	w.closed = true
	do(func() {
		w.w.Destroy()
		glfw.PollEvents()
	})
}

// ModeError means the surface does not offer the wanted present mode.
type ModeError struct {
	Want    present.Mode
	Offered []present.Mode
}

func (e *ModeError) Error() string {
	return fmt.Sprintf("the window's surface does not offer present mode %s (it offers %s)",
		e.Want, present.ModeNames(e.Offered))
}

// Screen is a window with its own Vulkan instance, device (with
// VK_KHR_swapchain), surface and swapchain.
type Screen struct {
	Win   *Window
	Inst  *gpu.Instance
	Dev   *gpu.Device
	Surf  *present.Surface
	Swap  *present.Swapchain
	Modes []present.Mode

	closeAll []func()
}

// OpenScreen opens a window and presents to it from the device device
// selects (see gpu.Select: "" is the best, a number an index) with
// present mode mode. A mode the surface lacks is a *ModeError.
func OpenScreen(title string, width, height int, device string, mode present.Mode) (*Screen, error) {
	s := &Screen{}
	fail := func(err error) (*Screen, error) {
		s.Close()
		return nil, err
	}
	var err error
	if s.Win, err = Open(title, width, height); err != nil {
		return nil, err
	}
	s.closeAll = append(s.closeAll, s.Win.Close)
	if s.Inst, err = gpu.NewInstanceWithExtensions(s.Win.RequiredExtensions()...); err != nil {
		return fail(fmt.Errorf("create a Vulkan instance with surface extensions: %w", err))
	}
	s.closeAll = append(s.closeAll, s.Inst.Close)
	if s.Surf, err = s.Win.CreateSurface(s.Inst); err != nil {
		return fail(err)
	}
	s.closeAll = append(s.closeAll, s.Surf.Close)
	devs, err := s.Inst.Devices()
	if err != nil {
		return fail(err)
	}
	pd, err := gpu.Select(devs, device)
	if err != nil {
		return fail(err)
	}
	if !pd.Extensions["VK_KHR_swapchain"] || !present.CanPresent(pd, s.Surf) {
		return fail(fmt.Errorf("device %s cannot present to the window (no VK_KHR_swapchain or no presenting queue)", pd.Name))
	}
	if s.Modes, err = present.Modes(pd, s.Surf); err != nil {
		return fail(err)
	}
	offered := false
	for _, m := range s.Modes {
		offered = offered || m == mode
	}
	if !offered {
		return fail(&ModeError{Want: mode, Offered: s.Modes})
	}
	if s.Dev, err = pd.OpenWith("VK_KHR_swapchain"); err != nil {
		return fail(fmt.Errorf("open device %s for presenting: %w", pd.Name, err))
	}
	s.closeAll = append(s.closeAll, s.Dev.Close)
	if s.Swap, err = present.NewSwapchain(s.Dev, s.Surf, mode, s.Win.FramebufferSize); err != nil {
		return fail(err)
	}
	s.closeAll = append(s.closeAll, s.Swap.Close)
	return s, nil
}

// DeviceSpec is the --device text that selects pd in a fresh instance.
func DeviceSpec(pd *gpu.PhysicalDevice) string { return strconv.Itoa(pd.Index) }

// ShowImage presents img (top-left aligned, cropped or padded with black
// to the window's size).
func (s *Screen) ShowImage(img *image.RGBA) error {
	b := img.Bounds()
	return s.Swap.ShowPixels(img.Pix[img.PixOffset(b.Min.X, b.Min.Y):], img.Stride, b.Dx(), b.Dy())
}

// Close releases everything in reverse order; safe to call twice.
func (s *Screen) Close() {
	if s == nil {
		return
	}
	if s.Swap != nil {
		s.Swap.Wait()
	}
	for i := len(s.closeAll) - 1; i >= 0; i-- {
		s.closeAll[i]()
	}
	s.closeAll = nil
}
