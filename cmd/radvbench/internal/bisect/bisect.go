// Package bisect finds the first slower candidate in an ordered list of
// builds or drivers between a known-good one (the first) and a known-bad
// one (the last), each step decided by a gate: the interleaved sequential
// comparison of run until decided (reports/compare.Until, run by
// bench/launch), of the candidate against the good end.
//
// The package is pure: the gate is an interface (Gate), the clock a
// function, the preparation of a revision a function (Prepare, with a
// shell implementation in ShellPreparer). Run first verifies that the good
// and the bad end differ (a gate of the bad end against the good end that
// calls a regression), and takes the benchmarks it called slower as the
// ones every later step judges. It then halves the range between the last
// good and the first bad candidate; a step's verdicts become a mark
// (Judge): bad when any judged benchmark is a regression, good when every
// one is ~ or an improvement, skip when the candidate did not run, unsure
// otherwise. Answered is the same judgement as a gate's stop condition:
// a step's rounds end once its mark is known, before every benchmark is
// decided two-sided. An unsure step stops the bisection (or, with SkipUnsure, is
// passed over like a skip): the Result then names the range that remains
// and why, never a guess. Each step's gate bounds its own false alarm at
// its alpha; over the steps of a bisection the bound is their sum (the
// union bound, which needs no independence between steps).
//
// The library names no command-line flag: the caller words the advice.
package bisect

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/verdict"
)

// Candidate is one build or driver: a name and the environment its runs
// get (what a run configuration holds: VK_DRIVER_FILES, RADVBENCH_EXE,
// RADV options...).
type Candidate struct {
	Name string            `json:"name"`
	Env  map[string]string `json:"env,omitempty"`
	// Rev, when set, is the revision a Prepare function turns into Env
	// before the candidate's first step (prepare mode).
	Rev string `json:"rev,omitempty"`
	// Prepared: Env came from Prepare (or needs none).
	Prepared bool `json:"prepared,omitempty"`
}

// Mark is what a step concluded about its candidate.
type Mark string

const (
	// Good: not slower than the good end (every judged benchmark ~ or
	// an improvement).
	Good Mark = "good"
	// Bad: slower (a judged benchmark called a regression).
	Bad Mark = "bad"
	// Unsure: the gate could not tell within its budget.
	Unsure Mark = "unsure"
	// Skip: the candidate could not be prepared or did not run (as git
	// bisect skip).
	Skip Mark = "skip"
)

// GateResult is what one gate concluded.
type GateResult struct {
	// Report is the comparison of the candidate (new) against the base.
	Report *compare.Report
	// Rounds is how many rounds the gate ran; Stop why it stopped.
	Rounds int
	Stop   compare.Stop
	// Results is the path of the gate's results file ("" when none).
	Results string
}

// Gate compares a candidate against a base.
type Gate interface {
	// Gate runs the interleaved gate of cand against base, within
	// budget, for the benchmarks keys names (Comparison.Key; nil: all
	// selected). step numbers it (0: the verification). An error means
	// the candidate could not be run (it is skipped), unless the
	// context ended or it is a *GoodEndError (the base could not run:
	// the bisection stops).
	Gate(ctx context.Context, step int, base, cand Candidate, keys []string, budget time.Duration) (*GateResult, error)
}

// GateFunc adapts a function to Gate.
type GateFunc func(ctx context.Context, step int, base, cand Candidate, keys []string, budget time.Duration) (*GateResult, error)

// Gate calls f.
func (f GateFunc) Gate(ctx context.Context, step int, base, cand Candidate, keys []string, budget time.Duration) (*GateResult, error) {
	return f(ctx, step, base, cand, keys, budget)
}

// OnUnsure is what the bisection does after an unsure step.
type OnUnsure string

const (
	// StopUnsure (the default, also ""): stop and report the range.
	StopUnsure OnUnsure = "stop"
	// SkipUnsure: pass over the candidate as a skip and go on; the
	// answer may then be a range holding it.
	SkipUnsure OnUnsure = "skip"
)

