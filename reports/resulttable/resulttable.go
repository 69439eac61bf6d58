// Package resulttable renders results files as the aligned text tables
// radvbench prints: a run's rows as its benchmarks finish and its
// summary (skips grouped by reason, disturbed samples counted), an isa
// run's worst figures per benchmark and target, and skipped benchmarks
// grouped by reason with their sizes.
package resulttable

import (
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
)

// Header says what the figures of a run will describe: the device,
// its SKU, the tool, and for a CPU implementation that its figures are
// the host CPU's.
func Header(w io.Writer, f *resultsfile.File) {
	d := f.Device
	fmt.Fprintf(w, "device:  %s (%s, %s %s, Vulkan %s)\n", d.Name, d.Type, d.DriverName, d.DriverInfo, d.APIVersion)
	if d.SKU != nil {
		fmt.Fprintf(w, "sku:     %s (%s, %d CUs, FP32 peak %.1f TFLOP/s)\n", d.SKU.Name, d.SKU.GFX, d.SKU.CUs, d.SKU.FP32TFLOPS)
	}
	fmt.Fprintf(w, "tool:    radvbench %s %s\n", f.Tool.Version, f.Tool.Commit)
	switch why, unsupported := strings.CutPrefix(f.Capture, resultsfile.CaptureUnsupported+": "); {
	case f.Capture == resultsfile.CaptureOn:
		fmt.Fprintln(w, "code:    the compiler's statistics of every pipeline, from a compile of its own (VK_KHR_pipeline_executable_properties)")
	case unsupported:
		fmt.Fprintf(w, "code:    no compiler statistics: %s\n", why)
	}
	if d.CPU {
		fmt.Fprintln(w, "note:    CPU implementation: figures describe the host CPU, not a GPU")
	}
	fmt.Fprintln(w, "timing:  GPU timestamps; median of samples with its 95% CI; CV = stdev/mean")
	fmt.Fprintln(w)
}

// Table prints one aligned row per finished benchmark, except
// skips: those are kept and printed by summary, one line per reason
// (resultsfile.GroupSkipped), so that a feature the device lacks is one line,
// not a row for each of its benchmarks. Where a result's interference
// record carries the GPU's telemetry, its row also shows the median
// shader clock (SCLK) and, where energy or power was readable, the energy
// of one dispatch (J/DISP) and the work per joule (WORK/J: GFLOP/J,
// GB/J); these columns appear from the first row that has them (the
// heading is printed again when they do) and are absent otherwise.
type Table struct {
	// SkippedHint, when set, follows the skipped count in the summary
	// (where to see each skipped benchmark).
	SkippedHint string

	w             io.Writer
	header        bool
	ok, skipped   int
	Failed, noisy int
	skips         []resultsfile.Result
	// samples and disturbed count the timed samples of the results with
	// interference marks, and those marked (left out of the figures).
	samples, disturbed int
	// warm holds the runs' warm-up times (s); unsteady counts those the
	// bound ended before their batches were steady.
	warm     []float64
	unsteady int
	// levels names the results whose runs sat steady at levels far apart
	// (stats.RunLevels), with their run medians.
	levels []string
	// cols are the optional columns shown so far (colClock, colEnergy).
	cols int
	// CPU says the results come from a CPU implementation (the file's
	// Device.CPU), so the summary words run levels for it.
	CPU bool
}

// New is a table printing to w.
func New(w io.Writer) *Table { return &Table{w: w} }

// rowFormat is a row's fixed columns; the optional ones (gpuFigures)
// follow, then two spaces and the status.
const rowFormat = "%-44s %-16s %16s %8s %7s %7s %4s %5s"

