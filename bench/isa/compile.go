package isa

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/compiled"
	"github.com/radvbench/radvbench/bench/gpu/describe"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/core/amdchip"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// Options are what a target compiles: the same selection and sizes as
// 'radvbench run' (suites, --filter, and the kernel options with Quick,
// UserSizes from --sizes and Seed). Kernel.CPU is ignored (the target is
// a GPU). Nothing is verified or timed, so run's budgets do not apply.
type Options struct {
	Suites []*kernel.Suite
	Filter *regexp.Regexp
	Kernel kernel.Options
	// AsmDir, when set, receives the assembly of every executable at
	// AsmPath (and ExecutableStats.Asm names it); "" keeps none.
	AsmDir string
	// Progress, when set, is told about every benchmark (runner.Options).
	Progress func(done, total int, name, phase string)
	// Order, when set, rearranges or trims the plan (runner.Options): a
	// fresh child after a driver crash skips what is done.
	Order func([]runner.Item) []runner.Item
}

// runner is the runner's view of o.
func (o Options) runner() runner.Options {
	kopts := o.Kernel
	kopts.CPU = false
	return runner.Options{Suites: suitesForISA(o.Suites), Filter: o.Filter, Kernel: kopts, Progress: o.Progress, Order: o.Order}
}

// Benchmarks is every benchmark Compile sets up for o, in plan order (before
// o.Order).
func Benchmarks(o Options) []runner.Item { return runner.Plan(o.runner()) }

// notCompiled are suites whose Setup does more than compile: it needs a
// window and a device of its own.
var notCompiled = map[string]string{
	"present": "presents to a window on a device of its own: its pipelines are the mesh and matmul suites'",
}

// Compiler is the emulated RADV device of this process, opened to
// compile: every pipeline's executables are captured and nothing is ever
// submitted (gpu.OpenOptions Capture and CompileOnly).
type Compiler struct {
	target   string
	inst     *gpu.Instance
	dev      *gpu.Device
	desc     resultsfile.Device
	captured []compiled.Pipeline
}

// Open finds the emulated RADV device for target ("navi31") among this
// process's Vulkan devices — the process must have been started with the
// target's Plan.Environ, since the shim and the null winsys are chosen
// before the loader starts — and opens it. It never picks another device
// (lavapipe, a real GPU).
func Open(target string) (*Compiler, error) {
	inst, err := gpu.NewInstance()
	if err != nil {
		return nil, err
	}
	devs, err := inst.Devices()
	if err != nil {
		inst.Close()
		return nil, err
	}
	pd, err := emulated(devs, target)
	if err != nil {
		inst.Close()
		return nil, err
	}
	c, err := OpenOn(pd, target)
	if err != nil {
		inst.Close()
		return nil, err
	}
	c.inst = inst
	return c, nil
}

// CanCapture reports whether pd's driver reports what it compiled
// (VK_KHR_pipeline_executable_properties with pipelineExecutableInfo),
// which OpenOn needs.
func CanCapture(pd *gpu.PhysicalDevice) bool {
	return pd.Extensions["VK_KHR_pipeline_executable_properties"] && pd.Info.PipelineExecutableInfo
}

// OpenOn opens a compiler on pd, an emulated device or a real one beside
// the device a run times: a logical device of its own that captures every
// pipeline's executables and never submits (gpu.OpenOptions Capture and
// CompileOnly), so what it compiles is what the timed device compiles
// from the same SPIR-V, specialization constants and features, and
// nothing it does reaches a timed figure. config names its results'
// Config (an isa target; "" for a run's). The instance stays the
// caller's.
func OpenOn(pd *gpu.PhysicalDevice, config string) (*Compiler, error) {
	c := &Compiler{target: config, desc: describe.Device(pd)}
	var err error
	c.dev, err = pd.OpenWithOptions(gpu.OpenOptions{CompileOnly: true,
		Capture: func(p compiled.Pipeline) { c.captured = append(c.captured, p) }})
	if err != nil {
		if config == "" {
			return nil, fmt.Errorf("open %s to capture its pipelines: %w", pd.Name, err)
		}
		return nil, fmt.Errorf("open %s for %s: %w", pd.Name, config, err)
	}
	return c, nil
}

// emulated picks the emulated RADV device that stands for target.
func emulated(devs []*gpu.PhysicalDevice, target string) (*gpu.PhysicalDevice, error) {
	want, known := amdchip.Lookup(target)
	var names []string
	for _, d := range devs {
		names = append(names, fmt.Sprintf("%q", d.Name))
		e := describe.Emulation(d)
		if e == nil {
			continue
		}
		chip, ok := amdchip.FromDeviceName(d.Name)
		if !ok {
			chip, ok = amdchip.Lookup(e.Target)
		}
		if ok && known && chip.Family == want.Family {
			return d, nil
		}
	}
	return nil, fmt.Errorf("no emulated RADV device for target %s in this process (devices: %s): start it with the target's environment (isa.Plan.Environ)",
		target, strings.Join(names, ", "))
}

// Device is the emulated device as RADV describes it (Emulated set).
func (c *Compiler) Device() resultsfile.Device { return c.desc }

// Close closes the device and the instance; safe to call twice.
func (c *Compiler) Close() {
	if c == nil {
		return
	}
	c.dev.Close()
	if c.inst != nil {
		c.inst.Close()
	}
	c.dev, c.inst = nil, nil
}

