package compare

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/stats"
)

// Planning: before spending machine time, how many runs a side does the
// gate need to catch a given slowdown?

// DefaultDetect is the slowdown --plan sizes for (5%), DefaultPower the
// chance of catching it (95%).
const (
	DefaultDetect = 0.05
	DefaultPower  = 0.95
)

// MaxPlanRuns bounds the runs a plan considers.
const MaxPlanRuns = 100

// RunsNeeded is the smallest number of runs a side (at least 3) with which
// the decision rule (Decide) calls a slowdown of detect (time × (1+detect))
// a regression with probability power, given the run-to-run spread
// (standard deviation of the log run medians), the part of it a run's
// median owes to the scatter of its own samples (within: √(π/2)·within-run
// CV/√samples; 0 when unknown), the limits and the noise floor for n runs
// a side (floorAt; NaN when none). 0 when more than MaxPlanRuns would be
// needed.
//
// The hierarchical bootstrap resamples the samples inside each drawn run
// on top of the runs themselves, so the within-run scatter, already part
// of the run medians' spread, counts twice in its interval: the interval's
// standard error is √(spread² + within²) per run, not spread (with runs
// that differ only by their samples, √2 times wider). The plan uses that.
//
// A regression needs two things; each is asked to happen with probability
// 1-(1-power)/2, so that both do with probability at least power (the
// union bound; they are strongly correlated, both driven by the observed
// difference, so the pair happens nearly as often as the rarer one and
// the plan errs on the safe side; the simulation in the tests checks it):
//
//   - Welch's test on the log run medians rejects at alpha: the slowdown
//     δ = log(1+detect) must exceed (t(1-alpha/2) + t(p)) standard
//     errors se = spread·√(2/n). Welch's degrees of freedom fall anywhere
//     between n-1 and 2n-2 depending on how the two sides' spreads come
//     out; the plan takes n-1, the low end (with 2n-2, the grid's cells of
//     3 runs a side were caught in only 86-90% of trials);
//   - the bootstrap interval of the median of run medians clears the
//     effective threshold T = -log(1-threshold): δ - T must exceed
//     (z(0.975) + z(p)) standard errors of a median, √(π/2)·se', with
//     se' = √(spread² + within²)·√(2/n) (see above).
func RunsNeeded(detect, spread, within float64, l Limits, power float64, floorAt func(n int) float64) int {
	if math.IsNaN(spread) || detect <= 0 {
		return 0
	}
	if math.IsNaN(within) || within < 0 {
		within = 0
	}
	d := math.Log1p(detect)
	zc := stats.NormalQuantile(1 - (1-stats.Confidence)/2)
	each := 1 - (1-power)/2
	zp := stats.NormalQuantile(each)
	for n := stats.MinRuns; n <= MaxPlanRuns; n++ {
		eff := l.Threshold
		if f := floorAt(n); f > eff {
			eff = f
		}
		if eff >= 1 {
			continue
		}
		t := -math.Log1p(-eff)
		se := spread * math.Sqrt(2/float64(n))
		seBoot := math.Hypot(spread, within) * math.Sqrt(2/float64(n))
		df := float64(n - 1)
		if d < (stats.TQuantile(1-l.Alpha/2, df)+stats.TQuantile(each, df))*se {
			continue
		}
		if d-t < medianSE*(zc+zp)*seBoot {
			continue
		}
		return n
	}
	return 0
}

// PlanRow is one benchmark's part of a plan.
type PlanRow struct {
	Key string `json:"key"`
	// Spread is the run-to-run variation used (standard deviation of the
	// log run medians); Source says where it was measured.
	Spread Float  `json:"between_cv"`
	Source string `json:"source"`
	// Within is the part of a run median's spread due to its own samples
	// (√(π/2)·within-run CV/√samples; null when unknown).
	Within Float `json:"within"`
	// Runs is the runs a side needed; 0 when more than MaxPlanRuns, or
	// when nothing is known (Spread null).
	Runs int `json:"runs"`
	// RunSeconds is the time one run spends on the benchmark (0 unknown).
	RunSeconds float64 `json:"run_seconds,omitempty"`
	// WithinThreshold is set when the slowdown to detect is no larger
	// than the benchmark's threshold: the gate never calls it a
	// regression, however many runs (Runs is 0, and noise is not why).
	WithinThreshold bool `json:"within_threshold,omitempty"`
}

