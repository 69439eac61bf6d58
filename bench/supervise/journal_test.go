package supervise

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/usage"
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
		// problem is the *JournalError's, "" for an error of no kind.
		problem JournalProblem
	}{
		{"header only", header, 0, false, "", ""},
		{"results and a run", header + result + result + done, 2, false, "", ""},
		{"torn last line", header + result + `{"round":1,"resu`, 1, true, "", ""},
		{"torn header", `{"journal":"radvb`, 0, true, "holds no complete line", JournalNoCompleteLine},
		{"empty", "", 0, false, "holds no complete line", JournalNoCompleteLine},
		{"not a journal", `{"schema":"radvbench/results/v1"}` + "\n", 0, false, "is not a radvbench journal", ""},
		{"damaged line", header + "garbage\n" + result, 0, false, "line 2 is damaged", JournalDamagedLine},
		{"result without kernel", header + `{"round":1,"result":{"suite":"x"}}` + "\n", 0, false, "without suite or kernel", ""},
		{"impossible figure", header + strings.Replace(result, `"samples":[1]`, `"samples":[-1]`, 1), 0, false, "line 2: ", JournalInvalidResult},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "r.json.journal")
			os.WriteFile(path, []byte(tc.data), 0o644)
			st, err := ReadJournal(path)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) || !usage.Is(err) {
					t.Fatalf("err %v, want a usage error with %q", err, tc.err)
				}
				var je *JournalError
				if got := errors.As(err, &je); got != (tc.problem != "") || got && (je.Problem != tc.problem || je.Path != path) {
					t.Errorf("err %v (%+v), want a *JournalError %q of %s", err, je, tc.problem, path)
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
	if _, err := ReadJournal(filepath.Join(t.TempDir(), "none.journal")); err == nil || !usage.Is(err) || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("missing journal: %v", err)
	}
}

// TestJournalAppendAndReopen: lines written are read back; reopening
// after a torn line cuts it, so the next line starts clean.
func TestJournalAppendAndReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.json.journal")
	j, err := CreateJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	f := &resultsfile.File{Schema: resultsfile.Schema, Device: resultsfile.Device{Name: "dev"}}
	r := resultsfile.Result{Suite: "s", Kernel: "k", Status: resultsfile.StatusSkipped}
	if err := j.WriteHeader(Header{Out: "r.json", Args: []string{"-x"}, File: f}); err != nil {
		t.Fatal(err)
	}
	j.WriteHeader(Header{Args: []string{"twice"}}) // ignored
	j.Add(Entry{Run: 2, Result: &r})
	j.Close()
	j.Close() // twice is fine
	if _, err := CreateJournal(path); err == nil {
		t.Error("CreateJournal replaced an existing journal")
	}
	fh, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	fh.WriteString(`{"round":2,"res`)
	fh.Close()
	st, err := ReadJournal(path)
	if err != nil || !st.Torn {
		t.Fatalf("torn journal: %v, torn %v", err, st.Torn)
	}
	j, err = ReopenJournal(st)
	if err != nil {
		t.Fatal(err)
	}
	j.Add(Entry{Run: 3, Result: &r})
	j.Close()
	st, err = ReadJournal(path)
	if err != nil || st.Torn || len(st.Entries) != 2 || st.Entries[1].Run != 3 || !reflect.DeepEqual(st.Header.Args, []string{"-x"}) {
		t.Fatalf("after reopen: %v, %+v", err, st)
	}
}

func TestJournalPaths(t *testing.T) {
	for _, tc := range []struct{ in, journal, out string }{
		{"r.json", "r.json.journal", "r.json"},
		{"r.json.journal", "r.json.journal", "r.json"},
		{"dir/x", "dir/x.journal", "dir/x"},
	} {
		j, o := JournalPaths(tc.in)
		if j != tc.journal || o != tc.out {
			t.Errorf("JournalPaths(%q) = %q, %q", tc.in, j, o)
		}
	}
}

