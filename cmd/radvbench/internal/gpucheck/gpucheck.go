// Package gpucheck is what 'radvbench gpu-check' runs and concludes: the
// runs of a check of one GPU (Steps: every suite verified at quick sizes,
// the peaks, GEMM and memory timed at GPU sizes, a short A/A until
// decided) and, from their results, one summary (Summarize): the device
// and driver, each figure with its fraction of the same run's peak, and a
// pass, warn, fail or skip per check. It runs nothing itself: the command
// runs the steps and hands their files here, so the verdicts are tested
// on results files.
package gpucheck

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/resulttable"
)

// Step is one run of a check: a name (also the configuration its results
// carry in the check's results file), what it is for, and the arguments
// of 'radvbench run' (without --device, -o and --progress, which the
// command adds).
type Step struct {
	Name, What string
	Args       []string
}

// The steps' names, the configurations of the check's results file (the
// A/A's two sides keep theirs, A and B).
const (
	StepVerify = "verify"
	StepTime   = "time"
	StepAA     = "aa"
)

// GPU sizes of the timing step: GEMM at 4096³ and an LLM-like
// 4096×14336×4096 (the GEMMs worth timing there: the teaching kernels
// naive and tiled left out), the memory streams at 256 MiB, past every
// GPU's caches.
const (
	gpuSizes   = "matmul=4096,4096x14336x4096;memory=256MiB"
	gpuFilter  = `^(peak/|matmul/[^/]*(regblock|direct|lanes|f16storage|f16arith|coopmat|block|mm)[^/]*/|memory/(read|write|copy|triad)/)`
	aaFilterG  = `^peak/(fp32|coopmat-f16)/`
	aaFilterC  = `^peak/fp32/vec4-acc[12]$`
	cpuFilter  = `^(peak/(fp32|int32)/|matmul/(lanes|regblock)/|memory/(read|copy)/)`
	verifyTime = "20ms"
)

// Steps are the runs of a check of a device: a GPU's at GPU sizes with
// an A/A of aaBudget, a CPU implementation's (lavapipe) at quick sizes
// and on fewer kernels, so that it finishes in minutes there too.
//
// The verification judges no figure, so it never waits for a quiet
// machine (--quiet-wait 0): beside a busy CPU every benchmark would wait
// its 4 s.
//
// suites narrows the verification to those suites ("all", or "" for
// every suite; a comma-separated list as run's --suite).
func Steps(cpu bool, aaBudget time.Duration, suites string) []Step {
	what := "every suite verified against its CPU reference at quick sizes"
	if suites == "" || suites == "all" {
		suites = "all"
	} else {
		what = "suites " + suites + " verified against their CPU references at quick sizes"
	}
	verify := Step{StepVerify, what,
		[]string{"--suite", suites, "--quick", "--max-time", verifyTime, "--warmup", "1ms", "--warmup-max", "100ms", "--quiet-wait", "0", "--no-capture"}}
	if cpu {
		return []Step{verify,
			{StepTime, "the peaks, GEMM and memory timed (quick sizes: a CPU implementation)",
				[]string{"--suite", "peak,matmul,memory", "--quick", "--filter", cpuFilter, "--max-time", "300ms", "--no-capture"}},
			{StepAA, "a short A/A until decided: the gate must call no change",
				[]string{"--suite", "peak", "--quick", "--filter", aaFilterC, "--until-decided", "--config", "A", "--config", "B",
					"--runs", "6", "--budget", aaBudget.String(), "--max-time", "300ms", "--no-capture"}},
		}
	}
	return []Step{verify,
		{StepTime, "the peaks, GEMM at 4096³ and 4096×14336×4096, memory at 256 MiB",
			[]string{"--suite", "peak,matmul,memory", "--sizes", gpuSizes, "--filter", gpuFilter, "--max-time", "300ms", "--warmup-max", "1s", "--no-capture"}},
		{StepAA, "a short A/A until decided: the gate must call no change",
			[]string{"--suite", "peak", "--filter", aaFilterG, "--until-decided", "--config", "A", "--config", "B",
				"--runs", "8", "--budget", aaBudget.String(), "--max-time", "300ms", "--no-capture"}},
	}
}

// Status is a check's outcome.
type Status string

const (
	Pass Status = "pass"
	Warn Status = "warn"
	Fail Status = "fail"
	Skip Status = "skip"
)

// Check is one check's outcome and why.
type Check struct {
	Name   string `json:"name"`
	Status Status `json:"status"`
	Detail string `json:"detail"`
}

