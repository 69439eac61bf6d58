// Package gpumetrics decodes amdgpu's gpu_metrics table, the binary file
// /sys/class/drm/cardN/device/gpu_metrics that the power-management
// firmware (SMU) refreshes and any user may read: clocks, power, energy,
// throttle status and temperatures in one read.
//
// The file is one struct gpu_metrics_vX_Y of the Linux kernel's
// drivers/gpu/drm/amd/include/kgd_pp_interface.h, opened by the header
// struct metrics_table_header { u16 structure_size; u8 format_revision;
// u8 content_revision; }. Format 1 is a discrete GPU's table, formats 2 and
// 3 an APU's. Decode chooses the layout by (format, content) revision and
// nothing else; it decodes v1_0..v1_5, v2_0..v2_4 and v3_0. Any other
// revision (v1_6 and later are MI300-class tables whose layout changed
// under the same revision number; v1_9 holds kernel pointers) is returned
// as Known false with no figures: never misread through a neighbouring
// layout.
//
// The kernel fills the whole table with 0xFF before setting the figures
// the firmware supplies (smu_cmn_init_soft_gpu_metrics in
// drivers/gpu/drm/amd/pm/swsmu/smu_cmn.h), so an all-ones member
// (0xFFFF, 0xFFFFFFFF, ...) is "not supported" and decodes as absent.
//
// Units: format 1 reports temperatures in °C and power in W; format 2
// (v2_4 says so, and the producers of v2_0..v2_3, e.g. renoir_ppt.c and
// vangogh_ppt.c, divide by 100 and 1000 for hwmon) temperatures in
// centi-°C and power in mW; format 3 power in mW and temperatures in
// centi-°C as its APU predecessors. The energy accumulator counts
// 2^-16 J (15.259 µJ, stated from v1_4 on).
//
// The package is pure: it decodes bytes it is given and reads no file.
package gpumetrics

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// HeaderSize is the size of struct metrics_table_header.
const HeaderSize = 4

// EnergyUnitJ is one count of energy_accumulator: 2^-16 J (15.259 µJ).
const EnergyUnitJ = 1.0 / 65536

// Revision is a table's (format_revision, content_revision).
type Revision struct {
	Format  uint8 `json:"format"`
	Content uint8 `json:"content"`
}

// String is "1.3".
func (r Revision) String() string { return fmt.Sprintf("%d.%d", r.Format, r.Content) }

// StructName is the kernel's name for the revision's struct,
// gpu_metrics_v1_3.
func (r Revision) StructName() string { return fmt.Sprintf("gpu_metrics_v%d_%d", r.Format, r.Content) }

// Class is what a format describes: "dgpu" for format 1, "apu" for 2 and
// 3, "" for any other.
func (r Revision) Class() string {
	switch r.Format {
	case 1:
		return "dgpu"
	case 2, 3:
		return "apu"
	}
	return ""
}

// Known says whether Decode decodes r.
func (r Revision) Known() bool { _, ok := layouts[r]; return ok }

// Size is sizeof the revision's struct, 0 for a revision not decoded.
func (r Revision) Size() int {
	if l, ok := layouts[r]; ok {
		return l.size
	}
	return 0
}

// Errors Decode wraps; the message says the sizes.
var (
	ErrTruncated = errors.New("gpu_metrics truncated")
	ErrOversized = errors.New("gpu_metrics larger than its structure")
)

