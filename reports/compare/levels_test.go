package compare

import (
	"strings"
	"testing"

	"github.com/radvbench/radvbench/reports/pairing"
)

// TestRunLevelsWarning: runs of a side that sat steady at levels far
// apart are named with their ratio, on whichever side, and worded for
// the device the runs came from: a GPU's clock, or a CPU
// implementation's per-process level, never a GPU's for lavapipe.
func TestRunLevelsWarning(t *testing.T) {
	flat := &pairing.Side{}
	for _, tc := range []struct {
		name        string
		base, new   *pairing.Side
		paired      bool
		want, never []string
	}{
		{"none", flat, flat, true, nil, nil},
		{"GPU baseline, paired", &pairing.Side{LevelRatio: 2.67}, flat, true,
			[]string{"run levels differ by 2.7×: the baseline's runs", "a power state or a clock (a GPU idling between runs), not the code", "the pairs cancel it"}, []string{"CPU"}},
		{"CPU new side, unpaired", flat, &pairing.Side{LevelRatio: 1.2, CPU: true}, false,
			[]string{"run levels differ by 20%: the new side's runs", "on a CPU implementation, the level each of its processes settles at", "not the code", "so it is in the change"}, []string{"GPU"}},
		{"GPU baseline flagged beside a CPU new side", &pairing.Side{LevelRatio: 2.67}, &pairing.Side{CPU: true}, true,
			[]string{"the baseline's runs", "a GPU idling between runs"}, []string{"CPU", "the new side's"}},
		{"both sides", &pairing.Side{LevelRatio: 1.3, CPU: true}, &pairing.Side{LevelRatio: 1.6, CPU: true}, true,
			[]string{"differ by 1.6×: the baseline's and the new side's runs", "CPU implementation"}, []string{"GPU"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, ok := runLevels(Comparison{Base: tc.base, New: tc.new, Paired: tc.paired})
			if ok != (tc.want != nil) {
				t.Fatalf("warned %v (%q), want %v", ok, w.Message, tc.want != nil)
			}
			if !ok {
				return
			}
			if w.Kind != "run-levels" {
				t.Errorf("kind %q", w.Kind)
			}
			for _, s := range tc.want {
				if !strings.Contains(w.Message, s) {
					t.Errorf("%q lacks %q", w.Message, s)
				}
			}
			for _, s := range tc.never {
				if strings.Contains(w.Message, s) {
					t.Errorf("%q says %q", w.Message, s)
				}
			}
		})
	}
}
