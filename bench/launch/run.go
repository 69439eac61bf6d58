package launch

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/radvbench/radvbench/bench/gpu/describe"
	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/usage"
)

// Run runs p: in this process (one plain run, not isolated), in
// supervised child processes (several runs, configurations or
// isolation), or in rounds until decided (p.Until). It owns the journal
// and the recorder: a run that stops early keeps its journal, one that
// finishes writes the results file atomically and removes the journal.
func Run(ctx context.Context, p Plan, h Hooks, env Env) (*Outcome, error) {
	sys, err := env.System(p.Sysroot, p.Dmesg)
	if err != nil {
		return nil, err
	}
	// The output is checked before the device is opened: a bad path
	// is one line, with nothing said about the device first.
	if p.Out == "" {
		p.Out = DefaultOut(time.Now().UTC(), suiteNames(p.Suites))
	}
	if err := CheckOutput(p.Out, p.Benchmarks*p.Runs*max(1, len(p.Configs)), p.Resume != nil); err != nil {
		return nil, err
	}
	if p.Isolation == supervise.IsolateAuto {
		if p.Isolation, err = autoIsolation(&p, env); err != nil {
			return nil, err
		}
	}
	var stamp map[string]string
	if p.StableClocks {
		held, keys, err := holdStableClocks(&p, env)
		switch {
		case err == nil:
			defer held.release()
			stamp, p.PinClocks = keys, "" // the lock holds the clocks: nothing to pin
			if sys, err = env.System(p.Sysroot, p.Dmesg); err != nil {
				return nil, err
			}
			warnUnpinned(sys, h)
		case p.PinClocks != "" && errStableFallback(err):
			h.notef("%v; pinning the performance level (as root) instead", err)
		default:
			return nil, err
		}
	}
	if p.PinClocks != "" {
		stamp = map[string]string{FingerprintStableClocks: StablePinned}
		restore, err := sysinfo.PinClocks(p.Sysroot, p.PinClocks)
		if err != nil {
			return nil, &PinError{Err: err}
		}
		defer func() {
			if err := restore(); err != nil {
				h.notef("restoring the performance level failed: %v", err)
			}
		}()
		// Re-read so the fingerprint shows the pinned level.
		if sys, err = env.System(p.Sysroot, p.Dmesg); err != nil {
			return nil, err
		}
	}
	rec, err := startRecord(p.Out, p.Resume, p.Args, h)
	if err != nil {
		return nil, err
	}
	defer rec.Close()
	rec.Fingerprint = stamp
	if p.Resume != nil {
		rec.Resume(p.Resume, p.Force)
	}
	r := &run{p: &p, h: h, env: env, rec: rec}
	switch {
	case p.Until != nil:
		return r.untilDecided(ctx)
	case p.Runs > 1 || len(p.Configs) > 0 || p.Isolation.Children():
		return r.supervised(ctx)
	}
	return r.inProcess(ctx, sys)
}

// autoIsolation resolves --isolate=auto from the device the run opens,
// selected as the run and its children select it (env.SelectDevice with
// p.Device), not from the system record: a GPU of any vendor gets a
// process per kernel and size, a CPU implementation (or an emulated
// device) runs in this process.
func autoIsolation(p *Plan, env Env) (supervise.Isolation, error) {
	inst, pd, err := env.SelectDevice(p.Device)
	if err != nil {
		return supervise.IsolateAuto, err
	}
	onGPU := !pd.IsCPU() && describe.Emulation(pd) == nil
	inst.Close()
	return supervise.AutoIsolation(onGPU), nil
}

// run is one Run under way.
type run struct {
	p   *Plan
	h   Hooks
	env Env
	rec *supervise.Recorder
}

// startRecord starts the journal beside out (or reopens a resumed one)
// and the recorder that keeps the results, its notes and results going
// to the hooks.
func startRecord(out string, resume *supervise.JournalState, args []string, h Hooks) (*supervise.Recorder, error) {
	j, err := supervise.StartJournal(out, resume)
	if err != nil {
		return nil, err
	}
	rec := supervise.NewRecorder(j, out, args)
	rec.Notef = h.notef
	rec.OnResult = func(r *resultsfile.Result) {
		if h.Result != nil {
			h.Result(r)
		}
		if h.Journaled != nil {
			h.Journaled(rec.Count(), rec.Path())
		}
	}
	return rec, nil
}

// executable is the program the children run.
func (r *run) executable() (string, error) {
	exe, err := r.env.Executable()
	if err != nil {
		return "", fmt.Errorf("find the radvbench executable for child processes: %w", err)
	}
	return exe, nil
}

// orderSeed is the seed of the runs' orders.
func (p *Plan) orderSeed() uint64 {
	if p.OrderSeed != 0 {
		return p.OrderSeed
	}
	return p.Kernel.Seed
}

// ending is how a run ended, before the file is written.
type ending struct {
	file *resultsfile.File
	// stop is what stopped the run before it could finish: the journal
	// keeps what finished, no file is written.
	stop        error
	interrupted bool
	err         error
}

// interrupted reports whether a run's error is an interrupt: ctx ended
// (the signal reached this process) or a child a signal stopped
// (supervise.ErrInterrupted).
func interrupted(ctx context.Context, err error) bool {
	return err != nil && (ctx.Err() != nil || errors.Is(err, supervise.ErrInterrupted))
}

// finish is the one end of every run: it writes the results file (and
// drops the journal when the run is complete) and fills o.
func finish(rec *supervise.Recorder, e ending, o *Outcome) (*Outcome, error) {
	o.Journal, o.Finished, o.Out = rec.Path(), rec.Count(), rec.Out()
	if e.stop != nil {
		var cf *supervise.ChildFailedError
		switch {
		case rec.Count() == 0 && e.file == nil:
			rec.Abandon()
			if errors.As(e.stop, &cf) && cf.Usage {
				return nil, usage.Errorf("%v", e.stop)
			}
			return nil, e.stop
		case usage.Is(e.stop):
			return nil, e.stop
		}
		return nil, &StoppedError{Err: e.stop, Finished: rec.Count(), Journal: rec.Path()}
	}
	if e.file == nil {
		rec.Abandon()
		if e.interrupted {
			return nil, ErrInterrupted // before the first child reported: nothing to resume
		}
		return nil, ErrNothingReported
	}
	e.file.Partial = e.interrupted
	if err := rec.Finish(o.Out, e.file, !e.interrupted); err != nil {
		return nil, err
	}
	o.File, o.Interrupted, o.Err = e.file, e.interrupted, e.err
	return o, nil
}
