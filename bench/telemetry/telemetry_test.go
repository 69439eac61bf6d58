package telemetry

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/radvbench/radvbench/bench/gpumetrics"
)

// tree writes files under a fresh root: paths relative to the root.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, body := range files {
		full := filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

const dev = "sys/class/drm/card1/device/"

// card is an RX 7900 XTX's files (formats as the kernel's amdgpu
// Documentation/gpu/amdgpu/thermal.rst and Documentation/hwmon/
// sysfs-interface.rst give them, and as the card prints them:
// pp_dpm_mclk lines with a trailing space, hwmon in µW, m°C, Hz), an
// Intel card0 beside it.
func card(extra map[string]string) map[string]string {
	m := map[string]string{
		"sys/class/drm/card0/device/vendor": "0x8086\n",
		dev + "vendor":                      "0x1002\n",
		dev + "device":                      "0x744c\n",
		dev + "pp_dpm_sclk":                 "0: 500Mhz\n1: 1843Mhz *\n2: 2482Mhz\n",
		dev + "pp_dpm_mclk":                 "0: 96Mhz \n1: 456Mhz \n2: 1249Mhz *\n",
		dev + "hwmon/hwmon2/name":           "nvme\n",
		dev + "hwmon/hwmon3/name":           "amdgpu\n",
		dev + "hwmon/hwmon3/power1_average": "211000000\n",
		dev + "hwmon/hwmon3/power1_input":   "215000000\n",
		dev + "hwmon/hwmon3/temp1_input":    "52000\n",
		dev + "hwmon/hwmon3/temp1_label":    "edge\n",
		dev + "hwmon/hwmon3/temp2_input":    "71000\n",
		dev + "hwmon/hwmon3/temp2_label":    "junction\n",
		dev + "hwmon/hwmon3/temp3_input":    "60000\n",
		dev + "hwmon/hwmon3/temp3_label":    "mem\n",
		dev + "hwmon/hwmon3/freq1_input":    "1850000000\n",
		dev + "hwmon/hwmon3/freq2_input":    "1249000000\n",
	}
	for k, v := range extra {
		if v == "" {
			delete(m, k)
		} else {
			m[k] = v
		}
	}
	return m
}

