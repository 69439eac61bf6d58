// Package noise measures how much each benchmark's figure wanders from one
// run (process) to the next on a machine, and stores it as a noise file:
// the per-benchmark floors a comparison uses so that a benchmark whose runs
// wander by 8% is never flagged for a 4% change. It is pure Go.
package noise

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
	"github.com/radvbench/radvbench/internal/outfile"
	"github.com/radvbench/radvbench/internal/termtext"
)

// Schema versions the noise file.
const Schema = "radvbench/noise/v1"

// File is a noise file: where the noise was measured and, per benchmark,
// how much its runs and its samples within a run vary.
type File struct {
	Schema  string    `json:"schema"`
	Created time.Time `json:"created"`
	// Device and Driver name what the runs ran on ("llvmpipe ...",
	// "radv Mesa 25.0.4"); Fingerprint is the first source file's system
	// fingerprint. A floor measured elsewhere is still used, with a note.
	Device      string            `json:"device"`
	Driver      string            `json:"driver"`
	Fingerprint map[string]string `json:"fingerprint,omitempty"`
	// Method is the measurement method of the first source file
	// (resultsfile.Tool.Method): 0 in noise files made before the field,
	// whose sources were measured by method 1.
	Method int `json:"method,omitempty"`
	// Sources are the results files measured; Runs counts their runs.
	Sources    []string `json:"sources"`
	Runs       int      `json:"runs"`
	Benchmarks []Bench  `json:"benchmarks"`

	index    map[string]int
	pooled   stats.Prior
	poolDone bool
}

// Bench is one benchmark's noise.
type Bench struct {
	// Key is the comparison key: the benchmark ID, plus "@CONFIG" for an
	// A/B configuration.
	Key    string `json:"key"`
	Metric string `json:"metric"`
	Unit   string `json:"unit"`
	// Runs is how many runs measured it; Median the median of their
	// medians.
	Runs   int     `json:"runs"`
	Median float64 `json:"median"`
	// BetweenCV is the run-to-run variation: the standard deviation of the
	// logarithms of the run medians (≈ their coefficient of variation). It
	// is the plain, not a robust, estimate on purpose: a floor must cover
	// the occasional wild run, which a robust estimate would discount.
	BetweenCV float64 `json:"between_cv"`
	// WithinCV is the median over runs of the samples' coefficient of
	// variation inside one run.
	WithinCV float64 `json:"within_cv"`
	// WithinSE is the median over runs of the standard error a run's
	// figure (the fast tenth, stats.RunEstimate) owes to its own samples,
	// relative to it (stats.RunEstimateSE; 0 in files made before it:
	// compare --plan then works from WithinCV).
	WithinSE float64 `json:"within_se,omitempty"`
	// PairedCV is the spread of runs taken in pairs, one of each of two
	// configurations a round (run --config A --config B, --until-decided):
	// the standard deviation of the pairs' log ratios of their run figures
	// (stats.RunEstimate) over √2, so that PairedCV·√(2/n) is the standard
	// error of the mean log ratio of n pairs. What drifts between rounds
	// falls on both runs of a pair and is not in it. Pairs counts the pairs
	// it was measured on, PairedDF its degrees of freedom (the pairs less
	// one a source file: each file's mean ratio is taken out). 0 when the
	// sources have no paired runs (older files, or runs not in rounds).
	PairedCV float64 `json:"paired_cv,omitempty"`
	Pairs    int     `json:"pairs,omitempty"`
	PairedDF int     `json:"paired_df,omitempty"`
	// SamplesPerRun is the median number of samples a run took.
	SamplesPerRun int `json:"samples_per_run"`
	// RunSeconds is the median time one run spent on this benchmark.
	RunSeconds float64 `json:"run_seconds,omitempty"`

	// paired is PairedCV moderated with the file's pooled prior (pool);
	// nil until pooled, and for a Bench made by hand.
	paired *stats.Prior
}

// Key is the comparison key of a result: its ID, plus "@CONFIG" when it
// carries an A/B configuration.
func Key(r *resultsfile.Result) string {
	if r.Config != "" {
		return r.ID() + "@" + r.Config
	}
	return r.ID()
}

// Source is one results file to measure and its name.
type Source struct {
	Name string
	File *resultsfile.File
}

