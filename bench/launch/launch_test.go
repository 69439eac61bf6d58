package launch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/bench/supervise/supervisetest"
	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/rounds"
	"github.com/radvbench/radvbench/internal/usage"
)

// The modes' tests run this test binary as the child: with FAKE_CHILD set
// it acts out a script (bench/supervise/supervisetest), so each mode's
// lifecycle is tested without a GPU or a built radvbench.
func TestMain(m *testing.M) {
	supervisetest.RunIfChild()
	os.Exit(m.Run())
}

// fakeEnv is an Env whose children are this test binary and whose system
// is an empty tree (no GPU).
func fakeEnv(t *testing.T) Env { return fakeEnvAt(t.TempDir()) }

// fakeEnvAt is fakeEnv with its system read under root.
func fakeEnvAt(root string) Env {
	return Env{
		Tool:       resultsfile.Tool{Name: "radvbench", Version: "test"},
		Executable: func() (string, error) { return os.Args[0], nil },
		System: func(sysroot, dmesg string) (*sysinfo.System, error) {
			return sysinfo.Collect(sysinfo.Options{Root: root}), nil
		},
		Stdout: &strings.Builder{},
	}
}

// fakePlan is a supervised plan of the fake child's script.
func fakePlan(t *testing.T, script string, runs int, configs ...string) Plan {
	dir := t.TempDir()
	t.Setenv("FAKE_CHILD", script)
	t.Setenv("FAKE_DIR", dir)
	p := Plan{Out: filepath.Join(dir, "r.json"), Runs: runs, Isolation: supervise.IsolateRun, Benchmarks: len(strings.Fields(script)),
		Args: []string{"--fake"}, Command: []string{"radvbench", "run"}, TargetCI: 0.01}
	for _, c := range configs {
		p.Configs = append(p.Configs, supervise.Config{Name: c, Env: map[string]string{"FAKE_CONFIG": c}})
	}
	return p
}

// recorded counts what the hooks saw.
type recorded struct {
	mu        sync.Mutex
	results   []string
	journaled []int
	notes     []string
}

func (r *recorded) hooks() Hooks {
	return Hooks{
		Result: func(res *resultsfile.Result) {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.results = append(r.results, res.ID()+"@"+res.Config)
		},
		Journaled: func(n int, journal string) {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.journaled = append(r.journaled, n)
		},
		Note: func(format string, a ...any) {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.notes = append(r.notes, format)
		},
	}
}

func exists(path string) bool { _, err := os.Stat(path); return err == nil }

// TestRunSupervised: plain runs, A/B configurations and isolation faults
// end with one results file, the journal gone, every result given to the
// hooks once it is journaled, and the children counted.
func TestRunSupervised(t *testing.T) {
	for _, tc := range []struct {
		name     string
		script   string
		runs     int
		configs  []string
		results  int // in the file
		reported int // through Hooks.Result
		stats    supervise.Stats
		failed   string // a failed result's reason fragment
	}{
		{"two runs", "a b c", 2, nil, 3, 6, supervise.Stats{Children: 2}, ""},
		{"A/B", "a b", 2, []string{"A", "B"}, 4, 8, supervise.Stats{Children: 4}, ""},
		{"crash costs one benchmark", "a b:segv c", 1, nil, 3, 3, supervise.Stats{Children: 2, Crashes: 1}, "SIGSEGV"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := fakePlan(t, tc.script, tc.runs, tc.configs...)
			var rec recorded
			o, err := Run(context.Background(), p, rec.hooks(), fakeEnv(t))
			if err != nil {
				t.Fatalf("Run: %v (notes %q)", err, rec.notes)
			}
			if !o.Supervised || o.Streamed || o.Interrupted || o.Err != nil {
				t.Errorf("outcome %+v: want supervised, not streamed, not interrupted, no error", o)
			}
			if o.Children != tc.stats {
				t.Errorf("children %+v, want %+v", o.Children, tc.stats)
			}
			if o.ByConfig != (len(tc.configs) > 0) {
				t.Errorf("ByConfig %v with configs %v", o.ByConfig, tc.configs)
			}
			if exists(o.Journal) {
				t.Errorf("journal %s left behind by a finished run", o.Journal)
			}
			f, err := resultsfile.Load(o.Out)
			if err != nil {
				t.Fatalf("load the results file: %v", err)
			}
			if len(f.Results) != tc.results {
				t.Errorf("%d results in the file, want %d", len(f.Results), tc.results)
			}
			if len(rec.results) != tc.reported || len(rec.journaled) != tc.reported || rec.journaled[len(rec.journaled)-1] != tc.reported {
				t.Errorf("hooks saw %d results, journaled %v; want %d each, counting up", len(rec.results), rec.journaled, tc.reported)
			}
			var failed []string
			for _, r := range f.Results {
				if r.Status == resultsfile.StatusFailed {
					failed = append(failed, r.Reason)
				}
			}
			if tc.failed == "" && len(failed) > 0 || tc.failed != "" && (len(failed) != 1 || !strings.Contains(failed[0], tc.failed)) {
				t.Errorf("failed results %q, want %q", failed, tc.failed)
			}
		})
	}
}

