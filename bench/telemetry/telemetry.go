// Package telemetry reads what an AMD GPU's clocks, power, energy,
// throttling and temperature are right now, cheaply enough to do beside
// every timed sample, every path under a root (the system's "/" or a
// fixture tree) as bench/sysinfo reads them.
//
// A Reader watches one card, /sys/class/drm/cardN/device under the root:
//
//   - gpu_metrics, decoded by bench/gpumetrics: current_gfxclk (else
//     average_gfxclk_frequency), current_uclk (else
//     average_uclk_frequency), the socket power, energy_accumulator,
//     indep_throttle_status (else throttle_status), the hotspot, edge or
//     gfx temperature;
//   - for what gpu_metrics lacks (no file, an unknown revision, an
//     unsupported member): pp_dpm_sclk and pp_dpm_mclk (the level marked
//     '*'), then hwmon's freq1_input / freq2_input (Hz), power1_average,
//     else power1_input (µW), energy1_input (µJ), and the temperature
//     labelled junction, else edge, else temp1_input (m°C).
//
// Every figure of a Sample says where it came from (Sources). Nothing
// here needs root. Throttle flags come only from gpu_metrics: sysfs has
// no other reading of them.
package telemetry

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/radvbench/radvbench/bench/gpumetrics"
	"github.com/radvbench/radvbench/bench/sysinfo"
)

// Sample is one reading of a card. A figure is nil when no source had
// it.
type Sample struct {
	Card string `json:"card"`
	// SclkMHz is the shader (GFX) clock, MclkMHz the memory clock.
	SclkMHz *float64 `json:"sclk_mhz,omitempty"`
	MclkMHz *float64 `json:"mclk_mhz,omitempty"`
	// PowerW is the board's (discrete) or socket's (APU) power.
	PowerW *float64 `json:"power_w,omitempty"`
	// EnergyJ is an accumulator in J: only differences between samples
	// of one card mean anything (EnergyDelta).
	EnergyJ *float64 `json:"energy_j,omitempty"`
	// Throttle is the throttle status bits (ThrottleKind says which
	// field); ThrottleNames names indep_throttle_status's bits.
	Throttle      *uint64  `json:"throttle,omitempty"`
	ThrottleNames []string `json:"throttle_names,omitempty"`
	// TempC is the temperature Sources.Temp names (hotspot/junction
	// first: the one the firmware throttles on).
	TempC *float64 `json:"temp_c,omitempty"`
	// Sources names, per figure, the file and member it came from, e.g.
	// "gpu_metrics v1.3 current_gfxclk", "pp_dpm_sclk",
	// "hwmon power1_average".
	Sources Sources `json:"sources"`
	// Metrics is the decoded gpu_metrics table (nil when not read).
	Metrics *gpumetrics.Metrics `json:"gpu_metrics,omitempty"`
	// Problems are the reads that failed other than by a file's absence:
	// "gpu_metrics: unknown revision 1.9", a permission, a malformed value.
	Problems []string `json:"problems,omitempty"`
}

// Sources says where each figure of a Sample came from ("" for none).
type Sources struct {
	Sclk     string `json:"sclk,omitempty"`
	Mclk     string `json:"mclk,omitempty"`
	Power    string `json:"power,omitempty"`
	Energy   string `json:"energy,omitempty"`
	Throttle string `json:"throttle,omitempty"`
	Temp     string `json:"temp,omitempty"`
}

// Throttled reports whether a throttle bit is set; known is false when
// the card reports no throttle status.
func (s Sample) Throttled() (throttled, known bool) {
	if s.Throttle == nil {
		return false, false
	}
	return *s.Throttle != 0, true
}

// EnergyDelta is the energy used between two samples of one card, in J;
// ok is false when either lacks energy, they came from different
// sources, or the accumulator went backwards (wrapped or reset).
func EnergyDelta(a, b Sample) (float64, bool) {
	if a.EnergyJ == nil || b.EnergyJ == nil || a.Sources.Energy != b.Sources.Energy || *b.EnergyJ < *a.EnergyJ {
		return 0, false
	}
	return *b.EnergyJ - *a.EnergyJ, true
}

// Reader reads one card's telemetry.
type Reader struct {
	card  string // card1
	dev   string // host path of its device directory
	hwmon string // host path of its amdgpu hwmon directory, "" without
	// readFile replaces os.ReadFile (tests).
	readFile func(string) ([]byte, error)
}

