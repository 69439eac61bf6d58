package launch

import (
	"testing"
	"time"
)

// TestISAPlanPaths checks the results path and assembly directory an isa
// run writes when the plan leaves them out, names them, or saves no
// assembly.
func TestISAPlanPaths(t *testing.T) {
	now := time.Date(2026, 12, 4, 0, 50, 7, 0, time.UTC)
	for _, tc := range []struct {
		name        string
		plan        ISAPlan
		out, asmDir string
	}{
		{"defaults", ISAPlan{}, "results/20261204T005007Z-isa.json", "results/20261204T005007Z-isa.asm"},
		{"out given", ISAPlan{Out: "x/a.json"}, "x/a.json", "x/a.asm"},
		{"asm dir given", ISAPlan{Out: "x/a.json", AsmDir: "asm"}, "x/a.json", "asm"},
		{"no asm", ISAPlan{NoAsm: true}, "results/20261204T005007Z-isa.json", ""},
		{"no asm wins over a dir", ISAPlan{Out: "a.json", AsmDir: "asm", NoAsm: true}, "a.json", ""},
	} {
		out, asmDir := tc.plan.paths(now)
		if out != tc.out || asmDir != tc.asmDir {
			t.Errorf("%s: paths = %q, %q; want %q, %q", tc.name, out, asmDir, tc.out, tc.asmDir)
		}
	}
}
