// Package resultsfile defines radvbench's results file: its JSON schema, how it
// is read (with one-line, actionable errors for bad input) and how it is
// written (atomically). It is pure Go: analysis never needs a GPU.
package resultsfile

import (
	"encoding/json"
	"time"
)

// Schema is the version string every results file of a run carries. A
// reader accepts exactly this version (or SchemaISA); a change to the
// meaning of a field bumps it.
const Schema = "radvbench/results/v1"

// SchemaISA is the version string of an isa file ('radvbench isa'): the
// same File, whose Configs are the compile targets and whose results
// carry Pipelines (what RADV compiled each benchmark into) instead of a
// metric. Nothing in it was run or timed.
const SchemaISA = "radvbench/isa/v1"

// The kinds of results file (File.Kind).
const (
	KindRun = "run"
	KindISA = "isa"
)

// Status of one benchmark.
const (
	StatusOK      = "ok"
	StatusSkipped = "skipped"
	StatusFailed  = "failed"
)

// What a run captured of the compiled pipelines (File.Capture):
// CaptureUnsupported is followed by ": " and why.
const (
	CaptureOn          = "captured"
	CaptureOff         = "off"
	CaptureUnsupported = "unsupported"
)

// Direction of a metric.
const (
	HigherIsBetter = "higher"
	LowerIsBetter  = "lower"
)

// File is one results file: one run of one or more suites on one device.
type File struct {
	Schema   string    `json:"schema"`
	Tool     Tool      `json:"tool"`
	Started  time.Time `json:"started"`
	Finished time.Time `json:"finished,omitempty"`
	// Command is the command line that produced the file.
	Command []string `json:"command,omitempty"`
	Suites  []string `json:"suites"`
	Quick   bool     `json:"quick,omitempty"`
	Device  Device   `json:"device"`
	// Labels are the user's --label key=value pairs.
	Labels map[string]string `json:"labels,omitempty"`
	// Capture says whether a run recorded what the driver compiled each
	// benchmark's pipelines into (Result.Pipelines, from a compile of its
	// own beside the timed one): CaptureOn, CaptureOff (not asked for),
	// or CaptureUnsupported and why (the driver lacks
	// VK_KHR_pipeline_executable_properties); "" in isa files and in run
	// files written before radvbench captured.
	Capture string `json:"capture,omitempty"`
	// Partial is set on the file an interrupted run wrote (a signal, a
	// stop): it holds the benchmarks that finished, the rest of the plan
	// is in the run's journal, and 'radvbench run --resume' completes it.
	Partial bool `json:"partial,omitempty"`
	// Fingerprint is the flat key/value view of the system configuration
	// (kernel.release, amdgpu.vm_fragment_size, driver.info, ...) used to
	// group runs in compare --by; System holds the full record.
	Fingerprint map[string]string `json:"fingerprint,omitempty"`
	System      json.RawMessage   `json:"system,omitempty"`
	// Shaders maps each embedded SPIR-V module used to its SHA-256.
	Shaders map[string]string `json:"shaders,omitempty"`
	// Configs lists the --config A/B configurations, in run order.
	Configs []Config `json:"configs,omitempty"`
	// Rounds lists the runs the file holds, in the order they ran. A round
	// is one run: one process invocation of the selected benchmarks
	// ('run --runs N' makes N of them, 'run --config' one per
	// configuration and round). A file without rounds holds one run.
	Rounds  []Round  `json:"rounds,omitempty"`
	Results []Result `json:"results"`
}

// Tool identifies the radvbench build.
type Tool struct {
	Name      string `json:"name"`
	Version   string `json:"version"`
	Commit    string `json:"commit,omitempty"`
	GoVersion string `json:"go_version,omitempty"`
	// Method numbers how the build measured (bench/measure.Method): it
	// changes when a change to how samples are taken changes what a
	// figure reads, so figures of two methods differ by the method as well
	// as by anything else. 0 in files written before the field: method 1.
	Method int `json:"method,omitempty"`
}