// Add prints r's row (a skip is kept for the summary).
func (t *Table) Add(r *resultsfile.Result) {
	if r.Status == resultsfile.StatusSkipped {
		t.skipped++
		t.skips = append(t.skips, *r)
		return
	}
	g := figures(r)
	if more := g.columns() &^ t.cols; !t.header || more != 0 {
		t.cols |= more
		format, cells := headCells(t.cols)
		fmt.Fprintf(t.w, rowFormat+format+"  %s\n", append(append([]any{"BENCHMARK", "SIZE", "MEDIAN", "±CI95", "CV", "%PEAK", "N", "DIST"}, cells...), "STATUS")...)
		t.header = true
	}
	name := r.Suite + "/" + r.Kernel + "/" + r.Variant["name"]
	if r.Config != "" {
		name += " @" + r.Config
	}
	size := resultsfile.SizeString(r.Params)
	status := r.Status
	switch r.Status {
	case resultsfile.StatusOK:
		t.ok++
		if r.Noisy {
			t.noisy++
			status = "ok (noisy)"
		}
		if r.Note != "" {
			status += "; " + r.Note
		}
	case resultsfile.StatusFailed:
		t.Failed++
		status = "FAILED: " + r.Reason
	}
	median, ci, cv, peak, n, dist := "-", "-", "-", "-", "-", "-"
	if r.Status == resultsfile.StatusOK {
		median = fmt.Sprintf("%.4g %s", r.Metric.Value, r.Metric.Unit)
		if r.CI.High > 0 && r.Metric.Value != 0 {
			half := max(r.CI.High-r.Metric.Value, r.Metric.Value-r.CI.Low) / r.Metric.Value
			ci = fmt.Sprintf("±%.1f%%", 100*half)
		} else {
			ci = "n/a"
		}
		cv = fmt.Sprintf("%.1f%%", 100*r.CV)
		if r.PercentOfPeak > 0 {
			peak = fmt.Sprintf("%.1f%%", r.PercentOfPeak)
		}
		n = fmt.Sprint(len(r.Metric.Samples))
		if _, runs := r.RunSamples(); len(runs) > 1 {
			if l := stats.RunLevels(runs, r.RunDisturbed()); l.Flagged {
				meds := make([]string, len(l.Medians))
				for i, m := range l.Medians {
					meds[i] = fmt.Sprintf("%.3g", m)
				}
				t.levels = append(t.levels, fmt.Sprintf("%s (%s %s)", name, strings.Join(meds, ", "), r.Metric.Unit))
			}
		}
		for _, w := range r.Warmup {
			t.warm = append(t.warm, w.Seconds)
			if !w.Steady {
				t.unsteady++
			}
		}
		if len(r.Disturbed) > 0 {
			d := r.DisturbedSamples()
			dist = fmt.Sprint(d)
			t.samples += len(r.Disturbed)
			t.disturbed += d
		}
	}
	format, cells := g.cells(t.cols)
	fmt.Fprintf(t.w, rowFormat+format+"  %s\n", append(append([]any{name, size, median, ci, cv, peak, n, dist}, cells...), status)...)
}

// Summary is the skipped benchmarks, one line per reason, then the
// counts: "summary: 51 ok, 50 noisy, 126 skipped (...), 0 failed".
func (t *Table) Summary() string {
	var b strings.Builder
	for _, g := range resultsfile.GroupSkipped(t.skips) {
		b.WriteString(g.String() + "\n")
	}
	parts := []string{fmt.Sprintf("%d ok", t.ok)}
	if t.noisy > 0 {
		parts = append(parts, fmt.Sprintf("%d noisy", t.noisy))
	}
	skipped := fmt.Sprintf("%d skipped", t.skipped)
	if t.skipped > 0 && t.SkippedHint != "" {
		skipped += " (" + t.SkippedHint + ")"
	}
	parts = append(parts, skipped, fmt.Sprintf("%d failed", t.Failed))
	b.WriteString("summary: " + strings.Join(parts, ", "))
	if len(t.warm) > 0 {
		w := slices.Clone(t.warm)
		slices.Sort(w)
		fmt.Fprintf(&b, "\nwarm-up: %.2g s median, %.2g s longest", w[len(w)/2], w[len(w)-1])
		if t.unsteady == 0 {
			b.WriteString("; every run's batch times were steady before timing")
		} else {
			fmt.Fprintf(&b, "; %d of %d runs were still speeding up when the warm-up's bound ended it: their first samples may sit on a clock still ramping up", t.unsteady, len(w))
		}
	}
	if len(t.levels) > 0 {
		fmt.Fprintf(&b, "\nrun levels: %d benchmark(s) whose runs each sat steady at their own level, far apart: %s, not the code; compare such runs only paired by round: %s", len(t.levels), stats.LevelCause(t.CPU), strings.Join(t.levels, "; "))
	}
	if t.samples > 0 {
		fmt.Fprintf(&b, "\ndisturbed: %d of %d timed samples (DIST) saw interference (another process, steal, a clock change) and are left out of the figures; the results file keeps them, marked (docs/verdicts.md)", t.disturbed, t.samples)
	}
	return b.String()
}