// Options are a bisection's inputs.
type Options struct {
	// Candidates in order: the first is known good, the last known bad.
	Candidates []Candidate
	// Keys are the benchmarks every step judges (nil: those the
	// verification calls regressions).
	Keys []string
	// StepBudget bounds each gate (0: none); TotalBudget the whole
	// bisection (0: none): a step starts with at most what is left.
	StepBudget, TotalBudget time.Duration
	OnUnsure                OnUnsure
	// Prepare turns a candidate with a Rev into its environment (nil:
	// candidates need none). An error skips the candidate.
	Prepare func(ctx context.Context, c *Candidate) error
	// Prior are the steps of an earlier bisection of the same
	// candidates (Result.Steps): a step of theirs that marked its
	// candidate good or bad (the verification: bad) is not run again; a
	// skipped or unsure one is.
	Prior []Step
	// Save, when set, is the bisection file, written (Write) after each
	// step and at the end.
	Save string
	// OnStep is called after each step with the result so far (to
	// print the step).
	OnStep func(r *Result, s *Step)
	// Now is the clock (nil: time.Now).
	Now func() time.Time
}

// Step is one gate of the bisection.
type Step struct {
	// N numbers the steps from 1; 0 is the verification of the ends.
	N int `json:"n"`
	// Index is the candidate's position in Result.Candidates; Candidate
	// and Base its name and the base's.
	Index     int    `json:"index"`
	Candidate string `json:"candidate"`
	Base      string `json:"base"`
	Mark      Mark   `json:"mark"`
	// Why says what the mark rests on (the verdicts, the failure).
	Why string `json:"why,omitempty"`
	// Benchmarks are the judged benchmarks' verdicts.
	Benchmarks []Bench `json:"benchmarks,omitempty"`
	Rounds     int     `json:"rounds"`
	Stop       string  `json:"stop,omitempty"`
	// Budget and Seconds are the step's time bound and what it took.
	Budget  float64 `json:"budget_s,omitempty"`
	Seconds float64 `json:"seconds"`
	// Alpha bounds this step's chance of a false alarm (a regression
	// called where the candidate is no slower).
	Alpha float64 `json:"alpha,omitempty"`
	// Results is the step's results file (every run of both sides).
	Results string `json:"results,omitempty"`
	// Good and Bad are the last good and first bad positions after it.
	Good int `json:"good"`
	Bad  int `json:"bad"`
	// Report is the step's whole comparison.
	Report *compare.Report `json:"report,omitempty"`
	// Reused: taken from an earlier bisection's file (Options.Prior).
	Reused bool `json:"-"`
}

// Bench is one judged benchmark's verdict in a step.
type Bench struct {
	Key     string          `json:"key"`
	Verdict verdict.Verdict `json:"verdict"`
	// Change is the candidate against the base, Low and High its alarm
	// interval (null when not known).
	Change verdict.Float `json:"change"`
	Low    verdict.Float `json:"low"`
	High   verdict.Float `json:"high"`
	Reason string        `json:"reason,omitempty"`
	// Code says what changed in the compiled code between the sides,
	// where the runs captured it (codecompare.Code.Text: "code unchanged",
	// "VGPRs 96→120", ...; "" when not known).
	Code string `json:"code,omitempty"`
}

// Status is how a bisection ended.
type Status string

const (
	// Found: the first bad candidate follows the last good one.
	Found Status = "found"
	// OnlySkipped: every candidate left between the last good and the
	// first bad one was skipped (or, with SkipUnsure, unsure): the
	// first bad is one of them or the first bad.
	OnlySkipped Status = "only skipped left"
	// StoppedUnsure: a step could not decide; the range remains.
	StoppedUnsure Status = "stopped: a step is unsure"
	// BudgetSpent: the total budget ran out; the range remains.
	BudgetSpent Status = "stopped: the total budget is spent"
	// NoDifference: the verification did not call the bad end slower:
	// it found it no slower (~ or faster in every benchmark), or could
	// not tell (unsure; Why says which).
	NoDifference Status = "good and bad do not differ"
	// EndFailed: an end could not be prepared or run.
	EndFailed Status = "an end did not run"
	// Interrupted: the context ended the bisection.
	Interrupted Status = "interrupted"
)

