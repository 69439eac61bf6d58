// Package export writes a radvbench results file in formats other tools
// read: the Go benchmark format (benchstat), Google Benchmark's JSON,
// Bencher Metric Format, and github-action-benchmark's custom JSON. It is
// pure Go: no cgo, no Vulkan.
package export

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/perf/benchfmt"
	"gonum.org/v1/gonum/stat"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
)

// Formats lists the formats Write accepts, with a one-line description.
var Formats = []struct{ Name, Description string }{
	{"benchfmt", "Go benchmark format, one line per sample, with Unit metadata (benchstat)"},
	{"gbench", "Google Benchmark JSON (per-sample iterations plus median/mean/stddev/cv aggregates)"},
	{"bmf", "Bencher Metric Format JSON (bencher run --adapter json)"},
	{"gab-bigger", "github-action-benchmark customBiggerIsBetter JSON (higher-is-better metrics only)"},
	{"gab-smaller", "github-action-benchmark customSmallerIsBetter JSON (lower-is-better metrics and per-dispatch times)"},
}

// FormatNames returns the names in Formats.
func FormatNames() []string {
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = f.Name
	}
	return names
}

// Write writes f in format to w.
func Write(w io.Writer, f *resultsfile.File, format string) error {
	switch format {
	case "benchfmt":
		return BenchFmt(w, f)
	case "gbench":
		return GBench(w, f)
	case "bmf":
		return BMF(w, f)
	case "gab-bigger":
		return GAB(w, f, resultsfile.HigherIsBetter)
	case "gab-smaller":
		return GAB(w, f, resultsfile.LowerIsBetter)
	}
	return fmt.Errorf("unknown export format %q: use one of %s", format, strings.Join(FormatNames(), ", "))
}

// Name is the exported name of a result: its ID, plus "/config=NAME" for
// an A/B configuration (a sub-benchmark key benchstat can pivot on with
// -col /config).
func Name(r *resultsfile.Result) string {
	n := r.ID()
	if r.Config != "" {
		n += "/config=" + r.Config
	}
	return n
}

// ok returns the results that carry samples, in file order.
func ok(f *resultsfile.File) []*resultsfile.Result {
	var out []*resultsfile.Result
	for i := range f.Results {
		r := &f.Results[i]
		if r.Status == resultsfile.StatusOK && len(r.Metric.Samples) > 0 {
			out = append(out, r)
		}
	}
	return out
}

// benchUnit makes a unit usable in the Go benchmark format (no spaces).
func benchUnit(u string) string {
	u = strings.Join(strings.Fields(u), "-")
	if u == "" {
		return "value"
	}
	return u
}

// benchName makes a name usable in the Go benchmark format: no spaces,
// first letter upper case as go test writes it.
func benchName(s string) string {
	s = strings.Join(strings.Fields(s), "_")
	rs := []rune(s)
	if len(rs) > 0 {
		rs[0] = unicode.ToUpper(rs[0])
	}
	return string(rs)
}

// configKey makes a file-configuration key valid in the Go benchmark
// format: lower case, no spaces.
func configKey(k string) string {
	k = strings.ToLower(strings.Join(strings.Fields(k), "-"))
	if k == "" || !unicode.IsLower([]rune(k)[0]) {
		k = "x-" + k
	}
	return k
}

func oneLine(v string) string { return strings.Join(strings.Fields(v), " ") }