// ErrTooFewRuns is returned (wrapped) when no benchmark has two runs; how
// to take more is the caller's to say.
var ErrTooFewRuns = errors.New("too few runs")

// Measure computes the noise of every benchmark over all runs of all
// sources, which must be repeated runs of one build on one machine (A/A):
// each file's rounds are runs, several files are pooled. A file of
// configurations taken in rounds (run --config A --config B, with or
// without --until-decided) also gives the spread of its first two
// configurations' paired runs (pairedSpreads), under the bare benchmark
// ID, which a comparison by config looks up: there each configuration's
// runs are also pooled under the ID.
func Measure(srcs []Source) (*File, error) {
	if len(srcs) == 0 {
		return nil, errors.New("no results files to measure")
	}
	accs := map[string]*acc{}
	var order []string
	pooled := map[string]*acc{} // the configurations' runs under the bare ID
	f := &File{Schema: Schema, Created: time.Now().UTC().Truncate(time.Second)}
	first := srcs[0].File
	f.Device = first.Device.Name
	f.Driver = strings.TrimSpace(first.Device.DriverName + " " + first.Device.DriverInfo)
	f.Fingerprint = first.Fingerprint
	f.Method = first.Tool.MeasurementMethod()
	for _, s := range srcs {
		f.Sources = append(f.Sources, s.Name)
		runs := len(s.File.Rounds)
		if runs == 0 {
			runs = 1
		}
		f.Runs += runs
		for i := range s.File.Results {
			r := &s.File.Results[i]
			if r.Status != resultsfile.StatusOK {
				continue
			}
			accFor(accs, &order, Key(r), r).add(r)
			if r.Config != "" {
				accFor(pooled, nil, r.ID(), r).add(r)
			}
		}
	}
	paired, pairedOrder := pairedSpreads(srcs)
	for _, id := range pairedOrder {
		if accs[id] == nil {
			accs[id] = pooled[id]
			order = append(order, id)
		}
		p := paired[id]
		accs[id].b.PairedCV = math.Sqrt(p.ss/float64(p.df)) / math.Sqrt2
		accs[id].b.Pairs, accs[id].b.PairedDF = p.pairs, p.df
	}
	enough := false
	for _, k := range order {
		a := accs[k]
		a.finish()
		if a.b.Runs < 2 {
			continue // no spread to measure
		}
		enough = true
		f.Benchmarks = append(f.Benchmarks, a.b)
	}
	if !enough {
		return nil, fmt.Errorf("%w: every benchmark has one run; measure at least 3 runs", ErrTooFewRuns)
	}
	return f, nil
}

// acc gathers one benchmark's runs for Measure.
type acc struct {
	b       Bench
	medians []float64
	cvs     []float64
	ses     []float64
	counts  []float64
	secs    []float64
}

// accFor returns accs[k], made (and k appended to order, when not nil)
// for r's metric when missing.
func accFor(accs map[string]*acc, order *[]string, k string, r *resultsfile.Result) *acc {
	a := accs[k]
	if a == nil {
		a = &acc{b: Bench{Key: k, Metric: r.Metric.Name, Unit: r.Metric.Unit}}
		accs[k] = a
		if order != nil {
			*order = append(*order, k)
		}
	}
	return a
}

// add takes in every run of r.
func (a *acc) add(r *resultsfile.Result) {
	_, groups := r.RunSamples()
	marks := r.RunDisturbed()
	higher := r.Metric.Better == resultsfile.HigherIsBetter
	for gi, g := range groups {
		a.medians = append(a.medians, stats.Median(g))
		if cv := stats.CV(g); !math.IsNaN(cv) {
			a.cvs = append(a.cvs, cv)
		}
		if se := stats.RunEstimateSE(g, marks[gi], higher); !math.IsNaN(se) {
			a.ses = append(a.ses, se)
		}
		a.counts = append(a.counts, float64(len(g)))
		if r.DurationS > 0 {
			a.secs = append(a.secs, r.DurationS/float64(len(groups)))
		}
	}
}

// finish computes the figures of the runs taken in.
func (a *acc) finish() {
	a.b.Runs = len(a.medians)
	a.b.Median = stats.Median(a.medians)
	a.b.BetweenCV = stats.LogSD(a.medians)
	a.b.WithinCV = stats.Median(a.cvs)
	if len(a.ses) > 0 {
		a.b.WithinSE = stats.Median(a.ses)
	}
	a.b.SamplesPerRun = int(math.Round(stats.Median(a.counts)))
	if len(a.secs) > 0 {
		a.b.RunSeconds = stats.Median(a.secs)
	}
}

