// Package present shows frames in a window through Vulkan: a
// VkSurfaceKHR made by a window system (bench/window creates it with
// GLFW; nothing here links a window library), its present modes, and a
// VkSwapchainKHR on a bench/gpu Device whose images are filled with
// transfer commands — a copy of a bench/gpu/graphics RenderTarget's
// colour image (same 32-bit compatibility class, so the window shows
// exactly the rendered bits) or an upload from a buffer. Frames in
// flight, per-image semaphores, recreation on VK_ERROR_OUT_OF_DATE_KHR,
// VK_SUBOPTIMAL_KHR or a new window size, a read-back of the presented
// image for tests, and frame latency through VK_KHR_present_id and
// VK_KHR_present_wait. It holds vulkan-go handles and never C types (cgo
// lives only in bench/internal/vk).
package present

import (
	"errors"
	"fmt"
	"strings"

	"github.com/radvbench/radvbench/bench/gpu"
	vk "github.com/vulkan-go/vulkan"
)

// Surface is a VkSurfaceKHR owned by radvbench.
type Surface struct {
	inst   *gpu.Instance
	h      vk.Surface
	closed bool
}

// ErrSurfaceLost means the window's surface went away (the window was
// destroyed); the swapchain cannot present any more.
var ErrSurfaceLost = errors.New("the window's surface is lost")

// NewSurface makes a surface on inst with a window system's function:
// create gets the VkInstance (as GLFW's Window.CreateWindowSurface wants
// it) and returns a pointer to the new VkSurfaceKHR handle.
func NewSurface(inst *gpu.Instance, create func(instance any) (uintptr, error)) (*Surface, error) {
	ptr, err := create(inst.Handle())
	if err != nil {
		return nil, fmt.Errorf("create window surface: %w", err)
	}
	if ptr == 0 {
		return nil, fmt.Errorf("create window surface: no surface returned")
	}
	return &Surface{inst: inst, h: vk.SurfaceFromPointer(ptr)}, nil
}

// Close destroys the surface; safe to call twice. Destroy swapchains
// first.
func (s *Surface) Close() {
	if s == nil || s.closed {
		return
	}
	s.closed = true
	vk.DestroySurface(s.inst.Handle(), s.h, nil)
}

// CanPresent reports whether p's queue family (ComputeFamily) can present
// to s.
func CanPresent(p *gpu.PhysicalDevice, s *Surface) bool { return familyPresents(p, p.ComputeFamily, s) }

func familyPresents(p *gpu.PhysicalDevice, family int, s *Surface) bool {
	if family < 0 {
		return false
	}
	var ok vk.Bool32
	if vk.GetPhysicalDeviceSurfaceSupport(p.Handle(), uint32(family), s.h, &ok) != vk.Success {
		return false
	}
	return ok == vk.True
}

// Mode is a VkPresentModeKHR.
type Mode int32

// Present modes.
const (
	Immediate   = Mode(vk.PresentModeImmediate)
	Mailbox     = Mode(vk.PresentModeMailbox)
	Fifo        = Mode(vk.PresentModeFifo)
	FifoRelaxed = Mode(vk.PresentModeFifoRelaxed)
)

// Modes lists the present modes s offers on p.
func Modes(p *gpu.PhysicalDevice, s *Surface) ([]Mode, error) {
	var n uint32
	if err := gpu.CheckResult("list present modes", vk.GetPhysicalDeviceSurfacePresentModes(p.Handle(), s.h, &n, nil)); err != nil {
		return nil, err
	}
	modes := make([]vk.PresentMode, n)
	if err := gpu.CheckResult("list present modes", vk.GetPhysicalDeviceSurfacePresentModes(p.Handle(), s.h, &n, modes)); err != nil {
		return nil, err
	}
	out := make([]Mode, n)
	for i, m := range modes[:n] {
		out[i] = Mode(m)
	}
	return out, nil
}

var modeNames = map[Mode]string{
	Immediate:   "immediate",
	Mailbox:     "mailbox",
	Fifo:        "fifo",
	FifoRelaxed: "fifo-relaxed",
}

// String is the mode's short name (fifo, fifo-relaxed, mailbox,
// immediate).
func (m Mode) String() string {
	if n, ok := modeNames[m]; ok {
		return n
	}
	return fmt.Sprintf("present-mode-%d", int32(m))
}

// ModeNames names modes, comma-separated.
func ModeNames(modes []Mode) string {
	var out []string
	for _, m := range modes {
		out = append(out, m.String())
	}
	return strings.Join(out, ", ")
}
