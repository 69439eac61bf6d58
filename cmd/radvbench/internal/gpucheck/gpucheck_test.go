package gpucheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/golden"
	"github.com/radvbench/radvbench/reports/compare"
)

func res(suite, kernel, variant, roofline string, params map[string]int64, v float64, status string) resultsfile.Result {
	r := resultsfile.Result{Suite: suite, Kernel: kernel, Variant: map[string]string{"name": variant}, Params: params, Status: status,
		Roofline: roofline, Metric: resultsfile.Metric{Name: "throughput", Unit: "GFLOP/s", Better: resultsfile.HigherIsBetter, Value: v},
		Warmup: []resultsfile.Warmup{{Seconds: 0.2, Samples: 90, Steady: true}}}
	if status == resultsfile.StatusSkipped {
		r.Reason = "no VK_KHR_cooperative_matrix"
		r.Warmup = nil
	}
	if status == resultsfile.StatusOK {
		r.Metric.Samples = []float64{v, v, v}
	}
	return r
}

// runs is an A/A result of configuration config: three runs at levels.
func runs(config string, levels ...float64) resultsfile.Result {
	r := res("peak", "fp32", "vec4-acc4", "", nil, levels[0], resultsfile.StatusOK)
	r.Config = config
	r.Metric.Samples = nil
	for i, l := range levels {
		for k := 0; k < 10; k++ {
			r.Metric.Samples = append(r.Metric.Samples, l*(1+0.001*float64(k-5)))
			r.SampleRounds = append(r.SampleRounds, i+1)
		}
	}
	return r
}

func file(rs ...resultsfile.Result) *resultsfile.File {
	return &resultsfile.File{Device: resultsfile.Device{Name: "NVIDIA H200", DriverName: "NVIDIA", DriverInfo: "580.159"}, Results: rs,
		Started: time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC), Finished: time.Date(2026, 12, 4, 12, 1, 0, 0, time.UTC)}
}

var sq = map[string]int64{"M": 4096, "N": 4096, "K": 4096}

// TestSummarize: the checks and figures of a GPU's check, from its
// steps' files: failures, skips, rooflines, run levels, a false alarm.
func TestSummarize(t *testing.T) {
	verify := file(
		res("peak", "fp32", "vec4-acc4", "", nil, 50000, resultsfile.StatusOK),
		res("peak", "coopmat-f16", "acc4", "", nil, 0, resultsfile.StatusSkipped),
		res("matmul", "lanes", "wg64", "peak/fp32", map[string]int64{"M": 64, "N": 64, "K": 64}, 1000, resultsfile.StatusOK))
	timing := file(
		res("peak", "fp32", "vec4-acc4", "", nil, 59800, resultsfile.StatusOK),
		res("peak", "fp32", "scalar-acc8", "", nil, 41000, resultsfile.StatusOK),
		res("matmul", "lanes", "wg64-t16x8", "peak/fp32", sq, 23800, resultsfile.StatusOK),
		res("matmul", "lanes", "wg8", "peak/fp32", sq, 12000, resultsfile.StatusOK),
		res("memory", "copy", "vec4", "", map[string]int64{"bytes": 268435456}, 3900, resultsfile.StatusOK))
	aa := file(runs("A", 212, 565, 566), runs("B", 565, 566, 564))
	quiet := &compare.Report{Counts: compare.Counts{Same: 4, Unsure: 1}}
	s := Summarize(Inputs{Verify: verify, Time: timing, AA: aa, Verdicts: quiet, Seconds: 250})
	want := map[string]Status{"verification": Pass, "timing": Pass, "warm-up": Pass, "A/A gate": Pass, "run levels": Warn}
	for _, c := range s.Checks {
		if want[c.Name] != c.Status {
			t.Errorf("check %s: %s (%s), want %s", c.Name, c.Status, c.Detail, want[c.Name])
		}
	}
	if !s.Passed() || len(s.GEMM) != 1 || s.GEMM[0].Variant != "wg64-t16x8" || s.GEMM[0].Of != "peak/fp32 (same run)" || len(s.Skipped) != 1 {
		t.Errorf("summary: passed %v, GEMM %+v, skipped %v", s.Passed(), s.GEMM, s.Skipped)
	}
	var b bytes.Buffer
	Write(&b, &s)
	golden.Check(t, "testdata/summary.txt", b.Bytes())
	if _, err := json.Marshal(s); err != nil {
		t.Fatal(err)
	}

	// A failed verification, a timing that did not run and a false alarm
	// fail the check.
	bad := verify.Results[0]
	bad.Status, bad.Reason = resultsfile.StatusFailed, "verification failed: max abs error 3.5 > tolerance 0.001"
	alarm := &compare.Report{Counts: compare.Counts{Regressions: 1, Same: 3}}
	s = Summarize(Inputs{Verify: file(bad), TimeErr: errors.New("device lost"), AA: aa, Verdicts: alarm})
	if s.Passed() {
		t.Errorf("a failed check passed: %+v", s.Checks)
	}
	for _, c := range s.Checks {
		if (c.Name == "verification" || c.Name == "timing" || c.Name == "A/A gate") && c.Status != Fail {
			t.Errorf("check %s: %s (%s), want fail", c.Name, c.Status, c.Detail)
		}
	}
}

// TestMerge: one file of the three steps, configurations verify, time,
// A and B, valid as a results file.
func TestMerge(t *testing.T) {
	aa := file(runs("A", 100, 101, 99), runs("B", 100, 100, 101))
	aa.Configs = []resultsfile.Config{{Name: "A"}, {Name: "B"}}
	for i := 1; i <= 3; i++ {
		for _, c := range []string{"A", "B"} {
			aa.Rounds = append(aa.Rounds, resultsfile.Round{Index: i, Config: c, Started: aa.Started, Finished: aa.Finished})
		}
	}
	m := Merge(Inputs{Verify: file(res("peak", "fp32", "vec4-acc4", "", nil, 1, resultsfile.StatusOK)),
		Time: file(res("peak", "fp32", "vec4-acc4", "", nil, 2, resultsfile.StatusOK)), AA: aa})
	m.Schema = resultsfile.Schema
	var b bytes.Buffer
	if err := resultsfile.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	back, err := resultsfile.Decode(&b, "merged")
	if err != nil {
		t.Fatalf("the merged file does not load: %v", err)
	}
	var names []string
	for _, c := range back.Configs {
		names = append(names, c.Name)
	}
	if strings.Join(names, ",") != "verify,time,A,B" || len(back.Results) != 4 || len(back.Rounds) != 8 {
		t.Errorf("merged: configs %v, %d results, %d rounds", names, len(back.Results), len(back.Rounds))
	}
}
