package rounds

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// sides is a Sampler that records the keys of every run it takes and
// fails the run numbered fail (from 1; 0: none); pair adds NextPair.
type sides struct {
	keys [][]string
	fail int
}

func (s *sides) Next(_ context.Context, side Arm, keys []string) (*resultsfile.File, error) {
	s.keys = append(s.keys, keys)
	if len(s.keys) == s.fail {
		return nil, errors.New("child process exited 3")
	}
	return &resultsfile.File{Schema: resultsfile.Schema, Labels: map[string]string{"side": side.String()}}, nil
}

type pair struct{ sides }

func (p *pair) NextPair(ctx context.Context, _ Arm, keys []string) (*resultsfile.File, *resultsfile.File, error) {
	b, err := p.Next(ctx, Base, keys)
	if err != nil {
		return nil, nil, err
	}
	n, err := p.Next(ctx, New, keys)
	return b, n, err
}

// judge asks for "k" until round decide (0: never; -1: before the
// first round), then calls it decided
// (unsure says whether something is left undecided); it records each
// look's round and closing reason.
type judge struct {
	decide int
	unsure bool
	err    error
	looks  []string
}

func (j *judge) Look(res *Result, closing Stop, _ time.Duration) ([]string, bool, error) {
	j.looks = append(j.looks, strings.TrimSpace(string(rune('0'+res.Rounds))+" "+string(closing)))
	if j.err != nil {
		return nil, false, j.err
	}
	if j.decide != 0 && res.Rounds >= j.decide {
		return nil, j.unsure, nil
	}
	return []string{"k"}, true, nil
}

// TestRun: the rounds stop at the judge's decision, the caller's answer
// (Options.Answered, asked only while something is undecided), the round
// bound, the time budget, a failed run or a failed look, each with its
// reason; the
// last look before a bound is the closing one; a pair sampler takes both
// runs of a round at once.
func TestRun(t *testing.T) {
	minute := func() func() time.Time {
		t0 := time.Unix(0, 0)
		return func() time.Time { t0 = t0.Add(time.Minute); return t0 }
	}
	had := []*resultsfile.File{{Schema: resultsfile.Schema}}
	for _, tc := range []struct {
		name    string
		s       Sampler
		j       *judge
		o       Options
		stop    Stop
		rounds  int
		looks   []string
		wantErr string
		// answer: the answer Options.Answered gives from round
		// answerAt on ("" before; no answer: Answered not set).
		answer   string
		answerAt int
	}{
		{name: "decided", s: &sides{}, j: &judge{decide: 2}, o: Options{MaxRounds: 5},
			stop: StopDecided, rounds: 2, looks: []string{"1", "2"}},
		{name: "looks spent on the undecided", s: &sides{}, j: &judge{decide: 2, unsure: true}, o: Options{MaxRounds: 5},
			stop: StopRuns, rounds: 2, looks: []string{"1", "2"}},
		{name: "rounds spent", s: &sides{}, j: &judge{}, o: Options{MaxRounds: 3},
			stop: StopRuns, rounds: 3, looks: []string{"1", "2", "3 run budget spent"}},
		{name: "time spent", s: &sides{}, j: &judge{}, o: Options{MaxRounds: 9, Budget: 2 * time.Minute, Now: minute()},
			stop: StopTime, rounds: 2, looks: []string{"1", "2 time budget spent"}},
		{name: "pair", s: &pair{}, j: &judge{decide: 1}, o: Options{MaxRounds: 5},
			stop: StopDecided, rounds: 1, looks: []string{"1"}},
		{name: "decided before the first round", s: &sides{}, j: &judge{decide: -1}, o: Options{MaxRounds: 5, Base: had, New: had},
			stop: StopDecided, looks: []string{"0"}},
		{name: "answered before decided", s: &sides{}, j: &judge{decide: 4}, o: Options{MaxRounds: 5},
			answer: "bad", answerAt: 2, stop: StopAnswered, rounds: 2, looks: []string{"1", "2"}},
		{name: "decided before answered", s: &sides{}, j: &judge{decide: 2}, o: Options{MaxRounds: 5},
			answer: "good", answerAt: 3, stop: StopDecided, rounds: 2, looks: []string{"1", "2"}},
		{name: "decided and answered at once", s: &sides{}, j: &judge{decide: 2}, o: Options{MaxRounds: 5},
			answer: "good", answerAt: 2, stop: StopDecided, rounds: 2, looks: []string{"1", "2"}},
		{name: "answered by the runs had before", s: &sides{}, j: &judge{}, o: Options{MaxRounds: 5, Base: had, New: had},
			answer: "bad", answerAt: 0, stop: StopAnswered, looks: []string{"0"}},
		{name: "never answered, rounds spent", s: &sides{}, j: &judge{}, o: Options{MaxRounds: 3},
			answer: "good", answerAt: 9, stop: StopRuns, rounds: 3, looks: []string{"1", "2", "3 run budget spent"}},
		{name: "answered at the time budget's look", s: &sides{}, j: &judge{}, o: Options{MaxRounds: 9, Budget: 2 * time.Minute, Now: minute()},
			answer: "good", answerAt: 2, stop: StopAnswered, rounds: 2, looks: []string{"1", "2 time budget spent"}},
		{name: "a run fails", s: &sides{fail: 3}, j: &judge{}, o: Options{MaxRounds: 5},
			stop: StopError, rounds: 1, looks: []string{"1"}, wantErr: "round 2, "},
		{name: "a look fails", s: &sides{}, j: &judge{err: errors.New("bad file")}, o: Options{MaxRounds: 5},
			stop: StopError, rounds: 1, looks: []string{"1"}, wantErr: "bad file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.answer != "" {
				tc.o.Answered = func(res *Result) string {
					if res.Rounds >= tc.answerAt {
						return tc.answer
					}
					return ""
				}
			}
			res, err := Run(context.Background(), tc.s, tc.j, tc.o)
			if (err == nil) != (tc.wantErr == "") || err != nil && !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("err %v, want %q", err, tc.wantErr)
			}
			if res.Stop != tc.stop || res.Rounds != tc.rounds || !slices.Equal(tc.j.looks, tc.looks) {
				t.Errorf("stop %q after %d rounds, looks %q; want %q after %d, looks %q", res.Stop, res.Rounds, tc.j.looks, tc.stop, tc.rounds, tc.looks)
			}
			if want := map[bool]string{true: tc.answer}[tc.stop == StopAnswered]; res.Answer != want {
				t.Errorf("answer %q, want %q", res.Answer, want)
			}
			if len(res.Order) != 2*res.Rounds && tc.wantErr == "" {
				t.Errorf("order %v after %d rounds", res.Order, res.Rounds)
			}
		})
	}
}

