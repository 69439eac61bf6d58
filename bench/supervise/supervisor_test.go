package supervise

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// fakeResult is supervisetest.Result (this package's own tests cannot
// import it: it imports this package).
func fakeResult(kernel string) *resultsfile.Result {
	return &resultsfile.Result{Suite: "fake", Kernel: kernel, Variant: map[string]string{"name": "v"},
		Metric: resultsfile.Metric{Name: "t", Unit: "ns", Better: resultsfile.LowerIsBetter}}
}

// manualWatchdog fires when the test says so, never by the clock.
type manualWatchdog struct{ c chan time.Time }

func (w *manualWatchdog) C() <-chan time.Time { return w.c }
func (w *manualWatchdog) Reset()              {}
func (w *manualWatchdog) Stop()               {}
func (w *manualWatchdog) fire()               { w.c <- time.Now() }

type fakeRun struct {
	sup   *Supervisor
	rec   *Recorder
	out   string
	notes *bytes.Buffer
}

// newFakeRun supervises the fake child acting out script; the watchdog
// fires only when a benchmark marked hang starts.
func newFakeRun(t *testing.T, script string, runs int, configs []Config, groups int) *fakeRun {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("FAKE_CHILD", script)
	t.Setenv("FAKE_DIR", dir)
	out := filepath.Join(dir, "r.json")
	j, err := StartJournal(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := NewRecorder(j, out, []string{"--fake"})
	var notes bytes.Buffer
	var mu sync.Mutex
	var current *manualWatchdog
	hangs := map[string]bool{}
	for _, w := range strings.Fields(script) {
		if k, f, _ := strings.Cut(w, ":"); f == "hang" {
			hangs[fakeResult(k).ID()] = true
		}
	}
	s := &Supervisor{
		Exe: os.Args[0], Runs: runs, Configs: configs, Groups: groups, Budget: 42 * time.Second, Recorder: rec,
		Seed:      func(run int) uint64 { return uint64(run - 1) }, // run 1 in plan order, run 2 reversed
		Notef:     func(format string, args ...any) { fmt.Fprintf(&notes, format+"\n", args...) },
		KernelLog: func() []string { return nil },
		newWatchdog: func(time.Duration) Watchdog {
			mu.Lock()
			defer mu.Unlock()
			current = &manualWatchdog{c: make(chan time.Time, 1)}
			return current
		},
	}
	s.OnStart = func(r *resultsfile.Result) {
		if hangs[r.ID()] {
			delete(hangs, r.ID()) // the fresh child runs it to the end
			mu.Lock()
			current.fire()
			mu.Unlock()
		}
	}
	return &fakeRun{sup: s, rec: rec, out: out, notes: &notes}
}

func (f *fakeRun) file() *resultsfile.File {
	return f.rec.Merge(MergeOptions{Runs: f.sup.Runs, Configs: f.sup.Configs, TargetCI: 1})
}

// TestSupervisorFaults: each fault costs only the benchmark it hit,
// recorded as failed with what happened; every other benchmark finishes;
// the counts add up.
func TestSupervisorFaults(t *testing.T) {
	for _, tc := range []struct {
		name    string
		script  string
		groups  int
		failed  map[string]string // kernel -> reason fragment
		stats   Stats
		notePat string
	}{
		{"clean", "a b c", 0, nil, Stats{Children: 1}, ""},
		{"clean, a child per group", "a b c", 1, nil, Stats{Children: 3}, ""},
		{"segv", "a b:segv c", 0, map[string]string{"b": "crashed with SIGSEGV (segmentation violation)"}, Stats{Children: 2, Crashes: 1}, "fake/b/name=v: crashed"},
		{"abort", "a:abort b", 0, map[string]string{"a": "crashed with SIGABRT"}, Stats{Children: 2, Crashes: 1}, ""},
		{"hang", "a b:hang c", 0, map[string]string{"b": "hung: no progress for 42s (the watchdog budget), its process group was killed"}, Stats{Children: 2, Hangs: 1}, ""},
		{"device lost", "a:lost b c", 0, map[string]string{"a": "VK_ERROR_DEVICE_LOST"}, Stats{Children: 2, Lost: 1}, ""},
		{"exit between benchmarks", "a:exit b c", 0, nil, Stats{Children: 2, Crashes: 1}, "between benchmarks; a fresh child carries on"},
		{"everything at once", "a:segv b:hang c:lost d:abort e", 1,
			map[string]string{"a": "SIGSEGV", "b": "hung", "c": "DEVICE_LOST", "d": "SIGABRT"}, Stats{Children: 5, Crashes: 2, Hangs: 1, Lost: 1}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fr := newFakeRun(t, tc.script, 1, nil, tc.groups)
			if err := fr.sup.Run(context.Background()); err != nil {
				t.Fatalf("Run: %v\nnotes:\n%s", err, fr.notes)
			}
			if fr.sup.Stats != tc.stats {
				t.Errorf("stats %+v, want %+v", fr.sup.Stats, tc.stats)
			}
			f := fr.file()
			if n := len(strings.Fields(tc.script)); len(f.Results) != n {
				t.Fatalf("%d results, want %d", len(f.Results), n)
			}
			for _, r := range f.Results {
				want, fails := tc.failed[r.Kernel]
				switch {
				case fails && (r.Status != resultsfile.StatusFailed || !strings.Contains(r.Reason, want)):
					t.Errorf("%s: %s %q, want failed with %q", r.Kernel, r.Status, r.Reason, want)
				case !fails && (r.Status != resultsfile.StatusOK || !r.Verified):
					t.Errorf("%s: %s %q, want ok", r.Kernel, r.Status, r.Reason)
				}
			}
			if !strings.Contains(fr.notes.String(), tc.notePat) {
				t.Errorf("notes lack %q:\n%s", tc.notePat, fr.notes)
			}
			if len(f.Rounds) != 1 || len(f.Rounds[0].Order) != len(f.Results) {
				t.Errorf("runs %+v", f.Rounds)
			}
		})
	}
}

