package tune

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/radvbench/radvbench/bench/launch"
	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/bench/tune"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	runcmd "github.com/radvbench/radvbench/cmd/radvbench/internal/run"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/tuning"
)

// sweep is one 'radvbench tune' under way: rounds of the search, each a
// 'run' of its candidates in this process (launch.Run with the round's
// candidates pinned), until the search is done, the budget is spent or
// the run is interrupted.
type sweep struct {
	f      *tuneFlags
	p      *launch.Plan
	search *tune.Search
	stderr io.Writer
	// planned and done count candidates × sizes; best is the best figure
	// so far by kernel and size.
	planned, done int
	best          map[string]*resultsfile.Result
	interrupted   bool
	exhausted     bool
}

// run runs the rounds and merges their results files into one.
func (s *sweep) run(ctx context.Context) (*resultsfile.File, error) {
	if err := os.MkdirAll(filepath.Dir(s.f.out), 0o755); err != nil {
		return nil, fmt.Errorf("create the directory of %s: %w", s.f.out, err)
	}
	dir, err := os.MkdirTemp(filepath.Dir(s.f.out), ".radvbench-tune-")
	if err != nil {
		return nil, fmt.Errorf("create the sweep's working directory: %w", err)
	}
	defer os.RemoveAll(dir)
	deadline := time.Now().Add(s.f.budget)
	bctx, stop := context.WithCancel(ctx)
	defer stop()
	s.best = map[string]*resultsfile.Result{}
	var files []*resultsfile.File
	var all []resultsfile.Result
	batch := s.search.First(s.f.exhaustive)
	for round := 1; batch.Len() > 0; round++ {
		if round > 1 && time.Now().After(deadline) {
			s.exhausted = true
			break
		}
		p := *s.p
		p.Kernel.Pinned = s.search.Pins(batch, p.Kernel)
		p.Benchmarks = len(runner.Plan(runner.Options{Suites: p.Suites, Kernel: p.Kernel}))
		p.Out = filepath.Join(dir, fmt.Sprintf("round%d.json", round))
		fmt.Fprintf(s.stderr, "tune: round %d: %d candidates, %d benchmarks\n", round, batch.Len(), p.Benchmarks)
		s.planned += p.Benchmarks
		h := launch.Hooks{Result: func(r *resultsfile.Result) {
			s.progress(r)
			if time.Now().After(deadline) {
				s.exhausted = true
				stop()
			}
		}}
		o, err := runcmd.InProcess(bctx, p, h, s.stderr, "tune: ", io.Discard)
		if err != nil {
			var stopped *launch.StoppedError
			if len(files) == 0 || !errors.As(err, &stopped) {
				return nil, runcmd.Error(err)
			}
			fmt.Fprintf(s.stderr, "tune: round %d stopped: %v; keeping the rounds before it\n", round, err)
			break
		}
		files = append(files, o.File)
		all = append(all, o.File.Results...)
		if ctx.Err() != nil {
			s.interrupted = true
			break
		}
		if s.exhausted || o.Interrupted {
			s.exhausted = true
			break
		}
		batch = s.search.Next(all)
	}
	return mergeRounds(files, s.interrupted), nil
}

// progress prints one line per finished candidate and size: its figure
// and the best so far at that size.
func (s *sweep) progress(r *resultsfile.Result) {
	s.done++
	key := r.Suite + "/" + r.Kernel + "/" + resultsfile.SizeString(r.Params)
	what := r.Status
	if r.Status == resultsfile.StatusOK && r.Verified {
		what = fmt.Sprintf("%.4g %s", r.Metric.Value, r.Metric.Unit)
		if b := s.best[key]; b == nil || (r.Metric.Better == resultsfile.LowerIsBetter) == (r.Metric.Value < b.Metric.Value) {
			s.best[key] = r
		}
	} else if r.Reason != "" {
		what += ": " + r.Reason
	}
	line := fmt.Sprintf("tune: candidate %d of %d: %s %s: %s", s.done, s.planned, key, r.Variant["name"], what)
	if b := s.best[key]; b != nil {
		line += fmt.Sprintf(" (best so far %s: %.4g %s)", b.Variant["name"], b.Metric.Value, b.Metric.Unit)
	}
	fmt.Fprintln(s.stderr, strings.ReplaceAll(line, "\n", " "))
}

// mergeRounds is the rounds' results files as one: the first round's
// header, every round's results, the shaders of all; partial when the
// sweep was interrupted (a round the budget cut short is not: the sweep
// ended as asked).
func mergeRounds(files []*resultsfile.File, partial bool) *resultsfile.File {
	if len(files) == 0 {
		return nil
	}
	m := *files[0]
	m.Results, m.Rounds = nil, nil
	m.Shaders = map[string]string{}
	for _, f := range files {
		m.Results = append(m.Results, f.Results...)
		for k, v := range f.Shaders {
			m.Shaders[k] = v
		}
		m.Finished = f.Finished
	}
	m.Partial = partial
	return &m
}

// finish writes the results file and the tuning file and prints the best
// configurations.
func (s *sweep) finish(stdout io.Writer, merged *resultsfile.File, args []string) error {
	if merged == nil {
		return &base.ExitError{Code: 130, Msg: "interrupted before any candidate finished; nothing written"}
	}
	merged.Command = append([]string{"radvbench", "tune"}, args...)
	if err := resultsfile.Save(s.f.out, merged); err != nil {
		return fmt.Errorf("write %s: %w", s.f.out, err)
	}
	tf := &tuning.File{
		Schema: tuning.Schema, Tool: base.ToolVersion(), Created: time.Now().UTC(), Device: tuning.DeviceOf(merged.Device),
		Results: s.f.out, Partial: merged.Partial, Budget: s.f.budget.Seconds(), Exhausted: s.exhausted,
		Entries: tuning.Best(merged, s.search.PointOf),
	}
	if err := tuning.Write(s.f.tuningOut, tf); err != nil {
		return fmt.Errorf("write %s (the sweep's results are in %s): %w", s.f.tuningOut, s.f.out, err)
	}
	writeTuning(stdout, tf)
	fmt.Fprintf(stdout, "results: %s\ntuning:  %s\n", s.f.out, s.f.tuningOut)
	if s.exhausted {
		fmt.Fprintf(stdout, "the budget (%v) ended the search; a longer --budget tries more candidates\n", s.f.budget)
	}
	if s.interrupted {
		return &base.ExitError{Code: 130, Msg: "interrupted: the files hold the candidates that finished (marked partial)"}
	}
	return nil
}

// writeTuning prints a tuning file's entries as a table.
func writeTuning(w io.Writer, f *tuning.File) {
	fmt.Fprintf(w, "best configurations on %s (%s %s):\n", f.Device.Name, f.Device.DriverName, f.Device.DriverInfo)
	if len(f.Entries) == 0 {
		fmt.Fprintln(w, "  none: no candidate was verified and timed")
		return
	}
	for _, e := range f.Entries {
		fmt.Fprintf(w, "  %-28s %-14s %-24s %10.4g %-8s of %d verified\n", e.Suite+"/"+e.Kernel, resultsfile.SizeString(e.Params), e.Variant["name"], e.Metric.Value, e.Metric.Unit, e.Candidates)
	}
}