// Metrics is one decoded table. Every figure is a pointer: nil when the
// revision has no such member or the firmware left it unsupported
// (all ones).
type Metrics struct {
	Revision Revision `json:"revision"`
	// StructureSize is the header's structure_size.
	StructureSize int `json:"structure_size"`
	// Known is false for a revision Decode does not decode: only
	// Revision and StructureSize are set.
	Known bool   `json:"known"`
	Class string `json:"class,omitempty"` // dgpu, apu

	// SystemClockNs is system_clock_counter, the driver's timestamp of
	// the table (ns).
	SystemClockNs *uint64 `json:"system_clock_ns,omitempty"`

	// GfxclkMHz is current_gfxclk (the first supported instance on
	// v1_4/v1_5, which have one per XCC); AverageGfxclkMHz is
	// average_gfxclk_frequency, time-filtered by the firmware.
	GfxclkMHz        *float64 `json:"gfxclk_mhz,omitempty"`
	AverageGfxclkMHz *float64 `json:"average_gfxclk_mhz,omitempty"`
	// UclkMHz is current_uclk, the memory clock; AverageUclkMHz
	// average_uclk_frequency.
	UclkMHz        *float64 `json:"uclk_mhz,omitempty"`
	AverageUclkMHz *float64 `json:"average_uclk_mhz,omitempty"`
	// GfxMaxFreqMHz is v3_0's current_gfx_maxfreq, the GFX clock limit
	// the firmware enforces.
	GfxMaxFreqMHz *float64 `json:"gfx_maxfreq_mhz,omitempty"`

	// PowerW is the socket power in W; PowerField names the member it
	// came from (average_socket_power, time-filtered, or v1_4/v1_5's
	// curr_socket_power).
	PowerW     *float64 `json:"power_w,omitempty"`
	PowerField string   `json:"power_field,omitempty"`
	// GfxPowerW is the APUs' average_gfx_power in W.
	GfxPowerW *float64 `json:"gfx_power_w,omitempty"`

	// EnergyAccumulator is energy_accumulator in counts of EnergyUnitJ
	// (32 bits wide on v1_0, 64 from v1_1); EnergyJ the same in J. The
	// APU tables have none.
	EnergyAccumulator *uint64  `json:"energy_accumulator,omitempty"`
	EnergyJ           *float64 `json:"energy_j,omitempty"`

	// ThrottleStatus is throttle_status, whose bits are ASIC dependent;
	// IndepThrottleStatus is indep_throttle_status (v1_3, v2_2..v2_4),
	// the SMU_THROTTLER_* bits of amdgpu_smu.h (ThrottlerNames).
	ThrottleStatus      *uint32 `json:"throttle_status,omitempty"`
	IndepThrottleStatus *uint64 `json:"indep_throttle_status,omitempty"`
	// ThrottleResidency is v3_0's throttle_residency_* counters by name
	// (prochot, spl, fppt, sppt, thm_core, thm_gfx, thm_soc): accumulated
	// residencies, not flags.
	ThrottleResidency map[string]uint32 `json:"throttle_residency,omitempty"`

	// Temperatures in °C: the discrete tables' edge (v1_0..v1_3),
	// hotspot and memory; the APU tables' gfx and soc.
	TempEdgeC    *float64 `json:"temp_edge_c,omitempty"`
	TempHotspotC *float64 `json:"temp_hotspot_c,omitempty"`
	TempMemC     *float64 `json:"temp_mem_c,omitempty"`
	TempGfxC     *float64 `json:"temp_gfx_c,omitempty"`
	TempSocC     *float64 `json:"temp_soc_c,omitempty"`

	// GfxActivityPct is average_gfx_activity in percent.
	GfxActivityPct *float64 `json:"gfx_activity_pct,omitempty"`
}

// Throttled says whether a throttle bit is set: the ASIC-independent
// status where the table has one, else the ASIC-dependent one. known is
// false when the table carries neither.
func (m *Metrics) Throttled() (throttled, known bool) {
	if m.IndepThrottleStatus != nil {
		return *m.IndepThrottleStatus != 0, true
	}
	if m.ThrottleStatus != nil {
		return *m.ThrottleStatus != 0, true
	}
	return false, false
}

// ReadHeader decodes the 4-byte header.
func ReadHeader(data []byte) (size int, rev Revision, err error) {
	if len(data) < HeaderSize {
		return 0, Revision{}, fmt.Errorf("%w: %d bytes, shorter than the %d-byte header", ErrTruncated, len(data), HeaderSize)
	}
	return int(binary.LittleEndian.Uint16(data)), Revision{data[2], data[3]}, nil
}

// Decode decodes one gpu_metrics file. A known revision must be exactly
// its structure's size, in the header's structure_size and in the data:
// shorter is ErrTruncated, longer ErrOversized. An unknown revision is no
// error: Metrics.Known is false and only the header is set (the data's
// length is not checked against a structure radvbench does not know,
// beyond the header's own structure_size).
func Decode(data []byte) (Metrics, error) {
	size, rev, err := ReadHeader(data)
	if err != nil {
		return Metrics{}, err
	}
	m := Metrics{Revision: rev, StructureSize: size, Class: rev.Class()}
	l, ok := layouts[rev]
	if !ok {
		if size < HeaderSize {
			return m, fmt.Errorf("gpu_metrics v%s: structure_size %d is smaller than the header", rev, size)
		}
		if len(data) < size {
			return m, fmt.Errorf("%w: v%s: %d bytes, structure_size says %d", ErrTruncated, rev, len(data), size)
		}
		return m, nil
	}
	switch {
	case size < l.size:
		return m, fmt.Errorf("%w: %s is %d bytes, structure_size says %d", ErrTruncated, l.name, l.size, size)
	case size > l.size:
		return m, fmt.Errorf("%w: %s is %d bytes, structure_size says %d", ErrOversized, l.name, l.size, size)
	case len(data) < l.size:
		return m, fmt.Errorf("%w: %s is %d bytes, read %d", ErrTruncated, l.name, l.size, len(data))
	case len(data) > l.size:
		return m, fmt.Errorf("%w: %s is %d bytes, read %d", ErrOversized, l.name, l.size, len(data))
	}
	m.Known = true
	d := decoder{l: l, data: data}
	d.fill(&m)
	return m, nil
}

type decoder struct {
	l    *layout
	data []byte
}

// get reads element i of member name; ok is false when the layout has no
// such member or it holds the all-ones "not supported" value.
func (d decoder) get(name string, i int) (uint64, bool) {
	p, ok := d.l.byName[name]
	if !ok || i >= p.n {
		return 0, false
	}
	off := p.off + i*int(p.t)
	var v, ones uint64
	switch p.t {
	case u8:
		v, ones = uint64(d.data[off]), math.MaxUint8
	case u16:
		v, ones = uint64(binary.LittleEndian.Uint16(d.data[off:])), math.MaxUint16
	case u32:
		v, ones = uint64(binary.LittleEndian.Uint32(d.data[off:])), math.MaxUint32
	case u64:
		v, ones = binary.LittleEndian.Uint64(d.data[off:]), math.MaxUint64
	}
	if v == ones {
		return 0, false
	}
	return v, true
}