// TestSupervisorRunsAndConfigs: runs interleave the configurations
// (A B A B) with each run's own seed and order; samples are pooled per
// configuration; each child gets its configuration's environment.
func TestSupervisorRunsAndConfigs(t *testing.T) {
	configs := []Config{{Name: "A"}, {Name: "B", Env: map[string]string{"FAKE_CONFIG": "B"}}}
	fr := newFakeRun(t, "a b", 2, configs, 0)
	var samples []string
	fr.sup.OnSample = func(id string, n int, v float64) { samples = append(samples, id) }
	if err := fr.sup.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	f := fr.file()
	var got []string
	for _, rd := range f.Rounds {
		got = append(got, fmt.Sprintf("%d%s:%s", rd.Index, rd.Config, strings.Join(rd.Order, ",")))
	}
	a, b := fakeResult("a").ID(), fakeResult("b").ID()
	want := []string{"1A:" + a + "," + b, "1B:" + a + "," + b, "2A:" + b + "," + a, "2B:" + b + "," + a}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("runs %v, want %v (A B A B, odd seeds reversed)", got, want)
	}
	if len(f.Results) != 4 || len(f.Configs) != 2 {
		t.Fatalf("%d results, %d configs", len(f.Results), len(f.Configs))
	}
	for _, r := range f.Results {
		if want := map[string]string{"A": "", "B": "B"}[r.Config]; r.Note != want {
			t.Errorf("%s@%s ran with FAKE_CONFIG=%q, want %q", r.ID(), r.Config, r.Note, want)
		}
		if len(r.Metric.Samples) != 6 || len(r.Runs) != 2 {
			t.Errorf("%s@%s: %d samples over %d runs, want 6 over 2", r.ID(), r.Config, len(r.Metric.Samples), len(r.Runs))
		}
	}
	if len(samples) != 8 {
		t.Errorf("%d samples seen, want 8 (one per benchmark and child)", len(samples))
	}
	if f.Shaders["a.spv"] != "hash-a" {
		t.Errorf("shaders %v", f.Shaders)
	}
}

