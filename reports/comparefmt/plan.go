package comparefmt

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/note"
)

// WritePlan renders the plan as text (or JSON with format "json").
func WritePlan(w io.Writer, pl *compare.Plan, format string) error {
	if format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(pl)
	}
	var b strings.Builder
	alpha := fmt.Sprintf("alpha %g", pl.Alpha)
	if pl.Family > 1 {
		alpha += fmt.Sprintf(" across %d benchmarks (Holm: a slowdown in one of them gets alpha/%d)", pl.Family, pl.Family)
	}
	fmt.Fprintf(&b, "radvbench plan: runs a side to catch a %s slowdown with %.0f%% power (%s, threshold %s)\n\n",
		compare.FormatPercent(pl.Detect), pl.Power*100, alpha, compare.FormatPercent(pl.Threshold))
	rows := [][]string{{"benchmark", "between-run CV", "measured on", "runs a side", "time a run"}}
	for _, r := range pl.Rows {
		runs := fmt.Sprint(r.Runs)
		switch {
		case r.Spread.NaN():
			runs = "unknown"
		case r.WithinThreshold:
			runs = "never (threshold)"
		case r.Runs == 0:
			runs = fmt.Sprintf(">%d", compare.MaxPlanRuns)
		}
		cv := compare.FormatPercent(float64(r.Spread))
		if r.Spread.NaN() {
			cv = "—"
		}
		rows = append(rows, []string{r.Key, cv, r.Source, runs, formatSeconds(r.RunSeconds)})
	}
	writeTable(&b, rows, nil)
	b.WriteString("\n")
	switch {
	case pl.Runs == 0 && pl.Unreachable == 0:
	case pl.Runs == 0 && pl.WithinThreshold > 0:
	case pl.Runs == 0:
		fmt.Fprintf(&b, "no benchmark can be gated for a %s slowdown within %d runs a side\n", compare.FormatPercent(pl.Detect), compare.MaxPlanRuns)
	default:
		fmt.Fprintf(&b, "overall: %d runs a side%s", pl.Runs, pl.Hints[note.AdvicePlanRuns])
		if pl.Seconds > 0 {
			fmt.Fprintf(&b, ", about %s of machine time", formatSeconds(pl.Seconds))
		}
		b.WriteString("\n")
	}
	if pl.WithinThreshold > 0 {
		fmt.Fprintf(&b, "%d benchmark(s) have a threshold at or above the %s slowdown to detect: the gate never calls so small a change a regression, however many runs%s\n", pl.WithinThreshold, compare.FormatPercent(pl.Detect), pl.Hints[note.AdvicePlanDetect])
	}
	if pl.Unreachable > 0 {
		fmt.Fprintf(&b, "%d benchmark(s) wander too much to catch a %s slowdown within %d runs: give them a larger threshold in the policy, or quiet the machine\n", pl.Unreachable, compare.FormatPercent(pl.Detect), compare.MaxPlanRuns)
	}
	if pl.Unknown > 0 {
		fmt.Fprintf(&b, "%d benchmark(s) have no measured run-to-run spread%s\n", pl.Unknown, pl.Hints[note.AdvicePlanUnknown])
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func formatSeconds(s float64) string {
	if s <= 0 || math.IsNaN(s) {
		return "?"
	}
	d := time.Duration(s * float64(time.Second))
	switch {
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	case d < time.Minute:
		return d.Round(100 * time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}
