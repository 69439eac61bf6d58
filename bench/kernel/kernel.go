// Package kernel is the benchmark registry: a kernel is a name, its
// shaders, its variants (specialization constants, not macros), its
// problem sizes, how to set one instance up, record it, verify it, and the
// metric it reports. Suites register kernels from their own packages;
// adding a kernel is one Go file and one shader.
package kernel

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/radvbench/radvbench/bench/gpu"
)

// Metric describes the figure a kernel reports. For throughput metrics the
// value of a sample is Scale·Work/ns (FLOP per ns is GFLOP/s, so Scale is 1
// for GFLOP/s and GB/s); for time metrics (Time set) it is the sample's
// nanoseconds times Scale (1 for ns, 1e-3 for µs).
type Metric struct {
	Name   string
	Unit   string
	Better string // resultsfile.HigherIsBetter or resultsfile.LowerIsBetter
	Scale  float64
	Time   bool
	// Peak names the device-table peak the metric is a share of:
	// "fp32", "fp16", "int8", "bandwidth" or "" for none.
	Peak string
	// Roofline names the kernel (suite/kernel) that measures the peak of
	// the same arithmetic on the same device, e.g. "peak/fp32" for an
	// fp32 GEMM: the metric's roofline is that kernel's best figure in
	// the same run (resultsfile.Result.Roofline); "" for none.
	Roofline string
}

// Variant is one configuration of a kernel: a name and its parameters as
// recorded in results (e.g. tile sizes).
type Variant struct {
	Name   string
	Params map[string]string
	// Data is the kernel's own typed description of the variant.
	Data any
}

// Params is a problem size, e.g. {"M":1024,"N":1024,"K":1024}.
type Params map[string]int64

// Options are what the user asked for that shapes sizes and budgets.
type Options struct {
	Quick bool
	// Sizes from --sizes for this kernel, already parsed by its ParseSize
	// (empty: the kernel's defaults). The runner sets it from UserSizes
	// with For.
	Sizes []Params
	// UserSizes are the sizes from --sizes by kernel ("suite/kernel"),
	// each parsed by that kernel's ParseSize. Nil leaves Sizes as set.
	UserSizes map[string][]Params
	// CPU is true on a CPU implementation: default sweeps stay smaller.
	CPU bool
	// Seed for input data.
	Seed uint64
	// Pinned, when it has an entry for a kernel ("suite/kernel"),
	// replaces that kernel's variants and sizes with its entries: each a
	// size and the one variant to run at it (a tuning file's choices,
	// 'run --tuning'; a sweep's candidates, 'tune').
	Pinned map[string][]Pin
	// Shared holds what the variants of this kernel and size share; the
	// runner sets it for each Setup (nil elsewhere). See Shared.
	Shared *Shared
}

// Pin is one variant of a kernel to run at one size (Options.Pinned).
type Pin struct {
	Params  Params
	Variant Variant
}

// For returns the options as kernel k sees them: Sizes is k's entry in
// UserSizes (none: k's defaults) when UserSizes is set.
func (o Options) For(k *Kernel) Options {
	if o.UserSizes != nil {
		o.Sizes = o.UserSizes[k.Suite+"/"+k.Name]
	}
	return o
}

// Instance is one (kernel, variant, size) set up on a device.
type Instance interface {
	// Record records one iteration of the work into cb.
	Record(cb *gpu.CommandBuffer)
	// Verify checks the output of one iteration against a CPU reference;
	// it returns the figures of the check (e.g. max_abs_err, tolerance)
	// and a non-nil error describing a mismatch.
	Verify() (map[string]float64, error)
	// Work is the metric's numerator per iteration (FLOP, bytes, rays).
	Work() float64
	// Close releases the instance's GPU objects.
	Close()
}

// Timer is implemented by instances that time themselves instead of being
// batched between two GPU timestamps — for example a submit-to-fence round
// trip on the CPU clock. Sample runs one sample and returns nanoseconds per
// iteration; Clock names the clock ("cpu-monotonic", "gpu-timestamp").
type Timer interface {
	Sample() (float64, error)
	Clock() string
}

// Timed is implemented by instances that build pipelines they do not time
// (the mesh suite builds the classic vertex pipeline beside every mesh
// pipeline): TimedPipelines names the pipelines (gpu.ComputeSpec.Name,
// graphics.PipelineSpec.Name) whose work is timed; the compiler's figures
// of the others are marked untimed. Without it every pipeline counts as timed.
type Timed interface {
	TimedPipelines() []string
}

// Extras is implemented by instances that report more figures than the
// metric (acceleration-structure sizes, ns per ray, ...); they are stored
// in the result's "extra" object after sampling. medianNS is the median
// per-iteration time of the timed samples (0 when none were taken), so
// figures derived from it (ns per access, ns per ray) use exactly the
// samples the metric does.
type Extras interface {
	Extra(medianNS float64) map[string]float64
}

// Noter is implemented by instances with something to say about a
// result that is not a number: how it ran where the device decided (the
// present suite's GEMM runs on an async-compute queue family where the
// device has one, else on a second device) or a figure that was not
// measured and why. The runner records Note in the result's note after
// sampling. (Such facts stay out of the variant: a result's ID must be
// known before Setup — resuming, child processes and --watch match
// planned IDs with results.)
type Noter interface {
	Note() string
}