// Compile sets up every benchmark of o exactly as 'radvbench run' does
// (runner.SetUpEach: the same Supported checks, specialization constants,
// sizes and features) and calls onResult with one result per benchmark:
// Config the target, Status ok (with Pipelines: what each pipeline its
// Setup created was compiled into), skipped (run's reason) or failed. It
// never verifies or times.
func (c *Compiler) Compile(ctx context.Context, o Options, onResult func(*resultsfile.Result)) error {
	ro := o.runner()
	c.captured = nil
	var werr error
	err := runner.SetUpEach(ctx, c.dev, ro, func(it runner.Item, r *resultsfile.Result, inst kernel.Instance) {
		res := *r
		pipes := c.captured
		c.captured = nil
		res.Config = c.target
		res.Metric, res.CI = resultsfile.Metric{}, resultsfile.CI{}
		if res.Status == "" {
			res.Status = resultsfile.StatusOK
			ps, err := pipelineStats(&res, pipes, o.AsmDir)
			markUntimed(ps, inst)
			if err != nil && werr == nil {
				werr = err
			}
			res.Pipelines = ps
		}
		onResult(&res)
	})
	if err != nil {
		return err
	}
	return werr
}

// suitesForISA replaces the kernels of suites that cannot be compiled
// alone with unsupported copies (their results are skips with the reason).
func suitesForISA(suites []*kernel.Suite) []*kernel.Suite {
	out := make([]*kernel.Suite, len(suites))
	for i, s := range suites {
		why, skip := notCompiled[s.Name]
		if !skip {
			out[i] = s
			continue
		}
		cp := *s
		cp.Kernels = make([]*kernel.Kernel, len(s.Kernels))
		for j, k := range s.Kernels {
			kc := *k
			kc.Supported = func(*gpu.PhysicalDevice, kernel.Variant) (bool, string) {
				return false, "not compiled by radvbench isa: " + why
			}
			cp.Kernels[j] = &kc
		}
		out[i] = &cp
	}
	return out
}

// pipelineStats turns captured pipelines into the result's statistics,
// writing each executable's assembly under asmDir when it is set.
func pipelineStats(r *resultsfile.Result, pipes []compiled.Pipeline, asmDir string) ([]resultsfile.PipelineStats, error) {
	out := make([]resultsfile.PipelineStats, 0, len(pipes))
	used := map[string]int{}
	var werr error
	for _, p := range pipes {
		ps := resultsfile.PipelineStats{Name: p.Name, Key: p.Key}
		for _, e := range p.Executables {
			es := resultsfile.ExecutableStats{Name: e.Name, Description: e.Description, Stages: e.Stages, SubgroupSize: e.SubgroupSize}
			es.Stats, es.Hashes = Statistics(e.Statistics)
			if a, ok := e.Representation("Assembly"); ok && a.IsText {
				es.Derived = Count(a.Text)
				if asmDir != "" {
					rel := AsmPath(r, p.Name, e.Name)
					if n := used[rel]; n > 0 {
						rel = AsmPath(r, fmt.Sprintf("%s.%d", p.Name, n+1), e.Name)
					}
					used[AsmPath(r, p.Name, e.Name)]++
					if err := WriteAsm(asmDir, rel, a.Text); err != nil {
						if werr == nil {
							werr = err
						}
					} else {
						es.Asm = rel
					}
				}
			}
			ps.Executables = append(ps.Executables, es)
		}
		out = append(out, ps)
	}
	return out, werr
}

// Statistics keeps every statistic the driver reports under its own name,
// the counts in stats and the identifiers in hashes: an integer statistic
// whose name holds "hash" (RADV's "Driver pipeline hash", ACO's "Hash", a
// CRC of the code), kept exactly (a 64-bit hash does not fit a float64).
// Any other 64-bit integer a float64 cannot hold exactly is left out.
func Statistics(stats []compiled.Statistic) (counts map[string]float64, hashes map[string]uint64) {
	counts = make(map[string]float64, len(stats))
	for _, s := range stats {
		integer := s.Format == compiled.StatisticInt64 || s.Format == compiled.StatisticUint64
		switch {
		case strings.Contains(strings.ToLower(s.Name), "hash") && integer:
			if hashes == nil {
				hashes = map[string]uint64{}
			}
			hashes[s.Name] = s.Raw
		case strings.Contains(strings.ToLower(s.Name), "hash"), !s.Exact:
		default:
			counts[s.Name] = s.Value
		}
	}
	return counts, hashes
}

// markUntimed marks the pipelines inst builds but does not time
// (kernel.Timed); an instance without the interface times them all.
func markUntimed(ps []resultsfile.PipelineStats, inst kernel.Instance) {
	t, ok := inst.(kernel.Timed)
	if !ok {
		return
	}
	timed := t.TimedPipelines()
	for i := range ps {
		ps[i].Untimed = !slices.Contains(timed, ps[i].Name)
	}
}

// RunTarget is the child side of 'radvbench isa' for one target: in a
// process started with the target's Plan.Environ it opens the emulated
// device (Open), compiles o's benchmarks (Compile), streaming each result
// to onResult, and closes everything. It returns the device description
// (for resultsfile.Config.Device) and the first error.
func RunTarget(ctx context.Context, target string, o Options, onResult func(*resultsfile.Result)) (resultsfile.Device, error) {
	c, err := Open(target)
	if err != nil {
		return resultsfile.Device{}, err
	}
	defer c.Close()
	return c.Device(), c.Compile(ctx, o, onResult)
}
