package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/bench/window"
	"github.com/radvbench/radvbench/reports/results"
)

// windowSuites need a window (the "window" build and a display).
var windowSuites = map[string]bool{"present": true}

// checkWindowSuites fails (exit 2) when --suite names a window suite that
// this build or this session cannot run: one line naming the build tag or
// DISPLAY/WAYLAND_DISPLAY and the fix. 'all' is not checked: there the
// present suite's benchmarks are skipped with the reason.
func checkWindowSuites(names []string) error {
	for _, n := range names {
		n = strings.TrimSpace(n)
		if !windowSuites[n] {
			continue
		}
		if !window.Built {
			return usagef("--suite %s: %v", n, window.ErrNotBuilt)
		}
		if err := window.CheckDisplay(); err != nil {
			return usagef("--suite %s needs a window: %v", n, err)
		}
	}
	return nil
}

// watchStarted, when set (tests), is called with the --watch window.
var watchStarted func(*window.Watch)

// openWatch opens the --watch window (nil when off). The window runs
// beside the run and never blocks it: closing it never stops the run.
func openWatch(on bool) (*window.Watch, error) {
	if !on {
		return nil, nil
	}
	if !window.Built {
		return nil, usagef("--watch: %v", window.ErrNotBuilt)
	}
	if err := window.CheckDisplay(); err != nil {
		return nil, usagef("--watch needs a window: %v", err)
	}
	w, err := window.StartWatch("radvbench run")
	if errors.Is(err, window.ErrDisplay) {
		return nil, usagef("--watch: %v", err)
	}
	if err != nil {
		return nil, fmt.Errorf("--watch: %w", err)
	}
	if watchStarted != nil {
		watchStarted(w)
	}
	return w, nil
}

// feedWatch feeds the --watch window (if any) from the runner's callbacks,
// after the table and the progress line: each benchmark's samples as they
// arrive (named with its metric from the plan), then its result.
func feedWatch(w *window.Watch, o *runner.Options) {
	if w == nil {
		return
	}
	skels := map[string]results.Result{}
	for _, it := range runner.Plan(*o) {
		skel := runner.NewResult(it)
		skels[skel.ID()] = skel
	}
	onResult, progress, onSample := o.OnResult, o.Progress, o.OnSample
	o.OnSample = func(id string, n int, v float64) {
		if onSample != nil {
			onSample(id, n, v)
		}
		if skel, ok := skels[id]; ok && n == 1 {
			w.Begin(&skel)
		}
		w.Sample(id, n, v)
	}
	o.OnResult = func(r *results.Result) {
		if onResult != nil {
			onResult(r)
		}
		w.Result(r)
	}
	o.Progress = func(done, total int, name, phase string) {
		if progress != nil {
			progress(done, total, name, phase)
		}
		w.Progress(done, total, name, phase)
	}
}