// Cards lists the AMD cards under root ("" is "/"), sorted.
func Cards(root string) []string {
	var out []string
	for card := range sysinfo.AMDCards(root) {
		out = append(out, card)
	}
	sort.Strings(out)
	return out
}

// ErrNoCard is Open's error when root holds no such AMD card.
var ErrNoCard = errors.New("no AMD GPU")

// Open returns a reader of card (card1) under root; card "" is the
// first AMD card.
func Open(root, card string) (*Reader, error) {
	cards := sysinfo.AMDCards(root)
	if card == "" {
		if names := Cards(root); len(names) > 0 {
			card = names[0]
		}
	}
	dev, ok := cards[card]
	if !ok {
		if card == "" {
			return nil, ErrNoCard
		}
		return nil, fmt.Errorf("%w named %s", ErrNoCard, card)
	}
	r := &Reader{card: card, dev: dev, readFile: os.ReadFile}
	ents, _ := os.ReadDir(filepath.Join(dev, "hwmon"))
	for _, e := range ents {
		dir := filepath.Join(dev, "hwmon", e.Name())
		if b, err := os.ReadFile(filepath.Join(dir, "name")); err == nil && strings.TrimSpace(string(b)) == "amdgpu" {
			r.hwmon = dir
			break
		}
	}
	return r, nil
}

// OpenDevice returns a reader of the AMD card under root whose PCI
// device ID (its device file) is id: the card a Vulkan device runs on
// (VkPhysicalDeviceProperties.deviceID is the PCI device ID). With
// several such cards the first by name is taken.
func OpenDevice(root string, id uint32) (*Reader, error) {
	cards := sysinfo.AMDCards(root)
	for _, card := range Cards(root) {
		b, err := os.ReadFile(filepath.Join(cards[card], "device"))
		if err != nil {
			continue
		}
		if v, err := sysinfo.ParseHex(string(b)); err == nil && v == uint64(id) {
			return Open(root, card)
		}
	}
	return nil, fmt.Errorf("%w with PCI device ID %#04x", ErrNoCard, id)
}

// Card is the card read (card1).
func (r *Reader) Card() string { return r.card }

// Read takes one sample.
func (r *Reader) Read() Sample {
	s := Sample{Card: r.card}
	r.fromGPUMetrics(&s)
	if s.SclkMHz == nil {
		s.SclkMHz, s.Sources.Sclk = r.dpm(&s, "pp_dpm_sclk")
	}
	if s.MclkMHz == nil {
		s.MclkMHz, s.Sources.Mclk = r.dpm(&s, "pp_dpm_mclk")
	}
	if r.hwmon != "" {
		r.fromHwmon(&s)
	}
	return s
}

// read reads a file of the card; a problem other than absence is noted.
func (r *Reader) read(s *Sample, path, name string) ([]byte, bool) {
	b, err := r.readFile(path)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			s.Problems = append(s.Problems, name+": "+err.Error())
		}
		return nil, false
	}
	return b, true
}

func (r *Reader) fromGPUMetrics(s *Sample) {
	b, ok := r.read(s, filepath.Join(r.dev, "gpu_metrics"), "gpu_metrics")
	if !ok {
		return
	}
	m, err := gpumetrics.Decode(b)
	if err != nil {
		s.Problems = append(s.Problems, err.Error())
		return
	}
	s.Metrics = &m
	if !m.Known {
		s.Problems = append(s.Problems, fmt.Sprintf("gpu_metrics: unknown revision %s (%d bytes): not decoded", m.Revision, m.StructureSize))
		return
	}
	src := "gpu_metrics v" + m.Revision.String() + " "
	type cand = struct {
		v    *float64
		name string
	}
	pick := func(dst **float64, srcDst *string, cands ...cand) {
		for _, c := range cands {
			if c.v != nil {
				v := *c.v
				*dst, *srcDst = &v, src+c.name
				return
			}
		}
	}
	pick(&s.SclkMHz, &s.Sources.Sclk, cand{m.GfxclkMHz, "current_gfxclk"}, cand{m.AverageGfxclkMHz, "average_gfxclk_frequency"})
	pick(&s.MclkMHz, &s.Sources.Mclk, cand{m.UclkMHz, "current_uclk"}, cand{m.AverageUclkMHz, "average_uclk_frequency"})
	pick(&s.PowerW, &s.Sources.Power, cand{m.PowerW, m.PowerField})
	pick(&s.EnergyJ, &s.Sources.Energy, cand{m.EnergyJ, "energy_accumulator"})
	pick(&s.TempC, &s.Sources.Temp, cand{m.TempHotspotC, "temperature_hotspot"}, cand{m.TempEdgeC, "temperature_edge"}, cand{m.TempGfxC, "temperature_gfx"})
	switch {
	case m.IndepThrottleStatus != nil:
		v := *m.IndepThrottleStatus
		s.Throttle, s.Sources.Throttle = &v, src+"indep_throttle_status"
		s.ThrottleNames = gpumetrics.ThrottlerNames(v)
	case m.ThrottleStatus != nil:
		v := uint64(*m.ThrottleStatus)
		s.Throttle, s.Sources.Throttle = &v, src+"throttle_status"
	}
}

