package bisect

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/codecompare"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/verdict"
)

// fakeGate judges candidate i against the good end by a rule: from
// position bad on the candidates are 40% slower (a regression), before
// it the same (~); candidates in unsure are unsure, in fail do not run.
// Each gate advances the fake clock by a minute.
type fakeGate struct {
	bad    int
	unsure map[int]bool
	fail   map[int]bool
	clock  *time.Time
	calls  []int
	budget []time.Duration
	keys   [][]string
}

func (g *fakeGate) Gate(_ context.Context, step int, base, cand Candidate, keys []string, budget time.Duration) (*GateResult, error) {
	var i int
	fmt.Sscanf(cand.Name, "c%d", &i)
	g.calls, g.budget, g.keys = append(g.calls, i), append(g.budget, budget), append(g.keys, keys)
	if g.clock != nil {
		*g.clock = g.clock.Add(time.Minute)
	}
	if g.fail[i] {
		return nil, errors.New("exit status 1")
	}
	v, change := verdict.Same, 0.002
	switch {
	case g.unsure[i]:
		v, change = verdict.Unsure, -0.02
	case i >= g.bad:
		v, change = verdict.Regression, -0.4
	}
	rep := &compare.Report{Policy: verdict.Policy{Alpha: 0.01}, Comparisons: []compare.Comparison{
		{Key: "matmul/naive/x", Verdict: v, Change: verdict.Float(change), Low: verdict.Float(change - 0.05), High: verdict.Float(change + 0.05),
			Code: &codecompare.Code{Source: codecompare.CodeCaptured, Unchanged: i < g.bad}},
		// Never slower: only the benchmarks the verification calls
		// slower are judged, so this one does not make candidates good.
		{Key: "latency/empty/1x1", Verdict: verdict.Same, Change: 0},
	}}
	return &GateResult{Report: rep, Rounds: 3, Stop: compare.StopDecided, Results: fmt.Sprintf("step%d.json", step)}, nil
}

func cands(n int) []Candidate {
	cs := make([]Candidate, n)
	for i := range cs {
		cs[i] = Candidate{Name: fmt.Sprintf("c%d", i), Env: map[string]string{"I": fmt.Sprint(i)}}
	}
	return cs
}

// TestBisectFindsFirstBad: for every list size and every position of the
// first bad candidate, the bisection finds it in at most ⌈log2(n−1)⌉
// steps after the verification, never gating a candidate twice, each
// step against the good end, judging only the benchmark the verification
// called slower.
func TestBisectFindsFirstBad(t *testing.T) {
	for n := 2; n <= 17; n++ {
		for k := 1; k < n; k++ {
			g := &fakeGate{bad: k}
			r, err := Run(context.Background(), g, Options{Candidates: cands(n)})
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != Found || r.Bad != k || r.Good != k-1 {
				t.Fatalf("n=%d k=%d: %s %s, range %d..%d", n, k, r.Status, r.Why, r.Good, r.Bad)
			}
			if steps := len(g.calls) - 1; steps > Steps(n) {
				t.Errorf("n=%d k=%d: %d steps, want at most ⌈log2(%d)⌉ = %d", n, k, steps, n-1, Steps(n))
			}
			seen := map[int]bool{}
			for _, c := range g.calls {
				if seen[c] {
					t.Errorf("n=%d k=%d: candidate %d gated twice: %v", n, k, c, g.calls)
				}
				seen[c] = true
			}
			if g.calls[0] != n-1 || g.keys[0] != nil {
				t.Errorf("n=%d k=%d: first gate %d keys %v, want the bad end on every benchmark", n, k, g.calls[0], g.keys[0])
			}
			for _, keys := range g.keys[1:] {
				if len(keys) != 1 || keys[0] != "matmul/naive/x" {
					t.Errorf("n=%d k=%d: a step judged %v, want the slowed benchmark", n, k, keys)
				}
			}
			if want := 0.01 * float64(len(g.calls)); math.Abs(r.AlphaBound-want) > 1e-12 {
				t.Errorf("n=%d k=%d: alpha bound %v, want %v (%d gates at 1%%)", n, k, r.AlphaBound, want, len(g.calls))
			}
			if c := r.Chart("fake"); len(c.Data) != len(r.Steps)+1 {
				t.Errorf("n=%d k=%d: chart rows %d for %d steps", n, k, len(c.Data)-1, len(r.Steps))
			}
			if s := r.FirstBadStep(); s == nil || s.Index != k || s.Mark != Bad {
				t.Errorf("n=%d k=%d: first bad step %+v", n, k, s)
			} else if s.Benchmarks[0].Code != "" || r.Steps[len(r.Steps)-1].Mark == Good && r.Steps[len(r.Steps)-1].Benchmarks[0].Code != "code unchanged" {
				t.Errorf("n=%d k=%d: code %q at the first bad, %+v at the last step", n, k, s.Benchmarks[0].Code, r.Steps[len(r.Steps)-1].Benchmarks)
			}
		}
	}
	if Steps(9) != 3 || Steps(2) != 0 || Steps(3) != 1 || Steps(10) != 4 {
		t.Errorf("Steps: 9→%d 2→%d 3→%d 10→%d", Steps(9), Steps(2), Steps(3), Steps(10))
	}
}