// Lookup returns the noise of the benchmark with the given key, or nil.
// A key with an A/B configuration ("ID@CONFIG") falls back to the bare ID.
func (f *File) Lookup(key string) *Bench {
	if f == nil {
		return nil
	}
	if f.index == nil {
		f.pool()
		f.index = make(map[string]int, len(f.Benchmarks))
		for i, b := range f.Benchmarks {
			f.index[b.Key] = i
		}
	}
	if i, ok := f.index[key]; ok {
		return &f.Benchmarks[i]
	}
	if j := strings.LastIndexByte(key, '@'); j >= 0 {
		if i, ok := f.index[key[:j]]; ok {
			return &f.Benchmarks[i]
		}
	}
	return nil
}

// Floor is the largest relative change an A/A comparison of nb runs
// against nn runs produces with probability 1-alpha, given the benchmark's
// measured between-run variation: a change inside it cannot be told from
// run-to-run noise. It is a one-sided prediction bound on the log scale,
//
//	floor = exp(t(1-alpha, runs-1) · s · √(c(nb)²/nb + c(nn)²/nn)) − 1,
//
// where s is BetweenCV, measured from the noise file's runs (runs-1
// degrees of freedom: Student's t, not the normal quantile, because s is
// itself an estimate; with 5 runs t(0.99, 4) = 3.75 against z = 2.33), and
// c(n) is the inflation of a median's standard error over a mean's: 1 for
// one or two runs (a median of two is their mean), √(π/2) ≈ 1.25 from
// three on (its large-sample value, slightly above the small-sample one,
// so the floor errs on the safe side). One-sided because only a change in
// the bad direction fails the gate. NaN without a measurable spread.
func (b *Bench) Floor(nb, nn int, alpha float64) float64 {
	if b == nil || b.Runs < 2 || math.IsNaN(b.BetweenCV) || nb < 1 || nn < 1 {
		return math.NaN()
	}
	c := func(n int) float64 {
		if n <= 2 {
			return 1
		}
		return math.Sqrt(math.Pi / 2)
	}
	se := b.BetweenCV * math.Sqrt(c(nb)*c(nb)/float64(nb)+c(nn)*c(nn)/float64(nn))
	return math.Expm1(stats.TQuantile(1-alpha, float64(b.Runs-1)) * se)
}