// Plan answers "how many runs a side" for every benchmark.
type Plan struct {
	Detect    float64   `json:"detect"`
	Power     float64   `json:"power"`
	Alpha     float64   `json:"alpha"`
	Threshold float64   `json:"threshold"`
	Rows      []PlanRow `json:"benchmarks"`
	// Runs is the runs a side that catch the slowdown on every benchmark
	// that can be caught within MaxPlanRuns; Unreachable counts those
	// that cannot because their runs wander too much, WithinThreshold
	// those whose threshold is at or above the slowdown, Unknown those
	// without a measured spread.
	Runs            int `json:"runs"`
	Unreachable     int `json:"unreachable"`
	WithinThreshold int `json:"within_threshold"`
	Unknown         int `json:"unknown"`
	// RunSeconds is the time of one run of all benchmarks; Seconds that of
	// the plan (Runs a side, two sides).
	RunSeconds float64 `json:"run_seconds"`
	Seconds    float64 `json:"seconds"`
}

// PlanFromNoise plans from a noise file's measured spreads.
func PlanFromNoise(nf *noise.File, p *Policy, detect, power float64) *Plan {
	pl := newPlan(p, detect, power)
	for i := range nf.Benchmarks {
		b := &nf.Benchmarks[i]
		pl.add(p, b.Key, b.BetweenCV, WithinSpread(b.WithinCV, b.SamplesPerRun), "noise file", b.RunSeconds, b)
	}
	pl.finish()
	return pl
}

// PlanFromReport plans from the runs in a comparison's inputs (pooled
// spread of both sides), or from the noise file where it has the
// benchmark.
func PlanFromReport(r *Report, nf *noise.File, detect, power float64) *Plan {
	pl := newPlan(&r.Policy, detect, power)
	seen := map[string]bool{}
	for i := range r.Comparisons {
		c := &r.Comparisons[i]
		if seen[c.Key] || c.Base == nil || c.New == nil || c.Base.Status != "ok" || c.New.Status != "ok" {
			continue
		}
		seen[c.Key] = true
		secs := c.Base.RunSeconds
		if b := nf.Lookup(c.Key); b != nil {
			if secs == 0 {
				secs = b.RunSeconds
			}
			pl.add(&r.Policy, c.Key, b.BetweenCV, WithinSpread(b.WithinCV, b.SamplesPerRun), "noise file", secs, b)
			continue
		}
		pl.add(&r.Policy, c.Key, pooledSpread(c.Base.RunMedians, c.New.RunMedians), sideWithin(c.Base),
			fmt.Sprintf("%d+%d runs", c.Base.Runs, c.New.Runs), secs, nil)
	}
	pl.finish()
	return pl
}

// WithinSpread is the standard deviation a run's median owes to the
// scatter of its own samples: √(π/2)·cv/√samples (NaN when unknown).
func WithinSpread(cv float64, samples int) float64 {
	if samples <= 0 || math.IsNaN(cv) {
		return math.NaN()
	}
	return medianSE * cv / math.Sqrt(float64(samples))
}

// sideWithin is WithinSpread for a side: its median within-run CV over
// its average samples a run.
func sideWithin(s *Side) float64 {
	if s == nil || s.Runs == 0 {
		return math.NaN()
	}
	return WithinSpread(float64(s.WithinCV), s.N/s.Runs)
}

func newPlan(p *Policy, detect, power float64) *Plan {
	if detect <= 0 {
		detect = DefaultDetect
	}
	if power <= 0 || power >= 1 {
		power = DefaultPower
	}
	return &Plan{Detect: detect, Power: power, Alpha: p.Alpha, Threshold: p.Threshold, Rows: []PlanRow{}}
}

