package sysreport

import (
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/reports/results"
)

// TestWords: the caller's words land where the summary needs them: why
// Vulkan was not opened, what an emulated device is good for, and the
// closing line, which ends the summary.
func TestWords(t *testing.T) {
	words := Words{Emulated: "(EMULATED-WORDS)", NoVulkan: "NOVULKAN-WORDS", Footer: "FOOTER-WORDS"}
	emulated := &sysinfo.System{}
	emulated.SetVulkan(sysinfo.VulkanInfo{DeviceName: "Null hardware", Emulated: &results.Emulation{Mechanism: "null-winsys", Target: "gfx1201"}})
	for _, tc := range []struct {
		name string
		sys  *sysinfo.System
		want []string
		not  string
	}{
		{"no Vulkan", &sysinfo.System{}, []string{"not opened (NOVULKAN-WORDS)"}, "EMULATED-WORDS"},
		{"emulated", emulated, []string{"emulated (null-winsys, target gfx1201): RADV compiles for it, nothing executes (EMULATED-WORDS)"}, "NOVULKAN-WORDS"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			Write(&b, tc.sys, words)
			out := b.String()
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("summary lacks %q:\n%s", w, out)
				}
			}
			if strings.Contains(out, tc.not) {
				t.Errorf("summary has %q:\n%s", tc.not, out)
			}
			if !strings.HasSuffix(out, "\nFOOTER-WORDS\n") {
				t.Errorf("summary does not end with the footer:\n%s", out)
			}
		})
	}
}