// Skip is returned by Setup when the device cannot run the benchmark; the
// reason is recorded and the run goes on.
type Skip struct{ Reason string }

func (s *Skip) Error() string { return "skipped: " + s.Reason }

// Skipf makes a Skip.
func Skipf(format string, args ...any) error { return &Skip{Reason: fmt.Sprintf(format, args...)} }

// Kernel is a registered benchmark kernel.
type Kernel struct {
	Suite       string
	Name        string
	Description string
	Shaders     []string
	Metric      Metric
	// Variants lists the kernel's variants.
	Variants []Variant
	// Sizes returns the problem sizes to run for the options.
	Sizes func(o Options) []Params
	// ParseSize parses one element of --sizes (nil when the kernel takes
	// no sizes from the user).
	ParseSize func(s string) (Params, error)
	// Supported reports whether the device can run variant v; reason says
	// why not.
	Supported func(d *gpu.PhysicalDevice, v Variant) (ok bool, reason string)
	// Setup prepares an instance (allocate, upload inputs). It returns a
	// *Skip error when the size does not fit the device.
	Setup func(d *gpu.Device, v Variant, p Params, o Options) (Instance, error)
	// Serial, when set, makes each timed sample a single iteration (no
	// batching of repeats), for latency metrics.
	Serial bool
	// SharedGroup, when set, names the per-size shared state (see Shared)
	// a size of this kernel uses, so kernels of one suite can share it:
	// rayquery's build and sphere-trace kernels share their scenes by
	// naming them after the scene, not the rays. Nil: the kernel and
	// size's own.
	SharedGroup func(p Params) string
	// Space, when set, is the kernel's tunable space, which 'radvbench
	// tune' searches (see Space); nil: the kernel is not tuned.
	Space *Space
}

// Suite groups kernels.
type Suite struct {
	Name        string
	Description string
	Kernels     []*Kernel
}

var suites = map[string]*Suite{}

// Register adds a suite; suites call it from init.
func Register(s *Suite) {
	if _, dup := suites[s.Name]; dup {
		panic("kernel: suite registered twice: " + s.Name)
	}
	for _, k := range s.Kernels {
		k.Suite = s.Name
	}
	suites[s.Name] = s
}

// Suites lists the registered suites by name.
func Suites() []*Suite {
	out := make([]*Suite, 0, len(suites))
	for _, s := range suites {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup resolves suite names ("all" is every suite).
func Lookup(names []string) ([]*Suite, error) {
	var out []*Suite
	seen := map[string]bool{}
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n == "all" {
			for _, s := range Suites() {
				if !seen[s.Name] {
					seen[s.Name] = true
					out = append(out, s)
				}
			}
			continue
		}
		s, ok := suites[n]
		if !ok {
			return nil, fmt.Errorf("unknown suite %q: valid suites are %s, all", n, strings.Join(SuiteNames(), ", "))
		}
		if !seen[n] {
			seen[n] = true
			out = append(out, s)
		}
	}
	return out, nil
}

// LookupWith is Lookup where hidden resolves names first: suites that are
// never registered (a test build's hidden suite), so never part of "all",
// listed after the registered ones. Names of hidden suites alone select
// only those.
func LookupWith(names []string, hidden func(name string) *Suite) ([]*Suite, error) {
	var rest []string
	var extra []*Suite
	for _, n := range names {
		if s := hidden(strings.TrimSpace(n)); s != nil {
			extra = append(extra, s)
			continue
		}
		rest = append(rest, n)
	}
	var out []*Suite
	if len(rest) > 0 || len(extra) == 0 {
		s, err := Lookup(rest)
		if err != nil {
			return nil, err
		}
		out = s
	}
	return append(out, extra...), nil
}

// FindVariant finds a registered kernel and one of its variants by name
// (one suite reusing another's kernel: the present suite draws the mesh
// suite's scene and runs the matmul suite's GEMM).
func FindVariant(suite, kernel, variant string) (*Kernel, Variant, error) {
	ss, err := Lookup([]string{suite})
	if err != nil {
		return nil, Variant{}, err
	}
	for _, k := range ss[0].Kernels {
		if k.Name != kernel {
			continue
		}
		for _, v := range k.Variants {
			if v.Name == variant {
				return k, v, nil
			}
		}
	}
	return nil, Variant{}, fmt.Errorf("suite %s has no kernel variant %s/%s", suite, kernel, variant)
}

// SuiteNames lists registered suite names.
func SuiteNames() []string {
	var out []string
	for _, s := range Suites() {
		out = append(out, s.Name)
	}
	return out
}

// FullName is suite/kernel/variant, the string --filter matches.
func FullName(k *Kernel, v Variant) string { return k.Suite + "/" + k.Name + "/" + v.Name }

// Filter keeps what matches re (nil keeps all).
func Filter(re *regexp.Regexp, k *Kernel, v Variant) bool {
	return re == nil || re.MatchString(FullName(k, v))
}
