// Package amdchip names AMD GPU chips the way Mesa does and maps each to
// its GFX target: "navi31" is gfx1100 (GFX11), "gfx1201" is gfx1201
// (GFX12). RADV names a device after its chip ("AMD Radeon RX 7900 XTX
// (RADV NAVI31)"), Mesa's no-op DRM shim selects a chip by a lower-case
// name (AMDGPU_GPU_ID=navi31) and RADV's null winsys by the family name
// (RADV_FORCE_FAMILY=navi31), so one table serves all three. Family names
// and their order are Mesa's (src/amd/common/amd_family.h and
// ac_get_family_name in amd_family.c); the gfx targets are LLVM's
// AMDGPU processor names (llvm/docs/AMDGPUUsage.rst). Pure Go.
package amdchip

import (
	"regexp"
	"sort"
	"strings"
)

// Level is a GFX generation as Mesa groups chips (enum amd_gfx_level).
type Level string

// The levels radvbench knows.
const (
	GFX10   Level = "GFX10"
	GFX10_3 Level = "GFX10.3"
	GFX11   Level = "GFX11"
	GFX11_5 Level = "GFX11.5"
	GFX12   Level = "GFX12"
)

// Chip is one chip.
type Chip struct {
	// Family is Mesa's family name in lower case ("navi31", "gfx1201").
	Family string
	// GFX is the LLVM target ("gfx1100").
	GFX   string
	Level Level
	// Products names parts built on it, for people.
	Products string
}

// chips are the GFX10 and later families of Mesa 25.0 and 26.1, in
// Mesa's enum order.
var chips = []Chip{
	{"navi10", "gfx1010", GFX10, "Radeon RX 5700 (XT)"},
	{"navi12", "gfx1011", GFX10, "Radeon Pro 5600M"},
	{"navi14", "gfx1012", GFX10, "Radeon RX 5500"},
	{"navi21", "gfx1030", GFX10_3, "Radeon RX 6800/6900"},
	{"navi22", "gfx1031", GFX10_3, "Radeon RX 6700"},
	{"vangogh", "gfx1033", GFX10_3, "Steam Deck"},
	{"navi23", "gfx1032", GFX10_3, "Radeon RX 6600"},
	{"navi24", "gfx1034", GFX10_3, "Radeon RX 6400/6500"},
	{"rembrandt", "gfx1035", GFX10_3, "Ryzen 6000 APUs"},
	{"raphael_mendocino", "gfx1036", GFX10_3, "Ryzen 7000 iGPU"},
	{"navi31", "gfx1100", GFX11, "Radeon RX 7900"},
	{"navi32", "gfx1101", GFX11, "Radeon RX 7800/7700"},
	{"navi33", "gfx1102", GFX11, "Radeon RX 7600"},
	{"phoenix", "gfx1103", GFX11, "Ryzen 7040/8040 APUs (780M)"},
	{"phoenix2", "gfx1103", GFX11, "Ryzen 8040 APUs (740M)"},
	{"gfx1150", "gfx1150", GFX11_5, "Strix Point (890M)"},
	{"gfx1151", "gfx1151", GFX11_5, "Strix Halo (8060S)"},
	{"gfx1152", "gfx1152", GFX11_5, "Krackan Point"},
	{"gfx1153", "gfx1153", GFX11_5, ""},
	{"gfx1200", "gfx1200", GFX12, "Radeon RX 9060"},
	{"gfx1201", "gfx1201", GFX12, "Radeon RX 9070"},
}

// aliases are other names Mesa uses for a family: Mesa 26.1 renamed the
// GFX11.5 families after their products (CHIP_STRIX1, CHIP_STRIX_HALO,
// CHIP_KRACKAN1 were CHIP_GFX1150, CHIP_GFX1151, CHIP_GFX1152), and its
// drm-shim's chip table calls the GFX1150 APU "strix1".
var aliases = map[string]string{
	"strix1":     "gfx1150",
	"strix_halo": "gfx1151",
	"krackan1":   "gfx1152",
}

// Lookup finds a chip by family name or alias, ignoring case ("NAVI31",
// "navi31", "strix1").
func Lookup(name string) (Chip, bool) {
	n := strings.ToLower(strings.TrimSpace(name))
	if a, ok := aliases[n]; ok {
		n = a
	}
	for _, c := range chips {
		if c.Family == n {
			return c, true
		}
	}
	return Chip{}, false
}

// All lists every chip in Mesa's order.
func All() []Chip { return append([]Chip(nil), chips...) }

// Aliases lists the alias names, sorted.
func Aliases() []string {
	out := make([]string, 0, len(aliases))
	for a := range aliases {
		out = append(out, a)
	}
	sort.Strings(out)
	return out
}

// radvName matches the chip in a RADV device name: "... (RADV NAVI31)".
var radvName = regexp.MustCompile(`\(RADV ([A-Z0-9_]+)\)\s*$`)

// FromDeviceName returns the chip a RADV device name ends with, when
// radvbench knows it.
func FromDeviceName(deviceName string) (Chip, bool) {
	m := radvName.FindStringSubmatch(deviceName)
	if m == nil {
		return Chip{}, false
	}
	return Lookup(m[1])
}