// Result is a bisection: its candidates, every step, and its answer.
type Result struct {
	Schema     string      `json:"schema"`
	Candidates []Candidate `json:"candidates"`
	// Keys are the benchmarks the steps judged.
	Keys   []string `json:"keys,omitempty"`
	Steps  []Step   `json:"steps"`
	Status Status   `json:"status"`
	// Why says what stopped it, for every status but Found.
	Why string `json:"why,omitempty"`
	// Good and Bad are the positions of the last good and the first bad
	// candidate: the first bad is Bad when Status is Found, else one of
	// Good+1..Bad.
	Good int `json:"good"`
	Bad  int `json:"bad"`
	// AlphaBound bounds the chance that any step called a false alarm:
	// the sum of the steps' alphas (union bound). MissBound bounds the
	// chance that any step called ~ a change of the threshold or more
	// (verdict.EquivalenceAlpha a step, summed alike).
	AlphaBound float64 `json:"alpha_bound"`
	MissBound  float64 `json:"miss_bound"`
	// Seconds is the bisection's time: this run's, plus, when it was
	// resumed, ReusedSeconds, what the earlier bisection's steps reused
	// here took (Step.Seconds of each), so a resumed bisection reports
	// the time its answer cost, not only the part after the resume.
	Seconds       float64 `json:"seconds"`
	ReusedSeconds float64 `json:"reused_s,omitempty"`
}

// Schema is the bisection file's schema.
const Schema = "radvbench/bisect/v1"

// Marks are the marks of the candidates so far ("" untested).
func (r *Result) Marks() []Mark {
	m := make([]Mark, len(r.Candidates))
	m[0], m[len(m)-1] = Good, Bad
	for _, s := range r.Steps {
		if s.N > 0 {
			m[s.Index] = s.Mark
		}
	}
	return m
}

// FirstBadStep is the step that marked the first bad candidate (the
// verification when it is the bad end), nil when none did.
func (r *Result) FirstBadStep() *Step {
	for i := len(r.Steps) - 1; i >= 0; i-- {
		if s := &r.Steps[i]; s.Index == r.Bad && s.Mark == Bad {
			return s
		}
	}
	return nil
}

// InputError is a bisection the options cannot describe.
type InputError struct{ Problem string }

func (e *InputError) Error() string { return e.Problem }

// Check checks candidates: at least two, names unique and not empty.
func Check(cs []Candidate) error {
	if len(cs) < 2 {
		return &InputError{fmt.Sprintf("a bisection needs a good and a bad candidate, %d given", len(cs))}
	}
	seen := map[string]bool{}
	for _, c := range cs {
		if c.Name == "" {
			return &InputError{"a candidate has no name"}
		}
		if seen[c.Name] {
			return &InputError{fmt.Sprintf("candidate %s is given twice", c.Name)}
		}
		seen[c.Name] = true
	}
	return nil
}

// Steps is the most steps a bisection of n candidates (both ends
// included) takes when none is skipped: ⌈log2(n−1)⌉, the verification
// not counted.
func Steps(n int) int {
	k := 0
	for 1<<k < n-1 {
		k++
	}
	return k
}

