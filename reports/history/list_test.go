package history

import (
	"bytes"
	"reflect"
	"testing"
	"time"

	"github.com/radvbench/radvbench/internal/golden"
)

// TestWriteRunsAndKeys: the 'history runs' tables, text from results
// files escaped, an empty kernel and configuration shown as '-'.
func TestWriteRunsAndKeys(t *testing.T) {
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	runs := []Run{
		{ID: "0123456789abcdef0123-1", Source: "a.json", Started: at, Device: "gpu\x1b[2J", Driver: "Mesa 25.0.7", Kernel: "6.8.0", Benchmarks: 12},
		{ID: "fedcba9876543210fedc-2", Source: "dir/b\n.json", Started: at.Add(time.Hour), Config: "wave32", Device: "gpu", Driver: "Mesa 26.1.6", Benchmarks: 3},
	}
	var b bytes.Buffer
	if err := WriteRuns(&b, runs); err != nil {
		t.Fatal(err)
	}
	b.WriteString("\n")
	if err := WriteRuns(&b, nil); err != nil {
		t.Fatal(err)
	}
	b.WriteString("\n")
	if err := WriteKeys(&b, map[string]int{"kernel.release": 2, "label.ci\x07": 1, "amdgpu.vm_fragment_size": 3}); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/runs.txt", b.Bytes())
}

// TestWriteTrends: each series as WriteTrend writes it, with its own
// change points, a blank line between them.
func TestWriteTrends(t *testing.T) {
	se, cps := trendFixture()
	other := &Series{Benchmark: "peak/fma/x", Device: "gpu", Metric: "throughput", Unit: "GFLOP/s", Better: "higher", Points: se.Points[:1]}
	var got, want bytes.Buffer
	if err := WriteTrends(&got, []*Series{se, other}, cps); err != nil {
		t.Fatal(err)
	}
	WriteTrend(&want, se, ChangePointsOf(cps, se))
	want.WriteString("\n")
	WriteTrend(&want, other, nil)
	if got.String() != want.String() {
		t.Errorf("got\n%s\nwant\n%s", got.String(), want.String())
	}
}

func TestWriteImported(t *testing.T) {
	var b bytes.Buffer
	WriteImported(&b, "runs/a\x1b.json", Imported{FileID: "0123456789abcdef", Runs: 3, New: true})
	WriteImported(&b, "copy.json", Imported{FileID: "0123456789abcdef", Runs: 3})
	want := "imported runs/a\\x1b.json: 3 run(s) (id 0123456789abcdef)\nalready in the store: copy.json (id 0123456789abcdef)\n"
	if b.String() != want {
		t.Errorf("got\n%q\nwant\n%q", b.String(), want)
	}
}

func TestSplitKeys(t *testing.T) {
	for in, want := range map[string][]string{
		"":                                   nil,
		" , ,":                               nil,
		"amdgpu.vm_fragment_size":            {"amdgpu.vm_fragment_size"},
		"amdgpu.vm_fragment_size, label.ci,": {"amdgpu.vm_fragment_size", "label.ci"},
	} {
		if got := SplitKeys(in); !reflect.DeepEqual(got, want) {
			t.Errorf("SplitKeys(%q) = %q, want %q", in, got, want)
		}
	}
}
