package supervise

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// turnLog records the turns a Lockstep grants, in order.
type turnLog struct {
	mu    sync.Mutex
	turns []string // "side:id:pair"
}

func (t *turnLog) add(side int, id string, pair int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.turns = append(t.turns, fmt.Sprintf("%d:%s:%d", side, id, pair))
}

// playSide acts out one side: a turn per id, then Leave. running counts
// the sides inside a turn; a second one is an overlap.
func playSide(ctx context.Context, l *Lockstep, side int, ids []string, running *int32, overlaps *int, mu *sync.Mutex) error {
	defer l.Leave(side)
	for _, id := range ids {
		if err := l.Acquire(ctx, side, id); err != nil {
			return err
		}
		mu.Lock()
		*running++
		if *running > 1 {
			*overlaps++
		}
		mu.Unlock()
		time.Sleep(time.Millisecond) // a benchmark: the other side must wait, not race
		mu.Lock()
		*running--
		mu.Unlock()
	}
	return nil
}

// TestLockstepTurns: the two sides never run at once; the two runs of
// each benchmark are adjacent turns; each pair's first side is drawn
// (both sides lead some pairs); a side with more benchmarks finishes
// alone once the other leaves; the same seed gives the same turns.
func TestLockstepTurns(t *testing.T) {
	ids := func(n int) []string {
		var out []string
		for i := range n {
			out = append(out, fmt.Sprintf("b%d", i))
		}
		return out
	}
	tests := []struct {
		name   string
		a, b   int // benchmarks a side
		paired int // pairs whose two turns must be adjacent
	}{
		{"equal", 20, 20, 20},
		{"b has more", 5, 9, 5},
		{"a has more", 9, 5, 5},
		{"a has none", 0, 4, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			play := func(seed uint64) []string {
				l := NewLockstep(seed)
				var log turnLog
				l.Log = log.add
				var running int32
				overlaps := 0
				var mu sync.Mutex
				var wg sync.WaitGroup
				errs := make([]error, 2)
				for side, n := range []int{tc.a, tc.b} {
					wg.Add(1)
					go func() {
						defer wg.Done()
						errs[side] = playSide(context.Background(), l, side, ids(n), &running, &overlaps, &mu)
					}()
				}
				wg.Wait()
				for side, err := range errs {
					if err != nil {
						t.Fatalf("side %d: %v", side, err)
					}
				}
				if overlaps > 0 {
					t.Errorf("the sides ran at once %d times", overlaps)
				}
				return log.turns
			}
			turns := play(7)
			if len(turns) != tc.a+tc.b {
				t.Fatalf("%d turns, want %d: %v", len(turns), tc.a+tc.b, turns)
			}
			led := [2]int{}
			for k := range tc.paired {
				i := 2 * k
				s0, id0, _ := strings.Cut(turns[i], ":")
				s1, id1, _ := strings.Cut(turns[i+1], ":")
				if s0 == s1 || id0 != id1 {
					t.Fatalf("turns %d and %d are %s and %s: want one benchmark's two sides, adjacent (all: %v)", i, i+1, turns[i], turns[i+1], turns)
				}
				led[s0[0]-'0']++
			}
			if tc.paired >= 20 && (led[0] == 0 || led[1] == 0) {
				t.Errorf("side 0 led %d pairs, side 1 %d: each pair's first side should be drawn", led[0], led[1])
			}
			if again := play(7); strings.Join(again, " ") != strings.Join(turns, " ") {
				t.Errorf("same seed, different turns:\n%v\n%v", turns, again)
			}
		})
	}
}

// TestLockstepCancel: a side waiting for the other returns when its
// context ends.
func TestLockstepCancel(t *testing.T) {
	l := NewLockstep(1)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- l.Acquire(ctx, 0, "x") }() // side 1 never comes
	cancel()
	if err := <-done; err != context.Canceled {
		t.Fatalf("Acquire after cancel: %v, want context.Canceled", err)
	}
}

// TestRunPairLockstep: two supervisors' children (the fake child, one per
// configuration) run side by side in lockstep: the child processes take
// turns benchmark by benchmark, one at a time, the two runs of each
// benchmark adjacent, even across a crash (the crashed side's fresh child
// carries on in step); both runs are recorded whole.
func TestRunPairLockstep(t *testing.T) {
	logPath := filepath.Join(t.TempDir(), "turns.log")
	t.Setenv("FAKE_LOG", logPath)
	configs := []Config{{Name: "A", Env: map[string]string{"FAKE_CONFIG": "A"}}, {Name: "B", Env: map[string]string{"FAKE_CONFIG": "B"}}}
	fr := newFakeRun(t, "a b c d:segv e f", 1, configs, 0)
	var mu sync.Mutex
	fr.sup.Notef = func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(fr.notes, format+"\n", args...)
	}
	other := *fr.sup
	if err := RunPair(context.Background(), fr.sup, &other, 1, configs[0], configs[1], nil, 3); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
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
	if st := fr.sup.Stats.Plus(other.Stats); st.Crashes != 1 || st.Children != 3 {
		t.Errorf("stats %+v: want 1 crash over 3 children", st)
	}
}