// Next is the candidate the next step tests: among the untested ones
// strictly between the last good (lo) and the first bad (hi), the one
// nearest the middle (the lower of two as near); false when none is left.
func Next(marks []Mark, lo, hi int) (int, bool) {
	mid := lo + (hi-lo)/2
	best, ok := 0, false
	for i := lo + 1; i < hi; i++ {
		if marks[i] != "" {
			continue
		}
		if !ok || abs(i-mid) < abs(best-mid) {
			best, ok = i, true
		}
	}
	return best, ok
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Range is the last good and first bad positions the marks imply: the
// highest good, and the lowest bad above it.
func Range(marks []Mark) (lo, hi int) {
	for i, m := range marks {
		if m == Good {
			lo = i
		}
	}
	hi = len(marks) - 1
	for i := len(marks) - 1; i > lo; i-- {
		if marks[i] == Bad {
			hi = i
		}
	}
	return lo, hi
}

// Run bisects. It returns the result however the bisection ended
// (Status says how), and an error for options it cannot use (an
// *InputError) or a bisection file it could not write (with the
// result).
func Run(ctx context.Context, g Gate, o Options) (*Result, error) {
	if err := Check(o.Candidates); err != nil {
		return nil, err
	}
	now := o.Now
	if now == nil {
		now = time.Now
	}
	b := &bisection{g: g, o: o, now: now, start: now(),
		r: &Result{Schema: Schema, Candidates: append([]Candidate(nil), o.Candidates...), Keys: o.Keys, Bad: len(o.Candidates) - 1}}
	b.run(ctx)
	r := b.r
	r.ReusedSeconds = 0
	for _, s := range r.Steps {
		if s.Reused {
			r.ReusedSeconds += s.Seconds
		}
	}
	r.Seconds = now().Sub(b.start).Seconds() + r.ReusedSeconds
	r.AlphaBound, r.MissBound = bounds(r.Steps)
	b.save()
	return r, b.saveErr
}

// bounds are the false-alarm and missed-change bounds over the steps.
func bounds(steps []Step) (alpha, miss float64) {
	for _, s := range steps {
		alpha += s.Alpha
		if s.Report != nil {
			miss += verdict.EquivalenceAlpha
		}
	}
	return alpha, miss
}

func (b *bisection) save() {
	if b.o.Save != "" && b.saveErr == nil {
		b.saveErr = Write(b.o.Save, b.r)
	}
}

type bisection struct {
	g       Gate
	o       Options
	now     func() time.Time
	start   time.Time
	r       *Result
	saveErr error
}

func (b *bisection) end(st Status, format string, a ...any) {
	b.r.Status, b.r.Why = st, fmt.Sprintf(format, a...)
}

func (b *bisection) run(ctx context.Context) {
	r, last := b.r, len(b.r.Candidates)-1
	good, bad := &r.Candidates[0], &r.Candidates[last]
	for _, c := range []*Candidate{good, bad} {
		if err := b.prepare(ctx, c); err != nil {
			if ctx.Err() != nil {
				b.end(Interrupted, "interrupted while preparing %s", c.Name)
			} else {
				b.end(EndFailed, "%s could not be prepared: %v", c.Name, err)
			}
			return
		}
	}
	v, err := b.step(ctx, 0, last)
	switch {
	case ctx.Err() != nil:
		b.end(Interrupted, "interrupted during the verification")
		return
	case err != nil:
		b.end(EndFailed, "the gate of %s against %s did not run: %v", bad.Name, good.Name, err)
		return
	case v.Mark == Skip:
		b.end(EndFailed, "%s against %s: %s", bad.Name, good.Name, v.Why)
		return
	case v.Mark == Unsure:
		b.end(NoDifference, "the gate could not tell %s from %s within its budget: %s", bad.Name, good.Name, v.Why)
		return
	case v.Mark != Bad:
		b.end(NoDifference, "%s is not slower than %s: %s", bad.Name, good.Name, v.Why)
		return
	}
	if r.Keys == nil {
		for _, bn := range v.Benchmarks {
			if bn.Verdict == verdict.Regression {
				r.Keys = append(r.Keys, bn.Key)
			}
		}
	}
	for n := 1; ; n++ {
		marks := r.Marks()
		lo, hi := Range(marks)
		r.Good, r.Bad = lo, hi
		i, ok := Next(marks, lo, hi)
		if !ok {
			if hi == lo+1 {
				r.Status = Found
				return
			}
			var left []string
			for j := lo + 1; j < hi; j++ {
				left = append(left, fmt.Sprintf("%s (%s)", r.Candidates[j].Name, marks[j]))
			}
			b.end(OnlySkipped, "the first bad is %s or one of %s", r.Candidates[hi].Name, strings.Join(left, ", "))
			return
		}
		if b.o.TotalBudget > 0 && b.now().Sub(b.start) >= b.o.TotalBudget {
			b.end(BudgetSpent, "after %d step(s); %d candidate(s) left untested between %s and %s", n-1, hi-lo-1, r.Candidates[lo].Name, r.Candidates[hi].Name)
			return
		}
		s, err := b.candidate(ctx, n, i)
		if ctx.Err() != nil {
			b.end(Interrupted, "interrupted during step %d (%s)", n, r.Candidates[i].Name)
			return
		}
		var ge *GoodEndError
		if errors.As(err, &ge) {
			b.end(EndFailed, "step %d (%s): %v", n, r.Candidates[i].Name, ge)
			return
		}
		// Any other error: a candidate that did not run is a skip,
		// recorded in its step.
		if s.Mark == Unsure && b.o.OnUnsure != SkipUnsure {
			b.end(StoppedUnsure, "%s: %s", s.Candidate, s.Why)
			return
		}
	}
}

// candidate prepares and gates candidate i as step n.
func (b *bisection) candidate(ctx context.Context, n, i int) (*Step, error) {
	c := &b.r.Candidates[i]
	if err := b.prepare(ctx, c); err != nil {
		s := Step{N: n, Index: i, Candidate: c.Name, Base: b.r.Candidates[0].Name, Mark: Skip, Why: "not prepared: " + err.Error()}
		return b.record(s), err
	}
	s, err := b.step(ctx, n, i)
	return s, err
}

func (b *bisection) prepare(ctx context.Context, c *Candidate) error {
	if c.Rev == "" || c.Prepared || b.o.Prepare == nil {
		return nil
	}
	if err := b.o.Prepare(ctx, c); err != nil {
		return err
	}
	c.Prepared = true
	return nil
}

// step gates candidate i against the good end as step n (or takes it
// from the prior steps).
func (b *bisection) step(ctx context.Context, n, i int) (*Step, error) {
	r := b.r
	base, cand := r.Candidates[0], r.Candidates[i]
	for _, p := range b.o.Prior {
		if p.Candidate == cand.Name && p.Base == base.Name && (p.N == 0) == (n == 0) && (p.Mark == Bad || n > 0 && p.Mark == Good) {
			p.N, p.Index, p.Reused = n, i, true
			return b.record(p), nil
		}
	}
	budget := b.o.StepBudget
	if b.o.TotalBudget > 0 {
		left := b.o.TotalBudget - b.now().Sub(b.start)
		if budget == 0 || left < budget {
			budget = max(left, time.Nanosecond)
		}
	}
	t0 := b.now()
	g, err := b.g.Gate(ctx, n, base, cand, r.Keys, budget)
	s := Step{N: n, Index: i, Candidate: cand.Name, Base: base.Name, Budget: budget.Seconds()}
	if err != nil {
		s.Mark, s.Why = Skip, "did not run: "+err.Error()
	} else {
		s.Mark, s.Why, s.Benchmarks = Judge(g.Report, r.Keys)
		s.Rounds, s.Stop, s.Results, s.Report = g.Rounds, string(g.Stop), g.Results, g.Report
		s.Alpha = StepAlpha(g.Report, len(s.Benchmarks))
		if failed := BaseFailed(g.Report, r.Keys); s.Mark == Skip && len(failed) > 0 {
			err = &GoodEndError{Name: base.Name, Err: fmt.Errorf("failed: %s", list(failed))}
			s.Why = err.Error()
		}
	}
	s.Seconds = b.now().Sub(t0).Seconds()
	return b.record(s), err
}

// record adds s to the result with the range after it, and reports it.
func (b *bisection) record(s Step) *Step {
	r := b.r
	r.Steps = append(r.Steps, s)
	r.Good, r.Bad = Range(r.Marks())
	p := &r.Steps[len(r.Steps)-1]
	p.Good, p.Bad = r.Good, r.Bad
	r.AlphaBound, r.MissBound = bounds(r.Steps)
	b.save()
	if b.o.OnStep != nil {
		b.o.OnStep(r, p)
	}
	return p
}

// GitBisectExit is the exit status git bisect run reads for a mark: 0
// good, 1 bad, 125 skip (unsure, or the candidate did not run).
func (m Mark) GitBisectExit() int {
	switch m {
	case Good:
		return 0
	case Bad:
		return 1
	}
	return 125
}

// Names maps each benchmark of f by its key (Result.ID) to the
// suite/kernel/variant name a run's selection matches.
func Names(f *resultsfile.File, into map[string]string) {
	for _, r := range f.Results {
		into[r.ID()] = r.Suite + "/" + r.Kernel + "/" + r.Variant["name"]
	}
}

// Selection is a regular expression selecting exactly the benchmarks
// keys names, by the names Names found ("" when keys is empty or one of
// them is unknown: then nothing narrows the selection).
func Selection(keys []string, names map[string]string) string {
	var alts []string
	for _, k := range keys {
		n, ok := names[k]
		if !ok {
			return ""
		}
		alts = append(alts, regexp.QuoteMeta(n))
	}
	if len(alts) == 0 {
		return ""
	}
	return "^(?:" + strings.Join(alts, "|") + ")$"
}
