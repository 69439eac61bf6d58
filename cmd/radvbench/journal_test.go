package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/reports/results"
)

func TestReadJournal(t *testing.T) {
	header := `{"journal":"radvbench/journal/v1","out":"r.json","args":["--quick"],"file":{"schema":"radvbench/results/v1","suites":["latency"],"device":{"name":"dev"},"results":null}}` + "\n"
	result := `{"round":1,"result":{"suite":"latency","kernel":"empty","variant":{"name":"1x1"},"params":null,"status":"ok","verified":true,"metric":{"name":"t","unit":"ns","better":"lower","value":1,"samples":[1]},"ci":{"low":0,"high":0}}}` + "\n"
	done := `{"round":1,"round_done":{"index":1,"config":"","started":"2026-01-01T00:00:00Z","finished":"2026-01-01T00:00:01Z","seed":7}}` + "\n"
	for _, tc := range []struct {
		name, data string
		results    int
		torn       bool
		err        string
	}{
		{"header only", header, 0, false, ""},
		{"results and a round", header + result + result + done, 2, false, ""},
		{"torn last line", header + result + `{"round":1,"resu`, 1, true, ""},
		{"torn header", `{"journal":"radvb`, 0, true, "holds no complete line"},
		{"empty", "", 0, false, "holds no complete line"},
		{"not a journal", `{"schema":"radvbench/results/v1"}` + "\n", 0, false, "is not a radvbench journal"},
		{"damaged line", header + "garbage\n" + result, 0, false, "line 2 is damaged"},
		{"result without kernel", header + `{"round":1,"result":{"suite":"x"}}` + "\n", 0, false, "without suite or kernel"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "r.json.journal")
			os.WriteFile(path, []byte(tc.data), 0o644)
			st, err := readJournal(path)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) || exitCode(err) != 2 {
					t.Fatalf("err %v (exit %d), want %q and exit 2", err, exitCode(err), tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, e := range st.Entries {
				if e.Result != nil {
					n++
				}
			}
			if n != tc.results || st.Torn != tc.torn || st.Header.Args[0] != "--quick" {
				t.Errorf("%d results, torn %v, args %v; want %d, %v", n, st.Torn, st.Header.Args, tc.results, tc.torn)
			}
			if int(st.ValidLen) != strings.LastIndex(tc.data, "\n")+1 {
				t.Errorf("valid length %d", st.ValidLen)
			}
		})
	}
}

// TestJournalAppendAndReopen: lines written are read back; reopening
// after a torn line cuts it, so the next line starts clean.
func TestJournalAppendAndReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.json.journal")
	j, err := createJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	f := &results.File{Schema: results.Schema, Device: results.Device{Name: "dev"}}
	r := results.Result{Suite: "s", Kernel: "k", Status: results.StatusSkipped}
	if err := j.writeHeader(journalHeader{Out: "r.json", Args: []string{"-x"}, File: f}); err != nil {
		t.Fatal(err)
	}
	j.writeHeader(journalHeader{Args: []string{"twice"}}) // ignored
	j.add(journalEntry{Round: 2, Result: &r})
	j.close()
	if _, err := createJournal(path); err == nil {
		t.Error("createJournal replaced an existing journal")
	}
	fh, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	fh.WriteString(`{"round":2,"res`)
	fh.Close()
	st, err := readJournal(path)
	if err != nil || !st.Torn {
		t.Fatalf("torn journal: %v, torn %v", err, st.Torn)
	}
	j, err = reopenJournal(path, st.ValidLen)
	if err != nil {
		t.Fatal(err)
	}
	j.add(journalEntry{Round: 3, Result: &r})
	j.close()
	st, err = readJournal(path)
	if err != nil || st.Torn || len(st.Entries) != 2 || st.Entries[1].Round != 3 || !reflect.DeepEqual(st.Header.Args, []string{"-x"}) {
		t.Fatalf("after reopen: %v, %+v", err, st)
	}
}

func TestIdentityDiff(t *testing.T) {
	base := func() *results.File {
		return &results.File{Device: results.Device{Name: "gpu", DriverName: "radv", DriverInfo: "Mesa 25"},
			Fingerprint: map[string]string{"kernel.release": "6.12", "amdgpu.noretry": "0"}}
	}
	for _, tc := range []struct {
		name string
		edit func(f *results.File)
		want []string
	}{
		{"same", func(*results.File) {}, nil},
		{"driver", func(f *results.File) { f.Device.DriverInfo = "Mesa 26" }, []string{`device.driver_info: "Mesa 25" -> "Mesa 26"`}},
		{"fingerprint changed, added, removed", func(f *results.File) {
			f.Fingerprint["kernel.release"] = "6.13"
			f.Fingerprint["new"] = "x"
			delete(f.Fingerprint, "amdgpu.noretry")
		}, []string{`fingerprint.amdgpu.noretry: "0" -> "(absent)"`, `fingerprint.kernel.release: "6.12" -> "6.13"`, `fingerprint.new: "(absent)" -> "x"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cur := base()
			tc.edit(cur)
			if got := identityDiff(base(), cur); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestChildArgs(t *testing.T) {
	in := []string{"--suite", "latency", "--runs", "3", "--isolate", "--isolate=run", "-o", "x.json", "-oy.json", "--out=z", "--force",
		"--order-seed", "5", "--watchdog=3s", "--config", "A", "--rounds=2", "--label", "k=v", "--resume", "r.json", "--quick"}
	want := []string{"--suite", "latency", "--label", "k=v", "--quick"}
	if got := childArgs(in); !reflect.DeepEqual(got, want) {
		t.Errorf("childArgs = %q, want %q", got, want)
	}
}

func TestParseIsolate(t *testing.T) {
	for _, tc := range []struct {
		in           string
		groups, mode int
		bad          bool
	}{
		{"auto", 1, isolateAuto, false}, {"kernel", 1, isolateOn, false}, {"true", 1, isolateOn, false},
		{"run", 0, isolateOn, false}, {"off", 0, isolateOff, false}, {"false", 0, isolateOff, false}, {"maybe", 0, 0, true},
	} {
		g, m, err := parseIsolate(tc.in)
		if (err != nil) != tc.bad || (!tc.bad && (g != tc.groups || m != tc.mode)) {
			t.Errorf("parseIsolate(%q) = %d, %d, %v", tc.in, g, m, err)
		}
	}
}
