package bisect

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/rounds"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/verdict"
)

// TestAnswered: the stop condition a step passes to its rounds answers
// with the mark once the one-sided question is decided on the judged
// benchmarks, and says nothing while it is not.
func TestAnswered(t *testing.T) {
	const th = 0.25
	c := func(key string, v verdict.Verdict, lo, hi float64) compare.Comparison {
		return compare.Comparison{Key: key, Verdict: v, Better: resultsfile.HigherIsBetter, Change: verdict.Float((lo + hi) / 2),
			Low: verdict.Float(lo), High: verdict.Float(hi), Limits: verdict.Limits{Threshold: th, Effective: th}}
	}
	R, S, U, F := verdict.Regression, verdict.Same, verdict.Unsure, verdict.Failed
	for _, tc := range []struct {
		name string
		cs   []compare.Comparison
		keys []string
		want string // the answer's start ("" none)
	}{
		{"one regression, the other undecided", []compare.Comparison{c("a", R, -0.9, -0.8), c("b", U, -0.4, 0.3)}, nil, "bad — slower: a"},
		{"the regression not judged", []compare.Comparison{c("a", R, -0.9, -0.8), c("b", U, -0.4, 0.3)}, []string{"b"}, ""},
		{"the judged one rules the slowdown out", []compare.Comparison{c("a", U, -0.4, 0.3), c("b", U, -0.1, 0.4)}, []string{"b"}, "good — not slower by the threshold: b"},
		{"every one rules it out or is ~", []compare.Comparison{c("a", S, -0.1, 0.1), c("b", U, -0.2, 0.5)}, nil, "good — not slower: a; not slower by the threshold: b"},
		{"one still reaches the slowdown", []compare.Comparison{c("a", S, -0.1, 0.1), c("b", U, -0.3, 0.5)}, nil, ""},
		{"a failed one (skip) is no answer", []compare.Comparison{c("a", S, -0.1, 0.1), c("b", F, 0, 0)}, nil, ""},
		{"a judged one missing", []compare.Comparison{c("a", S, -0.1, 0.1)}, []string{"a", "z"}, ""},
	} {
		got := Answered(&compare.Report{Comparisons: tc.cs}, tc.keys)
		if tc.want == "" && got != "" || tc.want != "" && !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: answered %q, want %q", tc.name, got, tc.want)
		}
	}
	if got := Answered(nil, nil); got != "" {
		t.Errorf("no report: answered %q", got)
	}
}

// TestAnsweredStopsRounds: the rounds of a step (core/rounds driving
// reports/compare's sequential judge, as bench/launch does) with the
// step's stop condition end as soon as the one-sided question is
// decided, with the same mark the two-sided rounds reach later: a
// candidate with one benchmark 80% slower beside a noisy unchanged one is
// bad at the round the slowdown is called, and one 20% faster at a 25%
// threshold is good once its interval rules the slowdown out, long before
// it is ~ or an improvement two-sided.
func TestAnsweredStopsRounds(t *testing.T) {
	for _, tc := range []struct {
		name  string
		bench []synthBench
		mark  Mark
	}{
		{"one slowed, one noisy", []synthBench{{"slowed", -0.8, 0.05}, {"noisy", 0, 0.35}}, Bad},
		{"faster, short of the threshold", []synthBench{{"faster", 0.2, 0.06}}, Good},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gate := func(stop bool) *compare.UntilResult {
				j, ro, err := compare.NewUntilJudge(compare.UntilOptions{Policy: verdict.Policy{Alpha: 0.01, Threshold: 0.25}, MaxRuns: 30, Seed: 1})
				if err != nil {
					t.Fatal(err)
				}
				if stop {
					ro.Answered = func(*rounds.Result) string { return Answered(j.Result().Report, nil) }
				}
				res, err := rounds.Run(context.Background(), &synthPairs{rng: rand.New(rand.NewPCG(5, 6)), bench: tc.bench}, j, ro)
				if err != nil {
					t.Fatal(err)
				}
				return &compare.UntilResult{Report: j.Result().Report, Result: *res}
			}
			two, one := gate(false), gate(true)
			t.Logf("two-sided: %s after %d rounds; one-sided: %s after %d (%s)", two.Stop, two.Rounds, one.Stop, one.Rounds, one.Answer)
			m2, why2, _ := Judge(two.Report, nil)
			m1, why1, _ := Judge(one.Report, nil)
			if m1 != tc.mark || m2 != tc.mark {
				t.Errorf("one-sided stop: %s (%s) after %d rounds; two-sided: %s (%s) after %d; want %s", m1, why1, one.Rounds, m2, why2, two.Rounds, tc.mark)
			}
			if one.Stop != compare.StopAnswered || !strings.HasPrefix(one.Answer, string(tc.mark)+" — ") || one.Rounds >= two.Rounds {
				t.Errorf("stopped %q (%q) after %d rounds, two-sided %q after %d: want answered %s sooner", one.Stop, one.Answer, one.Rounds, two.Stop, two.Rounds, tc.mark)
			}
		})
	}
}

// synthBench is a benchmark of synthPairs: the candidate's change and
// the spread of a run's own (each side's alike), beside the load a round
// gives both sides' runs.
type synthBench struct {
	name          string
	change, noise float64
}

// synthPairs is a compare.PairSampler of benchmarks whose runs share a
// round's load factor (the gate's lockstep) and each have their own
// spread, running only the keys asked.
type synthPairs struct {
	rng   *rand.Rand
	bench []synthBench
}

func (s *synthPairs) run(keys []string, load []float64, change bool) *resultsfile.File {
	f := &resultsfile.File{Schema: resultsfile.Schema}
	for i, b := range s.bench {
		r := resultsfile.Result{Suite: "synth", Kernel: b.name, Status: resultsfile.StatusOK,
			Metric: resultsfile.Metric{Name: "throughput", Unit: "GFLOP/s", Better: resultsfile.HigherIsBetter}}
		if keys != nil && !slices.Contains(keys, r.ID()) {
			continue
		}
		run := max(0.2, 1+b.noise*s.rng.NormFloat64()) // this run's own
		for range 10 {
			x := 100 * load[i] * run * (1 + 0.01*s.rng.NormFloat64())
			if change {
				x *= 1 + b.change
			}
			r.Metric.Samples = append(r.Metric.Samples, x)
		}
		f.Results = append(f.Results, r)
	}
	return f
}

func (s *synthPairs) Next(_ context.Context, side compare.Arm, keys []string) (*resultsfile.File, error) {
	return nil, fmt.Errorf("synthPairs runs rounds side by side")
}

func (s *synthPairs) NextPair(_ context.Context, _ compare.Arm, keys []string) (*resultsfile.File, *resultsfile.File, error) {
	load := make([]float64, len(s.bench))
	for i := range s.bench {
		load[i] = max(0.2, 1+0.1*s.rng.NormFloat64())
	}
	return s.run(keys, load, false), s.run(keys, load, true), nil
}
