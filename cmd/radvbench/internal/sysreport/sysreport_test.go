package sysreport

import (
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/gpumetrics"
	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// TestWords: the caller's words land where the summary needs them: why
// Vulkan was not opened, what an emulated device is good for, and the
// closing line, which ends the summary.
func TestWords(t *testing.T) {
	words := Words{Emulated: "(EMULATED-WORDS)", NoVulkan: "NOVULKAN-WORDS", Footer: "FOOTER-WORDS"}
	emulated := &sysinfo.System{}
	emulated.SetVulkan(sysinfo.VulkanInfo{DeviceName: "Null hardware", Emulated: &resultsfile.Emulation{Mechanism: "null-winsys", Target: "gfx1201"}})
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

// TestMetricsLines: a card's gpu_metrics table (the kernel's binary
// layout, decoded by bench/gpumetrics) shows in the summary: clocks,
// power, the energy accumulator and the throttle status with its bits
// named; a revision radvbench does not decode says so.
func TestMetricsLines(t *testing.T) {
	v13, v12 := gpumetrics.Revision{Format: 1, Content: 3}, gpumetrics.Revision{Format: 1, Content: 2}
	for _, tc := range []struct {
		name string
		rev  gpumetrics.Revision
		vals map[string]uint64
		raw  string
		want []string
	}{
		{"throttling", v13, map[string]uint64{"current_gfxclk": 2180, "average_gfxclk_frequency": 2203, "current_uclk": 1249,
			"average_socket_power": 339, "energy_accumulator": 5000 << 16, "indep_throttle_status": 1<<0 | 1<<36},
			"", []string{"gpu_metrics v1.3: gfx 2180 MHz (average 2203), mem 1249 MHz, 339.0 W (average_socket_power), energy accumulator 5000.0 J",
				"throttle    THROTTLING: PPT0, TEMP_HOTSPOT (indep_throttle_status 0x1000000001)"}},
		{"ASIC-dependent bits only", v12, map[string]uint64{"current_gfxclk": 1800, "throttle_status": 0x10},
			"", []string{"gpu_metrics v1.2: gfx 1800 MHz", "throttle    THROTTLING: throttle_status 0x10 (bits specific to the ASIC)"}},
		{"not throttling", v13, map[string]uint64{"current_gfxclk": 19, "indep_throttle_status": 0},
			"", []string{"gpu_metrics v1.3: gfx 19 MHz", "throttle    none (indep_throttle_status 0)"}},
		{"unknown revision", gpumetrics.Revision{}, nil, "\x08\x00\x01\x09\x00\x00\x00\x00",
			[]string{"gpu_metrics v1.9: a revision radvbench does not decode (no figures)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw := []byte(tc.raw)
			if tc.raw == "" {
				var err error
				if raw, err = gpumetrics.Encode(tc.rev, tc.vals); err != nil {
					t.Fatal(err)
				}
			}
			m, err := gpumetrics.Decode(raw)
			if err != nil {
				t.Fatal(err)
			}
			s := &sysinfo.System{Primary: 0, GPUs: []sysinfo.GPU{{Card: "card1", Name: "RX 7900 XTX", Revision: -1, GPUMetrics: &m}}}
			var b strings.Builder
			Write(&b, s, Words{})
			for _, w := range tc.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("summary lacks %q:\n%s", w, b.String())
				}
			}
		})
	}
}
