package bisect

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/verdict"
)

// Judging: a gate's verdicts to a candidate's mark.

// Judge is the mark a gate's report gives its candidate, judged on the
// benchmarks keys names (nil: all in the report), with the reason and
// the judged benchmarks' verdicts. A regression in any makes it bad;
// one that failed or is missing skips it (unless another regressed);
// every one ~, an improvement, or unsure with an interval that rules out
// the slowdown looked for (RulesOutSlowdown) makes it good; else it is
// unsure.
func Judge(rep *compare.Report, keys []string) (Mark, string, []Bench) {
	if rep == nil {
		return Skip, "no comparison", nil
	}
	want := map[string]bool{}
	for _, k := range keys {
		want[k] = true
	}
	var benches []Bench
	got := map[string]bool{}
	for i := range rep.Comparisons {
		c := &rep.Comparisons[i]
		if keys != nil && !want[c.Key] {
			continue
		}
		got[c.Key] = true
		b := Bench{Key: c.Key, Verdict: c.Verdict, Change: c.Change, Low: c.Low, High: c.High, Reason: c.Reason, Code: c.Code.Text()}
		if b.Reason == "" {
			b.Reason = c.Note
		}
		benches = append(benches, b)
	}
	var missing []string
	for _, k := range keys {
		if !got[k] {
			missing = append(missing, k)
		}
	}
	if len(benches) == 0 && len(missing) == 0 {
		return Skip, "no benchmark compared", nil
	}
	count := map[verdict.Verdict][]string{}
	for _, b := range benches {
		count[b.Verdict] = append(count[b.Verdict], b.Key)
	}
	switch {
	case len(count[verdict.Regression]) > 0:
		return Bad, "slower: " + list(count[verdict.Regression]), benches
	case len(missing) > 0:
		return Skip, "not measured: " + list(missing), benches
	}
	var failed []string
	for _, v := range []verdict.Verdict{verdict.Failed, verdict.Missing, verdict.Incomparable, verdict.Added} {
		failed = append(failed, count[v]...)
	}
	if len(failed) > 0 {
		return Skip, "did not run: " + list(failed), benches
	}
	var unsure, ruledOut []string
	for i := range rep.Comparisons {
		c := &rep.Comparisons[i]
		if c.Verdict != verdict.Unsure || keys != nil && !want[c.Key] {
			continue
		}
		if RulesOutSlowdown(c) {
			ruledOut = append(ruledOut, c.Key)
		} else {
			unsure = append(unsure, c.Key)
		}
	}
	if len(unsure) > 0 {
		why := "unsure: " + list(unsure)
		for _, b := range benches {
			if b.Verdict == verdict.Unsure && b.Reason != "" && slices.Contains(unsure, b.Key) {
				why += " (" + b.Reason + ")"
				break
			}
		}
		return Unsure, why, benches
	}
	why := "not slower: " + list(append(count[verdict.Same], count[verdict.Improvement]...))
	if len(ruledOut) > 0 {
		if len(ruledOut) == len(benches) {
			why = ""
		} else {
			why += "; "
		}
		why += "not slower by the threshold: " + list(ruledOut) + " (its interval rules out the slowdown looked for)"
	}
	return Good, why, benches
}

// Answered is a gate's stop condition for a bisection (what the command
// passes as rounds.Options.Answered, through bench/launch): the mark,
// with its reason, once the comparison so far answers the step's
// question on the benchmarks keys names (nil: all), "" while it does
// not. The question is one-sided, so it is answered before every
// benchmark is decided two-sided: one judged benchmark called a
// regression makes the candidate bad whatever the others would become,
// and intervals that rule the slowdown out make it good (Judge). The
// verdicts and intervals are those of a look of the sequential design,
// each bounded by what that look spent, so stopping at any look keeps
// the step's alpha and miss bounds.
func Answered(rep *compare.Report, keys []string) string {
	if rep == nil {
		return ""
	}
	switch mark, why, _ := Judge(rep, keys); mark {
	case Good, Bad:
		return string(mark) + " — " + why
	}
	return ""
}

func list(keys []string) string {
	s := append([]string(nil), keys...)
	sort.Strings(s)
	if len(s) > 3 {
		return strings.Join(s[:3], ", ") + fmt.Sprintf(" and %d more", len(s)-3)
	}
	return strings.Join(s, ", ")
}

// StepAlpha bounds a step's chance of a false alarm: the policy's alpha
// when it bounds the whole comparison (Holm), else alpha times the
// benchmarks judged (Bonferroni).
func StepAlpha(rep *compare.Report, judged int) float64 {
	if rep == nil {
		return 0
	}
	if rep.Policy.FamilyWise() || judged <= 1 {
		return rep.Policy.Alpha
	}
	return rep.Policy.Alpha * float64(judged)
}

// RulesOutSlowdown reports whether c's alarm interval excludes a
// slowdown of its effective threshold or more: the question a step asks
// is one-sided, "is the candidate as slow as the bad end?", not "is it
// equal to the good end?". A candidate at +3.2% [−7.8%, +16%] at a 10%
// threshold is not a tenth slower, whatever the interval leaves open on
// the faster side, so it is good, not unsure. The interval's slow end
// misses with at most the benchmark's alpha (the look's share of it under
// a sequential design), less than the equivalence test's 5% the miss
// bound counts for a step. Only a metric with a direction and a finite
// interval and threshold can rule anything out.
func RulesOutSlowdown(c *compare.Comparison) bool {
	eff := float64(c.Limits.Effective)
	if c.Low.NaN() || c.High.NaN() || c.Limits.Effective.NaN() || !(eff > 0) {
		return false
	}
	switch c.Better {
	case resultsfile.HigherIsBetter: // slower is a lower figure
		return float64(c.Low) > -eff
	case resultsfile.LowerIsBetter: // slower is a higher figure (time)
		return float64(c.High) < eff
	}
	return false
}

// BaseFailed lists the judged benchmarks (keys; nil: all) that the base
// of the gate, the good end, failed: the step says nothing about the
// candidate then, and a bisection cannot go on against that base.
func BaseFailed(rep *compare.Report, keys []string) []string {
	if rep == nil {
		return nil
	}
	var out []string
	for i := range rep.Comparisons {
		c := &rep.Comparisons[i]
		if keys != nil && !slices.Contains(keys, c.Key) {
			continue
		}
		if c.Base != nil && c.Base.Status == resultsfile.StatusFailed {
			out = append(out, c.Key)
		}
	}
	return out
}

// GoodEndError is a gate whose base, the good end, could not run (a
// Gate returns it, or Run finds the base's benchmarks failed): no
// candidate can be judged against it, so the bisection stops
// (EndFailed) instead of skipping the candidate.
type GoodEndError struct {
	Name string
	Err  error
}

func (e *GoodEndError) Error() string {
	return fmt.Sprintf("the good end %s did not run: %v", e.Name, e.Err)
}

func (e *GoodEndError) Unwrap() error { return e.Err }