// TestRunOrder: each round runs both sides, in an order drawn from the
// seed (both orders occur; the same seed draws the same orders), and
// asks again for what the judge left undecided.
func TestRunOrder(t *testing.T) {
	run := func(seed uint64) ([]Arm, *sides) {
		s := &sides{}
		res, err := Run(context.Background(), s, &judge{}, Options{MaxRounds: 20, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		return res.Order, s
	}
	order, s := run(7)
	first := map[Arm]int{}
	for r := 0; r < len(order); r += 2 {
		if order[r] == order[r+1] {
			t.Fatalf("round %d runs %v twice", r/2+1, order[r])
		}
		first[order[r]]++
	}
	if first[Base] == 0 || first[New] == 0 {
		t.Errorf("first sides %v: the order is not drawn", first)
	}
	for r := 2; r+1 < len(order); r += 4 {
		if order[r] == order[r-2] {
			t.Errorf("rounds %d and %d both ran %v first: each block of two rounds runs one each way", r/2, r/2+1, order[r])
		}
	}
	if again, _ := run(7); !slices.Equal(again, order) {
		t.Errorf("seed 7 drew %v, then %v", order, again)
	}
	if s.keys[0] != nil || !slices.Equal(s.keys[2], []string{"k"}) {
		t.Errorf("keys %q: the first round runs every benchmark, the next what the judge asked for", s.keys[:3])
	}
}

// TestRunCancelled: a cancelled context ends the rounds before the next.
func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	j := &judge{}
	res, err := Run(ctx, SamplerFunc(func(_ context.Context, side Arm, _ []string) (*resultsfile.File, error) {
		if side == New {
			cancel()
		}
		return &resultsfile.File{}, nil
	}), j, Options{MaxRounds: 5})
	if !errors.Is(err, context.Canceled) || res.Stop != StopCancelled || res.Rounds != 1 {
		t.Errorf("err %v, stop %q after %d rounds; want cancelled after 1", err, res.Stop, res.Rounds)
	}
}
