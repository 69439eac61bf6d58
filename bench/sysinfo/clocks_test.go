package sysinfo

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyTree copies a fixture tree into a temporary directory, so tests can
// write to it.
func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		out := filepath.Join(dst, rel)
		if info.IsDir() {
			return os.MkdirAll(out, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(out, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

func TestReadClocks(t *testing.T) {
	got := ReadClocks("testdata/rx7900xtx-frag4/root")
	want := map[string]string{
		"card1.perf_level": "profile_standard", "card1.sclk_mhz": "1969", "card1.mclk_mhz": "1249",
		"card1.busy_percent": "2", "card1.power_w": "52", "card1.temp.edge_c": "41", "card1.temp.junction_c": "45", "card1.temp.mem_c": "52",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("extra keys: %v", got)
	}
	// MI300X: no temp labels for temp1, power from power1_input.
	mi := ReadClocks("testdata/mi300x/root")
	if mi["card1.power_w"] != "140" || mi["card1.temp.junction_c"] != "35" || mi["card1.sclk_mhz"] != "1431" {
		t.Errorf("mi300x clocks %v", mi)
	}
	if len(ReadClocks("testdata/no-amd/root")) != 0 || len(ReadClocks(t.TempDir())) != 0 {
		t.Error("clocks without an AMD GPU")
	}
	// Garbage must not panic and must not invent values.
	g := ReadClocks("testdata/garbage/root")
	if _, ok := g["card0.sclk_mhz"]; ok {
		t.Errorf("garbage sclk: %v", g)
	}
}

func TestPinClocks(t *testing.T) {
	defer func(f func() int) { geteuid = f }(geteuid)
	geteuid = func() int { return 0 }
	root := copyTree(t, "testdata/rx9070xt-default/root")
	level := filepath.Join(root, "sys/class/drm/card0/device/power_dpm_force_performance_level")
	read := func() string {
		b, err := os.ReadFile(level)
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(b))
	}
	restore, err := PinClocks(root, "profile_standard")
	if err != nil {
		t.Fatal(err)
	}
	if got := read(); got != "profile_standard" {
		t.Errorf("pinned level %q", got)
	}
	if c := ReadClocks(root); c["card0.perf_level"] != "profile_standard" {
		t.Errorf("ReadClocks after pin: %v", c)
	}
	if err := restore(); err != nil {
		t.Fatal(err)
	}
	if err := restore(); err != nil {
		t.Fatal("second restore:", err)
	}
	if got := read(); got != "auto" {
		t.Errorf("restored level %q, want auto", got)
	}

	tests := []struct {
		name, root, level string
		euid              int
		wantErr           string
		is                error
	}{
		{"bad level", root, "high", 0, "unknown performance level", nil},
		{"not root", root, "profile_peak", 1000, "needs root", ErrPinNeedsRoot},
		{"no AMD GPU", "testdata/no-amd/root", "profile_peak", 0, "no AMD GPU", ErrNoAMDGPU},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			geteuid = func() int { return tt.euid }
			_, err := PinClocks(tt.root, tt.level)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("err %v, want %q", err, tt.wantErr)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("err %v is not %v", err, tt.is)
			}
		})
	}
	if got := read(); got != "auto" {
		t.Errorf("a failed pin changed the level to %q", got)
	}
}

// TestPinClocksUndoesOnError: when the second card cannot be written, the
// first is put back.
func TestPinClocksUndoesOnError(t *testing.T) {
	defer func(f func() int) { geteuid = f }(geteuid)
	geteuid = func() int { return 0 }
	root := copyTree(t, "testdata/rx9070xt-default/root")
	dev2 := filepath.Join(root, "sys/class/drm/card5/device")
	if err := os.MkdirAll(dev2, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dev2, "vendor"), []byte("0x1002\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// card5 has no power_dpm_force_performance_level: reading it fails.
	if _, err := PinClocks(root, "profile_peak"); err == nil {
		t.Fatal("pin succeeded with a broken card")
	}
	b, _ := os.ReadFile(filepath.Join(root, "sys/class/drm/card0/device/power_dpm_force_performance_level"))
	if strings.TrimSpace(string(b)) != "auto" {
		t.Errorf("card0 left at %q", b)
	}
}