// MeasurementMethod is the method the build measured with: Method, or 1
// for a file written before the field.
func (t Tool) MeasurementMethod() int {
	if t.Method == 0 {
		return 1
	}
	return t.Method
}

// Config is one A/B configuration: a name and the environment it ran with.
// In an isa file it is one compile target: Name is the chip ("navi31"),
// Env what emulates it (LD_PRELOAD and AMDGPU_GPU_ID, or
// RADV_FORCE_FAMILY) and Device the emulated device as RADV described it.
//
// DriverEnv is the driver's environment (FilterDriverEnv) the
// configuration's own processes ran with — the machine's and the
// command's, with Env over it — and Device the device its processes
// reported: in an A/B run, configuration B's driver and environment,
// not A's (the file's Device and Fingerprint are the first
// configuration's).
type Config struct {
	Name      string            `json:"name"`
	Env       map[string]string `json:"env,omitempty"`
	DriverEnv map[string]string `json:"driver_env,omitempty"`
	Device    *Device           `json:"device,omitempty"`
}

// Round is one run (one process) of the file: with --runs N, one of the N
// repetitions; with --config, one configuration's turn in the interleaved
// A B A B order. Index numbers rounds from 1 and is what a result's
// SampleRounds refer to.
type Round struct {
	Index    int       `json:"index"`
	Config   string    `json:"config"`
	Started  time.Time `json:"started"`
	Finished time.Time `json:"finished"`
	// Seed is the seed of the shuffled benchmark order of this run (0 when
	// the order was not shuffled); Order lists the benchmark IDs in the
	// order they ran.
	Seed  uint64   `json:"seed,omitempty"`
	Order []string `json:"order,omitempty"`
	// Turns says how this run took turns with the other configuration's
	// run of the same round, when the two ran side by side (run
	// --until-decided): TurnsSample or TurnsBenchmark; "" when it ran
	// alone (and in files made before the field).
	Turns string `json:"turns,omitempty"`
}

// Round.Turns values.
const (
	// TurnsSample: the two runs took turns sample by sample (warm-up
	// samples too), so a benchmark's first timed samples, up to the
	// shorter run's count, were taken alternately over the same seconds,
	// offset by no more than the difference of their warm-ups; the longer
	// run's samples beyond that count were taken alone, after its partner
	// had stopped.
	TurnsSample = "sample"
	// TurnsBenchmark: the two runs took turns benchmark by benchmark.
	TurnsBenchmark = "benchmark"
)

// SampledTogether says how many samples two runs of a benchmark in one
// round, of na and nb samples, took over the same seconds: when both
// rounds' Turns are TurnsSample, min(na, nb), and cut is true if either
// run has more (its samples beyond were taken alone, after its partner
// stopped: a comparison or a noise file judges the pair on the first n of
// each). Otherwise, and when fewer than MinSampledTogether were taken
// together, the runs are judged whole (cut false).
func SampledTogether(turnsA, turnsB string, na, nb int) (n int, cut bool) {
	if turnsA != TurnsSample || turnsB != TurnsSample {
		return 0, false
	}
	n = min(na, nb)
	return n, n >= MinSampledTogether && (na != n || nb != n)
}

// MinSampledTogether is the fewest samples taken together that a pair of
// runs is cut to: a run's figure is its fast tenth, which a handful of
// samples (a slow benchmark's run stopped by its budget: 5 to 9 samples)
// reads from one or two of them, so cutting such a pair would trade the
// matched seconds for a figure rougher than the mismatch it removes.
const MinSampledTogether = 10

// RoundTurns is the Turns of the round numbered index of configuration
// config ("" when the file has no such round).
func (f *File) RoundTurns(index int, config string) string {
	if f == nil {
		return ""
	}
	for _, rd := range f.Rounds {
		if rd.Index == index && rd.Config == config {
			return rd.Turns
		}
	}
	return ""
}