func metrics(t *testing.T, rev gpumetrics.Revision, v map[string]uint64) string {
	t.Helper()
	b, err := gpumetrics.Encode(rev, v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func f(x float64) *float64 { return &x }
func u(x uint64) *uint64   { return &x }

func read(t *testing.T, root string) Sample {
	t.Helper()
	r, err := Open(root, "")
	if err != nil {
		t.Fatal(err)
	}
	if r.Card() != "card1" {
		t.Fatalf("card %s, want card1 (card0 is Intel's)", r.Card())
	}
	return r.Read()
}

// figures is a Sample without the decoded table, for comparison.
func figures(s Sample) Sample { s.Metrics = nil; return s }

func TestRead(t *testing.T) {
	v13 := gpumetrics.Revision{Format: 1, Content: 3}
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  Sample
	}{
		{"gpu_metrics v1_3 first", card(map[string]string{dev + "gpu_metrics": metrics(t, v13, map[string]uint64{
			"current_gfxclk": 2512, "current_uclk": 1250, "average_socket_power": 327,
			"energy_accumulator": 65536 * 500, "throttle_status": 0x10, "indep_throttle_status": 1<<0 | 1<<36,
			"temperature_edge": 48, "temperature_hotspot": 63})}),
			Sample{Card: "card1", SclkMHz: f(2512), MclkMHz: f(1250), PowerW: f(327), EnergyJ: f(500),
				Throttle: u(1<<0 | 1<<36), ThrottleNames: []string{"PPT0", "TEMP_HOTSPOT"}, TempC: f(63),
				Sources: Sources{Sclk: "gpu_metrics v1.3 current_gfxclk", Mclk: "gpu_metrics v1.3 current_uclk",
					Power: "gpu_metrics v1.3 average_socket_power", Energy: "gpu_metrics v1.3 energy_accumulator",
					Throttle: "gpu_metrics v1.3 indep_throttle_status", Temp: "gpu_metrics v1.3 temperature_hotspot"}}},
		{"no gpu_metrics: pp_dpm and hwmon", card(map[string]string{dev + "hwmon/hwmon3/energy1_input": "123500000\n"}),
			Sample{Card: "card1", SclkMHz: f(1843), MclkMHz: f(1249), PowerW: f(211), EnergyJ: f(123.5), TempC: f(71),
				Sources: Sources{Sclk: "pp_dpm_sclk", Mclk: "pp_dpm_mclk", Power: "hwmon power1_average",
					Energy: "hwmon energy1_input", Temp: "hwmon temp2_input"}}},
		{"hwmon's second choices", card(map[string]string{dev + "pp_dpm_sclk": "", dev + "pp_dpm_mclk": "",
			dev + "hwmon/hwmon3/power1_average": "", dev + "hwmon/hwmon3/temp2_label": ""}),
			Sample{Card: "card1", SclkMHz: f(1850), MclkMHz: f(1249), PowerW: f(215), TempC: f(52),
				Sources: Sources{Sclk: "hwmon freq1_input", Mclk: "hwmon freq2_input", Power: "hwmon power1_input",
					Temp: "hwmon temp1_input"}}},
		// Members the firmware does not supply (0xFFFF) fall back member by
		// member; the ASIC-dependent status stands in for the missing
		// independent one.
		{"gpu_metrics with unsupported members", card(map[string]string{dev + "gpu_metrics": metrics(t, v13, map[string]uint64{
			"average_gfxclk_frequency": 2400, "throttle_status": 0, "temperature_edge": 50})}),
			Sample{Card: "card1", SclkMHz: f(2400), MclkMHz: f(1249), PowerW: f(211), Throttle: u(0), TempC: f(50),
				Sources: Sources{Sclk: "gpu_metrics v1.3 average_gfxclk_frequency", Mclk: "pp_dpm_mclk",
					Power: "hwmon power1_average", Throttle: "gpu_metrics v1.3 throttle_status",
					Temp: "gpu_metrics v1.3 temperature_edge"}}},
		{"an APU's v3_0 (mW, centi-°C)", card(map[string]string{dev + "gpu_metrics": metrics(t, gpumetrics.Revision{Format: 3, Content: 0}, map[string]uint64{
			"average_gfxclk_frequency": 2700, "average_uclk_frequency": 4000, "average_socket_power": 28500,
			"temperature_gfx": 5550})}),
			Sample{Card: "card1", SclkMHz: f(2700), MclkMHz: f(4000), PowerW: f(28.5), TempC: f(55.5),
				Sources: Sources{Sclk: "gpu_metrics v3.0 average_gfxclk_frequency", Mclk: "gpu_metrics v3.0 average_uclk_frequency",
					Power: "gpu_metrics v3.0 average_socket_power", Temp: "gpu_metrics v3.0 temperature_gfx"}}},
		{"unknown revision: recorded, not read", card(map[string]string{dev + "gpu_metrics": "\x78\x00\x01\x09" + strings.Repeat("\x10", 116)}),
			Sample{Card: "card1", SclkMHz: f(1843), MclkMHz: f(1249), PowerW: f(211), TempC: f(71),
				Sources:  Sources{Sclk: "pp_dpm_sclk", Mclk: "pp_dpm_mclk", Power: "hwmon power1_average", Temp: "hwmon temp2_input"},
				Problems: []string{"gpu_metrics: unknown revision 1.9 (120 bytes): not decoded"}}},
		{"truncated gpu_metrics, malformed files", card(map[string]string{
			dev + "gpu_metrics":                 metrics(t, v13, map[string]uint64{"current_gfxclk": 2500})[:100],
			dev + "pp_dpm_sclk":                 "0: 500Mhz\n1: 1843Mhz\n",
			dev + "hwmon/hwmon3/power1_average": "lots\n"}),
			Sample{Card: "card1", SclkMHz: f(1850), MclkMHz: f(1249), PowerW: f(215), TempC: f(71),
				Sources: Sources{Sclk: "hwmon freq1_input", Mclk: "pp_dpm_mclk", Power: "hwmon power1_input", Temp: "hwmon temp2_input"},
				Problems: []string{"gpu_metrics truncated: gpu_metrics_v1_3 is 120 bytes, read 100",
					"pp_dpm_sclk: no single level marked current", `hwmon power1_average: not a number: "lots"`}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := read(t, tree(t, tc.files))
			if got := figures(got); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %+v\nwant %+v", show(got), show(tc.want))
			}
		})
	}
}

