package supervise

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// TestRunPairLockstep: two supervisors' children (the fake child, one per
// configuration) run side by side in lockstep: the child processes take
// turns benchmark by benchmark, one at a time, the two runs of each
// benchmark adjacent, even across a crash (the crashed side's fresh child
// carries on in step); both runs are recorded whole.
func TestRunPairLockstep(t *testing.T) {
	fr, other, configs, lines := runFakePair(t, "a b c d:segv e f", 3, false)
	// Each start is followed by its own end, except the crash's; the
	// starts come in pairs: one benchmark, both sides.
	var starts []string
	running := ""
	for _, l := range lines {
		f := strings.Fields(l)
		switch f[0] {
		case "start":
			if running != "" && running != "B d" && running != "A d" {
				t.Fatalf("%q started while %q ran (log: %q)", l, running, lines)
			}
			running = f[1] + " " + f[2]
			starts = append(starts, running)
		case "end":
			if running != f[1]+" "+f[2] {
				t.Fatalf("%q ended while %q ran (log: %q)", l, running, lines)
			}
			running = ""
		}
	}
	if len(starts) != 12 {
		t.Fatalf("%d benchmark starts, want 12 (6 a side): %q", len(starts), lines)
	}
	led := map[string]int{}
	for i := 0; i < len(starts); i += 2 {
		x, y := strings.Fields(starts[i]), strings.Fields(starts[i+1])
		if x[0] == y[0] || x[1] != y[1] {
			t.Fatalf("starts %d and %d are %q and %q: want one benchmark's two sides, adjacent (log: %q)", i, i+1, starts[i], starts[i+1], lines)
		}
		led[x[0]]++
	}
	t.Logf("pairs led: %v", led)
	f := fr.rec.Merge(MergeOptions{Runs: 1, Configs: configs, TargetCI: 1})
	failed := 0
	for _, r := range f.Results {
		if r.Status == "failed" {
			failed++
		}
	}
	if len(f.Results) != 12 || failed != 1 || len(f.Rounds) != 2 {
		t.Errorf("%d results (%d failed), %d runs: want 12 (1 failed: the crash), 2", len(f.Results), failed, len(f.Rounds))
	}
	checkTurns(t, fr, f, configs, 1, resultsfile.TurnsBenchmark)
	if st := fr.sup.Stats.Plus(other.Stats); st.Crashes != 1 || st.Children != 3 {
		t.Errorf("stats %+v: want 1 crash over 3 children", st)
	}
}

// TestRunPairLockstepSamples: by samples, the two children of a round
// begin each benchmark in turn and then alternate its samples (A B A B or
// B A B A), both sides' samples of a benchmark before either begins the
// next; a crash costs its side the benchmark and the run goes on in step.
func TestRunPairLockstepSamples(t *testing.T) {
	for _, script := range []string{"a b c d e f", "a b c:segv d e"} {
		t.Run(script, func(t *testing.T) {
			fr, _, configs, lines := runFakePairRound(t, script, 5, true, 2)
			// The sample lines of each benchmark, in order, as sides.
			seq := map[string]string{}
			var kernels []string
			for _, l := range lines {
				f := strings.Fields(l)
				if f[0] != "sample" {
					continue
				}
				if _, ok := seq[f[2]]; !ok {
					kernels = append(kernels, f[2])
				}
				seq[f[2]] += f[1]
			}
			crashed := strings.Contains(script, "segv")
			for _, k := range kernels {
				s := seq[k]
				if s != "ABABAB" && s != "BABABA" && !(crashed && k == "c") {
					t.Errorf("benchmark %s: samples by %s, want the sides alternating (log: %q)", k, s, lines)
				}
			}
			want := 6
			if crashed {
				want = 5
			}
			if len(kernels) != want {
				t.Errorf("%d benchmarks sampled, want %d (log: %q)", len(kernels), want, lines)
			}
			f := fr.rec.Merge(MergeOptions{Runs: 1, Configs: configs, TargetCI: 1})
			if len(f.Results) != 2*want {
				t.Errorf("%d results, want %d", len(f.Results), 2*want)
			}
			checkTurns(t, fr, f, configs, 2, resultsfile.TurnsSample)
		})
	}
}

// checkTurns: the merged file's rounds, and each configuration's file of
// the round (RunFile, what a run until decided judges), say how the two
// runs took turns (resultsfile.Round.Turns), which is what lets a comparison
// cut a round's runs to the samples they took together.
func checkTurns(t *testing.T, fr *fakeRun, f *resultsfile.File, configs []Config, round int, want string) {
	t.Helper()
	for _, rd := range f.Rounds {
		if rd.Turns != want {
			t.Errorf("round %d of %s: turns %q, want %q", rd.Index, rd.Config, rd.Turns, want)
		}
	}
	for _, c := range configs {
		rf := fr.rec.RunFile(round, c.Name)
		if len(rf.Rounds) != 1 || rf.Rounds[0].Turns != want {
			t.Errorf("RunFile(%d, %s).Rounds = %+v: want its run, taken by %q turns", round, c.Name, rf.Rounds, want)
		}
		// What a comparison reads: the turns of each result's runs.
		for _, r := range rf.Results {
			if rounds, _ := r.RunSamples(); len(rounds) > 0 && rf.RoundTurns(rounds[0], r.Config) != want {
				t.Errorf("RunFile(%d, %s): %s's run %d has turns %q, want %q", round, c.Name, r.Kernel, rounds[0], rf.RoundTurns(rounds[0], r.Config), want)
			}
		}
	}
}

// runFakePair runs one round of the fake child's script (supervisor_test)
// for configurations A and B side by side (RunPair) and returns the two
// supervisors, the configurations and the children's log lines.
func runFakePair(t *testing.T, script string, seed uint64, bySample bool) (*fakeRun, *Supervisor, []Config, []string) {
	return runFakePairRound(t, script, seed, bySample, 1)
}

// runFakePairRound is runFakePair for round r.
func runFakePairRound(t *testing.T, script string, seed uint64, bySample bool, r int) (*fakeRun, *Supervisor, []Config, []string) {
	t.Helper()
	logPath := filepath.Join(t.TempDir(), "turns.log")
	t.Setenv("FAKE_LOG", logPath)
	configs := []Config{{Name: "A", Env: map[string]string{"FAKE_CONFIG": "A"}}, {Name: "B", Env: map[string]string{"FAKE_CONFIG": "B"}}}
	fr := newFakeRun(t, script, 1, configs, 0)
	var mu sync.Mutex
	fr.sup.Notef = func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(fr.notes, format+"\n", args...)
	}
	other := *fr.sup
	if err := RunPair(context.Background(), fr.sup, &other, r, configs[0], configs[1], nil, seed, bySample); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	return fr, &other, configs, strings.Split(strings.TrimSpace(string(data)), "\n")
}
