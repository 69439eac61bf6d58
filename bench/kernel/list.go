package kernel

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// ListOptions shape WriteList.
type ListOptions struct {
	// Device, when set, adds whether it supports each variant (and why
	// not) and makes the sizes those of a CPU implementation where it is
	// one.
	Device *gpu.PhysicalDevice
	// Sizes adds each kernel's default and quick sizes (without a
	// Device, also those of a CPU implementation where they differ).
	Sizes bool
	// QuickLabel names the row of the quick sizes (the caller's word for
	// them; "quick sizes" when empty).
	QuickLabel string
}

// WriteList writes the suites' kernels and variants as a table: a
// suite's name and description, each kernel's metric, each variant's
// full name (what a filter matches) with its support on the device.
func WriteList(w io.Writer, suites []*Suite, o ListOptions) error {
	quick := o.QuickLabel
	if quick == "" {
		quick = "quick sizes"
	}
	pd := o.Device
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, s := range suites {
		fmt.Fprintf(tw, "%s\t%s\n", strings.ToUpper(s.Name), s.Description)
		for _, k := range s.Kernels {
			fmt.Fprintf(tw, "  %s/%s\t%s [%s, %s is better]\n", s.Name, k.Name, k.Description, k.Metric.Unit, k.Metric.Better)
			for _, v := range k.Variants {
				support := ""
				if pd != nil {
					if ok, why := k.Supported(pd, v); ok {
						support = "supported"
					} else {
						support = "unsupported: " + why
					}
				}
				fmt.Fprintf(tw, "    %s\t%s\n", FullName(k, v), support)
			}
			if o.Sizes && k.Sizes != nil {
				cpu := pd != nil && pd.IsCPU()
				fmt.Fprintf(tw, "    sizes\t%s\n", sizesList(k.Sizes(Options{CPU: cpu})))
				// Without a device, both sweeps: a GPU's and a CPU
				// implementation's (lavapipe), where they differ.
				if cpuSizes := sizesList(k.Sizes(Options{CPU: true})); pd == nil && cpuSizes != sizesList(k.Sizes(Options{})) {
					fmt.Fprintf(tw, "    sizes on a CPU implementation\t%s\n", cpuSizes)
				}
				fmt.Fprintf(tw, "    %s\t%s\n", quick, sizesList(k.Sizes(Options{Quick: true, CPU: cpu})))
			}
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}

// sizesList is sizes as results files write them, space-separated.
func sizesList(ps []Params) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = resultsfile.SizeString(p)
	}
	return strings.Join(parts, " ")
}

// Unsupported lists the variants of the suites the device cannot run, as
// skipped results with the reason (a variant, no size).
func Unsupported(suites []*Suite, pd *gpu.PhysicalDevice) []resultsfile.Result {
	var rs []resultsfile.Result
	for _, s := range suites {
		for _, k := range s.Kernels {
			for _, v := range k.Variants {
				if ok, why := k.Supported(pd, v); !ok {
					rs = append(rs, resultsfile.Result{Suite: s.Name, Kernel: k.Name, Variant: map[string]string{"name": v.Name},
						Status: resultsfile.StatusSkipped, Reason: why})
				}
			}
		}
	}
	return rs
}

// OfSuites keeps the results of the given suites, in order.
func OfSuites(rs []resultsfile.Result, suites []*Suite) []resultsfile.Result {
	in := map[string]bool{}
	for _, s := range suites {
		in[s.Name] = true
	}
	var out []resultsfile.Result
	for _, r := range rs {
		if in[r.Suite] {
			out = append(out, r)
		}
	}
	return out
}
