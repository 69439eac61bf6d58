// Package xvfb starts a private virtual X server (Xvfb) for tests that open
// windows, and stops it afterwards. GLFW connects to one display per
// process, so a test binary starts one server in TestMain with Main.
package xvfb

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// Start starts Xvfb on the first free display number from 90 with a
// 1024×768×24 screen and returns the display (":N") and a function that
// stops it.
func Start() (display string, stop func(), err error) {
	bin, err := exec.LookPath("Xvfb")
	if err != nil {
		return "", nil, fmt.Errorf("Xvfb is not installed: run 'make deps' (apt-get install xvfb)")
	}
	for n := 90; n < 190; n++ {
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X%d-lock", n)); err == nil {
			continue
		}
		sock := filepath.Join("/tmp/.X11-unix", "X"+strconv.Itoa(n))
		if _, err := os.Stat(sock); err == nil {
			continue
		}
		cmd := exec.Command(bin, ":"+strconv.Itoa(n), "-screen", "0", "1024x768x24", "-nolisten", "tcp")
		// Pdeathsig: a test binary that crashes (no cleanup) takes its X
		// server with it.
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
		if err := cmd.Start(); err != nil {
			return "", nil, fmt.Errorf("start Xvfb: %w", err)
		}
		exited := make(chan struct{})
		go func() { cmd.Wait(); close(exited) }()
		stop := func() {
			cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-exited:
			case <-time.After(5 * time.Second):
				cmd.Process.Kill()
				<-exited
			}
		}
		deadline := time.Now().Add(10 * time.Second)
		for time.Now().Before(deadline) {
			select {
			case <-exited:
				// Lost a race for the display number: try the next one.
				goto next
			default:
			}
			if _, err := os.Stat(sock); err == nil {
				return ":" + strconv.Itoa(n), stop, nil
			}
			time.Sleep(20 * time.Millisecond)
		}
		stop()
		return "", nil, fmt.Errorf("Xvfb :%d did not come up within 10s", n)
	next:
	}
	return "", nil, fmt.Errorf("no free X display number in :90..:189")
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