// Figure is one timed figure: a kernel's best variant at a size, and its
// share of a peak (the same run's peak kernel, or the device table's).
type Figure struct {
	Kernel   string  `json:"kernel"`
	Variant  string  `json:"variant"`
	Size     string  `json:"size,omitempty"`
	Value    float64 `json:"value"`
	Unit     string  `json:"unit"`
	Of       string  `json:"of,omitempty"`
	Fraction float64 `json:"fraction,omitempty"`
}

// Summary is a check's conclusion.
type Summary struct {
	Device string `json:"device"`
	Driver string `json:"driver"`
	// CPU says the device is a CPU implementation: its figures describe
	// the host processor, not a GPU.
	CPU    bool     `json:"cpu"`
	Checks []Check  `json:"checks"`
	Peaks  []Figure `json:"peaks,omitempty"`
	GEMM   []Figure `json:"gemm,omitempty"`
	Memory []Figure `json:"memory,omitempty"`
	// Skipped lists what the device could not run, one line a reason.
	Skipped []string `json:"skipped,omitempty"`
	Seconds float64  `json:"seconds"`
}

// Passed reports whether no check failed.
func (s *Summary) Passed() bool {
	for _, c := range s.Checks {
		if c.Status == Fail {
			return false
		}
	}
	return true
}

// Inputs are the steps' outcomes: the files their runs wrote (nil for a
// step that did not run, with Err saying why) and the A/A's verdicts.
type Inputs struct {
	Verify, Time, AA          *resultsfile.File
	VerifyErr, TimeErr, AAErr error
	Verdicts                  *compare.Report
	Seconds                   float64
}

// Summarize concludes a check from its steps' outcomes.
func Summarize(in Inputs) Summary {
	var s Summary
	s.Seconds = in.Seconds
	for _, f := range []*resultsfile.File{in.Time, in.Verify, in.AA} {
		if f != nil {
			s.Device = f.Device.Name
			s.Driver = strings.TrimSpace(f.Device.DriverName + " " + f.Device.DriverInfo)
			s.CPU = f.Device.CPU
			break
		}
	}
	s.Checks = append(s.Checks, verifyCheck(in.Verify, in.VerifyErr, &s))
	s.Checks = append(s.Checks, timeCheck(in.Time, in.TimeErr, &s))
	s.Checks = append(s.Checks, warmupCheck(in.Verify, in.Time, in.AA))
	s.Checks = append(s.Checks, aaCheck(in.AA, in.AAErr, in.Verdicts))
	s.Checks = append(s.Checks, levelsCheck(in.AA))
	return s
}

// verifyCheck: every benchmark that ran was right (skips are listed, not
// failed).
func verifyCheck(f *resultsfile.File, err error, s *Summary) Check {
	c := Check{Name: "verification"}
	if f == nil {
		c.Status, c.Detail = Fail, fmt.Sprintf("did not run: %v", err)
		return c
	}
	var ok, failed []string
	var skips []resultsfile.Result
	for _, r := range f.Results {
		switch r.Status {
		case resultsfile.StatusOK:
			ok = append(ok, r.ID())
		case resultsfile.StatusFailed:
			failed = append(failed, r.Suite+"/"+r.Kernel+"/"+r.Variant["name"]+" "+resultsfile.SizeString(r.Params)+": "+r.Reason)
		default:
			skips = append(skips, r)
		}
	}
	for _, g := range resultsfile.GroupSkipped(skips) {
		s.Skipped = append(s.Skipped, g.String())
	}
	switch {
	case len(failed) > 0:
		c.Status = Fail
		c.Detail = fmt.Sprintf("%d of %d benchmarks failed: %s", len(failed), len(ok)+len(failed), strings.Join(failed[:min(3, len(failed))], "; "))
		if len(failed) > 3 {
			c.Detail += fmt.Sprintf("; and %d more", len(failed)-3)
		}
	case len(ok) == 0:
		c.Status, c.Detail = Fail, "no benchmark ran"
	default:
		c.Status, c.Detail = Pass, fmt.Sprintf("%d benchmarks verified, %d skipped (the device lacks a feature)", len(ok), len(skips))
	}
	if err != nil && c.Status == Pass {
		c.Status, c.Detail = Fail, fmt.Sprintf("%s; but the run ended with: %v", c.Detail, err)
	}
	return c
}

