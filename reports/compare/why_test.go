package compare

import (
	"bytes"
	"fmt"
	"github.com/radvbench/radvbench/reports/pairing"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/codecompare"
	"github.com/radvbench/radvbench/reports/note"
	"github.com/radvbench/radvbench/reports/verdict"
)

// TestCauseLines: the code column of a timing comparison for real isa
// files of RADV navi31 (Mesa 25.0, drm-shim; testdata/isa/why-*.json:
// `radvbench isa --suite matmul,mesh --target navi31 --no-asm` with
// nothing set, with RADV_PERFTEST=cswave32 and with ACO_DEBUG=nosched,
// cut to seven benchmarks): the timed stage first and named, the largest
// effect first, the wave size named ("wave64→wave32", occupancy then
// information), the classic pipeline a mesh benchmark builds but does not
// time marked untimed and last, and where the figures come from, for runs
// of the same chip and of another device (lavapipe).
func TestCauseLines(t *testing.T) {
	base := loadISA(t, "why-default")
	var out bytes.Buffer
	for _, tc := range []struct {
		name   string
		other  string
		device string // the runs' device name
	}{
		{"cswave32", "why-cswave32", "AMD Radeon RX 7900 XTX (RADV NAVI31)"},
		{"ACO_DEBUG=nosched", "why-nosched", "AMD Radeon RX 7900 XTX (RADV NAVI31)"},
		{"nosched, runs on lavapipe", "why-nosched", ""},
		{"same build", "why-default", "AMD Radeon RX 7900 XTX (RADV NAVI31)"},
		// naive's code hash differs, nothing else: not "code unchanged".
		{"hash only", "why-default", "AMD Radeon RX 7900 XTX (RADV NAVI31)"},
	} {
		other := loadISA(t, tc.other)
		if tc.name == "hash only" {
			other.Results[0].Pipelines[0].Executables[0].Hashes["Hash"]++
		}
		runA, runB := codeRuns(t, base, "no benchmark is slower")
		for _, f := range []*resultsfile.File{runA, runB} {
			if tc.device != "" {
				f.Device = resultsfile.Device{Name: tc.device, VendorID: 0x1002, Type: "discrete-gpu", DriverID: "MESA_RADV", DriverName: "radv",
					DriverInfo: "Mesa 25.0.7-2~bpo12+1", DriverVersion: "25.0.7", APIVersion: "1.4.305", TimestampPeriodNS: 10, TimestampValidBits: 64, SubgroupSize: 64}
			}
		}
		rep, err := Compare([]pairing.Input{{Name: "a.json", File: runA}, {Name: "b.json", File: runB}},
			Options{Policy: verdict.DefaultPolicy(), ISA: []pairing.Input{{Name: "why-default.json", File: base}, {Name: tc.other + ".json", File: other}}})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&out, "== %s\n", tc.name)
		for _, n := range rep.Notes {
			fmt.Fprintf(&out, "note: %s\n", n)
		}
		for i := range rep.Comparisons {
			c := &rep.Comparisons[i]
			fmt.Fprintf(&out, "%s\n    %s\n", c.Key, c.Code.Text())
			untimed := map[string]int{}
			for j, ch := range c.Code.Changes {
				if ch.Untimed {
					untimed[ch.Pipeline+" "+ch.Executable]++
				} else if j > 0 && c.Code.Changes[j-1].Untimed {
					t.Errorf("%s %s: a timed change after an untimed one: %+v", tc.name, c.Key, c.Code.Changes)
				}
			}
			if len(untimed) > 0 {
				fmt.Fprintf(&out, "    untimed (listed last): %v\n", untimed)
			}
		}
	}
	goldenOut(t, "why.txt", out.Bytes())
}

