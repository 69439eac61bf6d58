package main

import (
	"fmt"
	"io"
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

// resultTable prints one aligned row per finished benchmark.
type resultTable struct {
	w             io.Writer
	header        bool
	ok, skipped   int
	failed, noisy int
}

func newResultTable(w io.Writer) *resultTable { return &resultTable{w: w} }

const rowFormat = "%-44s %-16s %16s %8s %7s %7s %4s  %s\n"

func (t *resultTable) add(r *results.Result) {
	if !t.header {
		fmt.Fprintf(t.w, rowFormat, "BENCHMARK", "SIZE", "MEDIAN", "±CI95", "CV", "%PEAK", "N", "STATUS")
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
	case results.StatusSkipped:
		t.skipped++
		status = "skipped: " + r.Reason
	case results.StatusFailed:
		t.failed++
		status = "FAILED: " + r.Reason
	}
	median, ci, cv, peak, n := "-", "-", "-", "-", "-"
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
	}
	fmt.Fprintf(t.w, rowFormat, name, size, median, ci, cv, peak, n, status)
}

func sizeString(p map[string]int64) string {
	if m, ok := p["M"]; ok {
		return fmt.Sprintf("%dx%dx%d", m, p["N"], p["K"])
	}
	return results.FormatParams(p)
}

func (t *resultTable) summary() string {
	parts := []string{fmt.Sprintf("%d ok", t.ok)}
	if t.noisy > 0 {
		parts = append(parts, fmt.Sprintf("%d noisy", t.noisy))
	}
	parts = append(parts, fmt.Sprintf("%d skipped", t.skipped), fmt.Sprintf("%d failed", t.failed))
	return "summary: " + strings.Join(parts, ", ")
}
