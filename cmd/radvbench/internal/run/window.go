package run

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/radvbench/radvbench/bench/window"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/reports/chart"
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
			return base.Usagef("--suite %s: %v", n, window.ErrNotBuilt)
		}
		if err := window.CheckDisplay(); err != nil {
			return base.Usagef("--suite %s needs a window: %v", n, err)
		}
	}
	return nil
}

// WatchStarted, when set (tests), is called with the --watch window.
var WatchStarted func(*window.Watch)

// openWatch opens the --watch window (nil when off). The window runs
// beside the run and never blocks it: closing it never stops the run.
func openWatch(on bool) (*window.Watch, error) {
	if !on {
		return nil, nil
	}
	if !window.Built {
		return nil, base.Usagef("--watch: %v", window.ErrNotBuilt)
	}
	if err := window.CheckDisplay(); err != nil {
		return nil, base.Usagef("--watch needs a window: %v", err)
	}
	w, err := window.StartWatch("radvbench run", chart.TableName)
	if errors.Is(err, window.ErrDisplay) {
		return nil, base.Usagef("--watch: %v", err)
	}
	if err != nil {
		return nil, fmt.Errorf("--watch: %w", err)
	}
	if WatchStarted != nil {
		WatchStarted(w)
	}
	return w, nil
}

// holdWatch keeps a finished --watch window (Watch.Finish) on the run's
// final state for --watch-hold, saying so on stderr, then closes it. A
// run that did not finish closes its window at once.
func holdWatch(ctx context.Context, w *window.Watch, hold window.Hold, stderr io.Writer) {
	if w == nil {
		return
	}
	d := hold.For(ShowProgress("auto", stderr)) // stderr is a terminal: someone is watching
	if d != 0 && w.Finished() {
		if d < 0 {
			fmt.Fprintln(stderr, "watch: the window shows the finished run; close it (or press Ctrl-C) to exit")
		} else {
			fmt.Fprintf(stderr, "watch: the window shows the finished run for %v (--watch-hold)\n", d)
		}
		w.Hold(ctx, d)
	}
	w.Close()
}