// TestRunInterruptedThenResumed: a run the context ends after its first
// journaled result writes what finished and keeps its journal; resuming
// from that journal runs only the rest and ends with one complete file.
func TestRunInterruptedThenResumed(t *testing.T) {
	p := fakePlan(t, "a b c", 1)
	p.Isolation = supervise.IsolateKernel // a child per benchmark: the cancel lands between them
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var rec recorded
	h := rec.hooks()
	h.Journaled = func(n int, journal string) { cancel() }
	o, err := Run(ctx, p, h, fakeEnv(t))
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if !o.Interrupted || o.Finished != 1 || !exists(o.Journal) {
		t.Fatalf("interrupted %v, finished %d, journal kept %v; want true, 1, true", o.Interrupted, o.Finished, exists(o.Journal))
	}
	st, err := supervise.ReadJournal(o.Journal)
	if err != nil {
		t.Fatal(err)
	}
	p.Resume = st
	rec = recorded{}
	o, err = Run(context.Background(), p, rec.hooks(), fakeEnv(t))
	if err != nil {
		t.Fatalf("resume: %v", err)
	}
	if o.Interrupted || exists(o.Journal) || len(o.File.Results) != 3 {
		t.Errorf("resumed: interrupted %v, journal kept %v, %d results; want false, false, 3", o.Interrupted, exists(o.Journal), len(o.File.Results))
	}
	if len(rec.results) != 2 {
		t.Errorf("the resumed run reported %v; want the 2 benchmarks left", rec.results)
	}
}

