package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/radvbench/radvbench/reports/results"
)

// printRunHeader says what the figures will describe.
func printRunHeader(w io.Writer, f *results.File) {
	d := f.Device
	fmt.Fprintf(w, "device:  %s (%s, %s %s, Vulkan %s)\n", d.Name, d.Type, d.DriverName, d.DriverInfo, d.APIVersion)
	if d.SKU != nil {
		fmt.Fprintf(w, "sku:     %s (%s, %d CUs, FP32 peak %.1f TFLOP/s)\n", d.SKU.Name, d.SKU.GFX, d.SKU.CUs, d.SKU.FP32TFLOPS)
	}
	fmt.Fprintf(w, "tool:    radvbench %s %s\n", f.Tool.Version, f.Tool.Commit)
	if d.CPU {
		fmt.Fprintln(w, "note:    CPU implementation: figures describe the host CPU, not a GPU")
	}
	fmt.Fprintln(w, "timing:  GPU timestamps; median of samples with its 95% CI; CV = stdev/mean")
	fmt.Fprintln(w)
}

// resultTable prints one aligned row per finished benchmark, except
// skips: those are kept and printed by summary, one line per reason
// (results.GroupSkipped), so that a feature the device lacks is one line,
// not a row for each of its benchmarks.
type resultTable struct {
	w             io.Writer
	header        bool
	ok, skipped   int
	failed, noisy int
	skips         []results.Result
	// samples and disturbed count the timed samples of the results with
	// interference marks, and those marked (left out of the figures).
	samples, disturbed int
}

func newResultTable(w io.Writer) *resultTable { return &resultTable{w: w} }

const rowFormat = "%-44s %-16s %16s %8s %7s %7s %4s %5s  %s\n"

func (t *resultTable) add(r *results.Result) {
	if r.Status == results.StatusSkipped {
		t.skipped++
		t.skips = append(t.skips, *r)
		return
	}
	if !t.header {
		fmt.Fprintf(t.w, rowFormat, "BENCHMARK", "SIZE", "MEDIAN", "±CI95", "CV", "%PEAK", "N", "DIST", "STATUS")
		t.header = true
	}
	name := r.Suite + "/" + r.Kernel + "/" + r.Variant["name"]
	if r.Config != "" {
		name += " @" + r.Config
	}
	size := sizeString(r.Params)
	status := r.Status
	switch r.Status {
	case results.StatusOK:
		t.ok++
		if r.Noisy {
			t.noisy++
			status = "ok (noisy)"
		}
		if r.Note != "" {
			status += "; " + r.Note
		}
	case results.StatusFailed:
		t.failed++
		status = "FAILED: " + r.Reason
	}
	median, ci, cv, peak, n, dist := "-", "-", "-", "-", "-", "-"
	if r.Status == results.StatusOK {
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
		if len(r.Disturbed) > 0 {
			d := r.DisturbedSamples()
			dist = fmt.Sprint(d)
			t.samples += len(r.Disturbed)
			t.disturbed += d
		}
	}
	fmt.Fprintf(t.w, rowFormat, name, size, median, ci, cv, peak, n, dist, status)
}

func sizeString(p map[string]int64) string {
	if m, ok := p["M"]; ok {
		return fmt.Sprintf("%dx%dx%d", m, p["N"], p["K"])
	}
	return results.FormatParams(p)
}

// summary is the skipped benchmarks, one line per reason, then the
// counts: "summary: 51 ok, 50 noisy, 126 skipped (...), 0 failed".
func (t *resultTable) summary() string {
	var b strings.Builder
	for _, g := range results.GroupSkipped(t.skips) {
		b.WriteString(g.String() + "\n")
	}
	parts := []string{fmt.Sprintf("%d ok", t.ok)}
	if t.noisy > 0 {
		parts = append(parts, fmt.Sprintf("%d noisy", t.noisy))
	}
	skipped := fmt.Sprintf("%d skipped", t.skipped)
	if t.skipped > 0 {
		skipped += " ('" + progName + " list --skipped RESULTS' lists each)"
	}
	parts = append(parts, skipped, fmt.Sprintf("%d failed", t.failed))
	b.WriteString("summary: " + strings.Join(parts, ", "))
	if t.samples > 0 {
		fmt.Fprintf(&b, "\ndisturbed: %d of %d timed samples (DIST) saw interference (another process, steal, a clock change) and are left out of the figures; the results file keeps them, marked (docs/verdicts.md)", t.disturbed, t.samples)
	}
	return b.String()
}

// nextSteps are the lines a newcomer reads at the end of a run: how to see
// the report of the results file out (reportDir: where --report wrote
// it, "" when not asked) and how to compare it with a later run.
func nextSteps(out, reportDir string) []string {
	report := fmt.Sprintf("next:    %s report %s -o %s   (HTML report with charts; then open %s)",
		progName, out, defaultReportDir(out), filepath.Join(defaultReportDir(out), "index.html"))
	if reportDir != "" {
		report = fmt.Sprintf("next:    open %s in a browser (the HTML report)", filepath.Join(reportDir, "index.html"))
	}
	return []string{report,
		fmt.Sprintf("         %s compare %s NEW.json   (after a second run, -o NEW.json: what changed, with verdicts)", progName, out)}
}

// defaultReportDir is the report directory nextSteps suggests for the
// results file out: out without ".json", plus "-report".
func defaultReportDir(out string) string {
	return strings.TrimSuffix(out, ".json") + "-report"
}
