package compare

import (
	"fmt"
	"github.com/radvbench/radvbench/reports/pairing"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/verdict"
)

// TestPooledFloorTwoPairs: a noise file from one short A/A gate knows each
// benchmark's paired spread on one degree of freedom. Alone, that floor
// is thousands of percent and no slowdown clears it; pooled with the
// file's other benchmarks (noise.File.Pooled) it is near the machine's
// spread, so two rounds call a 20% slowdown whose pairs agree. Pairs that
// disagree far beyond the file's spread are not judged on the floor.
// pairedRounds is benchmark s/NAME of configurations A and B in rounds,
// B's run of round i ratios[i] times A's (12 steady samples a run; A's
// runs drift by 2% a round).
func pairedRounds(name string, ratios ...float64) []resultsfile.Result {
	{
		var out []resultsfile.Result
		for ci, cfg := range []string{"A", "B"} {
			r := resultsfile.Result{Suite: "s", Kernel: name, Status: resultsfile.StatusOK, Config: cfg,
				Metric: resultsfile.Metric{Name: "m", Unit: "GFLOP/s", Better: resultsfile.HigherIsBetter}}
			for round, ratio := range ratios {
				for i := range 12 {
					v := 100 * (1 + 0.02*float64(round)) * (1 + 0.001*float64(i%4))
					if ci == 1 {
						v *= ratio
					}
					r.Metric.Samples = append(r.Metric.Samples, v)
					r.SampleRounds = append(r.SampleRounds, round+1)
				}
			}
			out = append(out, r)
		}
		return out
	}
}

// pooledNoise is a noise file of others+len(keys) benchmarks whose paired
// spreads (about 1%) were each measured on one degree of freedom.
func pooledNoise(others int, keys ...string) *noise.File {
	nf := &noise.File{Schema: noise.Schema}
	for i := range others {
		nf.Benchmarks = append(nf.Benchmarks, noise.Bench{Key: fmt.Sprintf("s/other%02d", i), Runs: 4, BetweenCV: 0.1,
			PairedCV: 0.006 + 0.001*float64(i%9), Pairs: 2, PairedDF: 1})
	}
	for _, k := range keys {
		nf.Benchmarks = append(nf.Benchmarks, noise.Bench{Key: k, Runs: 4, BetweenCV: 0.1, PairedCV: 0.01, Pairs: 2, PairedDF: 1})
	}
	return nf
}

func TestPooledFloorTwoPairs(t *testing.T) {
	rounds := pairedRounds
	f := &resultsfile.File{Schema: resultsfile.Schema, Configs: []resultsfile.Config{{Name: "A"}, {Name: "B"}}}
	f.Results = append(f.Results, rounds("agree", 0.80, 0.79)...)
	f.Results = append(f.Results, rounds("scatter", 1.40, 0.90)...)
	// The machine's paired spread, 1% with some scatter, measured on two
	// pairs a benchmark (one degree of freedom each).
	noiseFile := func(others int) *noise.File { return pooledNoise(others, "s/agree", "s/scatter") }
	for _, tt := range []struct {
		name                string
		others              int
		agree, scatter      verdict.Verdict
		scatterReasonSubstr string
	}{
		{"pooled over 22 benchmarks", 20, verdict.Regression, verdict.Unsure, "scatter more than the noise file's paired spread"},
		{"two benchmarks: nothing to pool with", 0, verdict.Unsure, verdict.Unsure, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := Compare([]pairing.Input{{Name: "ab.json", File: f}}, Options{Policy: verdict.DefaultPolicy(), By: "config", Noise: noiseFile(tt.others), NoiseName: "n.json"})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]Comparison{}
			for _, c := range rep.Comparisons {
				got[c.Key] = c
			}
			if c := got["s/agree"]; c.Verdict != tt.agree {
				t.Errorf("pairs -20%%, -21%%: %s (floor %v, %s); want %s", c.Verdict, c.Limits.Floor, c.Reason, tt.agree)
			}
			c := got["s/scatter"]
			if c.Verdict != tt.scatter || !strings.Contains(c.Reason, tt.scatterReasonSubstr) {
				t.Errorf("pairs +40%%, -10%%: %s (%s, floor %v, runs %d/%d, paired %v); want %s, reason with %q", c.Verdict, c.Reason, c.Limits.Floor, len(c.Base.RunEstimates), len(c.New.RunEstimates), c.Paired, tt.scatter, tt.scatterReasonSubstr)
			}
		})
	}
}

// TestClosingFloor: three pairs estimate their own spread on 2 degrees of
// freedom, too few for their interval to call an 8% slowdown; the closing
// look calls it on the noise file's floor when the pairs fit its spread,
// and leaves it unsure when they do not, or when more rounds are to come.
func TestClosingFloor(t *testing.T) {
	f := &resultsfile.File{Schema: resultsfile.Schema, Configs: []resultsfile.Config{{Name: "A"}, {Name: "B"}}}
	f.Results = append(f.Results, pairedRounds("fit", 0.92, 0.905, 0.935)...)
	f.Results = append(f.Results, pairedRounds("wide", 0.92, 0.75, 1.08)...)
	nf := pooledNoise(20, "s/fit", "s/wide")
	for _, tt := range []struct {
		name      string
		design    verdict.Design
		fit, wide verdict.Verdict
	}{
		{"fixed design", verdict.Design{}, verdict.Regression, verdict.Unsure},
		{"closing look", verdict.Design{MaxRuns: 12, Closed: true}, verdict.Regression, verdict.Unsure},
		{"a look before the last", verdict.Design{MaxRuns: 12}, verdict.Unsure, verdict.Unsure},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := Compare([]pairing.Input{{Name: "ab.json", File: f}}, Options{Policy: verdict.DefaultPolicy(), By: "config", Noise: nf, NoiseName: "n.json", Design: tt.design})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range rep.Comparisons {
				want := map[string]verdict.Verdict{"s/fit": tt.fit, "s/wide": tt.wide}[c.Key]
				closing := false
				for _, w := range c.Warnings {
					closing = closing || w.Kind == "closing-floor"
				}
				if c.Verdict != want || closing != (want == verdict.Regression) {
					t.Errorf("%s: %s [%v, %v] (%s), closing-floor warning %v; want %s", c.Key, c.Verdict, c.Low, c.High, c.Reason, closing, want)
				}
			}
		})
	}
}
