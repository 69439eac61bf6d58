package pairing

import (
	"math"
	"slices"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
	"github.com/radvbench/radvbench/reports/verdict"
)

// A side's runs of one benchmark as the judge sees them: each run's
// figure, the runs set aside as disturbed throughout, and the runs paired
// by round across the two sides.

// Side is one group's view of a benchmark: its runs and their figures.
type Side struct {
	Status string `json:"status"`
	Reason string `json:"reason,omitempty"`
	// Runs counts the runs with samples; N the samples over all of them.
	Runs int `json:"runs"`
	N    int `json:"n"`
	// Disturbed counts the samples the observer marked disturbed;
	// DisturbedRuns the runs set aside because most of their samples were
	// (stats.DisturbedRun): they are no evidence.
	Disturbed     int `json:"disturbed,omitempty"`
	DisturbedRuns int `json:"disturbed_runs,omitempty"`
	// Median is the side's figure: the geometric mean of its runs'
	// figures (RunEstimates). (Schema v2 held the median of run medians
	// here; the name stays for readers.)
	Median verdict.Float `json:"median"`
	// Low and High bound the 95% t-interval of Median over the runs; null
	// with fewer than 3 runs (no run-level interval).
	Low  verdict.Float `json:"low"`
	High verdict.Float `json:"high"`
	// RelCI is the interval's half-width relative to Median (null when
	// there is no interval).
	RelCI verdict.Float `json:"rel_ci"`
	// RunCV is the between-run variation of the runs' figures (standard
	// deviation of their logarithms; null with one run); WithinCV the
	// median of the runs' own CVs over their undisturbed samples.
	RunCV    verdict.Float `json:"run_cv"`
	WithinCV verdict.Float `json:"within_cv"`
	// WithinSE is the median over runs of the standard error a run's
	// figure owes to its own samples, relative to it
	// (stats.RunEstimateSE: read from the fast tenth's neighbourhood, not
	// from the CV, which the slow tail sets; null when unknown). The plan
	// floors the runs' spread at it.
	WithinSE verdict.Float `json:"within_se"`
	// RunEstimates lists the figure of each run that was not set aside,
	// in run order: stats.RunEstimate, the fast tenth of its
	// undisturbed samples.
	RunEstimates []float64 `json:"run_estimates,omitempty"`
	// RunMedians lists each run's median over all its samples, in run
	// order (for readers; the verdict uses RunEstimates).
	RunMedians []float64 `json:"run_medians,omitempty"`
	// RunSeconds is the median time one run spent on the benchmark (0 when
	// the files do not say).
	RunSeconds float64 `json:"run_seconds,omitempty"`
	// LevelRatio is the highest run level (median) over the lowest when
	// the runs each sat steady at levels far apart (stats.RunLevels): a
	// power state or clock, not the code; 0 otherwise.
	LevelRatio float64 `json:"level_ratio,omitempty"`
	// CPU says a run came from a CPU implementation, whose levels are
	// its processes', not a GPU's clock (stats.LevelCause).
	CPU bool `json:"-"`

	// blocks names the round of each RunEstimates run ("" unpaired).
	blocks []string
}

