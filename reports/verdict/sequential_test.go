package verdict

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/radvbench/radvbench/core/stats"
	"github.com/radvbench/radvbench/internal/race"
)

func TestDesignLooks(t *testing.T) {
	for _, tt := range []struct {
		d    Design
		want []int
	}{
		{Design{}, nil},
		{Design{MaxRuns: 3}, []int{3}},
		{Design{MaxRuns: 5}, []int{3, 4, 5}},
		{Design{MaxRuns: 30}, []int{3, 4, 5, 6, 8, 10, 13, 16, 20, 25, 30}},
		{Design{MaxRuns: 2}, []int{3}},
	} {
		if got := tt.d.Looks(); !slices.Equal(got, tt.want) {
			t.Errorf("%+v.Looks() = %v, want %v", tt.d, got, tt.want)
		}
	}
	// The shares of the scheduled looks add up to the totals; between
	// looks nothing new is spent; a fixed design spends all at once. The
	// alarm level is the alarm share; the equivalence level is the
	// equivalence share at the first look and larger after it (the looks
	// share their runs, stats.SequentialLevels).
	d := Design{MaxRuns: 30}
	var sa, se float64
	for i, n := range d.Looks() {
		a, e := d.shares(n, 0.01, 0.05)
		if !(a > 0 && e > 0) {
			t.Errorf("look %d spends %v, %v", n, a, e)
		}
		la, le := d.Look(n, 0.01, 0.05)
		if la != a || (i == 0 && math.Abs(le-e) > 1e-12) || (i > 0 && !(le > e)) {
			t.Errorf("look %d: levels %v, %v for shares %v, %v", n, la, le, a, e)
		}
		sa, se = sa+a, se+e
	}
	if math.Abs(sa-0.01) > 1e-15 || math.Abs(se-0.05) > 1e-15 {
		t.Errorf("the looks spend %v and %v, want 0.01 and 0.05", sa, se)
	}
	if a, _ := d.Look(2, 0.01, 0.05); a != 0 {
		t.Errorf("before the first look: %v spent", a)
	}
	if d.lookAt(7) != 6 || d.lookAt(2) != 0 || d.lookAt(99) != 30 || (Design{}).lookAt(7) != 7 {
		t.Errorf("lookAt: 7→%d 2→%d 99→%d fixed 7→%d", d.lookAt(7), d.lookAt(2), d.lookAt(99), (Design{}).lookAt(7))
	}
	if a, e := (Design{}).Look(7, 0.01, 0.05); a != 0.01 || e != 0.05 {
		t.Errorf("fixed design spends %v, %v", a, e)
	}
}

// TestRepeatedLooks: the sequential design keeps its error rate under
// repeated looks. Normal run figures with no change, threshold 0 (so the
// alarm interval is a plain test of "no change"), a look after every
// round up to 30 runs a side: the chance that any look calls a
// regression stays at most alpha = 1%. Looking as often with the
// fixed-sample interval at every look (naive peeking) goes well beyond it:
// the test shows both, so it fails if the spending stops working.
func TestRepeatedLooks(t *testing.T) {
	t.Parallel() // a long simulation with its own generators: beside the others
	race.SkipSimulation(t)
	const trials = 1000
	l := Limits{Alpha: 0.01, Threshold: 0}
	rate := func(d Design, seed uint64) float64 {
		rng := rand.New(rand.NewPCG(seed, 1))
		hits := 0
		for range trials {
			var base, new []float64
			for n := 1; n <= 30; n++ {
				base = append(base, math.Exp(0.02*rng.NormFloat64()))
				new = append(new, math.Exp(0.02*rng.NormFloat64()))
				if n < 3 {
					continue
				}
				if a := Assess(base, new, false, stats.Prior{}, -1, 0, l, d); a.Verdict == Regression {
					hits++
					break
				}
			}
		}
		return float64(hits) / trials
	}
	seq := rate(Design{MaxRuns: 30}, 1)
	naive := rate(Design{}, 1)
	closed := closedRate(t, l, trials)
	t.Logf("closed early at a random round (a time budget): %.2f%%", 100*closed)
	if closed > 0.01 {
		t.Errorf("design closed early: false regressions in %.2f%% of %d A/A sequences > 1%%", 100*closed, trials)
	}
	t.Logf("any-look false regressions: sequential design %.2f%%, naive peeking %.2f%%", 100*seq, 100*naive)
	if seq > 0.01 {
		t.Errorf("sequential design: false regressions in %.2f%% of %d A/A sequences > 1%%", 100*seq, trials)
	}
	if naive < 2*0.01 {
		t.Errorf("naive peeking false regressions only %.2f%%: the test cannot tell the designs apart", 100*naive)
	}
}