func TestIdentity(t *testing.T) {
	base := func() *resultsfile.File {
		return &resultsfile.File{Device: resultsfile.Device{Name: "gpu", DriverName: "radv", DriverInfo: "Mesa 25"},
			Fingerprint: map[string]string{"kernel.release": "6.12", "amdgpu.noretry": "0"}}
	}
	for _, tc := range []struct {
		name string
		edit func(f *resultsfile.File)
		want []string
	}{
		{"same", func(*resultsfile.File) {}, nil},
		{"driver", func(f *resultsfile.File) { f.Device.DriverInfo = "Mesa 26" }, []string{`device.driver_info: "Mesa 25" -> "Mesa 26"`}},
		{"driver name", func(f *resultsfile.File) { f.Device.DriverName = "llvmpipe" }, []string{`device.driver_name: "radv" -> "llvmpipe"`}},
		{"fingerprint changed, added, removed", func(f *resultsfile.File) {
			f.Fingerprint["kernel.release"] = "6.13"
			f.Fingerprint["new"] = "x"
			delete(f.Fingerprint, "amdgpu.noretry")
		}, []string{`fingerprint.amdgpu.noretry: "0" -> "(absent)"`, `fingerprint.kernel.release: "6.12" -> "6.13"`, `fingerprint.new: "(absent)" -> "x"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cur := base()
			tc.edit(cur)
			if got := IdentityDiff(base(), cur); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			err := CheckIdentity("r.journal", base(), cur)
			var ie *IdentityError
			if (err != nil) != (tc.want != nil) || err != nil && (!usage.Is(err) || !errors.As(err, &ie) || ie.Journal != "r.journal" || !reflect.DeepEqual(ie.Diff, tc.want)) {
				t.Errorf("CheckIdentity: %v (%+v), want a usage error with the differences %q", err, ie, tc.want)
			}
		})
	}
}

// TestRecorderCallbacksCallBack: OnResult and Notef run without the
// recorder's lock, so they may call its methods (the supervised run's
// OnResult asks Count; under the lock it deadlocked every supervised run).
func TestRecorderCallbacksCallBack(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.json")
	j, err := StartJournal(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := NewRecorder(j, out, nil)
	if err := rec.SetHeader(&resultsfile.File{Schema: resultsfile.Schema}, []string{fakeResult("a").ID()}); err != nil {
		t.Fatal(err)
	}
	counts := []int{}
	rec.OnResult = func(*resultsfile.Result) { counts = append(counts, rec.Count()) }
	for _, k := range []string{"a", "b"} {
		if err := rec.Add(1, "", fakeResult(k), nil); err != nil {
			t.Fatal(err)
		}
	}
	if len(counts) != 2 || counts[0] != 1 || counts[1] != 2 {
		t.Errorf("OnResult saw counts %v, want [1 2]", counts)
	}
}

// TestRecorderFingerprint: the keys a parent sets for the whole run land
// in the merged file's fingerprint beside the header's, and the header
// (the journal's, which a resume compares) keeps its own.
func TestRecorderFingerprint(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.json")
	j, err := StartJournal(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := NewRecorder(j, out, nil)
	rec.Fingerprint = map[string]string{"clocks.stable": "profiling-lock"}
	head := &resultsfile.File{Schema: resultsfile.Schema, Fingerprint: map[string]string{"kernel.release": "6.12"}}
	if err := rec.SetHeader(head, []string{fakeResult("a").ID()}); err != nil {
		t.Fatal(err)
	}
	if err := rec.Add(1, "", fakeResult("a"), nil); err != nil {
		t.Fatal(err)
	}
	f := rec.Merge(MergeOptions{Runs: 1})
	if f.Fingerprint["clocks.stable"] != "profiling-lock" || f.Fingerprint["kernel.release"] != "6.12" {
		t.Errorf("merged fingerprint %v", f.Fingerprint)
	}
	if _, ok := rec.Header().Fingerprint["clocks.stable"]; ok || len(head.Fingerprint) != 1 {
		t.Errorf("the header's fingerprint changed: %v", rec.Header().Fingerprint)
	}
}

// TestRecorderConfigHeaders: in an A/B run each configuration's children
// report their own device and environment; the merged file records them
// in each configuration (config B's as B's, not A's, whichever reported
// first), takes the first configuration's as the file's, and each
// configuration's run file carries its own.
func TestRecorderConfigHeaders(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.json")
	j, err := StartJournal(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := NewRecorder(j, out, nil)
	head := func(device, driver string, env map[string]string) *resultsfile.File {
		fp := map[string]string{"kernel.release": "6.12"}
		for k, v := range env {
			fp["env."+k] = v
		}
		return &resultsfile.File{Schema: resultsfile.Schema, Device: resultsfile.Device{Name: device, DriverInfo: driver}, Fingerprint: fp}
	}
	a := head("llvmpipe (LLVM 19, 256 bits)", "Mesa 25.0.7", map[string]string{"VK_DRIVER_FILES": "/a.json"})
	b := head("llvmpipe (LLVM 19, 128 bits)", "Mesa 26.1.0", map[string]string{"VK_DRIVER_FILES": "/b.json", "LP_NATIVE_VECTOR_WIDTH": "128"})
	// B's child reports first (lockstep: either may).
	for _, h := range []struct {
		config string
		f      *resultsfile.File
	}{{"b", b}, {"a", a}, {"b", a}} { // a later header of b changes nothing
		rec.ConfigHeader(h.config, h.f)
		if err := rec.SetHeader(h.f, []string{fakeResult("x").ID()}); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []string{"a", "b"} {
		if err := rec.Add(1, c, fakeResult("x"), nil); err != nil {
			t.Fatal(err)
		}
		if err := rec.EndRun(resultsfile.Round{Index: 1, Config: c}); err != nil {
			t.Fatal(err)
		}
	}
	f := rec.Merge(MergeOptions{Configs: []Config{{Name: "a"}, {Name: "b", Env: map[string]string{"LP_NATIVE_VECTOR_WIDTH": "128"}}}, Runs: 1})
	if f.Device.Name != a.Device.Name || f.Fingerprint["env.VK_DRIVER_FILES"] != "/a.json" {
		t.Errorf("the file's device %q, fingerprint %v: want the first configuration's", f.Device.Name, f.Fingerprint)
	}
	ca, cb := f.Configs[0], f.Configs[1]
	if ca.Device == nil || ca.Device.Name != a.Device.Name || cb.Device == nil || cb.Device.Name != b.Device.Name || cb.Device.DriverInfo != "Mesa 26.1.0" {
		t.Errorf("configurations' devices: %+v, %+v", ca.Device, cb.Device)
	}
	if ca.DriverEnv["VK_DRIVER_FILES"] != "/a.json" || cb.DriverEnv["VK_DRIVER_FILES"] != "/b.json" || cb.DriverEnv["LP_NATIVE_VECTOR_WIDTH"] != "128" || len(cb.DriverEnv) != 2 {
		t.Errorf("configurations' driver environments: %v, %v", ca.DriverEnv, cb.DriverEnv)
	}
	if rf := rec.RunFile(1, "b"); rf.Device.Name != b.Device.Name || rf.Fingerprint["env.LP_NATIVE_VECTOR_WIDTH"] != "128" {
		t.Errorf("b's run file: device %q, fingerprint %v", rf.Device.Name, rf.Fingerprint)
	}
	if rf := rec.RunFile(1, "a"); rf.Device.Name != a.Device.Name {
		t.Errorf("a's run file: device %q", rf.Device.Name)
	}
}
