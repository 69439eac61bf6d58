package resulttable

import (
	"bytes"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// merged is a result of runs at the given levels, 20 samples each within
// ±0.4% of its level, with a warm-up record per run.
func merged(levels []float64, steady []bool) resultsfile.Result {
	r := resultsfile.Result{Suite: "peak", Kernel: "coopmat-f16", Variant: map[string]string{"name": "acc4"}, Status: resultsfile.StatusOK,
		Metric: resultsfile.Metric{Name: "throughput", Unit: "TFLOP/s", Better: resultsfile.HigherIsBetter, Value: levels[0]}}
	for i, l := range levels {
		for k := 0; k < 20; k++ {
			r.Metric.Samples = append(r.Metric.Samples, l*(1+0.0004*float64(k%10-5)))
			r.SampleRounds = append(r.SampleRounds, i+1)
		}
		r.Warmup = append(r.Warmup, resultsfile.Warmup{Round: i + 1, Seconds: 0.1 * float64(i+1), Samples: 50, Steady: steady[i]})
	}
	return r
}

// TestSummaryLevelsAndWarmup: the H200's cold A/A (runs at 212, 565 and
// 566, each steady) is named in the summary, runs within their noise are
// not; the warm-up line counts the runs the bound ended.
func TestSummaryLevelsAndWarmup(t *testing.T) {
	var b bytes.Buffer
	tb := New(&b)
	cold := merged([]float64{212, 565, 566}, []bool{false, true, true})
	tb.Add(&cold)
	s := tb.Summary()
	for _, want := range []string{
		"run levels: 1 benchmark(s) whose runs each sat steady at their own level, far apart",
		"peak/coopmat-f16/acc4 (212, 565, 566 TFLOP/s)",
		"warm-up: 0.2 s median, 0.3 s longest; 1 of 3 runs were still speeding up",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("summary lacks %q:\n%s", want, s)
		}
	}
	if !strings.Contains(s, "a power state or a clock (a GPU idling between runs), not the code") {
		t.Errorf("a GPU's run levels are not worded as its clock:\n%s", s)
	}
	// The same runs from a CPU implementation are not blamed on a GPU.
	b.Reset()
	tb = New(&b)
	tb.CPU = true
	tb.Add(&cold)
	if s := tb.Summary(); !strings.Contains(s, "far apart: on a CPU implementation, the level each of its processes settles at") || strings.Contains(s, "GPU") {
		t.Errorf("a CPU implementation's run levels:\n%s", s)
	}
	b.Reset()
	tb = New(&b)
	aa := merged([]float64{565, 566, 564}, []bool{true, true, true})
	tb.Add(&aa)
	if s := tb.Summary(); strings.Contains(s, "run levels") || !strings.Contains(s, "every run's batch times were steady before timing") {
		t.Errorf("an A/A within its noise:\n%s", s)
	}
}