// TestSupervisorChildFailsEarly: a child that exits 2 before its header
// (bad arguments) ends the supervised run with its message, marked as a
// usage error; nothing is recorded.
func TestSupervisorChildFailsEarly(t *testing.T) {
	fr := newFakeRun(t, "a:usage b", 1, nil, 0)
	err := fr.sup.Run(context.Background())
	var cf *ChildFailedError
	if !errorsAs(err, &cf) || !cf.Usage || cf.Msg != `--sizes "x": bad size` {
		t.Fatalf("err %v (%#v), want a usage ChildFailedError with the child's line", err, cf)
	}
	if fr.rec.Count() != 0 {
		t.Errorf("%d results recorded", fr.rec.Count())
	}
}

// TestSupervisorChildInterrupted: a child a signal stopped (it caught it
// and exited ExitInterrupted, or SIGTERM killed it) is no crash: the run
// ends as interrupted, the benchmark it was running is not recorded (a
// resume runs it again), what finished before stays; in a child per
// group, the same after a first clean child.
func TestSupervisorChildInterrupted(t *testing.T) {
	for _, tc := range []struct {
		name, script string
		groups       int
		how          string
	}{
		{"caught, exit 130", "a b:interrupted c", 0, "exit status 130"},
		{"killed by SIGTERM", "a b:sigterm c", 0, "killed by SIGTERM"},
		{"caught, a child per group", "a b:interrupted c", 1, "exit status 130"},
		{"before any result", "a:interrupted b", 0, "exit status 130"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fr := newFakeRun(t, tc.script, 1, nil, tc.groups)
			err := fr.sup.Run(context.Background())
			var ie *InterruptedError
			if !errors.Is(err, ErrInterrupted) || !errors.As(err, &ie) || !strings.Contains(ie.How, tc.how) {
				t.Fatalf("Run: %v, want an *InterruptedError (%s)\nnotes:\n%s", err, tc.how, fr.notes)
			}
			if fr.sup.Stats.Crashes != 0 {
				t.Errorf("stats %+v: an interrupt counted as a crash", fr.sup.Stats)
			}
			var got []string
			for _, r := range fr.file().Results {
				got = append(got, r.Kernel+":"+string(r.Status))
			}
			want := []string{"a:ok"}
			if strings.HasPrefix(tc.script, "a:") {
				want = nil
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("recorded %v, want %v (nothing of the interrupted benchmark, nothing after it)", got, want)
			}
		})
	}
}

// TestSupervisorResume: a journal from an interrupted supervised run is
// continued: finished runs are not repeated, finished benchmarks are
// skipped, and the file holds every benchmark once per run.
func TestSupervisorResume(t *testing.T) {
	fr := newFakeRun(t, "a b c", 2, nil, 1)
	// Interrupt after the first child of run 2.
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	fr.rec.OnResult = func(r *resultsfile.Result) {
		if n++; n == 4 {
			cancel()
		}
	}
	if err := fr.sup.Run(ctx); err != context.Canceled {
		t.Fatalf("interrupted run: %v", err)
	}
	fr.rec.Close()
	st, err := ReadJournal(fr.out + JournalSuffix)
	if err != nil {
		t.Fatal(err)
	}
	j, err := StartJournal(fr.out, st)
	if err != nil {
		t.Fatal(err)
	}
	rec := NewRecorder(j, fr.out, st.Header.Args)
	rec.Resume(st, false)
	fr.sup.Recorder, fr.rec = rec, rec
	fr.sup.Stats = Stats{}
	if err := fr.sup.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if fr.sup.Stats.Children != 2 {
		t.Errorf("%d children after resuming, want 2 (the rest of run 2)", fr.sup.Stats.Children)
	}
	f := fr.file()
	if len(f.Results) != 3 || len(f.Rounds) != 2 {
		t.Fatalf("%d results, %d runs", len(f.Results), len(f.Rounds))
	}
	for _, r := range f.Results {
		if len(r.Runs) != 2 || len(r.Metric.Samples) != 6 {
			t.Errorf("%s: %d runs, %d samples", r.ID(), len(r.Runs), len(r.Metric.Samples))
		}
	}
	if err := rec.Finish(fr.out, f, true); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(fr.out + JournalSuffix); !os.IsNotExist(err) {
		t.Errorf("journal left after a complete run: %v", err)
	}
	if _, err := resultsfile.Load(fr.out); err != nil {
		t.Error(err)
	}
}