// closedRate is the any-look false-regression rate of A/A sequences
// whose runs end at a round drawn apart from the data (a time budget),
// the last look closing the design (Design.Closed).
func closedRate(t *testing.T, l Limits, trials int) float64 {
	t.Helper()
	rng := rand.New(rand.NewPCG(2, 1))
	hits := 0
	for range trials {
		end := 3 + rng.IntN(28) // the round the budget ends, 3..30
		var base, new []float64
		for n := 1; n <= end; n++ {
			base = append(base, math.Exp(0.02*rng.NormFloat64()))
			new = append(new, math.Exp(0.02*rng.NormFloat64()))
			if n < 3 {
				continue
			}
			if a := Assess(base, new, false, stats.Prior{}, -1, 0, l, Design{MaxRuns: 30, Closed: n == end}); a.Verdict == Regression {
				hits++
				break
			}
		}
	}
	return float64(hits) / float64(trials)
}

// TestClosedLook: a design cut short spends at its closing look what the
// earlier looks left, on every run: a 10% slowdown over 5 runs a side that
// the open look at 5 of 30 cannot call, the closing look does; the shares
// of the looks taken add up to alpha.
func TestClosedLook(t *testing.T) {
	l := Limits{Alpha: 0.01, Threshold: 0.03}
	base := []float64{100, 103, 98, 101, 99}
	new := []float64{110, 112, 107, 111, 109}
	open := Assess(base, new, false, stats.Prior{}, -1, l.Threshold, l, Design{MaxRuns: 30})
	closed := Assess(base, new, false, stats.Prior{}, -1, l.Threshold, l, Design{MaxRuns: 30, Closed: true})
	if open.Verdict != Unsure || closed.Verdict != Regression || closed.More {
		t.Errorf("open look %s (alpha %.5f), closing look %s (alpha %.5f, more %v): want unsure, then a regression with nothing more to look at",
			open.Verdict, open.Alpha, closed.Verdict, closed.Alpha, closed.More)
	}
	d := Design{MaxRuns: 30}
	spent := 0.0
	for _, n := range []int{3, 4} {
		a, _ := d.Look(n, l.Alpha, EquivalenceAlpha)
		spent += a
	}
	d.Closed = true
	last, _ := d.Look(5, l.Alpha, EquivalenceAlpha)
	// The closing look at 5 replaces the scheduled look at 5 (the same
	// first 5 runs, a larger share: its intervals lie inside that look's),
	// so looks 3 and 4 and the closing look spend alpha in all.
	if total := spent + last; math.Abs(total-l.Alpha) > 1e-12 {
		t.Errorf("looks 3, 4 and the closing look at 5 spend %.6f in all, want alpha %.6f", total, l.Alpha)
	}
	// Between scheduled looks the closing look spends what the last
	// scheduled look left: at 7 runs, after the look at 6.
	at7, _ := d.Look(7, l.Alpha, EquivalenceAlpha)
	d.Closed = false
	var upTo6 float64
	for _, n := range []int{3, 4, 5, 6} {
		a, _ := d.Look(n, l.Alpha, EquivalenceAlpha)
		upTo6 += a
	}
	if math.Abs(upTo6+at7-l.Alpha) > 1e-12 {
		t.Errorf("looks 3..6 and the closing look at 7 spend %.6f in all, want alpha %.6f", upTo6+at7, l.Alpha)
	}
}