// WriteISA prints one row per benchmark and target: the worst of
// its executables (most registers, least occupancy, all spills, LDS,
// scratch and matrix instructions), and returns how many failed.
func WriteISA(w io.Writer, f *resultsfile.File) (failed int) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "BENCHMARK\tSIZE\tTARGET\tVGPRS\tSGPRS\tOCCUPANCY\tSPILLS\tLDS\tSCRATCH\tMATRIX\tSTATUS")
	var ok, skipped int
	for _, r := range f.Results {
		name := r.Suite + "/" + r.Kernel + "/" + r.Variant["name"]
		switch r.Status {
		case resultsfile.StatusSkipped:
			skipped++
			continue // summarized below: one skip reason repeats across variants
		case resultsfile.StatusFailed:
			failed++
			fmt.Fprintf(tw, "%s\t%s\t%s\t-\t-\t-\t-\t-\t-\t-\tFAILED: %s\n", name, resultsfile.SizeString(r.Params), r.Config, r.Reason)
			continue
		}
		ok++
		worst := map[string]float64{"Subgroups per SIMD": math.Inf(1)}
		for _, p := range r.Pipelines {
			for _, e := range p.Executables {
				for _, k := range []string{"VGPRs", "SGPRs", "LDS size", "Scratch size"} {
					worst[k] = math.Max(worst[k], e.Stats[k])
				}
				if v, ok := e.Stats["Subgroups per SIMD"]; ok {
					worst["Subgroups per SIMD"] = math.Min(worst["Subgroups per SIMD"], v)
				}
				worst["spills"] += e.Stats["Spilled SGPRs"] + e.Stats["Spilled VGPRs"]
				worst["matrix"] += e.Derived["matrix"]
			}
		}
		occ := "-"
		if !math.IsInf(worst["Subgroups per SIMD"], 1) {
			occ = fmt.Sprintf("%g", worst["Subgroups per SIMD"])
		}
		status := "ok"
		if worst["spills"] > 0 {
			status = "ok (spills)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%g\t%g\t%s\t%g\t%g\t%g\t%g\t%s\n", name, resultsfile.SizeString(r.Params), r.Config,
			worst["VGPRs"], worst["SGPRs"], occ, worst["spills"], worst["LDS size"], worst["Scratch size"], worst["matrix"], status)
	}
	tw.Flush()
	if skipped > 0 {
		fmt.Fprintf(w, "\n%d benchmark(s) skipped:\n", skipped)
		for _, line := range skipReasons(f.Results) {
			fmt.Fprintf(w, "  %s\n", line)
		}
	}
	fmt.Fprintf(w, "\nsummary: %d compiled, %d skipped, %d failed (static figures of emulated devices: registers and occupancy bound a kernel, they are not its speed)\n", ok, skipped, failed)
	return failed
}

// skipReasons is one line per skip reason and target: how many
// benchmarks it skipped.
func skipReasons(rs []resultsfile.Result) []string {
	count := map[string]int{}
	for _, r := range rs {
		if r.Status == resultsfile.StatusSkipped {
			count[r.Config+": "+r.Reason]++
		}
	}
	lines := make([]string, 0, len(count))
	for k, n := range count {
		lines = append(lines, fmt.Sprintf("%d on %s", n, k))
	}
	sort.Strings(lines)
	return lines
}

// WriteSkipped prints the skipped results of rs grouped by reason: each
// group's line (as a run's summary prints it), then its benchmarks with their sizes.
func WriteSkipped(stdout io.Writer, rs []resultsfile.Result, what string) error {
	groups := resultsfile.GroupSkipped(rs)
	n := 0
	for _, g := range groups {
		n += len(g.Results)
	}
	reasons := "reasons"
	if len(groups) == 1 {
		reasons = "reason"
	}
	fmt.Fprintf(stdout, "%s: %d skipped, %d %s\n", what, n, len(groups), reasons)
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	for _, g := range groups {
		fmt.Fprintf(tw, "\n%s\n", g)
		for _, r := range g.Results {
			name := r.Suite + "/" + r.Kernel + "/" + r.Variant["name"]
			if r.Config != "" {
				name += " @" + r.Config
			}
			fmt.Fprintf(tw, "  %s\t%s\n", name, resultsfile.SizeString(r.Params))
		}
	}
	return tw.Flush()
}

// WriteCoopMat prints a device's subgroup sizes and its cooperative-matrix
// property table, one entry a line, each line after prefix (the devices, list and
// sysinfo commands share it).
func WriteCoopMat(w io.Writer, prefix string, sg, minSG, maxSG uint32, table []resultsfile.CoopMatrix) {
	line := fmt.Sprintf("subgroup size %d", sg)
	if maxSG > 0 {
		line += fmt.Sprintf(" (size control: %d..%d)", minSG, maxSG)
	}
	lines := []string{line}
	if len(table) == 0 {
		lines = append(lines, "cooperative matrix: none (no VK_KHR_cooperative_matrix)")
	} else {
		lines = append(lines, fmt.Sprintf("cooperative matrix: %d shapes (MxNxK A*B+C->Result scope)", len(table)))
		for _, c := range table {
			lines = append(lines, "  "+c.String())
		}
	}
	for _, l := range lines {
		fmt.Fprintln(w, strings.TrimRight(prefix+l, " "))
	}
}

// WriteDeviceCoopMat is WriteCoopMat for a device record.
func WriteDeviceCoopMat(w io.Writer, prefix string, d resultsfile.Device) {
	WriteCoopMat(w, prefix, d.SubgroupSize, uint32(d.Limits["minSubgroupSize"]), uint32(d.Limits["maxSubgroupSize"]), d.CooperativeMatrix)
}