// TestNoCodeNote: runs that captured nothing say so, with why and what to
// give, instead of a code column that silently is not there; runs from
// before capture existed, or given isa files, say nothing.
func TestNoCodeNote(t *testing.T) {
	isa := loadISA(t, "why-default")
	for _, tc := range []struct {
		name, capture string
		withISA       bool
		want          string
	}{
		{"unsupported", resultsfile.CaptureUnsupported + ": the driver lacks VK_KHR_pipeline_executable_properties", false,
			"no code column: no compiler figures from a.json (capture: unsupported: the driver lacks VK_KHR_pipeline_executable_properties), b.json (capture: unsupported: the driver lacks VK_KHR_pipeline_executable_properties)"},
		{"off", resultsfile.CaptureOff, false, "no code column: no compiler figures from a.json (capture: off), b.json (capture: off)"},
		{"before capture", "", false, ""},
		{"isa given", resultsfile.CaptureUnsupported + ": lavapipe", true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := codeRuns(t, isa, "none")
			a.Capture, b.Capture = tc.capture, tc.capture
			// The advice is the caller's words (cmd/radvbench names --isa).
			opt := Options{Policy: verdict.DefaultPolicy()}
			if tc.withISA {
				opt.ISA = []pairing.Input{{Name: "i.json", File: isa}, {Name: "i.json", File: isa}}
			}
			rep, err := Compare([]pairing.Input{{Name: "a.json", File: a}, {Name: "b.json", File: b}}, opt)
			if err != nil {
				t.Fatal(err)
			}
			rep.Word(func(a note.Advice) string { return "<" + string(a.Kind) + ">" })
			if tc.want != "" {
				tc.want += "<isa-files>"
			}
			got := ""
			for _, n := range rep.Notes {
				if n.Kind == NoteNoCode {
					got = n.Message
				}
			}
			if got != tc.want {
				t.Errorf("note %q, want %q", got, tc.want)
			}
		})
	}
}

// TestISAWaveHashUntimed: comparing the real isa files exactly, a wave-size
// change is named and makes the occupancy change information, not a
// regression (cswave32); ACO's hash is compared (shown in hex) and RADV's
// pipeline hash is not; the classic pipeline a mesh benchmark does not time
// is marked untimed.
func TestISAWaveHashUntimed(t *testing.T) {
	base := loadISA(t, "why-default")
	for _, tc := range []struct {
		other       string
		regressions int
		check       func(t *testing.T, rep *codecompare.ISAReport)
	}{
		{"why-cswave32", 0, func(t *testing.T, rep *codecompare.ISAReport) {
			c := find(rep, "matmul/naive/", "@navi31", "Subgroups per SIMD")
			if c == nil || c.Verdict != codecompare.ISAVerdictInfo || !strings.Contains(c.Note, "waves of 32 lanes, not 64") {
				t.Errorf("naive's occupancy change %+v: want information, across wave sizes", c)
			}
			if c := find(rep, "matmul/naive/", "@navi31", codecompare.WaveStat); c == nil || c.Base != 64 || c.New != 32 {
				t.Errorf("naive's wave size change %+v: want 64 → 32", c)
			}
		}},
		{"why-nosched", 0, func(t *testing.T, rep *codecompare.ISAReport) {
			untimed := 0
			for _, c := range rep.Changes {
				if c.Stat == "Driver pipeline hash" {
					t.Errorf("%s: RADV's pipeline hash compared", c.Key)
				}
				if strings.Contains(c.Key, "name=task-v64p124") && c.Pipeline == "classic" {
					if !c.Untimed {
						t.Errorf("%s: the classic pipeline's %s is not marked untimed", c.Key, c.Stat)
					}
					untimed++
				}
				if strings.Contains(c.Key, "name=vertex") && c.Untimed {
					t.Errorf("%s: the vertex variant's classic pipeline is marked untimed", c.Key)
				}
			}
			if c := find(rep, "matmul/tiled/", "@navi31", "Hash"); c == nil || !c.Hash || c.Verdict != codecompare.ISAVerdictInfo {
				t.Errorf("tiled's code hash change %+v: want an information change marked as a hash", c)
			}
			if untimed == 0 {
				t.Errorf("no change of task-v64p124's classic pipeline")
			}
		}},
	} {
		t.Run(tc.other, func(t *testing.T) {
			rep, err := CompareISA([]pairing.Input{{Name: "why-default.json", File: base}, {Name: tc.other + ".json", File: loadISA(t, tc.other)}}, Options{Policy: verdict.DefaultPolicy()})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Counts.Regressions != tc.regressions {
				t.Errorf("%d regressions, want %d: %s", rep.Counts.Regressions, tc.regressions, rep.Summary())
			}
			tc.check(t, rep)
			// Its text: TestISAWhyText (render_test.go).
		})
	}
}
