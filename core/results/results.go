// Package results defines radvbench's results file: its JSON schema, how it
// is read (with one-line, actionable errors for bad input) and how it is
// written (atomically). It is pure Go: analysis never needs a GPU.
package results

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/radvbench/radvbench/internal/outfile"
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

// Result is one benchmark: a kernel, a variant, a problem size.
type Result struct {
	Suite   string            `json:"suite"`
	Kernel  string            `json:"kernel"`
	Variant map[string]string `json:"variant"`
	Params  map[string]int64  `json:"params"`
	// Config is the A/B configuration name, empty outside --config runs.
	Config string `json:"config,omitempty"`
	Status string `json:"status"`
	Reason string `json:"reason,omitempty"`
	// Note is what the benchmark said about how it ran that is not a
	// number (kernel.Noter): where the device decided the arrangement, or a
	// figure it could not measure and why.
	Note     string `json:"note,omitempty"`
	Verified bool   `json:"verified"`
	// Verify holds the check's figures (max error, tolerance, ...).
	Verify map[string]float64 `json:"verify,omitempty"`
	// Clock says what timed the samples: "gpu-timestamp" or "cpu-monotonic".
	Clock string `json:"clock,omitempty"`
	// Repeats is how many dispatches (or passes) one sample spans;
	// SamplesNS are per-dispatch times in nanoseconds, one per sample.
	Repeats   int       `json:"repeats,omitempty"`
	SamplesNS []float64 `json:"samples_ns,omitempty"`
	// SampleRounds gives the round (run, File.Rounds[].Index) of each
	// sample when the file holds several runs; absent for a single run.
	SampleRounds []int `json:"sample_rounds,omitempty"`
	// Disturbed marks, per sample (aligned with Metric.Samples), the
	// samples bench/measure's observer saw interference around (another
	// process on the CPUs, steal, another GPU client, a clock change: see
	// docs/verdicts.md); a comparison leaves them out of a run's figure.
	// Interference holds the figures behind the marks. Both are absent
	// when the run had no observer (files written before them included).
	Disturbed    []bool        `json:"disturbed,omitempty"`
	Interference *Interference `json:"interference,omitempty"`
	// Runs summarises each run's samples (derived from SampleRounds and
	// Metric.Samples, written for readers of the file; analysis recomputes
	// it with RunSamples).
	Runs []RunSummary `json:"runs,omitempty"`
	// Warmup is what each run's warm-up did before its timed samples
	// (one entry a run, Round naming it in a merged result); absent in
	// files written before radvbench warmed up to a steady state.
	Warmup []Warmup `json:"warmup,omitempty"`
	// Metric is absent from isa results (nothing is timed); run results
	// always name theirs. CI is zero for a result without samples.
	Metric Metric `json:"metric,omitzero"`
	CI     CI     `json:"ci"`
	// CV is the coefficient of variation of the metric samples.
	CV float64 `json:"cv,omitempty"`
	// Noisy is set when the confidence interval did not reach the target.
	Noisy         bool    `json:"noisy,omitempty"`
	PercentOfPeak float64 `json:"percent_of_peak,omitempty"`
	PeakName      string  `json:"peak_name,omitempty"`
	// Roofline names the kernel (suite/kernel) that measures the peak of
	// the same arithmetic, e.g. "peak/fp32" for an fp32 GEMM: the
	// result's share of that kernel's best figure in the same run is its
	// roofline fraction (resulttable.Rooflines).
	Roofline  string             `json:"roofline,omitempty"`
	Extra     map[string]float64 `json:"extra,omitempty"`
	Shader    string             `json:"shader,omitempty"`
	DurationS float64            `json:"duration_s,omitempty"`
	// Pipelines is what the driver compiled the benchmark's pipelines
	// into: in isa files (Config names the target), and in run files
	// whose File.Capture is CaptureOn (no assembly paths there).
	Pipelines []PipelineStats `json:"pipelines,omitempty"`
}

