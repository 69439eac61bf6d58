package main

import (
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/window"
)

// TestWindowNoDisplay: without a display (or without the windowed build)
// --suite present and --watch fail with one line naming the fix and exit
// 2, and the rest of the CLI is unaffected.
func TestWindowNoDisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	want := "DISPLAY"
	if !window.Built {
		want = "make build-window"
	}
	for _, args := range [][]string{
		{"run", "--suite", "present", "--quick", "--progress", "never", "-o", t.TempDir() + "/p.json"},
		{"run", "--suite", "mesh,present", "--quick", "--progress", "never", "-o", t.TempDir() + "/p.json"},
		{"run", "--suite", "peak", "--watch", "--quick", "--progress", "never", "-o", t.TempDir() + "/p.json"},
	} {
		code, _, stderr := cli(t, args...)
		if code != 2 || strings.Count(strings.TrimSpace(stderr), "\n") > 1 || !strings.Contains(stderr, want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line naming %s", args, code, stderr, want)
		}
		if window.Built && !strings.Contains(stderr, "xvfb-run") {
			t.Errorf("%v: the error does not name xvfb-run: %q", args, stderr)
		}
	}
	code, stdout, stderr := cli(t, "list")
	if code != 0 || !strings.Contains(stdout, "mesh") {
		t.Errorf("list without a display: exit %d\n%s%s", code, stdout, stderr)
	}
	out := t.TempDir() + "/l.json"
	if code, _, stderr := cli(t, "run", "--suite", "latency", "--quick", "--max-time", "50ms", "--progress", "never", "-o", out); code != 0 {
		t.Errorf("run --suite latency without a display: exit %d: %s", code, stderr)
	}
}

func TestCheckDisplay(t *testing.T) {
	for _, c := range []struct {
		display, wayland string
		ok               bool
	}{{"", "", false}, {":0", "", true}, {"", "wayland-0", true}, {":99", "wayland-1", true}} {
		t.Setenv("DISPLAY", c.display)
		t.Setenv("WAYLAND_DISPLAY", c.wayland)
		if err := window.CheckDisplay(); (err == nil) != c.ok {
			t.Errorf("DISPLAY=%q WAYLAND_DISPLAY=%q: %v", c.display, c.wayland, err)
		}
	}
}