// timeCheck fills the figures: the best variant of each peak kernel, of
// each GEMM family at each size against the same run's peak of its
// arithmetic (or the device table's), of each memory kernel.
func timeCheck(f *resultsfile.File, err error, s *Summary) Check {
	c := Check{Name: "timing"}
	if f == nil {
		c.Status, c.Detail = Fail, fmt.Sprintf("did not run: %v", err)
		return c
	}
	roof := map[string]resulttable.Roofline{}
	for _, r := range resulttable.Rooflines(f) {
		roof[r.Kernel+"\x00"+r.Size] = r
	}
	type key struct{ kernel, size string }
	best := map[key]*resultsfile.Result{}
	var order []key
	failed := 0
	for i := range f.Results {
		r := &f.Results[i]
		if r.Status == resultsfile.StatusFailed {
			failed++
		}
		if r.Status != resultsfile.StatusOK || r.Metric.Better != resultsfile.HigherIsBetter {
			continue
		}
		k := key{r.Suite + "/" + r.Kernel, resultsfile.SizeString(r.Params)}
		if b, ok := best[k]; !ok {
			order = append(order, k)
			best[k] = r
		} else if r.Metric.Value > b.Metric.Value {
			best[k] = r
		}
	}
	for _, k := range order {
		r := best[k]
		fig := Figure{Kernel: k.kernel, Variant: r.Variant["name"], Value: r.Metric.Value, Unit: r.Metric.Unit}
		if r.Suite != "peak" {
			fig.Size = k.size
		}
		if rl, ok := roof[k.kernel+"\x00"+k.size]; ok {
			fig.Of, fig.Fraction = rl.Peak+" (same run)", rl.Fraction
		} else if r.PercentOfPeak > 0 {
			fig.Of, fig.Fraction = "device table "+r.PeakName, r.PercentOfPeak/100
		}
		switch r.Suite {
		case "peak":
			s.Peaks = append(s.Peaks, fig)
		case "matmul":
			s.GEMM = append(s.GEMM, fig)
		case "memory":
			s.Memory = append(s.Memory, fig)
		}
	}
	n := len(s.Peaks) + len(s.GEMM) + len(s.Memory)
	switch {
	case failed > 0:
		c.Status, c.Detail = Fail, fmt.Sprintf("%d benchmark(s) failed while timed", failed)
	case n == 0:
		c.Status, c.Detail = Fail, "nothing was timed"
	default:
		c.Status, c.Detail = Pass, fmt.Sprintf("%d figures (best variant of each kernel and size)", n)
	}
	if err != nil && c.Status == Pass {
		c.Status, c.Detail = Fail, fmt.Sprintf("%s; but the run ended with: %v", c.Detail, err)
	}
	return c
}

// warmupCheck: the runs' warm-ups reached a steady state (a warning
// otherwise: their first samples may sit on a clock still ramping up).
func warmupCheck(fs ...*resultsfile.File) Check {
	c := Check{Name: "warm-up"}
	var runs, unsteady, idle int
	var secs []float64
	for _, f := range fs {
		if f == nil {
			continue
		}
		for _, r := range f.Results {
			for _, w := range r.Warmup {
				runs++
				secs = append(secs, w.Seconds)
				if !w.Steady {
					unsteady++
				}
				if w.ClockIdle {
					idle++
				}
			}
		}
	}
	if runs == 0 {
		c.Status, c.Detail = Skip, "no warm-up recorded"
		return c
	}
	slices.Sort(secs)
	c.Status = Pass
	c.Detail = fmt.Sprintf("%d of %d runs steady before timing (median %.2g s, longest %.2g s)", runs-unsteady, runs, secs[len(secs)/2], secs[len(secs)-1])
	if unsteady > 0 {
		c.Status = Warn
		if idle > 0 {
			c.Detail += fmt.Sprintf("; %d ended with the shader clock at its idle level", idle)
		}
	}
	return c
}

// aaCheck: the A/A called no change (a regression or improvement there
// is a false alarm: the gate is not fit for this machine as it is).
func aaCheck(f *resultsfile.File, err error, rep *compare.Report) Check {
	c := Check{Name: "A/A gate"}
	if rep == nil {
		if f == nil && err == nil {
			c.Status, c.Detail = Skip, "not run"
		} else {
			c.Status, c.Detail = Fail, fmt.Sprintf("no verdict: %v", err)
		}
		return c
	}
	n := rep.Counts
	changes := n.Regressions + n.Improvements + n.Failed
	c.Detail = fmt.Sprintf("%d benchmarks: %d ~, %d unsure, %d changes called", n.Same+n.Unsure+changes, n.Same, n.Unsure, changes)
	switch {
	case changes > 0:
		c.Status = Fail
		c.Detail += " (false alarms: the same build against itself)"
	case n.Same == 0:
		c.Status = Warn
		c.Detail += " (nothing decided within the budget: a noisy device)"
	default:
		c.Status = Pass
	}
	return c
}

