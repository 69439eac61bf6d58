package compare

import (
	"errors"
	"github.com/radvbench/radvbench/reports/pairing"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/reports/verdict"
)

// TestInputChecks: the same run counts once on a side and is an error on
// both; a group with nothing in common fails; another GPU model needs
// --by device or AllowDeviceChange. Inputs are the committed fixtures
// (run-a1/run-b1: 3 runs each of the same benchmarks on one device).
func TestInputChecks(t *testing.T) {
	a, b := loadFixture(t, "run-a1.json"), loadFixture(t, "run-b1.json")
	copyOf := func(in pairing.Input, name string) pairing.Input {
		return pairing.Input{Name: name, File: in.File, Group: in.Group}
	}
	on := func(in pairing.Input, group string) pairing.Input { in.Group = group; return in }
	// b's runs 1% faster, with its third round a copy of a's first.
	stolen := rescaled(t, b.File, 1.01)
	for i := range stolen.Results {
		r := &stolen.Results[i]
		_, ar := a.File.Results[i].RunSamples()
		var s []float64
		var sr []int
		for j, rd := range r.SampleRounds {
			if rd != 3 {
				s, sr = append(s, r.Metric.Samples[j]), append(sr, rd)
			}
		}
		for _, x := range ar[0] {
			s, sr = append(s, x), append(sr, 3)
		}
		r.Metric.Samples, r.SampleRounds, r.SamplesNS = s, sr, nil
	}
	otherSuite := rescaled(t, b.File, 1)
	for i := range otherSuite.Results {
		otherSuite.Results[i].Suite = "other"
	}
	otherGPU := rescaled(t, b.File, 1)
	otherGPU.Device.DeviceID, otherGPU.Device.Name = 0x7550, "AMD Radeon RX 9070 XT (RADV GFX1201)"
	for _, tc := range []struct {
		name   string
		in     []pairing.Input
		opt    Options
		err    error
		note   string
		runs   int // the baseline's runs of the first benchmark
		nruns  int // the other side's
		groups int
	}{
		{"distinct runs", []pairing.Input{on(a, "A"), on(b, "B")}, Options{}, nil, "", 3, 3, 2},
		{"a file three times a side", []pairing.Input{on(a, "A"), on(a, "A"), on(a, "A"), on(b, "B"), on(b, "B")}, Options{}, nil, "given more than once", 3, 3, 2},
		{"a copy under another name", []pairing.Input{on(a, "A"), on(copyOf(a, "copy.json"), "A"), on(b, "B")}, Options{}, nil, "copy.json has the same content as run-a1.json", 3, 3, 2},
		{"a re-encoded copy", []pairing.Input{on(a, "A"), {Name: "re.json", File: rescaled(t, a.File, 1), Group: "A"}, on(b, "B")}, Options{}, nil, "same content", 3, 3, 2},
		{"a round repeated in another file", []pairing.Input{on(a, "A"), {Name: "stolen.json", File: stolen, Group: "A"}, on(b, "B")}, Options{}, nil, "round 3 of stolen.json repeats round 1 of run-a1.json", 5, 3, 2},
		{"the same file both sides", []pairing.Input{a, a}, Options{}, pairing.ErrSameEvidence, "", 0, 0, 0},
		{"a copy on the other side", []pairing.Input{on(a, "A"), on(copyOf(a, "x.json"), "B")}, Options{}, pairing.ErrSameEvidence, "", 0, 0, 0},
		{"a round on the other side", []pairing.Input{on(a, "A"), {Name: "stolen.json", File: stolen, Group: "B"}}, Options{}, pairing.ErrSameEvidence, "", 0, 0, 0},
		{"nothing in common", []pairing.Input{a, {Name: "other.json", File: otherSuite}}, Options{}, ErrNothingCompared, "", 0, 0, 0},
		{"another GPU", []pairing.Input{a, {Name: "gpu.json", File: otherGPU}}, Options{}, pairing.ErrDeviceChange, "", 0, 0, 0},
		{"another GPU allowed", []pairing.Input{a, {Name: "gpu.json", File: otherGPU}}, Options{AllowDeviceChange: true}, nil, "", 3, 3, 2},
		{"another GPU by device", []pairing.Input{a, {Name: "gpu.json", File: otherGPU}}, Options{By: "device"}, nil, "", 3, 3, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opt.Policy = verdict.DefaultPolicy()
			rep, err := Compare(tc.in, tc.opt)
			if tc.err != nil {
				if !errors.Is(err, tc.err) || strings.Contains(err.Error(), "\n") {
					t.Fatalf("err = %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			c := rep.Comparisons[0]
			if len(rep.Groups) != tc.groups || c.Base.Runs != tc.runs || c.New.Runs != tc.nruns {
				t.Errorf("%d groups, runs %d vs %d; want %d groups, %d vs %d", len(rep.Groups), c.Base.Runs, c.New.Runs, tc.groups, tc.runs, tc.nruns)
			}
			if tc.note != "" && !hasNote(rep, tc.note) {
				t.Errorf("notes %q lack %q", rep.Notes, tc.note)
			}
			if tc.note == "" && hasNote(rep, "counted once") {
				t.Errorf("a note about duplicates where there are none: %q", rep.Notes)
			}
		})
	}
	// Dedupe changes none of its inputs.
	before := len(stolen.Results[0].Metric.Samples)
	if _, _, err := pairing.Dedupe([]pairing.Input{on(a, "A"), {Name: "stolen.json", File: stolen, Group: "A"}}, ""); err != nil || len(stolen.Results[0].Metric.Samples) != before {
		t.Errorf("Dedupe changed its input (%v)", err)
	}
}
