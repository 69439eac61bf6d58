package compare

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/note"
	"github.com/radvbench/radvbench/reports/verdict"
)

// fakeRuns is a Sampler of seeded runs of two benchmarks: "s/steady"
// (runs agree within 0.5%: decided "~" at the first look) and "s/wander"
// (runs wander by 30%: never decided within a small budget). It records
// every call.
type fakeRuns struct {
	rng   *rand.Rand
	calls []call
	fail  int // the call (from 1) that fails; 0: none
}

type call struct {
	side Arm
	keys []string
}

func (f *fakeRuns) Next(_ context.Context, side Arm, keys []string) (*resultsfile.File, error) {
	f.calls = append(f.calls, call{side, slices.Clone(keys)})
	if len(f.calls) == f.fail {
		return nil, errors.New("child process exited 3")
	}
	bench := func(kernel string, spread float64) resultsfile.Result {
		m := math.Exp(spread * f.rng.NormFloat64())
		xs := make([]float64, 10)
		for i := range xs {
			xs[i] = 100 * m * (1 + 0.001*float64(i))
		}
		return resultsfile.Result{Suite: "s", Kernel: kernel, Status: resultsfile.StatusOK,
			Metric: resultsfile.Metric{Name: "t", Unit: "ns", Better: resultsfile.LowerIsBetter, Samples: xs}}
	}
	out := &resultsfile.File{Schema: resultsfile.Schema}
	for _, k := range []string{"s/steady", "s/wander"} {
		if keys != nil && !slices.Contains(keys, k) {
			continue
		}
		spread := 0.002
		if k == "s/wander" {
			spread = 0.3
		}
		out.Results = append(out.Results, bench(strings.TrimPrefix(k, "s/"), spread))
	}
	return out, nil
}

func verdictOf(t *testing.T, rep *Report, key string) Comparison {
	t.Helper()
	for _, c := range rep.Comparisons {
		if c.Key == key {
			return c
		}
	}
	t.Fatalf("no comparison of %s", key)
	return Comparison{}
}