// IdleSclkMHz is the card's lowest shader-clock level: the first level
// of pp_dpm_sclk as sysinfo.InterpretDPM reads it (levels ascend; on
// RDNA3/4 a middle line marked current is the clock of the moment, such
// as 31 MHz in deep sleep, and an "S:" line deep sleep, neither a level).
// ok is false when the file is missing or has no level.
func (r *Reader) IdleSclkMHz() (float64, bool) {
	var s Sample
	b, ok := r.read(&s, filepath.Join(r.dev, "pp_dpm_sclk"), "pp_dpm_sclk")
	if !ok {
		return 0, false
	}
	lines, _ := sysinfo.ParseDPM(string(b))
	if mhz, ok := sysinfo.InterpretDPM("sclk", lines).LowestMHz(); ok && mhz > 0 {
		return float64(mhz), true
	}
	return 0, false
}

// dpm reads the current level of a pp_dpm_* file.
func (r *Reader) dpm(s *Sample, name string) (*float64, string) {
	b, ok := r.read(s, filepath.Join(r.dev, name), name)
	if !ok {
		return nil, ""
	}
	levels, err := sysinfo.ParseDPM(string(b))
	l, one := sysinfo.CurrentLevel(levels)
	if !one {
		if err != nil {
			s.Problems = append(s.Problems, name+": "+err.Error())
		} else {
			s.Problems = append(s.Problems, name+": no single level marked current")
		}
		return nil, ""
	}
	v := float64(l.MHz)
	return &v, name
}

func (r *Reader) fromHwmon(s *Sample) {
	num := func(file string, div float64) (*float64, bool) {
		b, ok := r.read(s, filepath.Join(r.hwmon, file), "hwmon "+file)
		if !ok {
			return nil, false
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(string(b)), 64)
		if err != nil {
			s.Problems = append(s.Problems, fmt.Sprintf("hwmon %s: not a number: %.20q", file, strings.TrimSpace(string(b))))
			return nil, false
		}
		v /= div
		return &v, true
	}
	fill := func(dst **float64, src *string, files []string, div float64) {
		if *dst != nil {
			return
		}
		for _, f := range files {
			if v, ok := num(f, div); ok {
				*dst, *src = v, "hwmon "+f
				return
			}
		}
	}
	fill(&s.SclkMHz, &s.Sources.Sclk, []string{"freq1_input"}, 1e6)
	fill(&s.MclkMHz, &s.Sources.Mclk, []string{"freq2_input"}, 1e6)
	fill(&s.PowerW, &s.Sources.Power, []string{"power1_average", "power1_input"}, 1e6)
	fill(&s.EnergyJ, &s.Sources.Energy, []string{"energy1_input"}, 1e6)
	if s.TempC == nil {
		// The junction (hotspot) temperature first, as from gpu_metrics.
		for _, want := range []string{"junction", "edge"} {
			for i := 1; i <= 3 && s.TempC == nil; i++ {
				b, err := r.readFile(filepath.Join(r.hwmon, fmt.Sprintf("temp%d_label", i)))
				if err != nil || strings.TrimSpace(string(b)) != want {
					continue
				}
				fill(&s.TempC, &s.Sources.Temp, []string{fmt.Sprintf("temp%d_input", i)}, 1000)
			}
		}
		fill(&s.TempC, &s.Sources.Temp, []string{"temp1_input"}, 1000)
	}
}
