package bisect

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/radvbench/radvbench/reports/chart"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/comparefmt"
	"github.com/radvbench/radvbench/reports/verdict"
)

// Headline is the benchmark a step's line shows: its first regression,
// else its first judged benchmark (nil when none).
func (s *Step) Headline() *Bench {
	for i := range s.Benchmarks {
		if s.Benchmarks[i].Verdict == verdict.Regression {
			return &s.Benchmarks[i]
		}
	}
	if len(s.Benchmarks) > 0 {
		return &s.Benchmarks[0]
	}
	return nil
}

// ChangeText is the change and its interval as text: "-76% [-80%, -71%]".
func (b *Bench) ChangeText() string {
	if b == nil || b.Change.NaN() {
		return "?"
	}
	s := signed(float64(b.Change))
	if !b.Low.NaN() && !b.High.NaN() {
		s += " [" + signed(float64(b.Low)) + ", " + signed(float64(b.High)) + "]"
	}
	return s
}

func signed(f float64) string {
	s := compare.FormatPercent(f)
	if f > 0 {
		s = "+" + s
	}
	return s
}

// RoundsText is a step's rounds and, when they stopped because the
// step's question was answered (compare.StopAnswered) before every
// benchmark was decided, that they did.
func RoundsText(rounds int, stop string) string {
	t := fmt.Sprintf("%d round(s)", rounds)
	if stop == string(compare.StopAnswered) {
		t += " (stopped once answered: the one-sided question was decided)"
	}
	return t
}

// StepLine is one line about a finished step.
func StepLine(r *Result, s *Step) string {
	what := fmt.Sprintf("step %d", s.N)
	if s.N == 0 {
		what = "verification"
	}
	reused := ""
	if s.Reused {
		reused = ", from the earlier bisection"
	}
	line := fmt.Sprintf("%s: %s (%d of %d) against %s: %s — %s", what, s.Candidate, s.Index, len(r.Candidates)-1, s.Base, s.Mark, s.Why)
	if h := s.Headline(); h != nil {
		line += "; change " + h.ChangeText()
	}
	line += fmt.Sprintf("; %s, %.1f s%s", RoundsText(s.Rounds, s.Stop), s.Seconds, reused)
	if s.N > 0 {
		line += fmt.Sprintf("; range %s..%s", r.Candidates[s.Good].Name, r.Candidates[s.Bad].Name)
	}
	return line
}

// WriteText writes a finished bisection: the verdicts of a verification
// that ended it, every step, the answer, the change there and the
// false-alarm bound.
func WriteText(w io.Writer, r *Result) error {
	if v := &r.Steps; r.Status == NoDifference && len(*v) == 1 && (*v)[0].Report != nil && len((*v)[0].Report.Groups) > 1 {
		if err := comparefmt.Write(w, (*v)[0].Report, "text"); err != nil {
			return err
		}
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "step\tcandidate\tposition\tmark\trounds\tseconds\tchange\tinterval\twhy")
	for i := range r.Steps {
		s := &r.Steps[i]
		change, interval := "?", ""
		if h := s.Headline(); h != nil && !h.Change.NaN() {
			c := h.ChangeText()
			change, interval, _ = strings.Cut(c, " ")
		}
		n := fmt.Sprint(s.N)
		if s.N == 0 {
			n = "verify"
		}
		fmt.Fprintf(tw, "%s\t%s\t%d/%d\t%s\t%d\t%.1f\t%s\t%s\t%s\n", n, s.Candidate, s.Index, len(r.Candidates)-1, s.Mark, s.Rounds, s.Seconds, change, interval, s.Why)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	good, bad := r.Candidates[r.Good].Name, r.Candidates[r.Bad].Name
	switch r.Status {
	case Found:
		fmt.Fprintf(w, "first bad: %s (position %d); last good: %s (position %d)\n", bad, r.Bad, good, r.Good)
	case NoDifference, EndFailed, Interrupted:
		fmt.Fprintf(w, "%s: %s\n", r.Status, r.Why)
	default:
		fmt.Fprintf(w, "%s: %s\n", r.Status, r.Why)
		fmt.Fprintf(w, "remaining range: the first bad is one of positions %d..%d (%s..%s), after the last good %s\n",
			r.Good+1, r.Bad, r.Candidates[r.Good+1].Name, bad, good)
	}
	if s := r.FirstBadStep(); s != nil && r.Status != NoDifference {
		for _, b := range s.Benchmarks {
			code := ""
			if b.Code != "" {
				code = "; " + b.Code
			}
			fmt.Fprintf(w, "  %s at %s against %s: %s %s%s\n", b.Key, s.Candidate, s.Base, b.Verdict, b.ChangeText(), code)
		}
	}
	gates := 0
	alpha := 0.0
	for _, s := range r.Steps {
		if s.Report != nil {
			gates++
			alpha = max(alpha, s.Alpha)
		}
	}
	if gates > 0 {
		fmt.Fprintf(w, "false alarms: %d gate(s), each calling a regression where there is none with probability at most %s; over the bisection at most %s (their sum, the union bound); a slowdown of the threshold or more called ~ at most %s a gate, %s over all\n",
			gates, compare.FormatPercent(alpha), compare.FormatPercent(r.AlphaBound), compare.FormatPercent(verdict.EquivalenceAlpha), compare.FormatPercent(r.MissBound))
	}
	reused := ""
	if r.ReusedSeconds > 0 {
		reused = fmt.Sprintf(", of which %.1f s the earlier bisection's steps reused here took", r.ReusedSeconds)
	}
	_, err := fmt.Fprintf(w, "time: %.1f s over %d step(s)%s (at most %d bisection steps without skips, after the verification)\n", r.Seconds, len(r.Steps), reused, Steps(len(r.Candidates)))
	return err
}

// Chart is the bisection's chart (reports/chart.Bisection): each gate's
// change of its headline benchmark against the good end, at the
// candidate's position, labelled with its step and mark.
func (r *Result) Chart(subtitle string) *chart.Chart {
	names := make([]string, len(r.Candidates))
	for i, c := range r.Candidates {
		names[i] = c.Name
	}
	var pts []chart.BisectPoint
	for i := range r.Steps {
		s := &r.Steps[i]
		p := chart.BisectPoint{Position: s.Index, Candidate: s.Candidate, Step: s.N, Mark: string(s.Mark), Change: math.NaN(), Low: math.NaN(), High: math.NaN()}
		if h := s.Headline(); h != nil {
			p.Change, p.Low, p.High = float64(h.Change), float64(h.Low), float64(h.High)
		}
		pts = append(pts, p)
	}
	bad := -1
	if r.Status == Found {
		bad = r.Bad
	}
	title := fmt.Sprintf("bisection of %d candidates: %s", len(r.Candidates), r.Status)
	if len(r.Keys) > 0 {
		title += " (" + list(r.Keys) + ")"
	}
	return chart.Bisection("bisect", title, subtitle, names, pts, r.Good, bad)
}
