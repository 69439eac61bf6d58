package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStableClocksRefusedOnLavapipe: 'run --stable-clocks' on lavapipe (no
// VK_KHR_performance_query) refuses with exit 2 and one line saying why
// and what to do as root, before anything runs (no results, no journal),
// cleanly under the validation layer; with --pin-clocks it pins instead
// (here under a tree without an AMD card: the pin's own refusal); a
// RADV_PROFILE_PSTATE RADV does not know is refused even then.
func TestStableClocksRefusedOnLavapipe(t *testing.T) {
	requireVulkan(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "r.json")
	args := []string{"run", "--stable-clocks", "--quick", "--filter", "naive", "--progress", "never", "-o", out}
	code, stdout, stderr := runValidated(t, args...)
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(stderr), "\n") {
		if !strings.HasPrefix(l, "WARNING: ") { // lavapipe's standing CPU warning
			lines = append(lines, l)
		}
	}
	if code != 2 || len(lines) != 1 || !strings.Contains(lines[0], "--stable-clocks: ") ||
		!strings.Contains(lines[0], "no VK_KHR_performance_query") || !strings.Contains(lines[0], "--pin-clocks profile_standard") {
		t.Fatalf("exit %d, stderr lines %q: want 2 and one line naming the extension and the root way out\nstdout:\n%s", code, lines, stdout)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a refused run left %v", entries)
	}

	noAMD := filepath.Join("..", "..", "bench", "sysinfo", "testdata", "no-amd", "root")
	code, _, stderr = cli(t, append(args, "--pin-clocks", "profile_standard", "--sysroot", noAMD)...)
	if code != 2 || !strings.Contains(stderr, "pinning the performance level (as root) instead") || !strings.Contains(stderr, "--pin-clocks: no AMD GPU") {
		t.Errorf("with --pin-clocks: exit %d, stderr:\n%s\nwant the fallback note, then the pin's refusal", code, stderr)
	}

	t.Setenv("RADV_PROFILE_PSTATE", "turbo")
	code, _, stderr = cli(t, append(args, "--pin-clocks", "profile_standard")...)
	if code != 2 || !strings.Contains(stderr, `RADV_PROFILE_PSTATE="turbo"`) || strings.Contains(stderr, "pinning the performance level") {
		t.Errorf("RADV_PROFILE_PSTATE=turbo: exit %d, stderr:\n%s\nwant a refusal, no fallback", code, stderr)
	}
}
