package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/radvbench/radvbench/cmd/radvbench/internal/runflags"
	"github.com/radvbench/radvbench/reports/results"
	"github.com/radvbench/radvbench/reports/stats"
)

// abConfig is one --config: a name and the environment its child process
// runs with (driver options such as RADV_PERFTEST are read when the
// driver loads, so each configuration needs its own process).
type abConfig struct {
	name string
	env  map[string]string
}

// parseConfigs parses --config NAME[:ENV=VALUE,...] values (see
// runflags.ParseConfigs).
func parseConfigs(specs []string) ([]abConfig, error) {
	cs, err := runflags.ParseConfigs(specs)
	if err != nil {
		return nil, err
	}
	out := make([]abConfig, len(cs))
	for i, c := range cs {
		out[i] = abConfig{name: c.Name, env: c.Env}
	}
	return out, nil
}

// childArgs removes the flags the parent handles itself from the run
// arguments: configurations, runs, output, journal, report, progress,
// isolation, clock pinning and the --watch window.
func childArgs(args []string) []string {
	withValue := map[string]bool{"--config": true, "--rounds": true, "--runs": true, "--out": true, "-o": true, "--report": true,
		"--progress": true, "--pin-clocks": true, "--order-seed": true, "--watchdog": true, "--resume": true, "--db": true}
	noValue := map[string]bool{"--isolate": true, "--force": true, "--watch": true} // --isolate=MODE carries its value
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, hasValue := strings.Cut(a, "=")
		if noValue[name] {
			continue
		}
		if withValue[name] {
			if !hasValue {
				i++ // the value is the next argument
			}
			continue
		}
		if strings.HasPrefix(a, "-o") && !strings.HasPrefix(a, "--") {
			continue // -oFILE
		}
		out = append(out, a)
	}
	return out
}

// mergeRound adds one round's result to the accumulated one.
func mergeRound(m, r *results.Result, round int) {
	switch {
	case m.Status == results.StatusFailed:
	case r.Status == results.StatusFailed:
		m.Status, m.Reason, m.Verified = r.Status, fmt.Sprintf("round %d: %s", round, r.Reason), false
	case r.Status == results.StatusSkipped:
		m.Status, m.Reason = r.Status, r.Reason
	default:
		m.Verified = m.Verified && r.Verified
	}
	m.AppendRun(r, round)
	m.DurationS += r.DurationS
	if m.Note == "" {
		m.Note = r.Note
	}
}

// finalizeMerged recomputes the summary of merged samples.
func finalizeMerged(r *results.Result, targetCI float64) {
	if r.Status != results.StatusOK || len(r.Metric.Samples) == 0 {
		return
	}
	old := r.Metric.Value
	s := stats.Summarize(stats.Undisturbed(r.Metric.Samples, r.Disturbed))
	r.Metric.Value, r.CV = s.Median, s.CV
	r.CI = results.NewCI(s.Low, s.High, stats.Confidence)
	r.Noisy, r.Reason = false, ""
	if s.RelWidth() > targetCI {
		r.Noisy = true
		r.Reason = fmt.Sprintf("noisy: 95%% CI ±%.1f%% after %d samples over all rounds", 100*s.RelWidth(), s.N)
	}
	if r.PercentOfPeak > 0 && old > 0 {
		r.PercentOfPeak *= s.Median / old
	}
}

func envString(env map[string]string) string {
	keys := make([]string, 0, len(env))
	for k := range env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + env[k]
	}
	if len(parts) == 0 {
		return "(no environment changes)"
	}
	return "(" + strings.Join(parts, " ") + ")"
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