// PipelineStats is one pipeline a benchmark's Setup created and what the
// driver compiled it into (VK_KHR_pipeline_executable_properties).
type PipelineStats struct {
	// Name is the pipeline's name (its shader: "matmul_tiled.comp").
	Name string `json:"name"`
	// Key identifies what the compiler was given (16 hex digits: the
	// SHA-256 of the shaders, specialization constants, layout and the
	// state that reaches the compiler, bench/gpu's ComputeSpec.Key and
	// GraphicsSpec.Key): one key, one compiled pipeline, however many
	// benchmarks build it. "" in files written before radvbench kept it.
	Key string `json:"key,omitempty"`
	// Untimed is set for a pipeline the benchmark builds but does not
	// time (the classic vertex pipeline a mesh benchmark builds beside
	// its mesh pipeline): its code is no cause of the benchmark's time.
	Untimed     bool              `json:"untimed,omitempty"`
	Executables []ExecutableStats `json:"executables"`
}

// ExecutableStats is one executable (hardware shader) of a pipeline.
type ExecutableStats struct {
	// Name and Description are the driver's ("compute", "Vulkan Compute
	// Shader"); Stages the API stages it runs.
	Name         string   `json:"name"`
	Description  string   `json:"description,omitempty"`
	Stages       []string `json:"stages,omitempty"`
	SubgroupSize uint32   `json:"subgroup_size,omitempty"`
	// Stats are the driver's statistics under the driver's names (RADV:
	// "VGPRs", "Spilled VGPRs", "Subgroups per SIMD", "Code size", ...).
	Stats map[string]float64 `json:"stats"`
	// Hashes are the driver's identifiers, exactly (RADV: "Driver
	// pipeline hash", a hash of the pipeline's inputs; ACO's "Hash", a
	// CRC of the code): not counts, so not in Stats.
	Hashes map[string]uint64 `json:"hashes,omitempty"`
	// Derived are counts radvbench took from the assembly text
	// (instructions, matrix, waits, lds, ...: see bench/isa).
	Derived map[string]float64 `json:"derived,omitempty"`
	// Asm is the path of the saved assembly, relative to the assembly
	// directory of the run ("" when it was not saved).
	Asm string `json:"asm,omitempty"`
}

// RunSummary is one run's share of a result: its round, how many samples
// it took and their median (in the metric's unit).
// Warmup is one run's warm-up of a benchmark: how long it dispatched
// untimed batches, and whether their times (and, where the shader clock
// was read, the clock) had settled when timing began (bench/measure's
// steady-state rule). Steady false: the bound ended it first, so the
// first samples may sit on a clock still ramping up; ClockIdle: the
// shader clock was still at its idle level then. Rewarms counts the
// warm-ups again after long waits for quiet.
type Warmup struct {
	Round     int     `json:"round,omitempty"`
	Seconds   float64 `json:"seconds"`
	Samples   int     `json:"samples"`
	Steady    bool    `json:"steady"`
	ClockIdle bool    `json:"clock_idle,omitempty"`
	Rewarms   int     `json:"rewarms,omitempty"`
}

type RunSummary struct {
	Round  int     `json:"round"`
	N      int     `json:"n"`
	Median float64 `json:"median"`
}

// RunSamples splits the metric samples by run, in order of round index.
// A result without SampleRounds (one run) yields one group. Rounds and
// their samples are returned in the same order.
func (r *Result) RunSamples() (rounds []int, samples [][]float64) {
	if len(r.SampleRounds) != len(r.Metric.Samples) || len(r.SampleRounds) == 0 {
		if len(r.Metric.Samples) == 0 {
			return nil, nil
		}
		return []int{1}, [][]float64{r.Metric.Samples}
	}
	idx := map[int]int{}
	for i, rd := range r.SampleRounds {
		j, ok := idx[rd]
		if !ok {
			j = len(rounds)
			idx[rd] = j
			rounds = append(rounds, rd)
			samples = append(samples, nil)
		}
		samples[j] = append(samples[j], r.Metric.Samples[i])
	}
	order := make([]int, len(rounds))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return rounds[order[a]] < rounds[order[b]] })
	outR := make([]int, len(rounds))
	outS := make([][]float64, len(rounds))
	for i, j := range order {
		outR[i], outS[i] = rounds[j], samples[j]
	}
	return outR, outS
}

// Metric is the figure a benchmark reports. Samples are the per-sample
// values in Unit (derived from SamplesNS); Value is their median (over the
// samples not marked Disturbed, when some are and some are not; CI and CV
// describe the same samples).
type Metric struct {
	Name    string    `json:"name"`
	Unit    string    `json:"unit"`
	Better  string    `json:"better"`
	Value   float64   `json:"value"`
	Samples []float64 `json:"samples,omitempty"`
}