func TestUntil(t *testing.T) {
	s := &fakeRuns{rng: rand.New(rand.NewPCG(1, 2))}
	res, err := Until(context.Background(), s, UntilOptions{Policy: verdict.DefaultPolicy(), MaxRuns: 6, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	// s/wander never settles: the design's last look (6 runs a side)
	// ends it.
	if res.Stop != StopRuns || res.Rounds != 6 || len(res.Base) != 6 || len(res.New) != 6 {
		t.Fatalf("stop %q after %d rounds (%d+%d runs), want the run budget after 6", res.Stop, res.Rounds, len(res.Base), len(res.New))
	}
	if c := verdictOf(t, res.Report, "s/steady"); c.Verdict != verdict.Same {
		t.Errorf("s/steady: %s (%s), want ~", c.Verdict, c.Reason)
	}
	if c := verdictOf(t, res.Report, "s/wander"); c.Verdict != verdict.Unsure || c.More {
		t.Errorf("s/wander: %s more=%v, want unsure with the design's looks spent", c.Verdict, c.More)
	}
	if res.Report.Design.MaxRuns != 6 {
		t.Errorf("report design %+v", res.Report.Design)
	}
	// Each round runs both sides once, in an order drawn from the seed:
	// both orders occur.
	orders := map[Arm]int{}
	for r := 0; r < res.Rounds; r++ {
		a, b := res.Order[2*r], res.Order[2*r+1]
		if a == b {
			t.Fatalf("round %d ran %s twice", r+1, a)
		}
		orders[a]++
	}
	if orders[Base] == 0 || orders[New] == 0 {
		t.Errorf("rounds began with base %d times and new %d times: the order is not drawn", orders[Base], orders[New])
	}
	// The first round runs everything (no keys), the next ones what is
	// undecided: both, until s/steady is decided at the first look (3
	// runs a side), then only s/wander.
	for i, c := range s.calls {
		round := i/2 + 1
		switch {
		case round == 1 && c.keys != nil:
			t.Errorf("round 1 asked for %v, want everything", c.keys)
		case round > 1 && round <= 3 && !slices.Equal(c.keys, []string{"s/steady", "s/wander"}):
			t.Errorf("round %d asked for %v before any verdict", round, c.keys)
		case round > 3 && !slices.Equal(c.keys, []string{"s/wander"}):
			t.Errorf("round %d asked for %v, want only the undecided s/wander", round, c.keys)
		}
	}
	// The same seed and runs give the same order.
	again, err := Until(context.Background(), &fakeRuns{rng: rand.New(rand.NewPCG(1, 2))}, UntilOptions{Policy: verdict.DefaultPolicy(), MaxRuns: 6, Seed: 7})
	if err != nil || !slices.Equal(again.Order, res.Order) {
		t.Errorf("not reproducible: %v vs %v (%v)", again.Order, res.Order, err)
	}
}

func TestUntilStops(t *testing.T) {
	// Decided: only the steady benchmark, with runs already on both sides.
	seed := uint64(3)
	steady := func() *resultsfile.File { // a run of its own each call (evidence is counted once)
		seed++
		f, _ := (&fakeRuns{rng: rand.New(rand.NewPCG(seed, 3))}).Next(context.Background(), Base, []string{"s/steady"})
		return f
	}
	s := &fakeRuns{rng: rand.New(rand.NewPCG(4, 4))}
	res, err := Until(context.Background(), SamplerFunc(func(ctx context.Context, side Arm, keys []string) (*resultsfile.File, error) {
		if keys == nil {
			keys = []string{"s/steady"}
		}
		return s.Next(ctx, side, keys)
	}), UntilOptions{Policy: verdict.DefaultPolicy(), Base: []*resultsfile.File{steady(), steady()}, New: []*resultsfile.File{steady()}})
	if err != nil || res.Stop != StopDecided || res.Rounds < 1 || len(res.Base) != 2+res.Rounds || len(res.New) != 1+res.Rounds {
		t.Errorf("from 2+1 runs: stop %q after %d rounds (%d+%d runs), err %v; want decided, one run a side a round on top of the given ones", res.Stop, res.Rounds, len(res.Base), len(res.New), err)
	}

	// The time budget: a clock that advances a minute a call.
	var now time.Time
	clock := func() time.Time { now = now.Add(time.Minute); return now }
	res, err = Until(context.Background(), &fakeRuns{rng: rand.New(rand.NewPCG(5, 5))}, UntilOptions{Policy: verdict.DefaultPolicy(), Budget: 5 * time.Minute, Now: clock})
	if err != nil || res.Stop != StopTime || res.Rounds != 5 || !res.Report.Design.Closed {
		t.Errorf("time budget: stop %q after %d rounds (design %+v), err %v; want the time budget after 5 rounds of a minute, the last look closing the design", res.Stop, res.Rounds, res.Report.Design, err)
	}

	// A budget of 3 rounds, alpha shared among the 2 benchmarks, one
	// unsure: the note says what budget buys 4 rounds. With 5 rounds (above)
	// there is none.
	if slices.ContainsFunc(res.Report.Notes, func(n note.Note) bool { return n.Kind == NoteShortBudget }) {
		t.Errorf("5 rounds: notes %q", res.Report.Notes)
	}
	now = time.Time{}
	advise := func(a note.Advice) string { return fmt.Sprintf("; <%s %v %d>", a.Kind, a.Budget, a.Rounds) }
	res, err = Until(context.Background(), &fakeRuns{rng: rand.New(rand.NewPCG(5, 5))}, UntilOptions{Policy: verdict.DefaultPolicy(), Budget: 3 * time.Minute, Now: clock})
	res.Report.Word(advise)
	want := "the time budget ended the runs after 3 round(s) of about 1m0s: with alpha shared among 2 benchmarks (Holm), 3 round(s) call only changes far beyond the rounds' spread; <budget 4m0s 4>"
	if err != nil || res.Stop != StopTime || res.Rounds != 3 || !slices.Contains(messages(res.Report.Notes), want) {
		t.Errorf("3 rounds: stop %q after %d, err %v, notes %q; want the note %q", res.Stop, res.Rounds, err, res.Report.Notes, want)
	}

	// A failed run ends it with what was collected.
	bad := &fakeRuns{rng: rand.New(rand.NewPCG(6, 6)), fail: 5}
	res, err = Until(context.Background(), bad, UntilOptions{Policy: verdict.DefaultPolicy()})
	if err == nil || !strings.Contains(err.Error(), "round 3") || !strings.Contains(err.Error(), "child process exited 3") || res.Stop != StopError || res.Rounds != 2 {
		t.Errorf("failed run: %v, stop %q after %d rounds", err, res.Stop, res.Rounds)
	}

	// Cancelled between rounds.
	ctx, cancel := context.WithCancel(context.Background())
	runs := &fakeRuns{rng: rand.New(rand.NewPCG(7, 7))}
	res, err = Until(ctx, SamplerFunc(func(ctx context.Context, side Arm, keys []string) (*resultsfile.File, error) {
		if side == New {
			cancel()
		}
		return runs.Next(ctx, side, keys)
	}), UntilOptions{Policy: verdict.DefaultPolicy()})
	if !errors.Is(err, context.Canceled) || res.Stop != StopCancelled || res.Rounds != 1 {
		t.Errorf("cancelled: %v, stop %q after %d rounds", err, res.Stop, res.Rounds)
	}

	if _, err := Until(context.Background(), bad, UntilOptions{Policy: verdict.DefaultPolicy(), BaseName: "x", NewName: "x"}); err == nil {
		t.Error("two sides of one name accepted")
	}
}

// fakePairs is fakeRuns as a PairSampler: it counts the pair calls and
// records the round's first side.
type fakePairs struct {
	fakeRuns
	pairs  int
	firsts []Arm
}

func (p *fakePairs) NextPair(ctx context.Context, first Arm, keys []string) (*resultsfile.File, *resultsfile.File, error) {
	p.pairs++
	p.firsts = append(p.firsts, first)
	b, err := p.Next(ctx, Base, keys)
	if err != nil {
		return nil, nil, err
	}
	n, err := p.Next(ctx, New, keys)
	return b, n, err
}

// TestUntilPairSampler: a sampler that takes both sides' runs at once is
// asked once a round, never one side alone, and its runs are paired by
// round like the others; a failed pair ends the run with its round.
func TestUntilPairSampler(t *testing.T) {
	p := &fakePairs{fakeRuns: fakeRuns{rng: rand.New(rand.NewPCG(1, 2))}}
	res, err := Until(context.Background(), p, UntilOptions{Policy: verdict.DefaultPolicy(), MaxRuns: 6, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if p.pairs != res.Rounds || len(p.calls) != 2*res.Rounds || len(res.Base) != res.Rounds || len(res.New) != res.Rounds {
		t.Fatalf("%d pair calls, %d runs, %d rounds (%d+%d runs kept): want one pair call a round", p.pairs, len(p.calls), res.Rounds, len(res.Base), len(res.New))
	}
	if !res.Report.Comparisons[0].Paired {
		t.Errorf("the rounds' runs are not paired: %+v", res.Report.Comparisons[0])
	}
	if c := verdictOf(t, res.Report, "s/steady"); c.Verdict != verdict.Same {
		t.Errorf("s/steady: %s, want ~", c.Verdict)
	}
	if !slices.Contains(p.firsts, Base) || !slices.Contains(p.firsts, New) {
		t.Errorf("first sides %v: the round's first side is not drawn", p.firsts)
	}
	bad := &fakePairs{fakeRuns: fakeRuns{rng: rand.New(rand.NewPCG(6, 6)), fail: 5}}
	res, err = Until(context.Background(), bad, UntilOptions{Policy: verdict.DefaultPolicy()})
	if err == nil || !strings.Contains(err.Error(), "round 3, runs side by side") || res.Stop != StopError || res.Rounds != 2 {
		t.Errorf("failed pair: %v, stop %q after %d rounds", err, res.Stop, res.Rounds)
	}
}