// BenchFmt writes the Go benchmark format: file configuration lines
// (device, driver, tool, labels, fingerprint), Unit metadata lines
// ("Unit GFLOP/s assume=nothing better=higher"), then one line per sample
// with the per-dispatch time (ns/op, where recorded) and the metric, so
// benchstat sees every sample and knows which way is better. Iterations
// are the dispatches one sample spans.
func BenchFmt(w io.Writer, f *resultsfile.File) error {
	rs := ok(f)
	// Unit metadata first, one line per unit, in first-use order.
	seen := map[string]bool{}
	var b strings.Builder
	for _, r := range rs {
		u := benchUnit(r.Metric.Unit)
		if seen[u] || u == "ns/op" {
			continue
		}
		seen[u] = true
		if r.Metric.Better == resultsfile.HigherIsBetter || r.Metric.Better == resultsfile.LowerIsBetter {
			fmt.Fprintf(&b, "Unit %s assume=nothing better=%s\n", u, r.Metric.Better)
		} else {
			fmt.Fprintf(&b, "Unit %s assume=nothing\n", u)
		}
	}
	if b.Len() > 0 {
		b.WriteString("\n")
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}

	cfg := []struct{ k, v string }{
		{"device", f.Device.Name},
		{"driver", strings.TrimSpace(f.Device.DriverName + " " + f.Device.DriverInfo)},
		{"api", f.Device.APIVersion},
		{"radvbench", strings.TrimSpace(f.Tool.Version + " " + f.Tool.Commit)},
	}
	if f.Device.CPU {
		cfg = append(cfg, struct{ k, v string }{"cpu-implementation", "true"})
	}
	addMap := func(prefix string, m map[string]string) {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			cfg = append(cfg, struct{ k, v string }{prefix + k, m[k]})
		}
	}
	addMap("label.", f.Labels)
	addMap("", f.Fingerprint)

	bw := benchfmt.NewWriter(w)
	var res benchfmt.Result
	for _, c := range cfg {
		if v := oneLine(c.v); v != "" {
			res.Config = append(res.Config, benchfmt.Config{Key: configKey(c.k), Value: []byte(v), File: true})
		}
	}
	for _, r := range rs {
		res.Name = []byte(benchName(Name(r)))
		unit := benchUnit(r.Metric.Unit)
		// The per-dispatch time, unless the metric is that time already.
		withNS := len(r.SamplesNS) == len(r.Metric.Samples) && unit != "ns/op" && unit != "ns"
		for i, v := range r.Metric.Samples {
			res.Iters = max(r.SampleRepeats(i), 1)
			res.Values = res.Values[:0]
			if withNS {
				res.Values = append(res.Values, benchfmt.Value{Value: r.SamplesNS[i], Unit: "ns/op"})
			}
			res.Values = append(res.Values, benchfmt.Value{Value: v, Unit: unit})
			if err := bw.Write(&res); err != nil {
				return err
			}
		}
	}
	return nil
}

// Google Benchmark JSON (the --benchmark_format=json shape).
type gbContext struct {
	Date              string            `json:"date"`
	HostName          string            `json:"host_name"`
	Executable        string            `json:"executable"`
	NumCPUs           int               `json:"num_cpus"`
	MHzPerCPU         int               `json:"mhz_per_cpu"`
	CPUScalingEnabled bool              `json:"cpu_scaling_enabled"`
	LibraryBuildType  string            `json:"library_build_type"`
	Caches            []any             `json:"caches"`
	LoadAvg           []float64         `json:"load_avg"`
	Device            string            `json:"radvbench_device"`
	Driver            string            `json:"radvbench_driver"`
	Version           string            `json:"radvbench_version"`
	Labels            map[string]string `json:"radvbench_labels,omitempty"`
	Fingerprint       map[string]string `json:"radvbench_fingerprint,omitempty"`
}

type gbBenchmark struct {
	Name                   string  `json:"name"`
	FamilyIndex            int     `json:"family_index"`
	PerFamilyInstanceIndex int     `json:"per_family_instance_index"`
	RunName                string  `json:"run_name"`
	RunType                string  `json:"run_type"`
	Repetitions            int     `json:"repetitions"`
	RepetitionIndex        *int    `json:"repetition_index,omitempty"`
	Threads                int     `json:"threads"`
	AggregateName          string  `json:"aggregate_name,omitempty"`
	AggregateUnit          string  `json:"aggregate_unit,omitempty"`
	Iterations             int     `json:"iterations"`
	RealTime               float64 `json:"real_time"`
	CPUTime                float64 `json:"cpu_time"`
	TimeUnit               string  `json:"time_unit"`
	ErrorOccurred          bool    `json:"error_occurred,omitempty"`
	ErrorMessage           string  `json:"error_message,omitempty"`
	// Counters: the metric under its unit's name, e.g. "GFLOP/s".
	Counters map[string]float64 `json:"-"`
}

