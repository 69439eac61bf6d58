package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

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

var configNameRE = regexp.MustCompile(`^[A-Za-z0-9._+-]+$`)

// parseConfigs parses --config NAME[:ENV=VALUE,...] values.
func parseConfigs(specs []string) ([]abConfig, error) {
	var out []abConfig
	seen := map[string]bool{}
	for _, spec := range specs {
		name, envs, _ := strings.Cut(spec, ":")
		if !configNameRE.MatchString(name) {
			return nil, usagef("--config %q: the name must be letters, digits, '.', '_', '+' or '-', e.g. --config wave32:RADV_PERFTEST=cswave32", spec)
		}
		if seen[name] {
			return nil, usagef("--config %q: configuration %s is given twice", spec, name)
		}
		seen[name] = true
		c := abConfig{name: name, env: map[string]string{}}
		if envs != "" {
			for _, kv := range strings.Split(envs, ",") {
				k, v, ok := strings.Cut(kv, "=")
				if !ok || k == "" || strings.ContainsAny(k, " \t") {
					return nil, usagef("--config %q: %q is not ENV=VALUE", spec, kv)
				}
				c.env[k] = v
			}
		}
		out = append(out, c)
	}
	return out, nil
}

// childArgs removes the flags the parent handles itself from the run
// arguments: the configurations, rounds, output, report, progress and
// clock pinning.
func childArgs(args []string) []string {
	withValue := map[string]bool{"--config": true, "--rounds": true, "--out": true, "-o": true, "--report": true, "--progress": true, "--pin-clocks": true}
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, hasValue := strings.Cut(a, "=")
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

// runAB runs each configuration in its own child process, alternating
// configurations in rounds (A B A B ...) so drift hits all alike, and
// merges every child's samples into one results file with each result
// labelled by configuration.
func runAB(ctx context.Context, stdout, stderr io.Writer, args []string, f runFlags, configs []abConfig, outPath string) (*results.File, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("find the radvbench executable for child runs: %w", err)
	}
	tmp, err := os.MkdirTemp("", "radvbench-ab")
	if err != nil {
		return nil, fmt.Errorf("temporary directory for A/B runs: %w", err)
	}
	defer os.RemoveAll(tmp)
	base := childArgs(args)
	if f.maxTime > 0 {
		// Each round gets its share of the per-benchmark budget.
		base = append(base, "--max-time", (f.maxTime / time.Duration(f.rounds)).String())
	}
	var merged *results.File
	acc := map[string]*results.Result{}
	var order []string
	idOrder := map[string]int{}
	cfgOrder := map[string]int{}
	for i, c := range configs {
		cfgOrder[c.name] = i
	}
	for round := 1; round <= f.rounds; round++ {
		for _, c := range configs {
			if err := ctx.Err(); err != nil {
				return merged, err
			}
			out := filepath.Join(tmp, fmt.Sprintf("r%d-%s.json", round, c.name))
			cargs := append([]string{"run"}, base...)
			cargs = append(cargs, "--out", out, "--progress", "never")
			cmd := exec.CommandContext(ctx, exe, cargs...)
			cmd.Env = os.Environ()
			for k, v := range c.env {
				cmd.Env = append(cmd.Env, k+"="+v)
			}
			var errBuf bytes.Buffer
			cmd.Stdout, cmd.Stderr = io.Discard, &errBuf
			fmt.Fprintf(stderr, "round %d/%d: config %s %s\n", round, f.rounds, c.name, envString(c.env))
			start := time.Now().UTC()
			runErr := cmd.Run()
			end := time.Now().UTC()
			if ctx.Err() != nil {
				return merged, ctx.Err()
			}
			child, err := results.Load(out)
			if err != nil {
				return merged, fmt.Errorf("config %s, round %d: the child run failed (%v): %s", c.name, round, runErr, lastLine(errBuf.String()))
			}
			childResults := child.Results
			if merged == nil {
				merged = child
				merged.Results = nil
				merged.Command = append([]string{"radvbench", "run"}, args...)
				merged.Started = start
			}
			merged.Rounds = append(merged.Rounds, results.Round{Index: round, Config: c.name, Started: start, Finished: end})
			for _, r := range childResults {
				key := c.name + "\x00" + r.ID()
				m, ok := acc[key]
				if !ok {
					cp := r
					cp.Config = c.name
					cp.SamplesNS, cp.Metric.Samples, cp.SampleRounds = nil, nil, nil
					m = &cp
					acc[key] = m
					order = append(order, key)
					if _, seen := idOrder[r.ID()]; !seen {
						idOrder[r.ID()] = len(idOrder)
					}
				}
				mergeRound(m, &r, round)
			}
		}
	}
	for _, c := range configs {
		merged.Configs = append(merged.Configs, results.Config{Name: c.name, Env: c.env})
	}
	// Group each benchmark's configurations together, in --config order.
	sort.SliceStable(order, func(i, j int) bool {
		a, b := acc[order[i]], acc[order[j]]
		if ia, ib := idOrder[a.ID()], idOrder[b.ID()]; ia != ib {
			return ia < ib
		}
		return cfgOrder[a.Config] < cfgOrder[b.Config]
	})
	for _, key := range order {
		r := acc[key]
		finalizeMerged(r, f.targetCI/100)
		merged.Results = append(merged.Results, *r)
	}
	merged.Finished = time.Now().UTC()
	return merged, nil
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
	m.SamplesNS = append(m.SamplesNS, r.SamplesNS...)
	m.Metric.Samples = append(m.Metric.Samples, r.Metric.Samples...)
	for range r.Metric.Samples {
		m.SampleRounds = append(m.SampleRounds, round)
	}
	m.DurationS += r.DurationS
}

// finalizeMerged recomputes the summary of merged samples.
func finalizeMerged(r *results.Result, targetCI float64) {
	if r.Status != results.StatusOK || len(r.Metric.Samples) == 0 {
		return
	}
	old := r.Metric.Value
	s := stats.Summarize(r.Metric.Samples)
	r.Metric.Value, r.CV = s.Median, s.CV
	r.CI = results.CI{Low: finite(s.Low), High: finite(s.High), Level: stats.Confidence}
	r.Noisy, r.Reason = false, ""
	if s.RelWidth() > targetCI {
		r.Noisy = true
		r.Reason = fmt.Sprintf("noisy: 95%% CI ±%.1f%% after %d samples over all rounds", 100*s.RelWidth(), s.N)
	}
	if r.PercentOfPeak > 0 && old > 0 {
		r.PercentOfPeak *= s.Median / old
	}
}

func finite(x float64) float64 {
	if x > 1e308 || x < -1e308 || x != x {
		return 0
	}
	return x
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