// TestRunChildInterrupted: in every supervised mode, a child a signal
// stopped (exit status 130) ends the run as interrupted: the file says
// partial and holds what finished, nothing of the benchmark the child was
// running (no failed result), the journal stays, and a resume completes
// the run with every benchmark ok. Interrupted before any child
// reported, the run has nothing to keep: ErrInterrupted, no journal.
func TestRunChildInterrupted(t *testing.T) {
	for _, tc := range []struct {
		name      string
		isolation supervise.Isolation
		runs      int
		configs   []string
	}{
		{"a child per kernel", supervise.IsolateKernel, 1, nil},
		{"a child per run", supervise.IsolateRun, 1, nil},
		{"two runs", supervise.IsolateRun, 2, nil},
		{"configurations", supervise.IsolateRun, 1, []string{"A", "B"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := fakePlan(t, "a b:interrupted c", tc.runs, tc.configs...)
			p.Isolation = tc.isolation
			o, err := Run(context.Background(), p, Hooks{}, fakeEnv(t))
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if !o.Interrupted || !o.File.Partial || o.Finished != 1 || !exists(o.Journal) {
				t.Fatalf("interrupted %v, partial %v, finished %d, journal kept %v; want true, true, 1 (the one before b), true", o.Interrupted, o.File.Partial, o.Finished, exists(o.Journal))
			}
			for _, r := range o.File.Results { // what the shuffled order ran before b
				if r.Kernel == "b" || r.Status != resultsfile.StatusOK {
					t.Errorf("the interrupted file holds %s %s %q; want nothing of b, the rest ok", r.Kernel, r.Status, r.Reason)
				}
			}
			st, err := supervise.ReadJournal(o.Journal)
			if err != nil {
				t.Fatal(err)
			}
			p.Resume = st
			if o, err = Run(context.Background(), p, Hooks{}, fakeEnv(t)); err != nil {
				t.Fatalf("resume: %v", err)
			}
			if o.Interrupted || o.File.Partial || exists(o.Journal) || len(o.File.Results) != 3*max(1, len(tc.configs)) {
				t.Errorf("resumed: interrupted %v, partial %v, journal kept %v, %d results", o.Interrupted, o.File.Partial, exists(o.Journal), len(o.File.Results))
			}
			for _, r := range o.File.Results {
				if r.Status != resultsfile.StatusOK {
					t.Errorf("resumed %s: %s %q, want ok", r.ID(), r.Status, r.Reason)
				}
			}
		})
	}
	for name, il := range Interleaves {
		t.Run("until decided, by "+name, func(t *testing.T) { // cannot resume: only the interrupt
			p := fakePlan(t, "a b:interrupted c", 4, "A", "B")
			p.Until = &Until{Judge: &decideAfter{n: 3}, MaxRounds: 8, Interleave: il}
			o, err := Run(context.Background(), p, Hooks{}, fakeEnv(t))
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if !o.Interrupted || !o.File.Partial || o.Rounds != nil {
				t.Fatalf("interrupted %v, partial %v, rounds %v; want true, true, none", o.Interrupted, o.File.Partial, o.Rounds)
			}
			// One side's b was cut; the other's may have finished first.
			bs := 0
			for _, r := range o.File.Results {
				if r.Kernel == "b" {
					bs++
				}
				if r.Status != resultsfile.StatusOK {
					t.Errorf("the interrupted file holds %s@%s %s %q; want every result ok", r.Kernel, r.Config, r.Status, r.Reason)
				}
			}
			if bs > 1 {
				t.Errorf("the interrupted file holds b of both sides: the cut one was kept")
			}
		})
	}
	t.Run("before any child reported", func(t *testing.T) {
		p := fakePlan(t, "a:interrupted-early b", 1)
		_, err := Run(context.Background(), p, Hooks{}, fakeEnv(t))
		if !errors.Is(err, ErrInterrupted) {
			t.Errorf("err %v, want ErrInterrupted", err)
		}
		if exists(p.Out+supervise.JournalSuffix) || exists(p.Out) {
			t.Error("a run interrupted before anything was reported left a journal or a file")
		}
	})
}

// TestRunRefusals: what a run refuses before any benchmark runs, with
// the typed error the CLI words its advice from, and no journal left.
func TestRunRefusals(t *testing.T) {
	t.Run("child usage error", func(t *testing.T) {
		p := fakePlan(t, "a:usage b", 1)
		_, err := Run(context.Background(), p, Hooks{}, fakeEnv(t))
		if !usage.Is(err) {
			t.Errorf("err %v: want a usage error (a child that refused its flags)", err)
		}
		if exists(p.Out + supervise.JournalSuffix) {
			t.Error("a run that never started left its journal")
		}
	})
	for _, tc := range []struct {
		name    string
		prepare func(p *Plan)
		want    OutputProblem
	}{
		{"out is a directory", func(p *Plan) { os.Mkdir(p.Out, 0o755) }, OutputIsDir},
		{"out is standard output", func(p *Plan) { p.Out = "-" }, OutputStdout},
		{"journal in the way", func(p *Plan) { os.WriteFile(p.Out+supervise.JournalSuffix, []byte("{}\n"), 0o644) }, OutputJournalInTheWay},
		{"out is a FIFO", func(p *Plan) { mkfifo(t, p.Out) }, OutputNotRegular},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := fakePlan(t, "a", 1)
			tc.prepare(&p)
			_, err := Run(context.Background(), p, Hooks{}, fakeEnv(t))
			var oe *OutputError
			if !errors.As(err, &oe) || oe.Problem != tc.want {
				t.Errorf("err %v: want an *OutputError, problem %d", err, tc.want)
			}
		})
	}
}

