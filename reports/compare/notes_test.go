package compare

import (
	"github.com/radvbench/radvbench/reports/pairing"
	"maps"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/reports/verdict"
)

// TestNotesStableClocks: compare warns when one side held the GPU's
// clocks (RADV's profiling lock, or a pinned level) and the other did
// not, or held them another way; runs that held them alike get no note,
// nor does a comparison grouped by the key that says so.
func TestNotesStableClocks(t *testing.T) {
	with := func(name string, fp map[string]string) pairing.Input {
		in := loadFixture(t, name)
		f := *in.File
		f.Fingerprint = maps.Clone(f.Fingerprint)
		if f.Fingerprint == nil {
			f.Fingerprint = map[string]string{}
		}
		maps.Copy(f.Fingerprint, fp)
		in.File = &f
		return in
	}
	lock := map[string]string{"clocks.stable": "profiling-lock", "clocks.pstate": "peak", "clocks.pstate.source": "mesa-default", "perf_level": "profile_peak"}
	pinned := map[string]string{"clocks.stable": "pinned", "perf_level": "profile_standard"}
	byHand := map[string]string{"perf_level": "profile_standard"}
	auto := map[string]string{"perf_level": "auto"}
	for _, tc := range []struct {
		name       string
		base, next map[string]string
		by         string
		want       string // "" no clock note
	}{
		{"lock vs not", lock, auto, "", "clocks differ: new.json did not hold them, baseline base.json ran with RADV's stable power state peak (profiling lock)"},
		{"not vs pinned", auto, pinned, "", "clocks differ: new.json ran pinned at profile_standard, baseline base.json did not hold them"},
		{"lock vs pinned", lock, pinned, "", "clocks differ: new.json ran pinned at profile_standard, baseline base.json ran with RADV's stable power state peak"},
		{"pinned by hand, older file", pinned, byHand, "", ""},
		{"both locked", lock, lock, "", ""},
		{"neither", auto, auto, "", ""},
		{"grouped by it", lock, auto, "clocks.stable", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := []pairing.Input{with("base.json", tc.base), with("new.json", tc.next)}
			rep, err := Compare(in, Options{Policy: verdict.DefaultPolicy(), By: tc.by})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, n := range rep.Notes {
				if n.Kind == NoteClocksDiffer {
					got = append(got, n.Message)
				}
			}
			if tc.want == "" && len(got) > 0 || tc.want != "" && (len(got) != 1 || !strings.Contains(got[0], tc.want)) {
				t.Errorf("clock notes %q, want %q", got, tc.want)
			}
		})
	}
}

// TestNotesMeasurementMethod: compare says when its inputs were measured
// by different methods (a file without the field is method 1), and says
// nothing when they were measured alike.
func TestNotesMeasurementMethod(t *testing.T) {
	with := func(name string, method int) pairing.Input {
		in := loadFixture(t, name)
		f := *in.File
		f.Tool.Method = method
		in.File = &f
		return in
	}
	for _, tc := range []struct {
		name       string
		base, next int
		want       string // "" no method note
	}{
		{"older file against method 2", 0, 2, "measurement method differs: new.json was measured by method 2, baseline base.json by method 1"},
		{"method 2 against an older file", 2, 0, "measurement method differs: new.json was measured by method 1, baseline base.json by method 2"},
		{"both method 2", 2, 2, ""},
		{"older file and method 1", 0, 1, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := []pairing.Input{with("base.json", tc.base), with("new.json", tc.next)}
			rep, err := Compare(in, Options{Policy: verdict.DefaultPolicy()})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, n := range rep.Notes {
				if n.Kind == NoteMethodDiffers {
					got = append(got, n.Message)
				}
			}
			if tc.want == "" && len(got) > 0 || tc.want != "" && (len(got) != 1 || !strings.Contains(got[0], tc.want)) {
				t.Errorf("method notes %q, want %q", got, tc.want)
			}
		})
	}
}