// TestSupervisorResumeOtherSystem: resuming on a system whose header
// differs is refused (a usage error naming the difference) unless forced.
func TestSupervisorResumeOtherSystem(t *testing.T) {
	fr := newFakeRun(t, "a b", 1, nil, 1)
	ctx, cancel := context.WithCancel(context.Background())
	fr.rec.OnResult = func(*resultsfile.Result) { cancel() }
	fr.sup.Run(ctx)
	fr.rec.Close()
	path := fr.out + JournalSuffix
	data, _ := os.ReadFile(path)
	os.WriteFile(path, bytes.Replace(data, []byte(`"k":"v"`), []byte(`"k":"w"`), 1), 0o644)
	for _, force := range []bool{false, true} {
		st, err := ReadJournal(path)
		if err != nil {
			t.Fatal(err)
		}
		j, _ := StartJournal(fr.out, st)
		rec := NewRecorder(j, fr.out, nil)
		rec.Resume(st, force)
		var notes bytes.Buffer
		rec.Notef = func(format string, args ...any) { fmt.Fprintf(&notes, format, args...) }
		fr.sup.Recorder = rec
		err = fr.sup.Run(context.Background())
		rec.Close()
		if force {
			if want := "resuming " + path + ` on a different system, as forced: fingerprint.k: "w" -> "v"`; err != nil || notes.String() != want {
				t.Errorf("forced: %v, notes %q, want %q", err, notes.String(), want)
			}
			continue
		}
		var ie *IdentityError
		if err == nil || !strings.Contains(err.Error(), `fingerprint.k: "w" -> "v"`) || !errors.As(err, &ie) || ie.Journal != path || strings.Contains(err.Error(), "forced") {
			t.Errorf("not forced: %v, want an *IdentityError naming the difference", err)
		}
	}
}

func errorsAs(err error, target **ChildFailedError) bool {
	for err != nil {
		if e, ok := err.(*ChildFailedError); ok {
			*target = e
			return true
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return false
		}
		err = u.Unwrap()
	}
	return false
}

// TestSupervisorRunOnceOnly: a run limited to some benchmarks runs just
// those (the rest are neither run nor listed in its order), and RunFile
// gives that run alone without its configuration's name.
func TestSupervisorRunOnceOnly(t *testing.T) {
	fr := newFakeRun(t, "a b c", 0, nil, 0)
	defer fr.sup.Close()
	cfg := Config{Name: "B"}
	if err := fr.sup.RunOnce(context.Background(), 1, cfg, nil); err != nil {
		t.Fatal(err)
	}
	b := fakeResult("b").ID()
	if err := fr.sup.RunOnce(context.Background(), 2, cfg, []string{b}); err != nil {
		t.Fatal(err)
	}
	for run, want := range map[int][]string{1: {fakeResult("a").ID(), b, fakeResult("c").ID()}, 2: {b}} {
		f := fr.rec.RunFile(run, "B")
		var got []string
		for _, r := range f.Results {
			got = append(got, r.ID())
			if r.Config != "" {
				t.Errorf("run %d: %s keeps its configuration %q", run, r.ID(), r.Config)
			}
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("run %d: results %v, want %v", run, got, want)
		}
	}
	merged := fr.rec.Merge(MergeOptions{Configs: []Config{cfg}, Runs: 2, TargetCI: 1})
	if len(merged.Rounds) != 2 || strings.Join(merged.Rounds[1].Order, " ") != b || fr.sup.Stats.Children != 2 {
		t.Errorf("runs %+v, %d children", merged.Rounds, fr.sup.Stats.Children)
	}
}

// TestSupervisorConfigExe: a configuration with its own executable runs
// its children with it (another build for an A/B of builds).
func TestSupervisorConfigExe(t *testing.T) {
	fr := newFakeRun(t, "a", 1, []Config{{Name: "A"}, {Name: "B", Exe: "/bin/false"}}, 0)
	err := fr.sup.Run(context.Background())
	var cf *ChildFailedError
	if !errorsAs(err, &cf) || cf.Run != 1 {
		t.Fatalf("B's child is /bin/false, which reports nothing: want a ChildFailedError, got %v", err)
	}
	if got := fr.rec.RunFile(1, "A"); got == nil || len(got.Results) != 1 {
		t.Errorf("A (the test binary) did not run first: %+v", got)
	}
}
