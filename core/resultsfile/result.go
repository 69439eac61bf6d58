package resultsfile

// One benchmark's record (Result) and its figures, and the readable forms
// of its identity.

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
)

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
	// Repeats is how many dispatches (or passes) one sample spans (in a
	// file of several runs, the first run's: each run calibrates its own,
	// recorded in Runs; SampleRepeats gives a sample's); SamplesNS are
	// per-dispatch times in nanoseconds, one per sample.
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
	// it with RunSamples) and records each run's Repeats.
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
	// bench/gpu/graphics's PipelineSpec.Key): one key, one compiled
	// pipeline, however many benchmarks build it. "" in files written before radvbench kept it.
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

// RunSummary is one run's share of a result: its round, how many samples
// it took and their median (in the metric's unit), and how many
// dispatches each of its samples spans (its calibrated batch; 0 in files
// written before runs recorded it).
type RunSummary struct {
	Round   int     `json:"round"`
	N       int     `json:"n"`
	Median  float64 `json:"median"`
	Repeats int     `json:"repeats,omitempty"`
}

// SampleRepeats is how many dispatches sample i spans: its run's Repeats
// (Runs, by SampleRounds) where the file records it, else the result's.
// Runs of one benchmark calibrate their batches apart, so in a file of
// several runs the samples of two runs can span different counts.
func (r *Result) SampleRepeats(i int) int {
	if i >= 0 && i < len(r.SampleRounds) && len(r.SampleRounds) == len(r.Metric.Samples) {
		for _, s := range r.Runs {
			if s.Round == r.SampleRounds[i] && s.Repeats > 0 {
				return s.Repeats
			}
		}
	}
	return r.Repeats
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
