package devtable

import (
	"math"
	"strings"
	"testing"
)

func TestLookup(t *testing.T) {
	tests := []struct {
		name           string
		vendor, device uint32
		rev            int
		want           string
		ok             bool
	}{
		{"7900 XTX by revision", 0x1002, 0x744C, 0xC8, "RX 7900 XTX", true},
		{"7900 XT by revision", 0x1002, 0x744C, 0xCC, "RX 7900 XT", true},
		{"744C unknown revision is ambiguous", 0x1002, 0x744C, -1, "", false},
		{"744C unlisted revision", 0x1002, 0x744C, 0xC0, "", false},
		{"7800 XT unambiguous without revision", 0x1002, 0x747E, -1, "RX 7800 XT", true},
		{"7800 XT revision C8", 0x1002, 0x747E, 0xC8, "RX 7800 XT", true},
		{"7800 XT wrong revision", 0x1002, 0x747E, 0xCC, "", false},
		{"7600", 0x1002, 0x7480, 0xCF, "RX 7600", true},
		{"890M any revision", 0x1002, 0x150E, 0xC1, "Radeon 890M (Strix Point)", true},
		{"890M unknown revision", 0x1002, 0x150E, -1, "Radeon 890M (Strix Point)", true},
		{"9070 XT", 0x1002, 0x7550, 0xC0, "RX 9070 XT", true},
		{"9070", 0x1002, 0x7550, 0xC3, "RX 9070", true},
		{"7550 unknown revision is ambiguous", 0x1002, 0x7550, -1, "", false},
		{"9060 XT", 0x1002, 0x7590, 0xC0, "RX 9060 XT", true},
		{"9060 XT without revision", 0x1002, 0x7590, -1, "RX 9060 XT", true},
		{"MI300X is not in the table", 0x1002, 0x74A1, 0x00, "", false},
		{"other vendor with an AMD device ID", 0x10DE, 0x744C, 0xC8, "", false},
		{"lavapipe", 0x10005, 0, -1, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Lookup(tt.vendor, tt.device, tt.rev)
			if ok != tt.ok || got.Name != tt.want {
				t.Errorf("Lookup(%#x, %#x, %d) = %q, %v; want %q, %v", tt.vendor, tt.device, tt.rev, got.Name, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestCandidates(t *testing.T) {
	tests := []struct {
		device uint32
		want   []string
	}{
		{0x744C, []string{"RX 7900 XTX", "RX 7900 XT"}},
		{0x7550, []string{"RX 9070 XT", "RX 9070"}},
		{0x747E, []string{"RX 7800 XT"}},
		{0x1234, nil},
	}
	for _, tt := range tests {
		got := Candidates(tt.device)
		var names []string
		for _, s := range got {
			names = append(names, s.Name)
		}
		if strings.Join(names, ",") != strings.Join(tt.want, ",") {
			t.Errorf("Candidates(%#x) = %v, want %v", tt.device, names, tt.want)
		}
	}
}

// TestPeaksConsistent checks each row's peaks against the per-CU-per-clock
// rates of docs/facts.md#peak-rates-per-cu-and-clock: FP32 256 FLOP (dual
// issue); WMMA FP16 512 (RDNA3) or 1024 (RDNA4); INT8 512 (RDNA3) or 2048
// (RDNA4). A typo in the table shows up as a mismatch beyond rounding.
func TestPeaksConsistent(t *testing.T) {
	for _, s := range All() {
		fp16, int8 := 512.0, 512.0
		if strings.HasPrefix(s.GFX, "gfx12") {
			fp16, int8 = 1024, 2048
		}
		ghz := float64(s.CUs) * float64(s.BoostMHz) / 1e6 // CU*GHz -> per-clock * 1e-3 = TFLOPS
		check := func(what string, got, perClock float64) {
			want := ghz * perClock
			if math.Abs(got-want)/want > 0.01 {
				t.Errorf("%s %s = %g, want about %.1f (%g per CU per clock)", s.Name, what, got, want, perClock)
			}
		}
		check("FP32", s.FP32TFLOPS, 256)
		check("FP16", s.FP16TFLOPS, fp16)
		check("INT8", s.INT8TOPS, int8)
		if !strings.HasPrefix(s.GFX, "gfx11") && !strings.HasPrefix(s.GFX, "gfx12") {
			t.Errorf("%s: gfx %q is not GFX11/GFX12", s.Name, s.GFX)
		}
	}
}

func TestToResultsAndID(t *testing.T) {
	s, ok := Lookup(VendorAMD, 0x744C, 0xC8)
	if !ok {
		t.Fatal("7900 XTX not found")
	}
	r := s.ToResults()
	if r.Name != "RX 7900 XTX" || r.GFX != "gfx1100" || r.CUs != 96 || r.BoostMHz != 2500 ||
		r.BandwidthGB != 960 || r.FP32TFLOPS != 61.4 || r.FP16TFLOPS != 122.9 || r.INT8TOPS != 122.9 {
		t.Errorf("ToResults = %+v", *r)
	}
	if s.ID() != "744C:C8" {
		t.Errorf("ID = %q", s.ID())
	}
	if m, _ := Lookup(VendorAMD, 0x150E, -1); m.ID() != "150E" {
		t.Errorf("890M ID = %q", m.ID())
	}
}

func TestAllIsACopy(t *testing.T) {
	a := All()
	a[0].Name = "changed"
	if All()[0].Name == "changed" {
		t.Error("All returned the table itself")
	}
}