// decideAfter is the verdict engine of TestRunUntilDecided: it calls
// every benchmark decided at its look after round n, and until then asks
// for another round of every benchmark the sides ran (their IDs, as
// reports/compare's engine names them). It records the rounds it looked
// at and the runs each side had then.
type decideAfter struct {
	n     int
	looks [][3]int // rounds, base runs, new runs
}

func (d *decideAfter) Look(res *rounds.Result, _ rounds.Stop, _ time.Duration) ([]string, bool, error) {
	d.looks = append(d.looks, [3]int{res.Rounds, len(res.Base), len(res.New)})
	if res.Rounds >= d.n {
		return nil, false, nil
	}
	var keys []string
	for _, f := range res.Base[len(res.Base)-1:] {
		for i := range f.Results {
			keys = append(keys, f.Results[i].ID())
		}
	}
	return keys, true, nil
}

// TestRunUntilDecided: two configurations in rounds until the judge
// decides, each interleave: one run a side a round, the judge asked
// after each round, the rounds stopping at its decision; the file holds
// both sides' runs.
func TestRunUntilDecided(t *testing.T) {
	for name, il := range Interleaves {
		t.Run(name, func(t *testing.T) {
			p := fakePlan(t, "a b", 4, "A", "B")
			judge := &decideAfter{n: 3}
			p.Until = &Until{Judge: judge, MaxRounds: 8, Interleave: il}
			o, err := Run(context.Background(), p, Hooks{}, fakeEnv(t))
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if o.Rounds == nil {
				t.Fatal("no rounds")
			}
			want := [][3]int{{1, 1, 1}, {2, 2, 2}, {3, 3, 3}}
			if o.Rounds.Stop != rounds.StopDecided || o.Rounds.Rounds != 3 || !slices.Equal(judge.looks, want) {
				t.Errorf("stop %q after %d rounds, looks (round, base runs, new runs) %v; want decided after 3, looks %v", o.Rounds.Stop, o.Rounds.Rounds, judge.looks, want)
			}
			configs := map[string]int{}
			for _, r := range o.File.Results {
				configs[r.Config]++
			}
			if configs["A"] != 2 || configs["B"] != 2 || !o.ByConfig {
				t.Errorf("results by config %v (by config %v); want 2 each", configs, o.ByConfig)
			}
		})
	}
}

// TestRunUntilAnswered: the caller's stop condition (Until.Answered)
// reaches the rounds: they stop at the round it answers, before the
// judge decides, with its answer.
func TestRunUntilAnswered(t *testing.T) {
	for name, il := range Interleaves {
		t.Run(name, func(t *testing.T) {
			p := fakePlan(t, "a b", 4, "A", "B")
			answered := func(res *rounds.Result) string {
				if res.Rounds >= 2 {
					return "bad — slower: a"
				}
				return ""
			}
			p.Until = &Until{Judge: &decideAfter{n: 5}, MaxRounds: 8, Interleave: il, Answered: answered}
			o, err := Run(context.Background(), p, Hooks{}, fakeEnv(t))
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if o.Rounds == nil || o.Rounds.Stop != rounds.StopAnswered || o.Rounds.Rounds != 2 || o.Rounds.Answer != "bad — slower: a" {
				t.Errorf("rounds %+v; want answered after 2", o.Rounds)
			}
		})
	}
}

func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
}
