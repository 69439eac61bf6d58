package compare

import (
	"github.com/radvbench/radvbench/reports/pairing"
	"path/filepath"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/verdict"
)

// The three A/A runs of issue 12 (testdata/aa-quick/README.md): the same
// build run back to back on a loaded 2-core machine. The sample-level
// compare called 38 and 19 of 89 benchmarks regressions; judged on runs,
// none is.

func loadAA(t *testing.T, names ...string) []pairing.Input {
	t.Helper()
	var ins []pairing.Input
	for _, n := range names {
		f, err := resultsfile.Load(filepath.Join("testdata", "aa-quick", n))
		if err != nil {
			t.Fatal(err)
		}
		ins = append(ins, pairing.Input{Name: n, File: f})
	}
	return ins
}

func TestReplayAAQuick(t *testing.T) {
	pooled := loadAA(t, "aa1.json", "aa2.json", "aa3.json")
	pooled[0].Group, pooled[1].Group, pooled[2].Group = "aa1+aa2", "aa1+aa2", "aa3"
	nf, err := noise.Measure([]noise.Source{{Name: "aa1.json", File: pooled[0].File}, {Name: "aa2.json", File: pooled[1].File}, {Name: "aa3.json", File: pooled[2].File}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		inputs []pairing.Input
		nf     *noise.File
	}{
		{"aa1 aa2", loadAA(t, "aa1.json", "aa2.json"), nil},
		{"aa2 aa3", loadAA(t, "aa2.json", "aa3.json"), nil},
		{"aa1 aa2 -- aa3", pooled, nil},
		// With floors measured from the same three runs.
		{"aa1 aa2 with floors", loadAA(t, "aa1.json", "aa2.json"), nf},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := Compare(tt.inputs, Options{Policy: verdict.DefaultPolicy(), Noise: tt.nf})
			if err != nil {
				t.Fatal(err)
			}
			t.Log(rep.Summary())
			if rep.Failed() || rep.Counts.Regressions != 0 || rep.Counts.Improvements != 0 {
				t.Errorf("A/A runs: %s; want no regression and no improvement", rep.Summary())
			}
			if len(rep.Comparisons) < 80 {
				t.Errorf("%d comparisons: the files hold 89 benchmarks", len(rep.Comparisons))
			}
		})
	}
}