// TestClosedAtMaxRuns: when the time budget ends on the round that brings
// the runs to the design's MaxRuns, the closing look is the final look and
// spends the final look's share. It once spent nothing there: every
// benchmark still open at the last round of a gate that used its whole
// run budget came out unsure with no interval ("before the design's first
// look"), an A/A gate of 12 rounds beside a noisy neighbour calling 14 of
// 23 benchmarks ~ and leaving 9 with no interval at all.
func TestClosedAtMaxRuns(t *testing.T) {
	l := Limits{Alpha: 0.01, Threshold: 0.03}
	const maxRuns = 12
	rng := rand.New(rand.NewPCG(7, 1))
	var base, new []float64
	for range maxRuns {
		x := math.Exp(0.01 * rng.NormFloat64())
		base = append(base, 100*x)
		new = append(new, 100*x*math.Exp(0.005*rng.NormFloat64()))
	}
	open := Assess(base, new, true, stats.Prior{}, 1, l.Threshold, l, Design{MaxRuns: maxRuns})
	closed := Assess(base, new, true, stats.Prior{}, 1, l.Threshold, l, Design{MaxRuns: maxRuns, Closed: true})
	if !(closed.Alpha > 0) || math.Abs(closed.Alpha-open.Alpha) > 1e-15 || math.Abs(closed.Equiv-open.Equiv) > 1e-15 {
		t.Errorf("closing look at MaxRuns spends alpha %v, equivalence %v; the final scheduled look spends %v, %v", closed.Alpha, closed.Equiv, open.Alpha, open.Equiv)
	}
	// Rounds may go on past MaxRuns for other benchmarks (a side whose
	// runs were set aside catches up): a closing look with more runs
	// than the design's last count is the final look, on its runs.
	beyond := Assess(append(base, 300, 100), append(new, 100, 100), true, stats.Prior{}, 1, l.Threshold, l, Design{MaxRuns: maxRuns, Closed: true})
	if beyond.Alpha != closed.Alpha || beyond.Change != closed.Change || beyond.Verdict != closed.Verdict {
		t.Errorf("closing look at %d runs of a %d-run design: alpha %v change %v %s, want the final look's: alpha %v change %v %s",
			maxRuns+2, maxRuns, beyond.Alpha, beyond.Change, beyond.Verdict, closed.Alpha, closed.Change, closed.Verdict)
	}
	if closed.Verdict != Same || open.Verdict != Same {
		t.Errorf("A/A at %d runs, pairs within 0.5%%: open look %s (%s), closing look %s (%s); want ~ from both", maxRuns, open.Verdict, open.Reason, closed.Verdict, closed.Reason)
	}
}