// TestBisectNoise: unsure steps stop with the range that remains (which
// holds the first bad), or are skipped over with SkipUnsure; candidates
// that do not run are skipped; only skipped candidates left is a range,
// never a guess.
func TestBisectNoise(t *testing.T) {
	for _, tc := range []struct {
		name         string
		n, k         int
		unsure, fail []int
		on           OnUnsure
		status       Status
		good, bad    int
		why          string
	}{
		{"unsure at the first step", 9, 3, []int{4}, nil, "", StoppedUnsure, 0, 8, "c4: unsure"},
		{"unsure later", 9, 6, []int{6}, nil, "", StoppedUnsure, 4, 8, "c6: unsure"},
		{"unsure skipped over", 9, 3, []int{4}, nil, SkipUnsure, Found, 2, 3, ""},
		{"unsure skipped, left", 9, 4, []int{4}, nil, SkipUnsure, OnlySkipped, 3, 5, "c5 or one of c4 (unsure)"},
		{"unsure skipped, found", 9, 6, []int{4}, nil, SkipUnsure, Found, 5, 6, ""},
		{"skip, found beside", 9, 3, nil, []int{4}, "", Found, 2, 3, ""},
		{"skip next to first bad", 9, 5, nil, []int{4}, "", OnlySkipped, 3, 5, "c4 (skip)"},
		{"all skipped", 5, 2, nil, []int{1, 2, 3}, "", OnlySkipped, 0, 4, "c1 (skip), c2 (skip), c3 (skip)"},
		{"bad end skipped neighbours", 4, 3, nil, []int{2}, "", OnlySkipped, 1, 3, "c2 (skip)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := &fakeGate{bad: tc.k, unsure: set(tc.unsure), fail: set(tc.fail)}
			r, err := Run(context.Background(), g, Options{Candidates: cands(tc.n), OnUnsure: tc.on})
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != tc.status || r.Good != tc.good || r.Bad != tc.bad || !strings.Contains(r.Why, tc.why) {
				t.Fatalf("%s (%s), range %d..%d; want %s, %d..%d, why with %q", r.Status, r.Why, r.Good, r.Bad, tc.status, tc.good, tc.bad, tc.why)
			}
			if tc.k <= r.Good || tc.k > r.Bad {
				t.Errorf("range %d..%d does not hold the first bad %d", r.Good, r.Bad, tc.k)
			}
			var buf bytes.Buffer
			if err := WriteText(&buf, r); err != nil {
				t.Fatal(err)
			}
			if r.Status != Found && !strings.Contains(buf.String(), "remaining range") {
				t.Errorf("no remaining range:\n%s", buf.String())
			}
		})
	}
}