// Device describes the Vulkan device the numbers came from.
type Device struct {
	Index              int               `json:"index"`
	Name               string            `json:"name"`
	VendorID           uint32            `json:"vendor_id"`
	DeviceID           uint32            `json:"device_id"`
	Type               string            `json:"type"`
	DriverID           string            `json:"driver_id"`
	DriverName         string            `json:"driver_name"`
	DriverInfo         string            `json:"driver_info"`
	DriverVersion      string            `json:"driver_version"`
	APIVersion         string            `json:"api_version"`
	TimestampPeriodNS  float64           `json:"timestamp_period_ns"`
	TimestampValidBits uint32            `json:"timestamp_valid_bits"`
	SubgroupSize       uint32            `json:"subgroup_size"`
	Limits             map[string]uint64 `json:"limits,omitempty"`
	Features           map[string]bool   `json:"features,omitempty"`
	Extensions         []string          `json:"extensions,omitempty"`
	// CPU is true for a CPU implementation (lavapipe): its figures describe
	// the host processor, not a GPU.
	CPU bool `json:"cpu"`
	// SKU is the device-table entry matched by PCI ID, when there is one.
	SKU *SKU `json:"sku,omitempty"`
	// CooperativeMatrix is the VK_KHR_cooperative_matrix property table
	// (absent when the device does not offer the extension).
	CooperativeMatrix []CoopMatrix `json:"cooperative_matrix,omitempty"`
	// Emulated is set for a device that is not there: RADV compiling for
	// a chip through Mesa's no-op DRM shim or RADV's null winsys
	// (radvbench isa). Nothing executes on it, so it can never give a
	// timing or a verified result.
	Emulated *Emulation `json:"emulated,omitempty"`
}

// The mechanisms that emulate an AMD GPU for RADV.
const (
	// EmulationDRMShim is Mesa's no-op DRM shim
	// (LD_PRELOAD=libamdgpu_noop_drm_shim.so AMDGPU_GPU_ID=chip): RADV
	// runs its real device code on a fake amdgpu kernel driver that
	// executes nothing.
	EmulationDRMShim = "drm-shim"
	// EmulationNullWinsys is RADV's null winsys (RADV_FORCE_FAMILY=chip,
	// Mesa < 26.1): a "Null hardware" device with hard-coded chip facts
	// and no queue.
	EmulationNullWinsys = "null-winsys"
)

// Emulation says how a device is emulated and which chip it stands for.
type Emulation struct {
	// Mechanism is EmulationDRMShim or EmulationNullWinsys.
	Mechanism string `json:"mechanism"`
	// Target is the chip as the mechanism names it ("navi31", "gfx1201").
	Target string `json:"target"`
	// GFX is the chip's gfx target ("gfx1100"), when radvbench knows it.
	GFX string `json:"gfx,omitempty"`
}

// SKU is the device table's view of a known AMD part, for "% of peak".
type SKU struct {
	Name        string  `json:"name"`
	GFX         string  `json:"gfx"`
	CUs         int     `json:"cus"`
	BoostMHz    int     `json:"boost_mhz"`
	BandwidthGB float64 `json:"bandwidth_gbs,omitempty"`
	FP32TFLOPS  float64 `json:"fp32_tflops"`
	FP16TFLOPS  float64 `json:"fp16_tflops,omitempty"`
	INT8TOPS    float64 `json:"int8_tops,omitempty"`
}

// Kind is KindISA for an isa file, else KindRun.
func (f *File) Kind() string {
	if f.Schema == SchemaISA {
		return KindISA
	}
	return KindRun
}

// KindName names the kind of file for messages: "an isa file" or "a run
// results file".
func KindName(kind string) string {
	if kind == KindISA {
		return "an isa file"
	}
	return "a run results file"
}

// ISABetter is which way a statistic of an isa file is better
// (HigherIsBetter or LowerIsBetter): more subgroups per SIMD is higher
// occupancy; every other statistic RADV reports, and every count
// radvbench takes from the assembly, is a cost (registers, spills, code,
// instructions, cycles).
func ISABetter(stat string) string {
	if stat == "Subgroups per SIMD" {
		return HigherIsBetter
	}
	return LowerIsBetter
}