func (pl *Plan) add(p *Policy, key string, spread, within float64, source string, secs float64, nb *noise.Bench) {
	lim, _ := p.For(key)
	row := PlanRow{Key: key, Spread: Float(spread), Within: Float(within), Source: source, RunSeconds: secs}
	if !math.IsNaN(spread) {
		row.Runs = RunsNeeded(pl.Detect, spread, within, lim, pl.Power, func(n int) float64 { return nb.Floor(n, n, lim.Alpha) })
		row.WithinThreshold = row.Runs == 0 && pl.Detect <= lim.Threshold
	}
	pl.Rows = append(pl.Rows, row)
}

func (pl *Plan) finish() {
	for _, r := range pl.Rows {
		pl.RunSeconds += r.RunSeconds
		switch {
		case r.Spread.NaN():
			pl.Unknown++
		case r.WithinThreshold:
			pl.WithinThreshold++
		case r.Runs == 0:
			pl.Unreachable++
		default:
			pl.Runs = max(pl.Runs, r.Runs)
		}
	}
	pl.Seconds = 2 * float64(pl.Runs) * pl.RunSeconds
}

// WritePlan renders the plan as text (or JSON with format "json").
func WritePlan(w io.Writer, pl *Plan, format string) error {
	if format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(pl)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "radvbench plan: runs a side to catch a %s slowdown with %.0f%% power (alpha %g, threshold %s)\n\n",
		FormatPercent(pl.Detect), pl.Power*100, pl.Alpha, FormatPercent(pl.Threshold))
	rows := [][]string{{"benchmark", "between-run CV", "measured on", "runs a side", "time a run"}}
	for _, r := range pl.Rows {
		runs := fmt.Sprint(r.Runs)
		switch {
		case r.Spread.NaN():
			runs = "unknown"
		case r.WithinThreshold:
			runs = "never (threshold)"
		case r.Runs == 0:
			runs = fmt.Sprintf(">%d", MaxPlanRuns)
		}
		cv := FormatPercent(float64(r.Spread))
		if r.Spread.NaN() {
			cv = "—"
		}
		rows = append(rows, []string{r.Key, cv, r.Source, runs, formatSeconds(r.RunSeconds)})
	}
	writeTable(&b, rows, nil)
	b.WriteString("\n")
	switch {
	case pl.Runs == 0 && pl.Unreachable == 0:
	case pl.Runs == 0 && pl.WithinThreshold > 0:
	case pl.Runs == 0:
		fmt.Fprintf(&b, "no benchmark can be gated for a %s slowdown within %d runs a side\n", FormatPercent(pl.Detect), MaxPlanRuns)
	default:
		fmt.Fprintf(&b, "overall: %d runs a side (radvbench run --runs %d for the baseline and for the candidate)", pl.Runs, pl.Runs)
		if pl.Seconds > 0 {
			fmt.Fprintf(&b, ", about %s of machine time", formatSeconds(pl.Seconds))
		}
		b.WriteString("\n")
	}
	if pl.WithinThreshold > 0 {
		fmt.Fprintf(&b, "%d benchmark(s) have a threshold at or above the %s slowdown to detect: the gate never calls so small a change a regression, however many runs; plan with a --detect above the threshold (%s), or lower the threshold\n", pl.WithinThreshold, FormatPercent(pl.Detect), FormatPercent(pl.Threshold))
	}
	if pl.Unreachable > 0 {
		fmt.Fprintf(&b, "%d benchmark(s) wander too much to catch a %s slowdown within %d runs: give them a larger threshold in the policy, or quiet the machine\n", pl.Unreachable, FormatPercent(pl.Detect), MaxPlanRuns)
	}
	if pl.Unknown > 0 {
		fmt.Fprintf(&b, "%d benchmark(s) have no measured run-to-run spread: measure it with 'radvbench noise' or compare files with 2+ runs\n", pl.Unknown)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func formatSeconds(s float64) string {
	if s <= 0 || math.IsNaN(s) {
		return "?"
	}
	d := time.Duration(s * float64(time.Second))
	switch {
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	case d < time.Minute:
		return d.Round(100 * time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}