// NewSide summarises a group's runs of a benchmark: every run's figure
// (stats.RunEstimate of its undisturbed samples), the runs set aside as
// disturbed throughout (stats.DisturbedRun), and the side's figure, the
// geometric mean of its runs' figures. When keepAll is set (every run of
// both sides was disturbed throughout: a machine loaded the whole time;
// or, for runs paired by round, every run of one side: see ByRound)
// no run is set aside, so the table shows figures; the verdict then
// rests on the pairs where the runs were taken in rounds, and is unsure
// otherwise (reports/compare decides so). (Once a first clean run
// arrives the disturbed ones go, which changes the runs a sequential
// design's early looks see; the error those looks can spend is below
// 0.0005 of the default 0.01.)
func NewSide(e *Entry, keepAll bool) *Side {
	s := &Side{Status: e.Result.Status, Reason: e.Result.Reason, CPU: e.CPU}
	if s.Status == "" {
		s.Status = resultsfile.StatusOK
	}
	nan := verdict.Float(math.NaN())
	s.Median, s.Low, s.High, s.RelCI, s.RunCV, s.WithinCV, s.WithinSE = nan, nan, nan, nan, nan, nan, nan
	if s.Status != resultsfile.StatusOK || len(e.Runs) == 0 {
		return s
	}
	higher := e.Result.Metric.Better == resultsfile.HigherIsBetter
	aside := setAside(e, keepAll)
	var cvs, ses []float64
	for i, r := range e.Runs {
		if len(r) == 0 {
			continue
		}
		var marks []bool
		if i < len(e.Marks) {
			marks = e.Marks[i]
		}
		s.Runs++
		s.N += len(r)
		s.RunMedians = append(s.RunMedians, stats.Median(r))
		for _, d := range marks {
			if d {
				s.Disturbed++
			}
		}
		if aside[i] {
			s.DisturbedRuns++
			continue
		}
		s.RunEstimates = append(s.RunEstimates, stats.RunEstimate(r, marks, higher))
		block := ""
		if i < len(e.Blocks) {
			block = e.Blocks[i]
		}
		s.blocks = append(s.blocks, block)
		if cv := stats.CV(stats.Undisturbed(r, marks)); !math.IsNaN(cv) {
			cvs = append(cvs, cv)
		}
		if se := stats.RunEstimateSE(r, marks, higher); !math.IsNaN(se) {
			ses = append(ses, se)
		}
	}
	if l := stats.RunLevels(e.Runs, e.Marks); l.Flagged {
		s.LevelRatio = l.Ratio
	}
	s.Median = verdict.Float(geoMean(s.RunEstimates))
	s.RunCV = verdict.Float(stats.LogSD(s.RunEstimates))
	s.WithinCV = verdict.Float(stats.Median(cvs))
	s.WithinSE = verdict.Float(stats.Median(ses))
	if n := len(s.RunEstimates); n >= stats.MinRuns && !s.RunCV.NaN() {
		h := stats.TQuantile(1-(1-stats.Confidence)/2, float64(n-1)) * float64(s.RunCV) / math.Sqrt(float64(n))
		m := float64(s.Median)
		s.Low, s.High, s.RelCI = verdict.Float(m*math.Exp(-h)), verdict.Float(m*math.Exp(h)), verdict.Float(math.Expm1(h))
	}
	if len(e.Secs) > 0 {
		s.RunSeconds = stats.Median(e.Secs)
	}
	return s
}

// PairRuns returns the run figures the change is judged on: when every
// run of both sides names its round (Input.Block) and at least
// MinPairedShare of the smaller side's runs have a partner of their
// round on the other side, the figures of the rounds that have a run on
// each side, base[i] and new[i] from one round, in the baseline's order,
// and paired true; otherwise every run of each side. (Rounds lose their
// pair when a side's run is set aside as disturbed; pairing then throws
// away more evidence than the drift it cancels is worth. The choice
// rests on the marks and the rounds, never on the figures.)
func PairRuns(b, n *Side) (base, new []float64, paired bool) {
	if len(b.blocks) != len(b.RunEstimates) || len(n.blocks) != len(n.RunEstimates) || len(b.blocks) == 0 || len(n.blocks) == 0 {
		return b.RunEstimates, n.RunEstimates, false
	}
	byBlock := map[string]float64{}
	for i, k := range n.blocks {
		if k == "" {
			return b.RunEstimates, n.RunEstimates, false
		}
		byBlock[k] = n.RunEstimates[i]
	}
	for i, k := range b.blocks {
		if k == "" {
			return b.RunEstimates, n.RunEstimates, false
		}
		if v, ok := byBlock[k]; ok {
			base = append(base, b.RunEstimates[i])
			new = append(new, v)
		}
	}
	if float64(len(base)) < MinPairedShare*float64(min(len(b.RunEstimates), len(n.RunEstimates))) {
		return b.RunEstimates, n.RunEstimates, false
	}
	return base, new, true
}

// MinPairedShare is the share of a side's runs (the smaller side's) that
// must have a partner in their round for the runs to be judged as pairs.
const MinPairedShare = 0.75