// CI is the 95% confidence interval of the metric's median.
type CI struct {
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
	Level float64 `json:"level,omitempty"`
}

// NewCI is the interval [low, high] at level, or no interval (both bounds
// 0, as JSON has no infinities) when either bound is not finite.
func NewCI(low, high, level float64) CI {
	if math.IsInf(low, 0) || math.IsNaN(low) || math.IsInf(high, 0) || math.IsNaN(high) {
		return CI{Level: level}
	}
	return CI{Low: low, High: high, Level: level}
}

// ID is a stable, readable identity of a benchmark, used to pair results
// across files: suite/kernel/variant/params, each map in key order.
func (r *Result) ID() string {
	var b strings.Builder
	b.WriteString(r.Suite)
	b.WriteByte('/')
	b.WriteString(r.Kernel)
	if v := FormatVariant(r.Variant); v != "" {
		b.WriteByte('/')
		b.WriteString(v)
	}
	if p := FormatParams(r.Params); p != "" {
		b.WriteByte('/')
		b.WriteString(p)
	}
	return b.String()
}

// FormatVariant renders a variant as "k=v,k=v" in key order.
func FormatVariant(v map[string]string) string {
	return FormatPairs(v, func(s string) string { return s })
}

// FormatPairs renders m as "k=v,k=v" in key order, each value as str
// writes it: the form of a variant, of a size's parameters and of a
// tuning point (bench/kernel's Point).
func FormatPairs[V any](m map[string]V, str func(V) string) string {
	parts := make([]string, 0, len(m))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, k+"="+str(m[k]))
	}
	return strings.Join(parts, ",")
}

// SizeString is a result's size as tables print it: MxNxK for a GEMM,
// else its parameters (FormatParams).
func SizeString(p map[string]int64) string {
	if m, ok := p["M"]; ok {
		return fmt.Sprintf("%dx%dx%d", m, p["N"], p["K"])
	}
	return FormatParams(p)
}

// FormatParams renders problem parameters as "k=v,k=v" in key order.
func FormatParams(p map[string]int64) string {
	return FormatPairs(p, func(n int64) string { return strconv.FormatInt(n, 10) })
}

// LoadProblem is why a file is not a results file Load and Decode read
// (LoadError).
type LoadProblem string

// The problems of a file that a LoadError names; other problems (another
// schema, a result that fails validation, ...) are plain errors.
const (
	// LoadMissing: the path does not exist (Err is the open's error).
	LoadMissing LoadProblem = "missing"
	// LoadIsDir: the path is a directory, not a results file.
	LoadIsDir LoadProblem = "directory"
	// LoadEmpty: the file holds nothing but white space.
	LoadEmpty LoadProblem = "empty"
	// LoadNotJSON: a syntax error (Err) at byte Offset.
	LoadNotJSON LoadProblem = "not-json"
	// LoadTruncated: JSON that ends too early, after Size bytes: the run
	// that wrote it was cut short.
	LoadTruncated LoadProblem = "truncated"
	// LoadDamagedISA: a result (Result, its ID) of an isa file fails its
	// checks (Err).
	LoadDamagedISA LoadProblem = "damaged-isa"
)

// LoadError is a file Load or Decode cannot read as a results file, with
// what is wrong and its figures. The message states the facts; which
// command writes or rewrites the file is the caller's to say.
type LoadError struct {
	Problem LoadProblem
	// Name is the path (Load) or the name given (Decode).
	Name string
	// Result is the ID of the result at fault (LoadDamagedISA).
	Result string
	// Size is the bytes read (LoadTruncated), Offset where the syntax
	// error is (LoadNotJSON).
	Size   int
	Offset int64
	// Err is the underlying error (LoadMissing, LoadNotJSON,
	// LoadDamagedISA).
	Err error
}

func (e *LoadError) Error() string {
	switch e.Problem {
	case LoadMissing:
		return fmt.Sprintf("results file %s does not exist: check the path", e.Name)
	case LoadIsDir:
		return fmt.Sprintf("%s is a directory", e.Name)
	case LoadEmpty:
		return fmt.Sprintf("%s is empty", e.Name)
	case LoadNotJSON:
		return fmt.Sprintf("%s is not JSON (%v at byte %d)", e.Name, e.Err, e.Offset)
	case LoadTruncated:
		return fmt.Sprintf("%s is truncated (JSON ends after %d bytes): the run that wrote it was cut short", e.Name, e.Size)
	case LoadDamagedISA:
		return fmt.Sprintf("%s: result %s: %v: the file is damaged", e.Name, e.Result, e.Err)
	}
	return fmt.Sprintf("%s: not a results file (%s)", e.Name, e.Problem)
}

