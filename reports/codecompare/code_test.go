package codecompare

import (
	"math"
	"testing"

	"github.com/radvbench/radvbench/reports/verdict"
)

// TestCodeText: the line beside a verdict names the changed statistics
// grouped by executable, the largest effect first, untimed pipelines
// last, and where the figures come from.
func TestCodeText(t *testing.T) {
	nan := verdict.Float(math.NaN())
	for _, tc := range []struct {
		name string
		code *Code
		want string
	}{
		{"none", nil, ""},
		{"unchanged", &Code{Unchanged: true}, "code unchanged"},
		{"spirv", &Code{SPIRVChanged: true}, "SPIR-V changed, same statistics"},
		{"two", &Code{Changes: []ISAChange{{Pipeline: "p", Stat: "VGPRs", Base: 96, New: 120}, {Pipeline: "p", Stat: "Subgroups per SIMD", Base: 16, New: 8}}},
			"VGPRs 96→120, Subgroups per SIMD 16→8"},
		{"more", &Code{Changes: []ISAChange{{Stat: "a", Base: 1, New: 2}, {Stat: "b", Base: 1, New: 2}, {Stat: "c", Base: 1, New: 2}, {Stat: "d", Base: 1, New: 2}, {Stat: "e", Base: nan, New: 3}}},
			"a 1→2, b 1→2, c 1→2, +2 more"},
		{"gone and new", &Code{Changes: []ISAChange{{Stat: "Spilled VGPRs", Base: 4, New: nan}, {Stat: "VOPD", Base: nan, New: 3}}},
			"Spilled VGPRs gone (was 4), VOPD new 3"},
		{"two pipelines", &Code{Changes: []ISAChange{{Pipeline: "build", Stat: "VGPRs", Base: 8, New: 9}, {Pipeline: "trace", Stat: "VGPRs", Base: 40, New: 48}}},
			"build: VGPRs 8→9; trace: VGPRs 40→48"},
		{"stage named, one group", &Code{Changes: []ISAChange{{Pipeline: "p", Executable: "mesh", Stat: "VGPRs", Base: 40, New: 56}, {Pipeline: "p", Executable: "mesh", Stat: "Latency", Base: 9959, New: 13488}}},
			"mesh: VGPRs 40→56, Latency 9959→13488"},
		{"untimed last", &Code{Changes: []ISAChange{{Pipeline: "mesh-v64p124", Executable: "mesh", Stat: "Latency", Base: 9959, New: 13488}, {Pipeline: "classic", Executable: "vertex", Stat: "VGPRs", Base: 24, New: 12, Untimed: true}}},
			"mesh: Latency 9959→13488; untimed classic vertex: VGPRs 24→12"},
		{"wave and hash", &Code{Changes: []ISAChange{{Executable: "compute", Stat: WaveStat, Base: 64, New: 32}, {Executable: "compute", Stat: "Hash", Hash: true, Base: 1, New: 2}}},
			"compute: wave64→wave32, code hash changed"},
		{"static, another device", &Code{Source: CodeISA, Unchanged: true, Device: "navi31, RADV Mesa 25.0.7", OtherDevice: true},
			"code unchanged [static navi31, RADV Mesa 25.0.7; not the device that ran]"},
		{"captured", &Code{Source: CodeCaptured, Unchanged: true, Device: "captured on AMD Radeon RX 7900 XTX (RADV NAVI31), Mesa 25.0.7"},
			"code unchanged [captured on AMD Radeon RX 7900 XTX (RADV NAVI31), Mesa 25.0.7]"},
	} {
		if got := tc.code.Text(); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
