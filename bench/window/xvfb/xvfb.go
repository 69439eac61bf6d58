// Package xvfb starts a private virtual X server (Xvfb) for tests that open
// windows, and stops it afterwards. GLFW connects to one display per
// process, so a test binary starts one server in TestMain with Main.
// Screenshot reads the server's screen (Xvfb keeps it in a file, -fbdir).
package xvfb

import (
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// fbdir is the screen file's directory of the server Start started last.
var fbdir string

// Start starts Xvfb on the first free display number from 90 with a
// 1024×768×24 screen and returns the display (":N") and a function that
// stops it.
func Start() (display string, stop func(), err error) {
	bin, err := exec.LookPath("Xvfb")
	if err != nil {
		return "", nil, fmt.Errorf("Xvfb is not installed: run 'make deps' (apt-get install xvfb)")
	}
	for n := 90; n < 190; n++ {
		if _, err := os.Stat(lockPath(n)); err == nil {
			continue
		}
		if _, err := os.Stat(socketPath(n)); err == nil {
			continue
		}
		display, stop, err := startOn(bin, n)
		if errors.Is(err, errLost) {
			continue // another process took the number first: try the next
		}
		return display, stop, err
	}
	return "", nil, fmt.Errorf("no free X display number in :90..:189")
}

func lockPath(n int) string   { return fmt.Sprintf("/tmp/.X%d-lock", n) }
func socketPath(n int) string { return filepath.Join("/tmp/.X11-unix", "X"+strconv.Itoa(n)) }

// errLost: another X server holds the display number.
var errLost = errors.New("display taken by another X server")

// lockPID is the process ID in display n's lock file (0 when there is
// none yet, or it is not written through).
func lockPID(n int) int {
	data, err := os.ReadFile(lockPath(n))
	if err != nil {
		return 0
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(data)))
	return pid
}

// startOn starts Xvfb on display n. The server is this process's only
// when its lock file names our server's PID: two test binaries that both
// saw n free start a server each, and the one that loses exits, but the
// display's socket (the winner's) exists for both. A test binary that
// took the winner's display for its own lost it when the winner's tests
// ended and stopped their server (seen as "Failed to open display" in the
// window tests of make test beside two CPU burners). It returns errLost
// when another server holds n.
func startOn(bin string, n int) (display string, stop func(), err error) {
	dir, err := os.MkdirTemp("", "radvbench-xvfb")
	if err != nil {
		return "", nil, fmt.Errorf("directory for Xvfb's screen: %w", err)
	}
	cmd := exec.Command(bin, ":"+strconv.Itoa(n), "-screen", "0", "1024x768x24", "-nolisten", "tcp", "-fbdir", dir)
	// Pdeathsig: a test binary that crashes (no cleanup) takes its X
	// server with it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return "", nil, fmt.Errorf("start Xvfb: %w", err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	stop = func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
		os.RemoveAll(dir)
	}
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-exited:
			os.RemoveAll(dir)
			return "", nil, errLost // ours gave up: the number is taken
		default:
		}
		switch pid := lockPID(n); {
		case pid != 0 && pid != cmd.Process.Pid:
			stop()
			return "", nil, errLost
		case pid == cmd.Process.Pid:
			if _, err := os.Stat(socketPath(n)); err == nil {
				fbdir = dir
				return ":" + strconv.Itoa(n), stop, nil
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	stop()
	return "", nil, fmt.Errorf("Xvfb :%d did not come up within 10s", n)
}

// Screenshot is the screen of the server Start started last, as Xvfb
// shows it now (read from its XWD screen file: 32 bits a pixel,
// least significant byte first, as Xvfb writes a 24-bit screen).
func Screenshot() (*image.RGBA, error) {
	if fbdir == "" {
		return nil, fmt.Errorf("no Xvfb started by this process")
	}
	data, err := os.ReadFile(filepath.Join(fbdir, "Xvfb_screen0"))
	if err != nil {
		return nil, fmt.Errorf("read Xvfb's screen: %w", err)
	}
	if len(data) < 100 {
		return nil, fmt.Errorf("Xvfb's screen file has %d bytes: no XWD header", len(data))
	}
	var h [25]uint32
	for i := range h {
		h[i] = binary.BigEndian.Uint32(data[4*i:])
	}
	// XWD header: size, version, format, depth, width, height, x offset,
	// byte order, unit, bit order, pad, bits per pixel, bytes per line,
	// visual class, red, green and blue masks, bits per RGB, colormap
	// entries, colours, ...
	size, w, ht, order, bpp, bpl, colours := h[0], int(h[4]), int(h[5]), h[7], h[11], int(h[12]), h[19]
	if bpp != 32 || order != 0 || h[14] != 0xff0000 || h[15] != 0xff00 || h[16] != 0xff {
		return nil, fmt.Errorf("Xvfb's screen is %d bits a pixel, byte order %d, masks %x %x %x: want a 24-bit screen (32 bits a pixel, LSB first)", bpp, order, h[14], h[15], h[16])
	}
	off := int(size) + 12*int(colours)
	if len(data) < off+ht*bpl || bpl < 4*w {
		return nil, fmt.Errorf("Xvfb's screen file is short: %d bytes for %dx%d", len(data), w, ht)
	}
	img := image.NewRGBA(image.Rect(0, 0, w, ht))
	for y := range ht {
		for x := range w {
			p := binary.LittleEndian.Uint32(data[off+y*bpl+4*x:])
			i := img.PixOffset(x, y)
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = uint8(p>>16), uint8(p>>8), uint8(p), 255
		}
	}
	return img, nil
}

// Main runs the tests of a package under a fresh Xvfb (DISPLAY set to it)
// and stops the server afterwards; call it from TestMain.
func Main(m *testing.M) {
	// The server's parent-death signal follows this thread: keep it.
	runtime.LockOSThread()
	display, stop, err := Start()
	if err != nil {
		fmt.Fprintln(os.Stderr, "xvfb:", err)
		os.Exit(1)
	}
	os.Setenv("DISPLAY", display)
	os.Unsetenv("WAYLAND_DISPLAY")
	code := m.Run()
	stop()
	os.Exit(code)
}

// DrawnShare is the share of the pixels of img in r that are not black
// (0 when r lies outside img): how much of a window on the screen was
// drawn, Xvfb's screen being black where nothing is.
func DrawnShare(img *image.RGBA, r image.Rectangle) float64 {
	r = r.Intersect(img.Bounds())
	if r.Empty() {
		return 0
	}
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i := img.PixOffset(x, y)
			if img.Pix[i]|img.Pix[i+1]|img.Pix[i+2] != 0 {
				n++
			}
		}
	}
	return float64(n) / float64(r.Dx()*r.Dy())
}