// show dereferences a Sample's figures for a readable failure.
func show(s Sample) map[string]any {
	out := map[string]any{"sources": s.Sources, "problems": s.Problems, "names": s.ThrottleNames}
	for k, p := range map[string]*float64{"sclk": s.SclkMHz, "mclk": s.MclkMHz, "power": s.PowerW, "energy": s.EnergyJ, "temp": s.TempC} {
		if p != nil {
			out[k] = *p
		}
	}
	if s.Throttle != nil {
		out["throttle"] = *s.Throttle
	}
	return out
}

func TestReadKeepsTheDecodedTable(t *testing.T) {
	s := read(t, tree(t, card(map[string]string{dev + "gpu_metrics": metrics(t, gpumetrics.Revision{Format: 1, Content: 3}, map[string]uint64{"current_gfxclk": 2512})})))
	if s.Metrics == nil || !s.Metrics.Known || s.Metrics.Revision.String() != "1.3" {
		t.Fatalf("Metrics = %+v", s.Metrics)
	}
	if th, known := s.Throttled(); th || known {
		t.Errorf("no throttle member: Throttled() = %v, %v", th, known)
	}
}

func TestReadPermissionDenied(t *testing.T) {
	r, err := Open(tree(t, card(nil)), "card1")
	if err != nil {
		t.Fatal(err)
	}
	r.readFile = func(p string) ([]byte, error) {
		if strings.HasSuffix(p, "gpu_metrics") || strings.HasSuffix(p, "pp_dpm_sclk") {
			return nil, &fs.PathError{Op: "open", Path: p, Err: syscall.EACCES}
		}
		return os.ReadFile(p)
	}
	s := r.Read()
	if want := []string{"gpu_metrics: permission denied", "pp_dpm_sclk: permission denied"}; !reflect.DeepEqual(s.Problems, want) {
		t.Errorf("Problems = %q, want %q", s.Problems, want)
	}
	if s.Sources.Sclk != "hwmon freq1_input" {
		t.Errorf("sclk from %q", s.Sources.Sclk)
	}
}

func TestOpen(t *testing.T) {
	if _, err := Open(tree(t, map[string]string{"sys/class/drm/card0/device/vendor": "0x10de\n"}), ""); !errors.Is(err, ErrNoCard) {
		t.Errorf("no AMD card: %v", err)
	}
	root := tree(t, card(nil))
	if _, err := Open(root, "card7"); !errors.Is(err, ErrNoCard) || !strings.Contains(err.Error(), "card7") {
		t.Errorf("card7: %v", err)
	}
	if got := Cards(root); !reflect.DeepEqual(got, []string{"card1"}) {
		t.Errorf("Cards = %v", got)
	}
	if r, err := OpenDevice(root, 0x744c); err != nil || r.Card() != "card1" {
		t.Errorf("OpenDevice 0x744c: %v", err)
	}
	if _, err := OpenDevice(root, 0x7550); !errors.Is(err, ErrNoCard) || !strings.Contains(err.Error(), "0x7550") {
		t.Errorf("OpenDevice 0x7550: %v", err)
	}
	// No hwmon directory at all: the rest still reads.
	r, err := Open(tree(t, map[string]string{dev + "vendor": "0x1002", dev + "pp_dpm_sclk": "0: 800Mhz *\n"}), "")
	if err != nil {
		t.Fatal(err)
	}
	if s := r.Read(); s.SclkMHz == nil || *s.SclkMHz != 800 || s.PowerW != nil || len(s.Problems) != 0 {
		t.Errorf("without hwmon: %+v", show(s))
	}
}

func TestEnergyDelta(t *testing.T) {
	a := Sample{EnergyJ: f(100), Sources: Sources{Energy: "gpu_metrics v1.3 energy_accumulator"}}
	b := Sample{EnergyJ: f(112.5), Sources: a.Sources}
	if d, ok := EnergyDelta(a, b); !ok || d != 12.5 {
		t.Errorf("EnergyDelta = %v, %v", d, ok)
	}
	if _, ok := EnergyDelta(b, a); ok {
		t.Error("a accumulator that went backwards gave a delta")
	}
	c := Sample{EnergyJ: f(200), Sources: Sources{Energy: "hwmon energy1_input"}}
	if _, ok := EnergyDelta(a, c); ok {
		t.Error("a delta across sources")
	}
	if _, ok := EnergyDelta(a, Sample{}); ok {
		t.Error("a delta without energy")
	}
}
