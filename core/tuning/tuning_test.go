package tuning

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
)

func res(kernel, variant string, n int64, value float64, better, status string, verified bool) resultsfile.Result {
	return resultsfile.Result{Suite: "s", Kernel: kernel, Variant: map[string]string{"name": variant}, Params: map[string]int64{"N": n},
		Status: status, Verified: verified,
		Metric: resultsfile.Metric{Name: "m", Unit: "u", Better: better, Value: value, Samples: []float64{value}}}
}

// TestBest: the best of each kernel and size is its best verified
// figure in the metric's direction; failed, unverified and untuned
// results are never best.
func TestBest(t *testing.T) {
	hi, lo, ok := resultsfile.HigherIsBetter, resultsfile.LowerIsBetter, resultsfile.StatusOK
	f := &resultsfile.File{Results: []resultsfile.Result{
		res("k", "a", 1, 10, hi, ok, true),
		res("k", "b", 1, 30, hi, ok, true),
		res("k", "c", 1, 99, hi, resultsfile.StatusFailed, false), // wrong result: never a candidate
		res("k", "d", 1, 98, hi, ok, false),                       // unverified
		res("k", "a", 2, 5, hi, ok, true),
		res("lat", "x", 1, 7, lo, ok, true),
		res("lat", "y", 1, 3, lo, ok, true),
		res("untuned", "z", 1, 1000, hi, ok, true),
	}}
	point := func(r *resultsfile.Result) (map[string]int, bool) {
		if r.Kernel == "untuned" {
			return nil, false
		}
		return map[string]int{"v": int(r.Variant["name"][0])}, true
	}
	got := Best(f, point)
	want := []struct {
		id, variant string
		value       float64
		candidates  int
	}{{"s/k/N=1", "b", 30, 2}, {"s/k/N=2", "a", 5, 1}, {"s/lat/N=1", "y", 3, 2}}
	if len(got) != len(want) {
		t.Fatalf("best %+v, want %d entries", got, len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.ID() != w.id || g.Variant["name"] != w.variant || g.Metric.Value != w.value || g.Candidates != w.candidates || g.Point["v"] != int(w.variant[0]) {
			t.Errorf("entry %d: %s %s %v of %d, want %s %s %v of %d", i, g.ID(), g.Variant["name"], g.Metric.Value, g.Candidates, w.id, w.variant, w.value, w.candidates)
		}
	}
}

// TestReadRoundTripAndErrors: a written file reads back; a results file,
// a file of another schema or an entry without its point is not a tuning
// file.
func TestReadRoundTripAndErrors(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.tuning.json")
	e := Entry{Suite: "s", Kernel: "k", Params: map[string]int64{"N": 1}, Variant: map[string]string{"name": "a"}, Point: map[string]int{"x": 1}}
	if err := Write(path, &File{Schema: Schema, Device: Device{Name: "dev"}, Entries: []Entry{e}}); err != nil {
		t.Fatal(err)
	}
	f, err := Read(path)
	if err != nil || len(f.Entries) != 1 || f.Entries[0].Point["x"] != 1 || f.Device.Name != "dev" {
		t.Fatalf("read back %+v, %v", f, err)
	}
	for name, body := range map[string]string{
		"results":  `{"schema":"radvbench-results/1","results":[]}`,
		"garbage":  `not json`,
		"no point": `{"schema":"` + Schema + `","entries":[{"suite":"s","kernel":"k","params":{"N":1},"variant":{"name":"a"}}]}`,
	} {
		p := filepath.Join(dir, strings.ReplaceAll(name, " ", "-"))
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Read(p)
		if err == nil {
			t.Errorf("%s: read without error", name)
			continue
		}
		if name != "no point" && !errors.Is(err, ErrNotTuning) {
			t.Errorf("%s: %v is not ErrNotTuning", name, err)
		}
	}
}