// Mismatch lists how the noise file's machine differs from a results
// file's: device, driver and fingerprint keys (at most a few). Empty when
// they match.
func (f *File) Mismatch(rf *resultsfile.File) []string {
	var out []string
	if f.Device != rf.Device.Name {
		out = append(out, fmt.Sprintf("device %q, not %q", f.Device, rf.Device.Name))
	}
	drv := strings.TrimSpace(rf.Device.DriverName + " " + rf.Device.DriverInfo)
	if f.Driver != drv {
		out = append(out, fmt.Sprintf("driver %q, not %q", f.Driver, drv))
	}
	if m, rm := (resultsfile.Tool{Method: f.Method}).MeasurementMethod(), rf.Tool.MeasurementMethod(); m != rm {
		out = append(out, fmt.Sprintf("measurement method %d, not %d", m, rm))
	}
	var keys []string
	for k, v := range f.Fingerprint {
		if w, ok := rf.Fingerprint[k]; ok && w != v {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	if len(keys) > 0 {
		more := ""
		if len(keys) > 4 {
			more = fmt.Sprintf(" and %d more", len(keys)-4)
			keys = keys[:4]
		}
		out = append(out, "fingerprint keys "+strings.Join(keys, ", ")+more)
	}
	return out
}

// Encode renders f as indented JSON; non-finite figures become 0 with
// the benchmark left out of floors (Runs < 2 never reach the file).
func Encode(f *File) ([]byte, error) {
	g := *f
	g.Benchmarks = slices.Clone(f.Benchmarks)
	for i := range g.Benchmarks {
		b := &g.Benchmarks[i]
		for _, p := range []*float64{&b.BetweenCV, &b.WithinCV, &b.WithinSE, &b.PairedCV, &b.Median, &b.RunSeconds} {
			if math.IsNaN(*p) || math.IsInf(*p, 0) {
				*p = 0
			}
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(&g); err != nil {
		return nil, fmt.Errorf("encode noise file: %w", err)
	}
	return buf.Bytes(), nil
}

// Save writes f to path atomically (internal/outfile: only a regular file
// or a new path).
func Save(path string, f *File) error {
	data, err := Encode(f)
	if err != nil {
		return err
	}
	return outfile.WriteFile(path, data, 0o644)
}

// MaxBetweenCV bounds a benchmark's between-run variation in a noise
// file: run medians that wander by more than 100% (a standard deviation
// of 1 on the log scale) are not a noise floor but a damaged file or a
// broken machine, and a floor computed from one raises the threshold out
// of reach of any regression. Loaded machines measured here reach 0.55.
const MaxBetweenCV = 1.0

// maxWithinCV bounds the within-run CV (samples of one run scatter more
// than their median only on a badly disturbed machine).
const maxWithinCV = 10.0

// maxRuns bounds the runs a noise figure may claim.
const maxRuns = 1_000_000

// FileProblem is why a file is not a noise file Load and Decode read
// (FileError).
type FileProblem string

// The problems of a noise file a FileError names.
const (
	// FileMissing: the path does not exist (Err is the read's error).
	FileMissing FileProblem = "missing"
	// FileNotJSON: the file is not a JSON object (Err says why).
	FileNotJSON FileProblem = "not-json"
	// FileOtherSchema: the file has another schema, or none (Schema,
	// HasSchema): a results file, say.
	FileOtherSchema FileProblem = "other-schema"
	// FileDamaged: a figure is missing or out of its domain (Err names
	// the benchmark, the field and the value): the file is damaged or
	// was edited.
	FileDamaged FileProblem = "damaged"
)

// FileError is a file Load or Decode refuses as a noise file, with what is
// wrong. The message states the facts; how to make a noise file is the
// caller's to say.
type FileError struct {
	Problem FileProblem
	// Name is the path (Load) or the name given (Decode).
	Name string
	// Schema is the file's schema (FileOtherSchema) when HasSchema.
	Schema    string
	HasSchema bool
	Err       error
}

func (e *FileError) Error() string {
	switch e.Problem {
	case FileMissing:
		return fmt.Sprintf("noise file %s does not exist", e.Name)
	case FileNotJSON:
		return fmt.Sprintf("%s is not a noise file (%v)", e.Name, e.Err)
	case FileOtherSchema:
		got := "none"
		if e.HasSchema {
			got = `"` + termtext.Escape(e.Schema) + `"`
		}
		return fmt.Sprintf("%s has schema %s, not %q", e.Name, got, Schema)
	case FileDamaged:
		return fmt.Sprintf("%s: %v", e.Name, e.Err)
	}
	return fmt.Sprintf("%s: not a noise file (%s)", e.Name, e.Problem)
}

func (e *FileError) Unwrap() error { return e.Err }

// Load reads and checks the noise file at path; a missing, foreign or
// damaged file is a *FileError.
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, &FileError{Problem: FileMissing, Name: path, Err: err}
		}
		return nil, fmt.Errorf("read noise file: %w", err)
	}
	return Decode(data, path)
}

// Decode parses and validates a noise file; name is used in errors (a
// *FileError where the file is not JSON, another schema's or damaged). Every
// figure a floor depends on must be present, finite and in its domain
// (between_cv within 0..MaxBetweenCV, at least 2 runs), keys unique, the
// creation time plausible: a damaged file is refused, naming the
// benchmark, the field and the value, instead of disabling the gate.
func Decode(data []byte, name string) (*File, error) {
	var probe struct {
		Schema *string `json:"schema"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, &FileError{Problem: FileNotJSON, Name: name, Err: err}
	}
	if probe.Schema == nil || *probe.Schema != Schema {
		e := &FileError{Problem: FileOtherSchema, Name: name}
		if probe.Schema != nil {
			e.Schema, e.HasSchema = *probe.Schema, true
		}
		return nil, e
	}
	var f File
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s: malformed noise file (%v)", name, err)
	}
	// Which required figures are present (a null or absent between_cv
	// decodes as 0: the floor of a perfectly quiet benchmark).
	var raw struct {
		Benchmarks []map[string]json.RawMessage `json:"benchmarks"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%s: malformed noise file (%v)", name, err)
	}
	if err := validate(&f, raw.Benchmarks); err != nil {
		return nil, &FileError{Problem: FileDamaged, Name: name, Err: err}
	}
	return &f, nil
}

// validate checks a decoded noise file; present holds each benchmark's
// fields as they were in the file.
func validate(f *File, present []map[string]json.RawMessage) error {
	if err := resultsfile.CheckTime("created", f.Created, true); err != nil {
		return err
	}
	if len(f.Benchmarks) == 0 {
		return errors.New(`"benchmarks" is empty or null: the file holds no benchmarks`)
	}
	if len(f.Benchmarks) > resultsfile.MaxResults {
		return fmt.Errorf("benchmarks: %d entries, more than %d", len(f.Benchmarks), resultsfile.MaxResults)
	}
	for _, t := range []struct{ field, s string }{{"device", f.Device}, {"driver", f.Driver}} {
		if err := resultsfile.CheckText(t.field, t.s, false); err != nil {
			return err
		}
	}
	keys := make(map[string]bool, len(f.Benchmarks))
	for i := range f.Benchmarks {
		b := &f.Benchmarks[i]
		at := fmt.Sprintf("benchmarks[%d]", i)
		if err := resultsfile.CheckText(at+".key", b.Key, false); err != nil {
			return err
		}
		if b.Key == "" {
			return fmt.Errorf("%s.key is empty", at)
		}
		at = fmt.Sprintf("benchmarks[%d] (%s)", i, termtext.Escape(b.Key))
		if keys[b.Key] {
			return fmt.Errorf("%s is in the file twice", at)
		}
		keys[b.Key] = true
		for _, req := range []string{"between_cv", "runs", "median"} {
			if v, ok := present[i][req]; !ok || string(v) == "null" {
				return fmt.Errorf("%s: %s is missing", at, req)
			}
		}
		for _, c := range []struct {
			field   string
			x       float64
			lo, hi  float64
			problem string
		}{
			{"between_cv", b.BetweenCV, 0, MaxBetweenCV, fmt.Sprintf("outside 0..%g: run medians that wander by more than 100%% are no noise floor", MaxBetweenCV)},
			{"within_cv", b.WithinCV, 0, maxWithinCV, fmt.Sprintf("outside 0..%g", maxWithinCV)},
			{"within_se", b.WithinSE, 0, maxWithinCV, fmt.Sprintf("outside 0..%g", maxWithinCV)},
			{"paired_cv", b.PairedCV, 0, MaxBetweenCV, fmt.Sprintf("outside 0..%g: paired runs that differ by more than 100%% are no noise floor", MaxBetweenCV)},
			{"median", b.Median, math.SmallestNonzeroFloat64, resultsfile.MaxFigure, "a median figure is positive"},
			{"run_seconds", b.RunSeconds, 0, 1e7, "outside 0..1e7 seconds"},
		} {
			if !(c.x >= c.lo && c.x <= c.hi) {
				return fmt.Errorf("%s: %s = %s: %s", at, c.field, strconv.FormatFloat(c.x, 'g', -1, 64), c.problem)
			}
		}
		if b.Runs < 2 || b.Runs > maxRuns {
			return fmt.Errorf("%s: runs = %d: a noise figure needs 2 to %d runs", at, b.Runs, maxRuns)
		}
		if b.PairedCV > 0 && (b.PairedDF < 1 || b.PairedDF >= b.Pairs || b.Pairs > maxRuns) {
			return fmt.Errorf("%s: paired_cv needs pairs (2 to %d) and paired_df (1 to pairs-1), got %d and %d", at, maxRuns, b.Pairs, b.PairedDF)
		}
		if b.SamplesPerRun < 0 || b.SamplesPerRun > resultsfile.MaxSamples {
			return fmt.Errorf("%s: samples_per_run = %d: outside 0..%d", at, b.SamplesPerRun, resultsfile.MaxSamples)
		}
		for _, t := range []struct{ field, s string }{{"metric", b.Metric}, {"unit", b.Unit}} {
			if err := resultsfile.CheckText(at+"."+t.field, t.s, true); err != nil {
				return err
			}
		}
	}
	if f.Runs < 0 {
		return fmt.Errorf("runs = %d: must not be negative", f.Runs)
	}
	return nil
}
