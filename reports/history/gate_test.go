package history

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/radvbench/radvbench/reports/pairing"
)

// TestGate: the baseline is the newest --last runs on the new file's
// device, the new file itself left out when it was imported; the inputs
// are grouped by SideKey and the callers' files are not changed.
func TestGate(t *testing.T) {
	backends(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := openStore(t, dsn)
		old := fakeFile(fakeSpec{seed: 1, start: t0, medians: [][]float64{{100}, {101}, {99}}})
		other := fakeFile(fakeSpec{seed: 2, start: t0, medians: [][]float64{{50}}, device: "another GPU"})
		cur := fakeFile(fakeSpec{seed: 3, start: t0.Add(10 * 3600e9), medians: [][]float64{{90}, {91}}})
		for _, in := range []pairing.Input{{Name: "old.json", File: old}, {Name: "other.json", File: other}, {Name: "new.json", File: cur}} {
			if _, err := s.Import(ctx, in.File, in.Name); err != nil {
				t.Fatal(err)
			}
		}
		before := map[string]string{}
		for k, v := range cur.Fingerprint {
			before[k] = v
		}
		news := []pairing.Input{{Name: "new.json", File: cur}}
		g, err := s.Gate(ctx, news, Filter{}, 2)
		if err != nil {
			t.Fatal(err)
		}
		if g.Device != cur.Device.Name || len(g.Runs) != 2 || g.NewRuns != 2 {
			t.Fatalf("gate = device %q, %d runs, %d new runs; want %q, the newest 2 stored runs of old.json, 2 new runs", g.Device, len(g.Runs), g.NewRuns, cur.Device.Name)
		}
		var names, sides []string
		for _, in := range g.Inputs {
			names = append(names, in.Name)
			sides = append(sides, in.File.Fingerprint[SideKey])
		}
		wantNames := []string{"run " + ShortRun(g.Runs[0].ID), "run " + ShortRun(g.Runs[1].ID), "new.json"}
		if !reflect.DeepEqual(names, wantNames) || !reflect.DeepEqual(sides, []string{SideBaseline, SideBaseline, SideNew}) {
			t.Errorf("inputs %v sides %v, want %v sides baseline, baseline, new", names, sides, wantNames)
		}
		for _, r := range g.Runs {
			if r.Source != "old.json" {
				t.Errorf("baseline run %s from %s, want old.json (not the new file, not another device)", r.ID, r.Source)
			}
		}
		if !reflect.DeepEqual(cur.Fingerprint, before) {
			t.Errorf("Gate changed the caller's fingerprint: %v, was %v", cur.Fingerprint, before)
		}
		// Another device named by the filter.
		if g, err := s.Gate(ctx, news, Filter{Device: "another GPU"}, 10); err != nil || len(g.Runs) != 1 || g.Device != "another GPU" {
			t.Errorf("gate on another GPU: %+v, %v; want its one run", g, err)
		}
		// No baseline.
		_, err = s.Gate(ctx, news, Filter{Device: "no such GPU"}, 10)
		var nb *NoBaselineError
		if !errors.As(err, &nb) || nb.Device != "no such GPU" {
			t.Errorf("gate on a device without runs: %v (%T), want a NoBaselineError", err, err)
		}
		if _, err := s.Gate(ctx, nil, Filter{}, 10); err == nil {
			t.Errorf("gate without new results: no error")
		}
	})
}