func (e *LoadError) Unwrap() error { return e.Err }

// Decode reads and validates a results file from r; name is used in errors.
func Decode(r io.Reader, name string) (*File, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	return decode(data, name)
}

// MaxFileBytes bounds a results file (a thousand times the largest run
// radvbench writes).
const MaxFileBytes = 1 << 30

func decode(data []byte, name string) (*File, error) {
	if len(data) > MaxFileBytes {
		return nil, fmt.Errorf("%s is more than %d MiB: not a results file radvbench wrote", name, MaxFileBytes>>20)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &LoadError{Problem: LoadEmpty, Name: name}
	}
	// A file radvbench wrote names its schema first: then one decode (one
	// pass to check the JSON, one to decode it) is all a file costs; any
	// other file, or one that does not decode, is probed for the message.
	var f File
	if qs := quickSchema(data); qs != Schema && qs != SchemaISA || json.Unmarshal(data, &f) != nil {
		if err := probeSchema(data, name); err != nil {
			return nil, err
		}
		f = File{}
		if err := json.Unmarshal(data, &f); err != nil {
			return nil, fmt.Errorf("%s: malformed results (%v)", name, err)
		}
	}
	for i := range f.Results {
		r := &f.Results[i]
		if r.Suite == "" || r.Kernel == "" {
			return nil, fmt.Errorf("%s: result %d has no suite or kernel", name, i)
		}
		if f.Schema == SchemaISA {
			if err := checkISA(r); err != nil {
				return nil, &LoadError{Problem: LoadDamagedISA, Name: name, Result: r.ID(), Err: err}
			}
			continue
		}
		if err := checkPipelines(r); err != nil {
			return nil, fmt.Errorf("%s: result %s: %w: the file is damaged", name, r.ID(), err)
		}
		if r.Status == StatusOK && len(r.Metric.Samples) == 0 {
			return nil, fmt.Errorf("%s: result %s has status ok but zero samples: the file is damaged, rerun the benchmark", name, r.ID())
		}
		if len(r.SampleRounds) > 0 && len(r.SampleRounds) != len(r.Metric.Samples) {
			return nil, fmt.Errorf("%s: result %s has %d sample rounds for %d samples: the file is damaged, rerun the benchmark", name, r.ID(), len(r.SampleRounds), len(r.Metric.Samples))
		}
		if err := checkInterference(name, r); err != nil {
			return nil, err
		}
	}
	if err := Validate(&f, name); err != nil {
		return nil, err
	}
	return &f, nil
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

// checkPipelines checks r's compiled pipelines (an isa result's, or a
// run's captured ones): every statistic and derived count is a finite,
// non-negative number, every pipeline and executable has a name, an
// assembly path stays inside the assembly directory.
func checkPipelines(r *Result) error {
	for _, p := range r.Pipelines {
		if p.Name == "" {
			return fmt.Errorf("a pipeline without a name")
		}
		for _, e := range p.Executables {
			if e.Name == "" {
				return fmt.Errorf("pipeline %s: an executable without a name", p.Name)
			}
			for _, m := range []map[string]float64{e.Stats, e.Derived} {
				for k, v := range m {
					if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
						return fmt.Errorf("pipeline %s, executable %s: %s = %v is not a finite, non-negative count", p.Name, e.Name, k, v)
					}
				}
			}
			if e.Asm != "" && (filepath.IsAbs(e.Asm) || !filepath.IsLocal(e.Asm)) {
				return fmt.Errorf("pipeline %s, executable %s: assembly path %q is not a relative path inside the assembly directory", p.Name, e.Name, e.Asm)
			}
		}
	}
	return nil
}

// checkISA validates one result of an isa file: its pipelines
// (checkPipelines), no timed samples, and it names its target.
func checkISA(r *Result) error {
	if r.Config == "" {
		return fmt.Errorf("no target (config)")
	}
	if len(r.Metric.Samples) > 0 || len(r.SamplesNS) > 0 {
		return fmt.Errorf("timed samples in an isa result")
	}
	return checkPipelines(r)
}

