package lockstep

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// turnLog records the turns a Turns grants, in order.
type turnLog struct {
	mu    sync.Mutex
	turns []string // "side:id:pair"
}

func (t *turnLog) add(side int, id string, pair int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.turns = append(t.turns, fmt.Sprintf("%d:%s:%d", side, id, pair))
}

// overlapCounter counts the times both sides were inside a turn at once.
type overlapCounter struct {
	mu                sync.Mutex
	running, overlaps int
}

// turn is a side's turn of d: the other side must wait, not race.
func (o *overlapCounter) turn(d time.Duration) {
	o.mu.Lock()
	o.running++
	if o.running > 1 {
		o.overlaps++
	}
	o.mu.Unlock()
	time.Sleep(d)
	o.mu.Lock()
	o.running--
	o.mu.Unlock()
}

// bothSides acts out sides 0 and 1 at once with play and fails t on an
// error or an overlap of their turns.
func bothSides(t *testing.T, o *overlapCounter, play func(side int) error) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for side := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[side] = play(side)
		}()
	}
	wg.Wait()
	for side, err := range errs {
		if err != nil {
			t.Fatalf("side %d: %v", side, err)
		}
	}
	if o.overlaps > 0 {
		t.Errorf("the sides ran at once %d times", o.overlaps)
	}
}

// playSide acts out one side: a turn per id, then Leave.
func playSide(ctx context.Context, l *Turns, side int, ids []string, o *overlapCounter) error {
	defer l.Leave(side)
	for _, id := range ids {
		if err := l.Acquire(ctx, side, id); err != nil {
			return err
		}
		o.turn(time.Millisecond) // a benchmark
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
				l := New(seed)
				var log turnLog
				l.Log = log.add
				var o overlapCounter
				n := []int{tc.a, tc.b}
				bothSides(t, &o, func(side int) error { return playSide(context.Background(), l, side, ids(n[side]), &o) })
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

// TestLockstepSamples: taking turns sample by sample (Samples), the two
// sides' samples of a benchmark alternate while both are sampling it, the
// pair's drawn side first; a side samples a benchmark only after the
// other has begun it; a side with more samples, or whose other side
// skipped the benchmark (no samples), goes on alone; nothing overlaps;
// the same seed gives the same turns.
func TestLockstepSamples(t *testing.T) {
	// samples[side][benchmark]: how many samples each side takes.
	samples := [2][]int{{3, 3, 5, 0, 2, 4}, {3, 5, 3, 2, 0, 4}}
	play := func(seed uint64) []string {
		l := New(seed)
		l.Samples = true
		var log turnLog
		l.Log = func(side int, id string, pair int) { log.add(side, "begin "+id, pair) }
		l.LogSample = func(side int, id string, pair int) { log.add(side, "sample "+id, pair) }
		var o overlapCounter
		bothSides(t, &o, func(side int) error {
			defer l.Leave(side)
			for b, n := range samples[side] {
				id := fmt.Sprintf("b%d", b)
				if err := l.Acquire(context.Background(), side, id); err != nil {
					return err
				}
				o.turn(100 * time.Microsecond)
				for range n {
					if err := l.AcquireSample(context.Background(), side, id); err != nil {
						return err
					}
					o.turn(100 * time.Microsecond)
				}
			}
			return nil
		})
		return log.turns
	}
	turns := play(11)
	// Per benchmark: its turns in order, as "side kind".
	per := map[string][]string{}
	begun := map[string][2]bool{}
	led := [2]int{}
	for _, tu := range turns {
		side, rest, _ := strings.Cut(tu, ":")
		kind, id, _ := strings.Cut(rest, " ")
		id, _, _ = strings.Cut(id, ":")
		s := int(side[0] - '0')
		if kind == "begin" {
			b := begun[id]
			b[s] = true
			begun[id] = b
			continue
		}
		if !begun[id][1-s] {
			t.Fatalf("side %d sampled %s before the other side began it: %v", s, id, turns)
		}
		if len(per[id]) == 0 {
			led[s]++
		}
		per[id] = append(per[id], side)
	}
	for b := range samples[0] {
		id := fmt.Sprintf("b%d", b)
		seq := per[id]
		both := 2 * min(samples[0][b], samples[1][b])
		if len(seq) != samples[0][b]+samples[1][b] {
			t.Fatalf("%s: %d sample turns, want %d: %v", id, len(seq), samples[0][b]+samples[1][b], turns)
		}
		for i := 1; i < both; i++ {
			if seq[i] == seq[i-1] {
				t.Errorf("%s: sample turns %v do not alternate while both sides sample", id, seq)
				break
			}
		}
	}
	if led[0] == 0 || led[1] == 0 {
		t.Errorf("side 0 led %d benchmarks' samples, side 1 %d: each pair's first side should be drawn", led[0], led[1])
	}
	if again := play(11); strings.Join(again, " ") != strings.Join(turns, " ") {
		t.Errorf("same seed, different turns:\n%v\n%v", turns, again)
	}
}

// TestLockstepCancel: a side waiting for the other returns when its
// context ends.
func TestLockstepCancel(t *testing.T) {
	l := New(1)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- l.Acquire(ctx, 0, "x") }() // side 1 never comes
	cancel()
	if err := <-done; err != context.Canceled {
		t.Fatalf("Acquire after cancel: %v, want context.Canceled", err)
	}
}