// scaled reads member name times scale.
func (d decoder) scaled(name string, scale float64) *float64 {
	v, ok := d.get(name, 0)
	if !ok {
		return nil
	}
	x := float64(v) * scale
	return &x
}

// first is the first supported element of an array member.
func (d decoder) first(name string) *float64 {
	p, ok := d.l.byName[name]
	if !ok {
		return nil
	}
	for i := 0; i < p.n; i++ {
		if v, ok := d.get(name, i); ok {
			x := float64(v)
			return &x
		}
	}
	return nil
}

func (d decoder) fill(m *Metrics) {
	temp, power := 1.0, 1.0 // format 1: °C, W
	if m.Revision.Format >= 2 {
		temp, power = 0.01, 0.001 // centi-°C, mW
	}
	if v, ok := d.get("system_clock_counter", 0); ok {
		m.SystemClockNs = &v
	}
	m.GfxclkMHz = d.first("current_gfxclk")
	m.AverageGfxclkMHz = d.scaled("average_gfxclk_frequency", 1)
	m.UclkMHz = d.scaled("current_uclk", 1)
	m.AverageUclkMHz = d.scaled("average_uclk_frequency", 1)
	m.GfxMaxFreqMHz = d.scaled("current_gfx_maxfreq", 1)
	for _, name := range []string{"average_socket_power", "curr_socket_power"} {
		if m.PowerW = d.scaled(name, power); m.PowerW != nil {
			m.PowerField = name
			break
		}
	}
	m.GfxPowerW = d.scaled("average_gfx_power", power)
	if v, ok := d.get("energy_accumulator", 0); ok {
		j := float64(v) * EnergyUnitJ
		m.EnergyAccumulator, m.EnergyJ = &v, &j
	}
	if v, ok := d.get("throttle_status", 0); ok {
		t := uint32(v)
		m.ThrottleStatus = &t
	}
	if v, ok := d.get("indep_throttle_status", 0); ok {
		m.IndepThrottleStatus = &v
	}
	for _, r := range []string{"prochot", "spl", "fppt", "sppt", "thm_core", "thm_gfx", "thm_soc"} {
		if v, ok := d.get("throttle_residency_"+r, 0); ok {
			if m.ThrottleResidency == nil {
				m.ThrottleResidency = map[string]uint32{}
			}
			m.ThrottleResidency[r] = uint32(v)
		}
	}
	m.TempEdgeC = d.scaled("temperature_edge", temp)
	m.TempHotspotC = d.scaled("temperature_hotspot", temp)
	m.TempMemC = d.scaled("temperature_mem", temp)
	m.TempGfxC = d.scaled("temperature_gfx", temp)
	m.TempSocC = d.scaled("temperature_soc", temp)
	act := 1.0
	if m.Revision == (Revision{2, 4}) {
		act = 0.01 // v2_4: "Utilization (unit: centi)"
	}
	m.GfxActivityPct = d.scaled("average_gfx_activity", act)
}

// throttlers are the SMU_THROTTLER_*_BIT positions of the kernel's
// drivers/gpu/drm/amd/pm/swsmu/inc/amdgpu_smu.h, the meaning of
// indep_throttle_status.
var throttlers = map[uint]string{
	0: "PPT0", 1: "PPT1", 2: "PPT2", 3: "PPT3", 4: "SPL", 5: "FPPT", 6: "SPPT", 7: "SPPT_APU",
	16: "TDC_GFX", 17: "TDC_SOC", 18: "TDC_MEM", 19: "TDC_VDD", 20: "TDC_CVIP", 21: "EDC_CPU",
	22: "EDC_GFX", 23: "APCC",
	32: "TEMP_GPU", 33: "TEMP_CORE", 34: "TEMP_MEM", 35: "TEMP_EDGE", 36: "TEMP_HOTSPOT",
	37: "TEMP_SOC", 38: "TEMP_VR_GFX", 39: "TEMP_VR_SOC", 40: "TEMP_VR_MEM0", 41: "TEMP_VR_MEM1",
	42: "TEMP_LIQUID0", 43: "TEMP_LIQUID1", 44: "VRHOT0", 45: "VRHOT1", 46: "PROCHOT_CPU",
	47: "PROCHOT_GFX",
	56: "PPM", 57: "FIT",
}

// ThrottlerNames names the bits of an indep_throttle_status, lowest
// first; a bit the kernel does not define is "bitN".
func ThrottlerNames(bits uint64) []string {
	var out []string
	for b := uint(0); b < 64; b++ {
		if bits&(1<<b) == 0 {
			continue
		}
		if n, ok := throttlers[b]; ok {
			out = append(out, n)
		} else {
			out = append(out, fmt.Sprintf("bit%d", b))
		}
	}
	return out
}
