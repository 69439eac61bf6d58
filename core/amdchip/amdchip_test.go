package amdchip

import "testing"

func TestLookupAndDeviceNames(t *testing.T) {
	tests := []struct {
		name, family, gfx string
		level             Level
	}{
		{"navi31", "navi31", "gfx1100", GFX11},
		{"NAVI33", "navi33", "gfx1102", GFX11},
		{"strix1", "gfx1150", "gfx1150", GFX11_5}, // Mesa 26.1's name
		{"STRIX_HALO", "gfx1151", "gfx1151", GFX11_5},
		{"krackan1", "gfx1152", "gfx1152", GFX11_5},
		{"gfx1201", "gfx1201", "gfx1201", GFX12},
		{"navi21", "navi21", "gfx1030", GFX10_3},
		{" navi10 ", "navi10", "gfx1010", GFX10},
	}
	for _, tc := range tests {
		c, ok := Lookup(tc.name)
		if !ok || c.Family != tc.family || c.GFX != tc.gfx || c.Level != tc.level {
			t.Errorf("Lookup(%q) = %+v, %v", tc.name, c, ok)
		}
	}
	if _, ok := Lookup("navi99"); ok {
		t.Error("navi99 found")
	}
	// The device names RADV gave here (Mesa 25.0 and 26.1, shim and null
	// winsys).
	for name, gfx := range map[string]string{
		"AMD Radeon RX 7900 XTX (RADV NAVI31)": "gfx1100",
		"Null hardware (RADV GFX1201)":         "gfx1201",
		"AMD Radeon Graphics (RADV STRIX1)":    "gfx1150",
		"AMD Radeon Graphics (RADV GFX1150)":   "gfx1150",
	} {
		if c, ok := FromDeviceName(name); !ok || c.GFX != gfx {
			t.Errorf("FromDeviceName(%q) = %+v, %v; want %s", name, c, ok, gfx)
		}
	}
	for _, name := range []string{"llvmpipe (LLVM 15.0.6, 256 bits)", "AMD Radeon Graphics (RADV RENOIR)"} {
		if c, ok := FromDeviceName(name); ok {
			t.Errorf("FromDeviceName(%q) = %+v", name, c)
		}
	}
}
