// Package merge builds one results file from the results of several
// runs of the same benchmarks: each benchmark's samples pooled with the
// run of each sample, per-run summaries, and one result per named
// configuration (A/B configurations, isa targets), recomputed from the
// pooled samples. It is pure (the schema and the statistics); the
// supervisor's Recorder hands it what it recorded.
package merge

import (
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
)

// Entry is one finished benchmark of one run (run 0: a single
// in-process run) and configuration ("": none).
type Entry struct {
	Run    int
	Config string
	Result *resultsfile.Result
}

// Options shape the merged results file.
type Options struct {
	// Command is the file's command line (nil: the header's).
	Command []string
	// Configs lists the configurations in run order (name and
	// environment); named ones are recorded in the file and keep their
	// results apart.
	Configs []resultsfile.Config
	// Runs is how many runs each configuration made.
	Runs int
	// TargetCI is run's --target-ci as a fraction: a merged result whose
	// interval is wider is noisy.
	TargetCI float64
	// Finished is the file's end time (zero: now).
	Finished time.Time
}

// named reports whether the configurations have names (A/B runs, isa
// targets) rather than being the one plain run.
func named(cs []resultsfile.Config) bool { return len(cs) > 1 || len(cs) == 1 && cs[0].Name != "" }

// File builds one results file from a header and the entries: with one
// run of one plain configuration the results as they were reported;
// otherwise each benchmark's samples pooled with the run of each sample,
// per-run summaries, and one result per configuration. Results are in
// plan order (then configuration order).
func File(header *resultsfile.File, plan []string, entries []Entry, runs []resultsfile.Round, shaders map[string]string, o Options) *resultsfile.File {
	f := *header
	f.Results = nil
	if o.Command != nil {
		f.Command = o.Command
	}
	f.Finished = o.Finished
	if f.Finished.IsZero() {
		f.Finished = time.Now().UTC()
	}
	f.Rounds = runs
	f.Shaders = shaders
	isNamed := named(o.Configs)
	if isNamed {
		f.Configs = nil
		for _, c := range o.Configs {
			f.Configs = append(f.Configs, resultsfile.Config{Name: c.Name, Env: c.Env})
		}
	}
	planPos := map[string]int{}
	for i, id := range plan {
		planPos[id] = i
	}
	cfgPos := map[string]int{}
	for i, c := range o.Configs {
		cfgPos[c.Name] = i
	}
	single := o.Runs <= 1 && !isNamed
	acc := map[string]*resultsfile.Result{}
	// Each run's dispatches per sample, by result and run: every run
	// calibrates its own batch, and the merged Repeats is the first's.
	repeats := map[string]map[int]int{}
	var keys []string
	sorted := append([]Entry(nil), entries...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Run < sorted[j].Run })
	for _, e := range sorted {
		if e.Result == nil {
			continue
		}
		r := *e.Result
		key := e.Config + "\x00" + r.ID()
		if single {
			if _, dup := acc[key]; !dup {
				keys = append(keys, key)
			}
			acc[key] = &r
			continue
		}
		m, ok := acc[key]
		if !ok {
			cp := r
			cp.Config = e.Config
			cp.SamplesNS, cp.Metric.Samples, cp.SampleRounds, cp.Runs, cp.Warmup, cp.DurationS = nil, nil, nil, nil, nil, 0
			cp.Status, cp.Reason, cp.Verified = resultsfile.StatusOK, "", true
			m = &cp
			acc[key] = m
			keys = append(keys, key)
		}
		Run(m, &r, e.Run)
		if repeats[key] == nil {
			repeats[key] = map[int]int{}
		}
		repeats[key][e.Run] = r.Repeats
	}
	sort.SliceStable(keys, func(i, j int) bool {
		a, b := acc[keys[i]], acc[keys[j]]
		pa, oka := planPos[a.ID()]
		pb, okb := planPos[b.ID()]
		if oka && okb && pa != pb {
			return pa < pb
		}
		if oka != okb {
			return oka
		}
		return cfgPos[a.Config] < cfgPos[b.Config]
	})
	for _, k := range keys {
		r := acc[k]
		if !single {
			if r.Status == resultsfile.StatusSkipped || r.Status == resultsfile.StatusFailed {
				r.SamplesNS, r.Metric.Samples, r.SampleRounds = nil, nil, nil
				if r.Status == resultsfile.StatusFailed {
					r.Metric.Value, r.CI, r.CV, r.Noisy = 0, resultsfile.CI{}, 0, false
				}
			}
			Finalize(r, o.TargetCI)
			r.Runs = RunSummaries(r)
			for i := range r.Runs {
				r.Runs[i].Repeats = repeats[k][r.Runs[i].Round]
			}
		}
		f.Results = append(f.Results, *r)
	}
	return &f
}

// Run adds run's result r to the accumulated one m: samples pooled
// with their run, a failed run fails the whole (its reason kept), a skip
// is a skip, the first note is kept.
func Run(m, r *resultsfile.Result, run int) {
	switch {
	case m.Status == resultsfile.StatusFailed:
	case r.Status == resultsfile.StatusFailed:
		m.Status, m.Reason, m.Verified = r.Status, fmt.Sprintf("run %d: %s", run, r.Reason), false
	case r.Status == resultsfile.StatusSkipped:
		m.Status, m.Reason = r.Status, r.Reason
	default:
		m.Verified = m.Verified && r.Verified
	}
	m.AppendRun(r, run)
	m.DurationS += r.DurationS
	if m.Note == "" {
		m.Note = r.Note
	}
}

// Finalize recomputes the summary of merged samples (those not
// marked disturbed by interference): the median,
// its interval and CV, whether it is noisy against targetCI, and the
// share of the device's peak scaled to the new median.
func Finalize(r *resultsfile.Result, targetCI float64) {
	if r.Status != resultsfile.StatusOK || len(r.Metric.Samples) == 0 {
		return
	}
	old := r.Metric.Value
	s := stats.Summarize(stats.Undisturbed(r.Metric.Samples, r.Disturbed))
	r.Metric.Value, r.CV = s.Median, s.CV
	r.CI = resultsfile.NewCI(s.Low, s.High, stats.Confidence)
	r.Noisy, r.Reason = false, ""
	switch w := s.RelWidth(); {
	case math.IsInf(w, 1):
		r.Noisy = true
		r.Reason = fmt.Sprintf("noisy: %d samples over all runs are too few for a 95%% CI", s.N)
	case w > targetCI:
		r.Noisy = true
		r.Reason = fmt.Sprintf("noisy: 95%% CI ±%.1f%% after %d samples over all runs", 100*w, s.N)
	}
	if r.PercentOfPeak > 0 && old > 0 {
		r.PercentOfPeak *= s.Median / old
	}
}

// RunSummaries is each run's sample count and median (its Repeats are
// the caller's to record: the samples do not carry them).
func RunSummaries(r *resultsfile.Result) []resultsfile.RunSummary {
	if len(r.SampleRounds) == 0 {
		return nil
	}
	runs, samples := r.RunSamples()
	out := make([]resultsfile.RunSummary, len(runs))
	for i := range runs {
		out[i] = resultsfile.RunSummary{Round: runs[i], N: len(samples[i]), Median: stats.Summarize(samples[i]).Median}
	}
	return out
}
