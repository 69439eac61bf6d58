package resulttable

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// Roofline is one kernel's best variant at one size (and configuration)
// against the best figure of its roofline kernel (Result.Roofline: the
// peak of the same arithmetic, e.g. peak/fp32 for an fp32 GEMM) in the
// same results: how close the kernel comes to what the same device, in
// the same run, showed it can do.
type Roofline struct {
	// Kernel is suite/kernel, Variant the best variant's name, Size its
	// size, Config its configuration ("" for none).
	Kernel, Variant, Size, Config string
	Value                         float64
	Unit                          string
	// Peak is the roofline kernel (suite/kernel), PeakVariant its best
	// variant and PeakValue that variant's figure.
	Peak, PeakVariant string
	PeakValue         float64
	// Fraction is Value / PeakValue.
	Fraction float64
}

// Rooflines finds, for every kernel whose results name a roofline kernel
// that also ran (with the same configuration and a metric of the same
// unit, higher is better), each size's best variant and its fraction of
// the roofline kernel's best figure, in the order the kernels first
// appear. Failed and skipped results are left out.
func Rooflines(f *resultsfile.File) []Roofline {
	peaks := map[string]*resultsfile.Result{} // config + "\x00" + suite/kernel: the best
	type key struct{ kernel, size, config string }
	bests := map[key]*resultsfile.Result{}
	var order []key
	for i := range f.Results {
		r := &f.Results[i]
		if r.Status != resultsfile.StatusOK || r.Metric.Better != resultsfile.HigherIsBetter || !(r.Metric.Value > 0) {
			continue
		}
		name := r.Suite + "/" + r.Kernel
		if p := peaks[r.Config+"\x00"+name]; p == nil || r.Metric.Value > p.Metric.Value {
			peaks[r.Config+"\x00"+name] = r
		}
		if r.Roofline == "" {
			continue
		}
		k := key{name, resultsfile.SizeString(r.Params), r.Config}
		if b, ok := bests[k]; !ok {
			order = append(order, k)
			bests[k] = r
		} else if r.Metric.Value > b.Metric.Value {
			bests[k] = r
		}
	}
	var out []Roofline
	for _, k := range order {
		r := bests[k]
		p := peaks[k.config+"\x00"+r.Roofline]
		if p == nil || p.Metric.Unit != r.Metric.Unit {
			continue
		}
		out = append(out, Roofline{Kernel: k.kernel, Variant: r.Variant["name"], Size: k.size, Config: k.config,
			Value: r.Metric.Value, Unit: r.Metric.Unit, Peak: r.Roofline, PeakVariant: p.Variant["name"],
			PeakValue: p.Metric.Value, Fraction: r.Metric.Value / p.Metric.Value})
	}
	return out
}

// WriteRooflines prints the rooflines, one line each; nothing when there
// are none.
func WriteRooflines(w io.Writer, rs []Roofline) {
	if len(rs) == 0 {
		return
	}
	fmt.Fprintln(w, "\nroofline: each kernel's best variant against the same run's peak of its arithmetic")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, r := range rs {
		name := r.Kernel
		if r.Config != "" {
			name += " @" + r.Config
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s %s\t(%s)\t%.2f of %s\t%s %s\t(%s)\n", name, r.Size, figure(r.Value), r.Unit, r.Variant, r.Fraction, r.Peak, figure(r.PeakValue), r.Unit, r.PeakVariant)
	}
	tw.Flush()
}

// figure is a figure to four significant digits, without an exponent.
func figure(v float64) string {
	if v >= 1000 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.4g", v)
}
