package compare

import (
	"strings"
	"testing"

	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/note"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/verdict"
)

// TestNoisyRuns: the noise-limit warning looks at the spread the verdict
// rests on. Runs paired by round that drift together (a whole round
// 30% slower) are not noisy; pairs that differ are, and an unsure verdict
// without a paired floor is told where one comes from.
func TestNoisyRuns(t *testing.T) {
	drifting := &pairing.Side{RunCV: 0.3}
	steady := &pairing.Side{RunCV: 0.01}
	tight := [2][]float64{{100, 70, 130, 100}, {100.5, 70.2, 130.1, 99.8}}
	loose := [2][]float64{{100, 70, 130, 100}, {110, 66, 140, 93}}
	paired := &noise.Bench{PairedCV: 0.05, Pairs: 10, PairedDF: 9}
	tests := []struct {
		name     string
		c        Comparison
		runs     [2][]float64
		paired   bool
		nz       *noise.Bench
		code     note.Kind // "" no warning
		withHint bool
	}{
		{"unpaired, drifting", Comparison{Base: drifting, New: steady}, loose, false, nil, "noisy-runs", false},
		{"unpaired, steady", Comparison{Base: steady, New: steady}, loose, false, nil, "", false},
		{"paired, tight pairs of drifting runs", Comparison{Base: drifting, New: drifting, Verdict: verdict.Same}, tight, true, nil, "", false},
		{"paired, loose pairs, unsure", Comparison{Base: drifting, New: drifting, Verdict: verdict.Unsure}, loose, true, nil, "noisy-pairs", true},
		{"paired, loose pairs, decided", Comparison{Base: drifting, New: drifting, Verdict: verdict.Regression}, loose, true, nil, "noisy-pairs", false},
		{"paired, loose pairs, paired floor in use", Comparison{Base: drifting, New: drifting, Verdict: verdict.Unsure}, loose, true, paired, "noisy-pairs", false},
		{"one pair: judged as unpaired", Comparison{Base: drifting, New: drifting}, [2][]float64{{100}, {101}}, true, nil, "noisy-runs", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			advise := func(a note.Advice) string { return "; <" + string(a.Kind) + ">" }
			w, ok := noisyRuns(tt.c, tt.runs[0], tt.runs[1], tt.paired, 0.03, tt.nz)
			if ok != (tt.code != "") || w.Kind != tt.code {
				t.Fatalf("warning %q (%v), want %q", w.Kind, ok, tt.code)
			}
			if hint := w.Advice.Kind == note.AdvicePairedNoise; hint != tt.withHint {
				t.Errorf("advice %q: noise file hint %v, want %v", w.Advice.Kind, hint, tt.withHint)
			}
			rep := &Report{Comparisons: []Comparison{{Warnings: []note.Note{w}}}}
			rep.Word(advise)
			w = rep.Comparisons[0].Warnings[0]
			if hint := strings.HasSuffix(w.Message, "; <paired-noise>"); hint != tt.withHint {
				t.Errorf("message %q: noise file hint %v, want %v", w.Message, hint, tt.withHint)
			}
		})
	}
}
