package chart

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/pairing"
)

// Options select what the charts group by.
type Options struct {
	// By is the grouping key, as compare.Options.By: "" (one configuration
	// per input, plus each A/B configuration in it), "config", "file",
	// "device", "driver", "label.KEY" or a fingerprint key.
	By string
	// Report is the comparison to chart; nil draws no comparison chart.
	Report *compare.Report
}

// bench is one benchmark in one configuration, samples pooled over the
// inputs that share the configuration.
type bench struct {
	cfg     string
	r       *resultsfile.Result // the first ok result (else the first seen)
	samples []float64
	sum     stats.Summary
	device  *resultsfile.Device
}

func (b *bench) ok() bool { return b.r.Status == resultsfile.StatusOK && len(b.samples) > 0 }

// dataset is every benchmark of the inputs, by configuration.
type dataset struct {
	configs []string // in first-seen order
	benches []*bench // in first-seen order
	byKey   map[string]*bench
	suites  []string
	devices []*resultsfile.Device
	sku     *resultsfile.SKU
}

// configOf names the configuration a result belongs to.
func configOf(in pairing.Input, r *resultsfile.Result, by string, multi bool) string {
	f := in.File
	var v string
	switch {
	case by == "":
		if multi {
			v = in.Name
			if r.Config != "" {
				v += " @" + r.Config
			}
		} else {
			v = r.Config
		}
		return v
	case by == "config":
		v = r.Config
	case by == "file":
		v = in.Name
	case by == "device":
		v = f.Device.Name
	case by == "driver":
		v = f.Device.DriverInfo
	case strings.HasPrefix(by, "label."):
		v = f.Labels[strings.TrimPrefix(by, "label.")]
	default:
		v = f.Fingerprint[by]
	}
	if v == "" {
		v = "(unset)"
	}
	if by != "config" && r.Config != "" {
		v += " @" + r.Config
	}
	return v
}

func collect(inputs []pairing.Input, by string) *dataset {
	d := &dataset{byKey: map[string]*bench{}}
	seenCfg := map[string]bool{}
	seenSuite := map[string]bool{}
	seenDev := map[string]bool{}
	for _, in := range inputs {
		dev := &in.File.Device
		if id := dev.Name + "\x00" + dev.DriverInfo; !seenDev[id] {
			seenDev[id] = true
			d.devices = append(d.devices, dev)
		}
		if d.sku == nil && dev.SKU != nil {
			d.sku = dev.SKU
		}
		for i := range in.File.Results {
			r := &in.File.Results[i]
			cfg := configOf(in, r, by, len(inputs) > 1)
			if !seenCfg[cfg] {
				seenCfg[cfg] = true
				d.configs = append(d.configs, cfg)
			}
			if !seenSuite[r.Suite] {
				seenSuite[r.Suite] = true
				d.suites = append(d.suites, r.Suite)
			}
			key := cfg + "\x00" + r.ID()
			b := d.byKey[key]
			if b == nil {
				b = &bench{cfg: cfg, r: r, device: dev}
				d.byKey[key] = b
				d.benches = append(d.benches, b)
			} else if b.r.Status != resultsfile.StatusOK && r.Status == resultsfile.StatusOK {
				b.r = r
			}
			if r.Status == resultsfile.StatusOK {
				b.samples = append(b.samples, r.Metric.Samples...)
			}
		}
	}
	for _, b := range d.benches {
		if b.ok() {
			b.sum = stats.Summarize(b.samples)
		}
	}
	return d
}

// get returns the benchmark id in configuration cfg.
func (d *dataset) get(cfg, id string) *bench { return d.byKey[cfg+"\x00"+id] }

// configIndex numbers the configurations in their order.
func (d *dataset) configIndex() map[string]int {
	idx := make(map[string]int, len(d.configs))
	for i, c := range d.configs {
		idx[c] = i
	}
	return idx
}

// subtitle names the device(s) and driver(s) the figures come from.
func (d *dataset) subtitle() string {
	var parts []string
	cpu := false
	for _, dev := range d.devices {
		s := dev.Name
		if drv := strings.TrimSpace(dev.DriverName + " " + dev.DriverInfo); drv != "" {
			s += " · " + drv
		}
		if dev.SKU != nil && dev.SKU.Name != "" && !strings.Contains(dev.Name, dev.SKU.Name) {
			s += " (" + dev.SKU.Name + ")"
		}
		cpu = cpu || dev.CPU
		parts = append(parts, s)
	}
	if len(parts) > 3 {
		parts = append(parts[:3], fmt.Sprintf("and %d more", len(parts)-3))
	}
	s := strings.Join(parts, "  vs  ")
	if cpu {
		s += "  — CPU implementation: figures describe the host processor"
	}
	return s
}