func (b gbBenchmark) MarshalJSON() ([]byte, error) {
	type plain gbBenchmark
	base, err := json.Marshal(plain(b))
	if err != nil || len(b.Counters) == 0 {
		return base, err
	}
	keys := make([]string, 0, len(b.Counters))
	for k := range b.Counters {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var sb strings.Builder
	sb.Write(base[:len(base)-1])
	for _, k := range keys {
		kj, _ := json.Marshal(k)
		vj, err := json.Marshal(b.Counters[k])
		if err != nil {
			return nil, err
		}
		sb.WriteString(",")
		sb.Write(kj)
		sb.WriteString(":")
		sb.Write(vj)
	}
	sb.WriteString("}")
	return []byte(sb.String()), nil
}

// GBench writes Google Benchmark JSON: for each benchmark one "iteration"
// entry per sample (real_time and cpu_time are the per-dispatch GPU time in
// ns; the metric is a user counter named after its unit) followed by
// median, mean, stddev and cv aggregates, as --benchmark_repetitions
// produces. Skipped and failed benchmarks carry error_occurred.
func GBench(w io.Writer, f *resultsfile.File) error {
	out := struct {
		Context    gbContext     `json:"context"`
		Benchmarks []gbBenchmark `json:"benchmarks"`
	}{
		Context: gbContext{
			Date: f.Started.Format("2006-01-02T15:04:05Z07:00"), Executable: "radvbench",
			LibraryBuildType: "release", Caches: []any{}, LoadAvg: []float64{},
			Device:      f.Device.Name,
			Driver:      strings.TrimSpace(f.Device.DriverName + " " + f.Device.DriverInfo),
			Version:     strings.TrimSpace(f.Tool.Version + " " + f.Tool.Commit),
			Labels:      f.Labels,
			Fingerprint: f.Fingerprint,
		},
		Benchmarks: []gbBenchmark{},
	}
	for fi := range f.Results {
		r := &f.Results[fi]
		name := Name(r)
		if r.Status != resultsfile.StatusOK || len(r.Metric.Samples) == 0 {
			out.Benchmarks = append(out.Benchmarks, gbBenchmark{Name: name, FamilyIndex: fi, RunName: name, RunType: "iteration",
				Repetitions: 1, Threads: 1, TimeUnit: "ns", ErrorOccurred: true,
				ErrorMessage: oneLine(r.Status + ": " + r.Reason)})
			continue
		}
		n := len(r.Metric.Samples)
		times := r.SamplesNS
		if len(times) != n {
			times = nil
		}
		unit := r.Metric.Unit
		if unit == "" {
			unit = r.Metric.Name
		}
		for i, v := range r.Metric.Samples {
			idx := i
			b := gbBenchmark{Name: name, FamilyIndex: fi, RunName: name, RunType: "iteration", Repetitions: n,
				RepetitionIndex: &idx, Threads: 1, Iterations: max(r.SampleRepeats(i), 1), TimeUnit: "ns",
				Counters: map[string]float64{unit: v}}
			if times != nil {
				b.RealTime, b.CPUTime = times[i], times[i]
			}
			out.Benchmarks = append(out.Benchmarks, b)
		}
		ms, ts := aggregates(r.Metric.Samples), aggregates(times)
		for _, agg := range []string{"mean", "median", "stddev", "cv"} {
			b := gbBenchmark{Name: name + "_" + agg, FamilyIndex: fi, RunName: name, RunType: "aggregate", Repetitions: n,
				Threads: 1, AggregateName: agg, AggregateUnit: "time", Iterations: n, TimeUnit: "ns",
				Counters: map[string]float64{unit: ms[agg]}}
			if agg == "cv" {
				b.AggregateUnit = "percentage"
			}
			if times != nil {
				b.RealTime, b.CPUTime = ts[agg], ts[agg]
			}
			out.Benchmarks = append(out.Benchmarks, b)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func aggregates(xs []float64) map[string]float64 {
	m := map[string]float64{}
	if len(xs) == 0 {
		return m
	}
	mean, sd := stat.Mean(xs, nil), 0.0
	if len(xs) > 1 {
		mean, sd = stat.MeanStdDev(xs, nil)
	}
	m["mean"], m["stddev"] = mean, sd
	m["median"] = stats.Summarize(xs).Median
	if mean != 0 {
		m["cv"] = sd / math.Abs(mean)
	}
	return m
}

// bmfMetric is one Bencher measure: the median and its 95% CI.
type bmfMetric struct {
	Value float64  `json:"value"`
	Lower *float64 `json:"lower_value,omitempty"`
	Upper *float64 `json:"upper_value,omitempty"`
}

func finite(v float64) *float64 {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return nil
	}
	return &v
}

// Slug turns a metric name into a Bencher measure slug: lower case, runs of
// other characters as '-'. "GFLOP/s" -> "gflop-s".
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

// BMF writes Bencher Metric Format: for each benchmark a measure named
// after the metric (its name, slugged; "throughput", "bandwidth", ...) and,
// where per-dispatch times were recorded, Bencher's built-in "latency"
// measure in ns; each with value = median and lower/upper = its 95% CI.
// The direction of a custom measure is set once in Bencher (Measure
// settings); it is not part of BMF.
func BMF(w io.Writer, f *resultsfile.File) error {
	out := map[string]map[string]bmfMetric{}
	for _, r := range ok(f) {
		m := map[string]bmfMetric{}
		slug := Slug(r.Metric.Name)
		if slug == "" {
			slug = Slug(r.Metric.Unit)
		}
		s := stats.Summarize(r.Metric.Samples)
		m[slug] = bmfMetric{Value: s.Median, Lower: finite(s.Low), Upper: finite(s.High)}
		if slug != "latency" && len(r.SamplesNS) > 0 {
			t := stats.Summarize(r.SamplesNS)
			m["latency"] = bmfMetric{Value: t.Median, Lower: finite(t.Low), Upper: finite(t.High)}
		}
		out[Name(r)] = m
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out) // map keys are sorted: stable output
}

// gabEntry is github-action-benchmark's custom tool entry.
type gabEntry struct {
	Name  string  `json:"name"`
	Unit  string  `json:"unit"`
	Value float64 `json:"value"`
	Range string  `json:"range,omitempty"`
	Extra string  `json:"extra,omitempty"`
}

// GAB writes github-action-benchmark's custom JSON for one direction:
// better = "higher" gives the customBiggerIsBetter list (every
// higher-is-better metric), "lower" the customSmallerIsBetter list (every
// lower-is-better metric, plus each benchmark's per-dispatch time in ns as
// NAME/time). The tool takes one direction per file, so a suite with both
// kinds is exported twice, to two benchmark-action steps.
func GAB(w io.Writer, f *resultsfile.File, better string) error {
	out := []gabEntry{}
	for _, r := range ok(f) {
		s := stats.Summarize(r.Metric.Samples)
		extra := fmt.Sprintf("n=%d cv=%.2f%%", s.N, s.CV*100)
		if r.Metric.Better == better {
			out = append(out, gabEntry{Name: Name(r), Unit: r.Metric.Unit, Value: s.Median, Range: gabRange(s), Extra: extra})
		}
		if better == resultsfile.LowerIsBetter && r.Metric.Better != resultsfile.LowerIsBetter && len(r.SamplesNS) > 0 {
			t := stats.Summarize(r.SamplesNS)
			out = append(out, gabEntry{Name: Name(r) + "/time", Unit: "ns", Value: t.Median, Range: gabRange(t),
				Extra: fmt.Sprintf("n=%d cv=%.2f%% per dispatch", t.N, t.CV*100)})
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func gabRange(s stats.Summary) string {
	if math.IsInf(s.Low, 0) || math.IsInf(s.High, 0) {
		return ""
	}
	return fmt.Sprintf("± %.4g", math.Max(s.High-s.Median, s.Median-s.Low))
}