// quickSchema is the value of "schema" when it is the first key of the
// top-level object (as radvbench writes it), found without reading the
// rest; "" otherwise.
func quickSchema(data []byte) string {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return ""
	}
	if t, err := dec.Token(); err != nil || t != "schema" {
		return ""
	}
	var s string
	if dec.Decode(&s) != nil {
		return ""
	}
	return s
}

// probeSchema explains why data is not a results file of this schema:
// not JSON, truncated, not an object, no schema, another schema; nil when
// it is none of these.
func probeSchema(data []byte, name string) error {
	var probe struct {
		Schema *string `json:"schema"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		var se *json.SyntaxError
		if truncated(data) {
			return &LoadError{Problem: LoadTruncated, Name: name, Size: len(data)}
		}
		if errors.As(err, &se) {
			return &LoadError{Problem: LoadNotJSON, Name: name, Err: err, Offset: se.Offset}
		}
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			if te.Field == "" {
				return fmt.Errorf("%s is not a radvbench results file (it holds a JSON %s, not an object)", name, te.Value)
			}
			return fmt.Errorf("%s is not a radvbench results file (its %q is a JSON %s, not a string)", name, te.Field, te.Value)
		}
		return fmt.Errorf("%s is not a radvbench results file (%v)", name, err)
	}
	if probe.Schema == nil {
		return fmt.Errorf("%s has no \"schema\" field: it is not a radvbench results file", name)
	}
	if *probe.Schema != Schema && *probe.Schema != SchemaISA {
		return fmt.Errorf("%s has schema %q, this radvbench reads %q and %q: rerun the benchmark with this version or use the radvbench that wrote it", name, *probe.Schema, Schema, SchemaISA)
	}
	return nil
}

// truncated reports whether data is the start of a JSON value that ends
// too early (a decoder reads up to the end and wants more), as opposed to
// one with a syntax error.
func truncated(data []byte) bool {
	var v any
	return errors.Is(json.NewDecoder(bytes.NewReader(data)).Decode(&v), io.ErrUnexpectedEOF)
}

// Load reads and validates the results file at path. A missing, empty,
// truncated or damaged file, or a directory, is a *LoadError saying which.
func Load(path string) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, &LoadError{Problem: LoadMissing, Name: path, Err: err}
		}
		return nil, fmt.Errorf("open results file: %w", err)
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err == nil && st.IsDir() {
		return nil, &LoadError{Problem: LoadIsDir, Name: path}
	}
	if err == nil && st.Mode().IsRegular() {
		if st.Size() > MaxFileBytes {
			return nil, fmt.Errorf("%s is more than %d MiB: not a results file radvbench wrote", path, MaxFileBytes>>20)
		}
		// Read it in one allocation of its size.
		data := make([]byte, st.Size())
		if _, err := io.ReadFull(fh, data); err != nil {
			return nil, fmt.Errorf("read %s: %w", path, err)
		}
		return decode(data, path)
	}
	return Decode(fh, path)
}

// Encode writes f as indented JSON.
func Encode(w io.Writer, f *File) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(f)
}

// WriteFileAtomic writes data to path atomically, and only to a regular
// file or a new path: it is internal/outfile.WriteFile, kept under this
// name for its callers.
func WriteFileAtomic(path string, data []byte, perm os.FileMode) error {
	return outfile.WriteFile(path, data, perm)
}

// Save writes f to path atomically (internal/outfile: only a regular file
// or a new path, nothing else at the path is replaced).
func Save(path string, f *File) error {
	var buf bytes.Buffer
	if err := Encode(&buf, f); err != nil {
		return fmt.Errorf("encode results: %w", err)
	}
	return outfile.WriteFile(path, buf.Bytes(), 0o644)
}

// ContentID is the identity of a results file: the SHA-256 of its
// canonical JSON (encoding/json writes struct fields in order, map keys
// sorted and embedded JSON compacted), so the same results re-indented or
// copied under another name have the same ID. The history store keys
// files by it; compare drops a file given twice by it.
func ContentID(f *File) (string, error) {
	data, err := json.Marshal(f)
	if err != nil {
		return "", fmt.Errorf("encode results for its content ID: %w", err)
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:16]), nil
}
