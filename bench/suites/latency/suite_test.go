package latency

import (
	"testing"

	"github.com/radvbench/radvbench/bench/suitetest"
)

// TestRunLatencyQuickValidated: every latency kernel verified on lavapipe,
// validation clean, each figure tagged with its clock; the CPU-clock round
// trips report p50 and p99.
func TestRunLatencyQuickValidated(t *testing.T) {
	f := suitetest.RunQuick(t, "latency")
	ok := suitetest.Check(t, f, "latency")
	wantClock := map[string]string{"empty": "gpu-timestamp", "throughput": "gpu-timestamp", "roundtrip": "cpu-monotonic", "multisubmit": "cpu-monotonic"}
	seen := map[string]bool{}
	for key, r := range ok {
		seen[r.Kernel] = true
		if r.Clock != wantClock[r.Kernel] {
			t.Errorf("%s: clock %q, want %q", key, r.Clock, wantClock[r.Kernel])
		}
		if r.Clock == "cpu-monotonic" {
			p50, p99 := r.Extra["p50_us"], r.Extra["p99_us"]
			if p50 <= 0 || p99 < p50 || r.Metric.Unit != "µs" {
				t.Errorf("%s: p50 %v p99 %v unit %q", key, p50, p99, r.Metric.Unit)
			}
		}
	}
	for k := range wantClock {
		if !seen[k] {
			t.Errorf("latency/%s: no ok result", k)
		}
	}
}