func set(xs []int) map[int]bool {
	m := map[int]bool{}
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// TestBisectEnds: good and bad that do not differ end before bisecting;
// a bad end that does not run, or cannot be prepared, ends it too.
func TestBisectEnds(t *testing.T) {
	g := &fakeGate{bad: 99}
	r, _ := Run(context.Background(), g, Options{Candidates: cands(5)})
	if r.Status != NoDifference || len(g.calls) != 1 || !strings.Contains(r.Why, "c4 is not slower than c0") {
		t.Errorf("A/A: %s %q after %v", r.Status, r.Why, g.calls)
	}
	var buf bytes.Buffer
	WriteText(&buf, r)
	if !strings.Contains(buf.String(), "good and bad do not differ") {
		t.Errorf("A/A text:\n%s", buf.String())
	}
	g = &fakeGate{bad: 2, unsure: set([]int{4})}
	if r, _ = Run(context.Background(), g, Options{Candidates: cands(5)}); r.Status != NoDifference || !strings.Contains(r.Why, "could not tell c4 from c0 within its budget: unsure") {
		t.Errorf("unsure ends: %s %q", r.Status, r.Why)
	}
	g = &fakeGate{bad: 2, fail: set([]int{4})}
	if r, _ = Run(context.Background(), g, Options{Candidates: cands(5)}); r.Status != EndFailed || !strings.Contains(r.Why, "did not run") {
		t.Errorf("bad end fails: %s %q", r.Status, r.Why)
	}
	// The good end stops running after the verification: a gate error
	// naming it, or its benchmarks failed in the step's report, stops
	// the bisection (EndFailed) instead of skipping the candidate.
	for _, how := range []string{"error", "report"} {
		eg := &endGate{fakeGate: fakeGate{bad: 3}, how: how}
		r, _ = Run(context.Background(), eg, Options{Candidates: cands(9)})
		if r.Status != EndFailed || len(eg.calls) != 2 || !strings.Contains(r.Why, "the good end c0 did not run") {
			t.Errorf("good end fails at step 1 (%s): %s %q after gates %v", how, r.Status, r.Why, eg.calls)
		}
	}
	cs := cands(5)
	cs[0].Rev = "r0"
	fail := func(_ context.Context, c *Candidate) error { return errors.New("build failed") }
	if r, _ = Run(context.Background(), g, Options{Candidates: cs, Prepare: fail}); r.Status != EndFailed || !strings.Contains(r.Why, "c0 could not be prepared: build failed") {
		t.Errorf("good end not prepared: %s %q", r.Status, r.Why)
	}
	for _, bad := range [][]Candidate{cands(1), {{Name: "a"}, {Name: "a"}}, {{Name: "a"}, {}}} {
		if _, err := Run(context.Background(), g, Options{Candidates: bad}); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
}

// TestBisectPrepare: revisions are prepared only when a step reaches
// them; one that fails to prepare is skipped.
func TestBisectPrepare(t *testing.T) {
	cs := make([]Candidate, 9)
	for i := range cs {
		cs[i] = Candidate{Name: fmt.Sprintf("c%d", i), Rev: fmt.Sprint(i)}
	}
	var prepared []string
	prep := func(_ context.Context, c *Candidate) error {
		prepared = append(prepared, c.Rev)
		if c.Rev == "4" {
			return errors.New("does not build")
		}
		c.Env = map[string]string{"REV": c.Rev}
		return nil
	}
	g := &fakeGate{bad: 6}
	r, _ := Run(context.Background(), g, Options{Candidates: cs, Prepare: prep})
	if r.Status != Found || r.Bad != 6 {
		t.Fatalf("%s %s %d..%d", r.Status, r.Why, r.Good, r.Bad)
	}
	if len(prepared) > 2+Steps(9)+1 || prepared[0] != "0" || prepared[1] != "8" {
		t.Errorf("prepared %v: want the ends first, then only the steps'", prepared)
	}
	if r.Steps[1].Mark != Skip || !strings.Contains(r.Steps[1].Why, "does not build") {
		t.Errorf("step 1: %+v", r.Steps[1])
	}
}

// TestBisectBudget: the total budget bounds each step's and stops the
// bisection with the range that remains.
func TestBisectBudget(t *testing.T) {
	now := time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)
	g := &fakeGate{bad: 5, clock: &now}
	r, _ := Run(context.Background(), g, Options{Candidates: cands(17), StepBudget: 50 * time.Second, TotalBudget: 150 * time.Second,
		Now: func() time.Time { return now }})
	if r.Status != BudgetSpent || len(g.calls) != 3 || r.Good != 4 || r.Bad != 8 {
		t.Fatalf("%s %q after %v, range %d..%d", r.Status, r.Why, g.calls, r.Good, r.Bad)
	}
	if g.budget[0] != 50*time.Second || g.budget[2] != 30*time.Second {
		t.Errorf("budgets %v, want 50s each, the last what is left (30s)", g.budget)
	}
	if r.Seconds != 180 || r.Steps[1].Seconds != 60 {
		t.Errorf("seconds %v, step %v", r.Seconds, r.Steps[1].Seconds)
	}
}

// TestBisectResume: a bisection written after each step and read back
// continues where it stopped: good and bad steps are not run again.
func TestBisectResume(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bisect.json")
	cs := cands(9)
	clock := time.Unix(0, 0)
	now := func() time.Time { return clock }
	g := &fakeGate{bad: 3, unsure: set([]int{2}), clock: &clock}
	steps := 0
	r, err := Run(context.Background(), g, Options{Candidates: cs, Save: path, Now: now, OnStep: func(r *Result, s *Step) {
		if f, err := Load(path); err != nil || len(f.Steps) != len(r.Steps) {
			t.Errorf("after step %d the file holds %v steps (%v)", s.N, f, err)
		}
		steps++
	}})
	if err != nil || r.Status != StoppedUnsure || steps != 3 {
		t.Fatalf("%v: %s %s after %d steps", err, r.Status, r.Why, steps)
	}
	earlier, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Resume(path, cs); err != nil {
		t.Fatal(err)
	}
	if _, err := Resume(path, cs[:8]); err == nil || !strings.Contains(err.Error(), "bisected other candidates (it bisected 9 candidates, not 8)") {
		t.Errorf("other candidates: %v", err)
	}
	other := cands(9)
	other[3].Env["I"] = "x"
	if why := SameCandidates(earlier.Candidates, other); !strings.Contains(why, "c3 has another environment") {
		t.Errorf("other env: %q", why)
	}
	g2 := &fakeGate{bad: 3, clock: &clock}
	r, _ = Run(context.Background(), g2, Options{Candidates: cs, Prior: earlier.Steps, Keys: earlier.Keys, Now: now})
	if r.Status != Found || r.Bad != 3 {
		t.Fatalf("resumed: %s %s", r.Status, r.Why)
	}
	// The time is the answer's: the two gates run now (a minute each
	// on the fake clock) and the two reused (the verification and c4's
	// step, a minute each before).
	if r.ReusedSeconds != 120 || r.Seconds != 240 {
		t.Errorf("resumed: %v s, %v s reused; want 240 s, 120 s of them reused", r.Seconds, r.ReusedSeconds)
	}
	var buf bytes.Buffer
	WriteText(&buf, r)
	if !strings.Contains(buf.String(), "time: 240.0 s over 4 step(s), of which 120.0 s the earlier bisection's steps reused here took") {
		t.Errorf("resumed text:\n%s", buf.String())
	}
	if len(g2.calls) != 2 || g2.calls[0] != 2 || g2.calls[1] != 3 {
		t.Errorf("resumed gates %v, want the unsure candidate 2 again, then 3 (the ends and 4 reused)", g2.calls)
	}
	if _, err := Load(filepath.Join("testdata", "nonexistent.json")); err == nil {
		t.Error("missing file loads")
	}
	os.WriteFile(path, []byte(`{"schema":"radvbench/results/v1"}`), 0o644)
	if _, err := Load(path); err == nil || !strings.Contains(err.Error(), "not a bisection file") {
		t.Errorf("results file: %v", err)
	}
}

// TestJudge: verdicts to marks.
func TestJudge(t *testing.T) {
	rep := func(vs ...verdict.Verdict) *compare.Report {
		r := &compare.Report{}
		for i, v := range vs {
			r.Comparisons = append(r.Comparisons, compare.Comparison{Key: fmt.Sprint("b", i), Verdict: v})
		}
		return r
	}
	R, S, U, I, F, M := verdict.Regression, verdict.Same, verdict.Unsure, verdict.Improvement, verdict.Failed, verdict.Missing
	for _, tc := range []struct {
		rep  *compare.Report
		keys []string
		want Mark
	}{
		{rep(R), nil, Bad},
		{rep(S, R, U), nil, Bad},
		{rep(S, I), nil, Good},
		{rep(S, U), nil, Unsure},
		{rep(S, F), nil, Skip},
		{rep(U, M), nil, Skip},
		{rep(F, R), nil, Bad},
		{rep(R, S), []string{"b1"}, Good},
		{rep(S, R), []string{"b0", "b2"}, Skip},
		{rep(), nil, Skip},
		{nil, nil, Skip},
	} {
		if got, why, _ := Judge(tc.rep, tc.keys); got != tc.want {
			t.Errorf("%v keys %v: %s (%s), want %s", tc.rep, tc.keys, got, why, tc.want)
		}
	}
	// One-sided: an unsure benchmark whose interval rules out the
	// slowdown looked for makes the candidate good; one whose interval
	// reaches it stays unsure.
	const th = 0.10
	iv := func(better string, change, lo, hi float64) compare.Comparison {
		return compare.Comparison{Key: "k", Verdict: verdict.Unsure, Better: better, Change: verdict.Float(change),
			Low: verdict.Float(lo), High: verdict.Float(hi), Limits: verdict.Limits{Threshold: th, Effective: th}}
	}
	nan := math.NaN()
	H, L := resultsfile.HigherIsBetter, resultsfile.LowerIsBetter
	for _, tc := range []struct {
		name string
		c    compare.Comparison
		want Mark
	}{
		{"throughput +3.2% [-7.8%, +16%]", iv(H, 0.032, -0.078, 0.16), Good},
		{"throughput -3% [-12%, +6%]", iv(H, -0.03, -0.12, 0.06), Unsure},
		{"throughput at the edge [-10%, +5%]", iv(H, -0.03, -0.10, 0.05), Unsure},
		{"throughput +20% [-9%, +60%]", iv(H, 0.2, -0.09, 0.6), Good},
		{"time -3.2% [-16%, +7.8%]", iv(L, -0.032, -0.16, 0.078), Good},
		{"time +3% [-6%, +12%]", iv(L, 0.03, -0.06, 0.12), Unsure},
		{"time, throughput's interval [-7.8%, +16%]", iv(L, 0.032, -0.078, 0.16), Unsure},
		{"no interval", iv(H, 0.03, nan, nan), Unsure},
		{"no direction", iv("", 0.03, -0.05, 0.08), Unsure},
		{"no threshold", func() compare.Comparison {
			c := iv(H, 0.03, -0.05, 0.08)
			c.Limits.Effective = verdict.Float(nan)
			return c
		}(), Unsure},
	} {
		rep := &compare.Report{Comparisons: []compare.Comparison{{Key: "s", Verdict: S}, tc.c}}
		got, why, _ := Judge(rep, nil)
		if got != tc.want {
			t.Errorf("%s: %s (%s), want %s", tc.name, got, why, tc.want)
		}
		if got == Good && !strings.Contains(why, "rules out the slowdown") {
			t.Errorf("%s: good %q does not say the interval ruled the slowdown out", tc.name, why)
		}
	}

	pb := &compare.Report{Policy: verdict.Policy{Alpha: 0.01, AlphaPer: "benchmark"}}
	if a := StepAlpha(pb, 3); math.Abs(a-0.03) > 1e-12 {
		t.Errorf("alpha a benchmark over 3: %v", a)
	}
}

// TestShellPreparer: the prepare command gets the revision as $1 and
// RADVBENCH_REV and prints the environment; a failure or a line that is
// not VAR=VALUE is an error.
func TestShellPreparer(t *testing.T) {
	var stderr bytes.Buffer
	p := &ShellPreparer{Command: `echo "building $1" >&2; echo "# env"; echo "REV=$1"; echo "AGAIN=$RADVBENCH_REV"; [ "$1" != bad ]`, Stderr: &stderr}
	c := Candidate{Rev: "abc"}
	if err := p.Prepare(context.Background(), &c); err != nil || c.Env["REV"] != "abc" || c.Env["AGAIN"] != "abc" || len(c.Env) != 2 {
		t.Fatalf("%v %v", err, c.Env)
	}
	if !strings.Contains(stderr.String(), "building abc") {
		t.Errorf("stderr %q", stderr.String())
	}
	if err := p.Prepare(context.Background(), &Candidate{Rev: "bad"}); err == nil || !strings.Contains(err.Error(), "exit status 1") {
		t.Errorf("failing command: %v", err)
	}
	p.Command = "echo not an env"
	if err := p.Prepare(context.Background(), &Candidate{Rev: "x"}); err == nil || !strings.Contains(err.Error(), "not VAR=VALUE") {
		t.Errorf("bad output: %v", err)
	}
	if got, _ := ReadList(strings.NewReader("a\n\n  # c\n b \n")); len(got) != 2 || got[1] != "b" {
		t.Errorf("ReadList %q", got)
	}
	if RevName("0123456789abcdef0123456789abcdef01234567") != "0123456789ab" || RevName("v1.0/rc 2") != "v1.0-rc-2" {
		t.Errorf("RevName %q %q", RevName("0123456789abcdef0123456789abcdef01234567"), RevName("v1.0/rc 2"))
	}
}

// TestSelection: the judged benchmarks' selection, and the git exit codes.
func TestSelection(t *testing.T) {
	names := map[string]string{}
	Names(&resultsfile.File{Results: []resultsfile.Result{
		{Suite: "matmul", Kernel: "naive", Variant: map[string]string{"name": "wg16x16", "wg": "16x16"}, Params: map[string]int64{"M": 64}},
		{Suite: "latency", Kernel: "empty", Variant: map[string]string{"name": "1x1"}},
	}}, names)
	var keys []string
	for k := range names {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	re := Selection(keys, names)
	if re != `^(?:latency/empty/1x1|matmul/naive/wg16x16)$` {
		t.Errorf("selection %q of %v", re, keys)
	}
	if Selection(append(keys, "x"), names) != "" || Selection(nil, names) != "" {
		t.Error("an unknown key or none narrows the selection")
	}
	if Good.GitBisectExit() != 0 || Bad.GitBisectExit() != 1 || Unsure.GitBisectExit() != 125 || Skip.GitBisectExit() != 125 {
		t.Error("git bisect exit codes")
	}
}

// TestRegressedKeys: a comparison's regressions are the judged
// benchmarks; a file without one, or not a comparison, is refused.
func TestRegressedKeys(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, v any) string {
		p := filepath.Join(dir, name)
		b, _ := json.Marshal(v)
		os.WriteFile(p, b, 0o644)
		return p
	}
	rep := &compare.Report{SummaryLine: "1 regression", Comparisons: []compare.Comparison{{Key: "a", Verdict: verdict.Regression}, {Key: "b", Verdict: verdict.Same}}}
	if keys, err := RegressedKeys(write("r.json", rep)); err != nil || len(keys) != 1 || keys[0] != "a" {
		t.Errorf("%v %v", keys, err)
	}
	rep.Comparisons[0].Verdict = verdict.Unsure
	if _, err := RegressedKeys(write("n.json", rep)); err == nil || !strings.Contains(err.Error(), "calls no benchmark a regression") {
		t.Errorf("no regression: %v", err)
	}
	if _, err := RegressedKeys(write("x.json", map[string]int{"x": 1})); err == nil || !strings.Contains(err.Error(), "not a comparison") {
		t.Errorf("not a comparison: %v", err)
	}
}

// disturbedPairs is a compare.PairSampler beside a bursty neighbour: each
// round's two runs (the gate's lockstep) share a load factor; every
// sample of the new side's runs (80% slower, and so catching more of the
// bursts) is marked disturbed, and so, when both, are the base's.
type disturbedPairs struct {
	rng   *rand.Rand
	both  bool
	round int
}

func (d *disturbedPairs) run(slow float64, disturbed bool, load float64) *resultsfile.File {
	xs, marks := make([]float64, 10), make([]bool, 10)
	for i := range xs {
		xs[i] = 100 * (1 - slow) * load * (1 + 0.02*d.rng.NormFloat64())
		marks[i] = disturbed
	}
	return &resultsfile.File{Schema: resultsfile.Schema, Results: []resultsfile.Result{{Suite: "matmul", Kernel: "naive", Status: resultsfile.StatusOK,
		Metric: resultsfile.Metric{Name: "throughput", Unit: "GFLOP/s", Better: resultsfile.HigherIsBetter, Samples: xs}, Disturbed: marks}}}
}

func (d *disturbedPairs) Next(context.Context, compare.Arm, []string) (*resultsfile.File, error) {
	return nil, errors.New("lockstep only")
}

func (d *disturbedPairs) NextPair(context.Context, compare.Arm, []string) (*resultsfile.File, *resultsfile.File, error) {
	d.round++
	load := 1 / (1 + 0.5*d.rng.Float64()) // the neighbour slows both runs of a round alike
	return d.run(0, d.both, load), d.run(0.8, true, load), nil
}

// TestJudgeDisturbedPairs: the path a bisection step takes (compare.Until
// over a sampler of rounds, as bench/launch's gate, then Judge) calls a
// decisive 80% slowdown bad though every run of the slowed side, or of
// both, was disturbed throughout: the runs pair by round, and the pairs
// carry the change (the disturbed-pairs rule) instead of vetoing it.
func TestJudgeDisturbedPairs(t *testing.T) {
	for _, both := range []bool{false, true} {
		s := &disturbedPairs{rng: rand.New(rand.NewPCG(3, 4)), both: both}
		res, err := compare.Until(context.Background(), s, compare.UntilOptions{Policy: verdict.Policy{Alpha: 0.01, Threshold: 0.25}, MaxRuns: 8, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		c := res.Report.Comparisons[0]
		mark, why, _ := Judge(res.Report, nil)
		if mark != Bad || !c.Paired || c.New.DisturbedRuns != 0 {
			t.Errorf("both sides disturbed %v: %s (%s) after %d rounds; paired %v, %d runs set aside, interval [%v, %v]",
				both, mark, why, res.Rounds, c.Paired, c.New.DisturbedRuns, c.Low, c.High)
		}
	}
}

// endGate is fakeGate whose good end fails after the verification: the
// gate returns a *GoodEndError (how "error"), or a report whose base
// side failed (how "report").
type endGate struct {
	fakeGate
	how string
}

func (g *endGate) Gate(ctx context.Context, step int, base, cand Candidate, keys []string, budget time.Duration) (*GateResult, error) {
	res, err := g.fakeGate.Gate(ctx, step, base, cand, keys, budget)
	if step == 0 || err != nil {
		return res, err
	}
	if g.how == "error" {
		return nil, &GoodEndError{Name: base.Name, Err: errors.New("RADVBENCH_EXE=/gone is not an executable file")}
	}
	for i := range res.Report.Comparisons {
		c := &res.Report.Comparisons[i]
		c.Verdict, c.Base = verdict.Incomparable, &pairing.Side{Status: resultsfile.StatusFailed}
	}
	return res, nil
}