// levelsCheck: runs of one configuration sat at the same level (a GPU
// that idles between runs measures whole runs at an idle clock).
func levelsCheck(f *resultsfile.File) Check {
	c := Check{Name: "run levels"}
	if f == nil {
		c.Status, c.Detail = Skip, "no repeated runs"
		return c
	}
	var flagged []string
	n := 0
	for _, r := range f.Results {
		_, runs := r.RunSamples()
		if r.Status != resultsfile.StatusOK || len(runs) < 2 {
			continue
		}
		n++
		if l := stats.RunLevels(runs, r.RunDisturbed()); l.Flagged {
			flagged = append(flagged, fmt.Sprintf("%s/%s/%s @%s: %s apart", r.Suite, r.Kernel, r.Variant["name"], r.Config, compare.LevelRatioText(l.Ratio)))
		}
	}
	sort.Strings(flagged)
	switch {
	case n == 0:
		c.Status, c.Detail = Skip, "no repeated runs"
	case len(flagged) > 0:
		c.Status = Warn
		c.Detail = fmt.Sprintf("%d of %d benchmarks ran at levels far apart between runs, each run steady (a power state, not the code): %s", len(flagged), n, strings.Join(flagged, "; "))
	default:
		c.Status, c.Detail = Pass, fmt.Sprintf("%d benchmarks: their runs sat at one level", n)
	}
	return c
}

// Write prints the summary.
func Write(w io.Writer, s *Summary) {
	fmt.Fprintf(w, "gpu-check: %s (%s), %.0f s\n", s.Device, s.Driver, s.Seconds)
	if s.CPU {
		fmt.Fprintln(w, "note: a CPU implementation: its figures describe the host processor through LLVM, not a GPU; this checks the tool and the kernels, not a GPU")
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "\nCHECK\tRESULT\tDETAIL")
	for _, c := range s.Checks {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", c.Name, strings.ToUpper(string(c.Status)), c.Detail)
	}
	tw.Flush()
	for _, part := range []struct {
		title string
		figs  []Figure
	}{{"peaks", s.Peaks}, {"GEMM (best variant; fraction of the same run's peak of its arithmetic)", s.GEMM}, {"memory", s.Memory}} {
		if len(part.figs) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s:\n", part.title)
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, f := range part.figs {
			frac := ""
			if f.Fraction > 0 {
				frac = fmt.Sprintf("%.2f of %s", f.Fraction, f.Of)
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", f.Kernel, f.Size, figure(f.Value)+" "+f.Unit, "("+f.Variant+")", frac)
		}
		tw.Flush()
	}
	if len(s.Skipped) > 0 {
		fmt.Fprintln(w, "\nskipped (the device cannot run them):")
		for _, l := range s.Skipped {
			fmt.Fprintln(w, "  "+l)
		}
	}
	verdict := "PASS"
	if !s.Passed() {
		verdict = "FAIL"
	}
	fmt.Fprintf(w, "\n%s\n", verdict)
}

// figure is a figure to four significant digits, without an exponent.
func figure(v float64) string {
	if v >= 1000 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.4g", v)
}

// Merge makes the check's one results file: the verification's results
// as configuration "verify", the timing's as "time", the A/A's as its
// two sides (A, B), each run a round of its configuration, under the
// header of the first step that ran (its device, fingerprint and system).
// Two checks' files compare result by result ('radvbench compare
// old.json new.json'); 'compare --by config FILE --baseline A' judges the
// A/A again.
func Merge(in Inputs) *resultsfile.File {
	var out *resultsfile.File
	steps := []struct {
		name string
		f    *resultsfile.File
	}{{StepVerify, in.Verify}, {StepTime, in.Time}, {"", in.AA}}
	for _, st := range steps {
		f := st.f
		if f == nil {
			continue
		}
		if out == nil {
			cp := *f
			cp.Results, cp.Rounds, cp.Configs, cp.Command = nil, nil, nil, []string{"radvbench", "gpu-check"}
			out = &cp
		}
		if f.Started.Before(out.Started) {
			out.Started = f.Started
		}
		if f.Finished.After(out.Finished) {
			out.Finished = f.Finished
		}
		for k, v := range f.Shaders {
			if out.Shaders == nil {
				out.Shaders = map[string]string{}
			}
			out.Shaders[k] = v
		}
		if st.name == "" { // the A/A: its configurations and rounds as they are
			out.Configs = append(out.Configs, f.Configs...)
			out.Rounds = append(out.Rounds, f.Rounds...)
			out.Results = append(out.Results, f.Results...)
			continue
		}
		out.Configs = append(out.Configs, resultsfile.Config{Name: st.name})
		out.Rounds = append(out.Rounds, resultsfile.Round{Index: 1, Config: st.name, Started: f.Started, Finished: f.Finished})
		for _, r := range f.Results {
			r.Config = st.name
			r.SampleRounds = nil
			out.Results = append(out.Results, r)
		}
	}
	if out != nil {
		out.Quick = false
	}
	return out
}
