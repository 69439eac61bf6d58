package launch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/suitetest"
	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/bench/sysinfo"
)

// TestProfilePState: the power state RADV applies under the lock is
// RADV_PROFILE_PSTATE's (one of RADV's four), else Mesa's default peak; any
// other value is refused, with no way out through pinning.
func TestProfilePState(t *testing.T) {
	for _, tc := range []struct {
		env, pstate, source string
		bad                 bool
	}{
		{"", "peak", PStateMesaDefault, false},
		{"standard", "standard", PStateFromEnv, false},
		{"min_sclk", "min_sclk", PStateFromEnv, false},
		{"min_mclk", "min_mclk", PStateFromEnv, false},
		{"peak", "peak", PStateFromEnv, false},
		{"Peak", "", "", true},
		{"profile_peak", "", "", true},
	} {
		pstate, source, err := profilePState(func(k string) string {
			if k == "RADV_PROFILE_PSTATE" {
				return tc.env
			}
			return ""
		})
		var se *StableClocksError
		if tc.bad {
			if !errors.As(err, &se) || se.Problem != StableBadPState || se.Fallback() || !strings.Contains(err.Error(), tc.env) {
				t.Errorf("RADV_PROFILE_PSTATE=%q: err %v, want a bad-pstate refusal naming it, no fallback", tc.env, err)
			}
			continue
		}
		if err != nil || pstate != tc.pstate || source != tc.source {
			t.Errorf("RADV_PROFILE_PSTATE=%q: %q, %q, %v; want %q, %q", tc.env, pstate, source, err, tc.pstate, tc.source)
		}
	}
}

// TestStableClocksLavapipe: lavapipe has no VK_KHR_performance_query, so a
// run asked for stable clocks is refused before anything starts (no
// journal, no file); asked to fall back, it pins the level instead, says
// so, and the results' fingerprint records the pinning (as root; as
// another user the pin is refused for wanting root).
func TestStableClocksLavapipe(t *testing.T) {
	suitetest.RequireVulkan(t)
	t.Setenv("RADV_PROFILE_PSTATE", "")
	dir := t.TempDir()
	p := lavapipePlan(filepath.Join(dir, "r.json"))
	p.Isolation, p.Benchmarks, p.StableClocks = supervise.IsolateOff, 1, true
	_, err := Run(context.Background(), p, Hooks{}, lavapipeEnv(t.TempDir()))
	var se *StableClocksError
	if !errors.As(err, &se) || se.Problem != StableNoExtension || !se.Fallback() || !errors.Is(err, gpu.ErrNoProfilingLock) {
		t.Fatalf("Run with stable clocks on lavapipe: %v, want a no-extension refusal", err)
	}
	if strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "VK_KHR_performance_query") {
		t.Errorf("refusal %q: want one line naming the extension", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a refused run left %v", entries)
	}

	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS("../sysinfo/testdata/rx9070xt-default/root")); err != nil {
		t.Fatal(err)
	}
	level := filepath.Join(root, "sys/class/drm/card0/device/power_dpm_force_performance_level")
	before, err := os.ReadFile(level)
	if err != nil {
		t.Fatal(err)
	}
	p.PinClocks, p.Sysroot = "profile_standard", root
	var rec recorded
	o, err := Run(context.Background(), p, rec.hooks(), lavapipeEnv(root))
	if len(rec.notes) != 1 || !strings.Contains(rec.notes[0], "pinning the performance level") {
		t.Errorf("notes %q: want one saying the run pins the level instead", rec.notes)
	}
	if os.Geteuid() != 0 {
		if !errors.Is(err, sysinfo.ErrPinNeedsRoot) {
			t.Errorf("fallback as user %d: %v, want the pin's needs-root error", os.Geteuid(), err)
		}
		return
	}
	if err != nil {
		t.Fatalf("fallback to pinning as root: %v", err)
	}
	if got := o.File.Fingerprint[FingerprintStableClocks]; got != StablePinned {
		t.Errorf("fingerprint %s = %q, want %q", FingerprintStableClocks, got, StablePinned)
	}
	if _, ok := o.File.Fingerprint[FingerprintPState]; ok {
		t.Errorf("a pinned run records a RADV pstate: %v", o.File.Fingerprint)
	}
	if after, _ := os.ReadFile(level); string(after) != string(before) {
		t.Errorf("the level is %q after the run, want it restored to %q", after, before)
	}
}

// TestWarnUnpinned: a lock held while the card's level still reads auto
// (a kernel without the context's stable power state) is noted; a
// profile level, or no AMD card, is not.
func TestWarnUnpinned(t *testing.T) {
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS("../sysinfo/testdata/rx9070xt-default/root")); err != nil {
		t.Fatal(err)
	}
	level := filepath.Join(root, "sys/class/drm/card0/device/power_dpm_force_performance_level")
	for _, tc := range []struct {
		root, level string
		note        bool
	}{
		{root, "auto\n", true},
		{root, "profile_peak\n", false},
		{t.TempDir(), "", false},
	} {
		if tc.level != "" {
			if err := os.WriteFile(level, []byte(tc.level), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		var rec recorded
		warnUnpinned(sysinfo.Collect(sysinfo.Options{Root: tc.root}), rec.hooks())
		if got := len(rec.notes) == 1; got != tc.note {
			t.Errorf("level %q: notes %q, want a note %v", tc.level, rec.notes, tc.note)
		}
	}
}