func TestAssess(t *testing.T) {
	l := Limits{Alpha: 0.01, Threshold: 0.03}
	steady := func(m float64, n int) []float64 {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = m * (1 + 0.002*float64(i%3-1))
		}
		return xs
	}
	for _, tt := range []struct {
		name      string
		base, new []float64
		dir       int
		d         Design
		want      Verdict
		more      bool
	}{
		{"time 10% up", steady(100, 5), steady(110, 5), -1, Design{}, Regression, false},
		{"throughput 10% up", steady(100, 5), steady(110, 5), +1, Design{}, Improvement, false},
		{"same", steady(100, 5), steady(100, 5), -1, Design{}, Same, false},
		// 2% with a steady spread: inside the threshold.
		{"inside", steady(100, 8), steady(102, 8), -1, Design{}, Same, false},
		// 2.9% with a ±0.2% spread: the equivalence interval reaches 3%.
		{"at the edge", steady(100, 8), steady(102.9, 8), -1, Design{}, Unsure, false},
		// Wandering runs: undecided, and a sequential design asks for more.
		{"wandering, fixed", []float64{90, 110, 100}, []float64{95, 115, 105}, -1, Design{}, Unsure, false},
		{"wandering, sequential", []float64{90, 110, 100}, []float64{95, 115, 105}, -1, Design{MaxRuns: 30}, Unsure, true},
		{"too few", steady(100, 2), steady(110, 2), -1, Design{}, Unsure, false},
		// A side that ran ahead waits: the 6 extra slow runs of new are not
		// looked at until base has as many (first 3 a side: the same).
		{"side ahead waits", steady(100, 3), append(steady(100, 3), steady(130, 6)...), -1, Design{MaxRuns: 30}, Same, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a := Assess(tt.base, tt.new, false, stats.Prior{}, tt.dir, l.Threshold, l, tt.d)
			if a.Verdict != tt.want || a.More != tt.more {
				t.Errorf("Assess = %s (more %v; %+v), want %s (more %v)", a.Verdict, a.More, a, tt.want, tt.more)
			}
			if (a.Verdict == Unsure) != (a.Reason != "") {
				t.Errorf("verdict %s with reason %q", a.Verdict, a.Reason)
			}
		})
	}
	// Unsure with runs to go: NeedRuns says when the look would decide.
	a := Assess([]float64{97, 103, 100}, []float64{107, 113, 110}, false, stats.Prior{}, -1, 0.03, l, Design{MaxRuns: 30})
	if a.Verdict != Unsure || a.NeedRuns <= 3 || !slices.Contains(Design{MaxRuns: 30}.Looks(), a.NeedRuns) {
		t.Errorf("+10%% with ±3%% runs at 3 a side: %s, need %d runs", a.Verdict, a.NeedRuns)
	}
}

// TestRepeatedEquivalence: ~ keeps its error rate under repeated looks.
// Paired runs whose true change is exactly the threshold (3%, pairs
// scattering by 4%), a look after every round up to 12 runs a side, open
// and closed at a round drawn apart from the data: the chance that any
// look calls ~ stays at most EquivalenceAlpha, within Monte Carlo error,
// although each look's level is the nominal one of the spending
// (stats.SequentialLevels), larger than its share. The fixed-sample level
// at every look (naive peeking) goes well beyond it.
func TestRepeatedEquivalence(t *testing.T) {
	t.Parallel() // a long simulation with its own generators: beside the others
	race.SkipSimulation(t)
	const trials, eff = 4000, 0.03
	l := Limits{Alpha: 0.01, Threshold: eff}
	rate := func(design func(n, end int) Design, seed uint64) float64 {
		rng := rand.New(rand.NewPCG(seed, 7))
		hits := 0
		for range trials {
			end := 3 + rng.IntN(10) // the round a budget ends, 3..12
			var base, new []float64
			for n := 1; n <= 12; n++ {
				b := math.Exp(0.1 * rng.NormFloat64()) // the rounds drift; the pairs cancel it
				base = append(base, b)
				new = append(new, b*(1+eff)*math.Exp(0.04*rng.NormFloat64()))
				if n < 3 {
					continue
				}
				d := design(n, end)
				if a := Assess(base, new, true, stats.Prior{}, 1, eff, l, d); a.Verdict == Same {
					hits++
					break
				}
				if d.Closed {
					break
				}
			}
		}
		return float64(hits) / trials
	}
	open := rate(func(n, end int) Design { return Design{MaxRuns: 12} }, 1)
	closed := rate(func(n, end int) Design { return Design{MaxRuns: 12, Closed: n == end} }, 2)
	naive := rate(func(n, end int) Design { return Design{} }, 3)
	t.Logf("any-look ~ at a change of the threshold: open %.2f%%, closed early %.2f%%, naive peeking %.2f%%", 100*open, 100*closed, 100*naive)
	limit := EquivalenceAlpha + 3*math.Sqrt(EquivalenceAlpha*(1-EquivalenceAlpha)/trials)
	if open > limit || closed > limit {
		t.Errorf("~ at a change of the threshold in %.2f%% (open) and %.2f%% (closed) of %d sequences > %.2f%%", 100*open, 100*closed, trials, 100*limit)
	}
	if naive < 1.5*EquivalenceAlpha {
		t.Errorf("naive peeking calls ~ in only %.2f%%: the test cannot tell the designs apart", 100*naive)
	}
}