// setAside marks the runs of e that are disturbed throughout
// (stats.DisturbedRun); none when keepAll.
func setAside(e *Entry, keepAll bool) []bool {
	out := make([]bool, len(e.Runs))
	if keepAll {
		return out
	}
	for i, r := range e.Runs {
		if i < len(e.Marks) {
			out[i] = stats.DisturbedRun(e.Marks[i], len(r))
		}
	}
	return out
}

// AllDisturbed reports whether every run with samples of every entry
// given is disturbed throughout (and there is at least one).
func AllDisturbed(es ...*Entry) bool {
	n := 0
	for _, e := range es {
		if e == nil {
			continue
		}
		for i, r := range e.Runs {
			if len(r) == 0 {
				continue
			}
			if i >= len(e.Marks) || !stats.DisturbedRun(e.Marks[i], len(r)) {
				return false
			}
			n++
		}
	}
	return n > 0
}

// ByRound reports whether every run of every entry given names its
// round (Entry.Blocks): the runs were taken in rounds, one a side, and
// pair. Where they do, a side whose every run was disturbed throughout
// does not veto the comparison: the load fell on both runs of each pair
// (they ran side by side or one right after the other), so no run is set
// aside and the pairs carry the verdict, as when both sides were
// disturbed throughout (the disturbed-pairs warning).
func ByRound(es ...*Entry) bool {
	for _, e := range es {
		if e == nil || len(e.Blocks) != len(e.Runs) || len(e.Runs) == 0 {
			return false
		}
		for _, b := range e.Blocks {
			if b == "" {
				return false
			}
		}
	}
	return true
}

// SameSeconds is the two sides' runs as the comparison judges them: a
// round whose two runs took turns sample by sample (both Turns
// resultsfile.TurnsSample, same block) sampled the same seconds only up to
// the shorter run's count; the longer run went on alone after its
// partner stopped (its stopping rule was met sooner), in seconds the
// partner never saw. On a shared machine those seconds differ (beside a
// neighbour's bursts on the 2-vCPU VM, a pair whose counts differ by
// more than a quarter scatters by 13%, robust SD, where the others
// scatter by 5%), so both runs of such a round are cut to the samples
// they took together. Other runs are kept whole. The entries returned
// are copies when anything was cut; be and ge are never changed.
func SameSeconds(be, ge *Entry) (*Entry, *Entry) {
	if be == nil || ge == nil {
		return be, ge
	}
	inGe := map[string]int{}
	for j, b := range ge.Blocks {
		if b != "" && j < len(ge.Turns) && j < len(ge.Runs) {
			inGe[b] = j
		}
	}
	var cb, cg *Entry
	for i, b := range be.Blocks {
		j, ok := inGe[b]
		if !ok || i >= len(be.Turns) || i >= len(be.Runs) {
			continue
		}
		n, cut := resultsfile.SampledTogether(be.Turns[i], ge.Turns[j], len(be.Runs[i]), len(ge.Runs[j]))
		if !cut {
			continue
		}
		if cb == nil {
			cb, cg = be.cutCopy(), ge.cutCopy()
		}
		cb.cut(i, n)
		cg.cut(j, n)
	}
	if cb == nil {
		return be, ge
	}
	return cb, cg
}

// cutCopy is e with its own run lists, so that cut changes no one else's.
func (e *Entry) cutCopy() *Entry {
	c := *e
	c.Runs = slices.Clone(e.Runs)
	c.Marks = slices.Clone(e.Marks)
	c.Clocks = slices.Clone(e.Clocks)
	return &c
}

// cut keeps run i's first n samples (and their marks and clocks).
func (e *Entry) cut(i, n int) {
	e.Runs[i] = e.Runs[i][:min(n, len(e.Runs[i]))]
	if i < len(e.Marks) && len(e.Marks[i]) > n {
		e.Marks[i] = e.Marks[i][:n]
	}
	if i < len(e.Clocks) && len(e.Clocks[i]) > n {
		e.Clocks[i] = e.Clocks[i][:n]
	}
}

// geoMean is the geometric mean of positive xs (NaN for none or a value
// that is not positive).
func geoMean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	var sum float64
	for _, x := range xs {
		if !(x > 0) {
			return math.NaN()
		}
		sum += math.Log(x)
	}
	return math.Exp(sum / float64(len(xs)))
}