// variantName is the short name of a result's variant.
func variantName(r *resultsfile.Result) string {
	if n := r.Variant["name"]; n != "" {
		return n
	}
	return resultsfile.FormatVariant(r.Variant)
}

// seriesName is kernel plus variant, the unit of one line.
func seriesName(r *resultsfile.Result) string {
	v := variantName(r)
	if v == "" {
		return r.Kernel
	}
	return r.Kernel + " " + v
}

// paramOrder puts M, N, K first (GEMM's conventional order), then the
// other parameters by name.
func paramOrder(p map[string]int64) []string {
	rank := func(k string) int {
		if i := strings.Index("MNK", k); len(k) == 1 && i >= 0 {
			return i
		}
		return 3
	}
	return slices.SortedFunc(maps.Keys(p), func(a, b string) int { return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(a, b)) })
}

// sizeLabel renders the problem size: "256³" for a cube, "100×37×129"
// otherwise, "n=4096" for one parameter.
func sizeLabel(p map[string]int64) string {
	keys := paramOrder(p)
	switch len(keys) {
	case 0:
		return ""
	case 1:
		return keys[0] + "=" + humanInt(float64(p[keys[0]]))
	}
	same := true
	for _, k := range keys {
		same = same && p[k] == p[keys[0]]
	}
	if same && len(keys) <= 3 {
		return strconv.FormatInt(p[keys[0]], 10) + []string{"", "", "²", "³"}[len(keys)]
	}
	vals := make([]string, len(keys))
	for i, k := range keys {
		vals[i] = strconv.FormatInt(p[k], 10)
	}
	return strings.Join(vals, "×")
}

// sizeMeasure is the problem size on a log axis: the geometric mean of the
// parameters (N for an N×N×N GEMM).
func sizeMeasure(p map[string]int64) float64 {
	if len(p) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, v := range p {
		if v <= 0 {
			return math.NaN()
		}
		s += math.Log(float64(v))
	}
	return math.Exp(s / float64(len(p)))
}

// sizeAxisLabel describes sizeMeasure for the parameters in ps.
func sizeAxisLabel(ps []map[string]int64) string {
	names := map[string]bool{}
	for _, p := range ps {
		for k := range p {
			names[k] = true
		}
	}
	m := map[string]int64{}
	for k := range names {
		m[k] = 1
	}
	keys := paramOrder(m)
	switch len(keys) {
	case 0:
		return "problem size"
	case 1:
		return "problem size: " + keys[0] + " (log scale)"
	}
	return "problem size: geometric mean of " + strings.Join(keys, ", ") + " (log scale; N for an N³ problem)"
}

// TableName is a result's name in tables: suite/kernel/variant (the
// variant's short name, unique within its kernel) and its size label
// ("256³", "100×37×129"); together they tell every benchmark of a run
// apart, in far less room than its ID.
func TableName(r *resultsfile.Result) (name, size string) {
	name = r.Suite + "/" + r.Kernel
	if v := variantName(r); v != "" {
		name += "/" + v
	}
	return name, sizeLabel(r.Params)
}

// benchLabel is the short row label of a benchmark: kernel, variant, size.
func benchLabel(r *resultsfile.Result) string {
	s := seriesName(r)
	if z := sizeLabel(r.Params); z != "" {
		s += " " + z
	}
	return s
}

// safeName turns s into a file-name-safe stem.
func safeName(s string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(s) {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '-', c == '_':
			b.WriteRune(c)
		default:
			b.WriteByte('-')
		}
	}
	out := strings.Trim(b.String(), "-")
	for strings.Contains(out, "--") {
		out = strings.ReplaceAll(out, "--", "-")
	}
	if out == "" {
		out = "x"
	}
	return out
}

// All draws every chart the inputs support, in a fixed order: comparison,
// throughput, heatmaps, roofline, distributions, shader clocks (where
// the samples carry them); for isa files, ISA's. Charts for suites absent
// from the inputs are not drawn.
func All(inputs []pairing.Input, opt Options) []*Chart {
	if kind, _ := pairing.Kind(inputs); kind == resultsfile.KindISA {
		return ISA(inputs)
	}
	d := collect(inputs, opt.By)
	var out []*Chart
	if opt.Report != nil {
		if c := comparisonChart(d, opt.Report); c != nil {
			out = append(out, c)
		}
	}
	for _, s := range d.suites {
		if c := throughputChart(d, s); c != nil {
			out = append(out, c)
		}
	}
	out = append(out, heatmapCharts(d)...)
	if c := rooflineChart(d); c != nil {
		out = append(out, c)
	}
	for _, s := range d.suites {
		if c := distributionChart(d, s); c != nil {
			out = append(out, c)
		}
	}
	for _, s := range d.suites {
		if c := clockChart(inputs, d, opt.By, s); c != nil {
			out = append(out, c)
		}
	}
	return out
}
