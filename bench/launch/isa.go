package launch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/radvbench/radvbench/bench/isa"
	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/usage"
)

// ISAPlan is what an isa run is asked to do, checked by the caller.
type ISAPlan struct {
	Options isa.Options
	// Targets name the chips ("" or none: the default ones the installed
	// Mesa can emulate; "all": every GFX11 and GFX12 chip it can).
	Targets []string
	Labels  map[string]string
	// Out is the results path ("": results/<UTC time>-isa.json); AsmDir
	// the assembly's directory ("": resultsfile.AsmDir of the results
	// path); NoAsm saves none.
	Out, AsmDir string
	NoAsm       bool
	// Watchdog kills a target's child making no progress for this long.
	Watchdog time.Duration
	// Args are the arguments as given; ChildArgs a child's (the command
	// first), to which the assembly directory is added with AsmDirArg.
	Args, ChildArgs []string
	// Command is the results file's command line prefix.
	Command []string
	// AsmDirArg makes the child argument naming the absolute assembly
	// directory.
	AsmDirArg func(dir string) string
}

// paths is where an isa run started at now writes: the results path
// and the assembly's directory ("" for none).
func (p *ISAPlan) paths(now time.Time) (out, asmDir string) {
	if out = p.Out; out == "" {
		out = DefaultOut(now, []string{"isa"})
	}
	if p.NoAsm {
		return out, ""
	}
	if asmDir = p.AsmDir; asmDir == "" {
		asmDir = resultsfile.AsmDir(out)
	}
	return out, asmDir
}

// TargetEnv names, in a child's environment, the target it compiles.
const TargetEnv = "RADVBENCH_ISA_TARGET"

// ISAOutcome is how an isa run ended.
type ISAOutcome struct {
	File *resultsfile.File
	// Out is the results path; AsmDir the assembly's directory ("": none).
	Out, AsmDir string
	// Children counts the child processes and their faults.
	Children supervise.Stats
	// Err is what ended the run early, after the file was written
	// (Interrupted: the context).
	Err         error
	Interrupted bool
}

// ErrNoTarget is an isa run none of whose targets' children reported
// anything.
var ErrNoTarget = errors.New("no target's child process reported anything")

// TargetFailedError is a target's child that failed before its first
// benchmark (the target needs what the installed Mesa lacks).
type TargetFailedError struct{ Err error }

func (e *TargetFailedError) Error() string { return e.Err.Error() }
func (e *TargetFailedError) Unwrap() error { return e.Err }

// ISA compiles p for its targets, a supervised child per target
// (started with the target's emulation environment), and writes one isa
// results file. The errors of resolving the targets are isa's
// (*isa.UnknownTargetError, *isa.UnavailableError, *isa.NoShimError).
func ISA(ctx context.Context, p ISAPlan, h Hooks, env Env) (*ISAOutcome, error) {
	inst, err := isa.Detect("")
	if err != nil {
		return nil, usage.Errorf("%v", err)
	}
	plans, skipped, err := inst.Resolve(p.Targets)
	if err != nil {
		return nil, err
	}
	for _, s := range skipped {
		h.notef("note: default target %s", s)
	}
	o := &ISAOutcome{}
	o.Out, o.AsmDir = p.paths(time.Now().UTC())
	if err := CheckOutput(o.Out, len(isa.Benchmarks(p.Options))*len(plans), false); err != nil {
		return nil, err
	}
	exe, err := env.Executable()
	if err != nil {
		return nil, fmt.Errorf("find the radvbench executable for child processes: %w", err)
	}
	args := p.ChildArgs
	if o.AsmDir != "" {
		abs, err := filepath.Abs(o.AsmDir)
		if err != nil {
			return nil, fmt.Errorf("assembly directory %s: %w", o.AsmDir, err)
		}
		args = append(append([]string(nil), args...), p.AsmDirArg(abs))
	}
	rec, err := startRecord(o.Out, nil, p.Args, h)
	if err != nil {
		return nil, err
	}
	defer rec.Close()
	var configs []supervise.Config
	for _, pl := range plans {
		pl := pl
		configs = append(configs, supervise.Config{Name: pl.Target, Env: pl.Env, Environ: func(base []string) []string {
			return append(pl.Environ(base), TargetEnv+"="+pl.Target)
		}})
	}
	devices := map[string]resultsfile.Device{}
	s := &supervise.Supervisor{
		Exe: exe, Args: args, Configs: configs, Runs: 1, Budget: p.Watchdog, Recorder: rec, Stdout: env.Stdout,
		Notef: func(format string, a ...any) {
			h.notef("isa: "+strings.Replace(format, "run 1/1 config", "target", 1), a...)
		},
		OnHeader: func(c supervise.Config, hd *resultsfile.File) { devices[c.Name] = hd.Device },
		OnStart:  h.Start,
	}
	runErr := s.Run(ctx)
	o.Children = s.Stats
	if runErr != nil && ctx.Err() == nil {
		var cf *supervise.ChildFailedError
		if errors.As(runErr, &cf) && rec.Count() == 0 {
			rec.Abandon()
			return nil, &TargetFailedError{Err: runErr}
		}
	}
	merged := rec.Merge(supervise.MergeOptions{Configs: configs, Runs: 1})
	if merged == nil {
		rec.Abandon()
		if runErr == nil {
			runErr = ErrNoTarget
		}
		return nil, runErr
	}
	file := isa.NewFile(inst, plans)
	file.Tool, file.Command, file.Labels, file.Quick = env.Tool, append(append([]string(nil), p.Command...), p.Args...), p.Labels, p.Options.Kernel.Quick
	file.Suites = suiteNames(p.Options.Suites)
	for i, pl := range plans {
		if d, ok := devices[pl.Target]; ok {
			if err := isa.SetDevice(file, pl.Target, d); err != nil {
				return nil, err
			}
		}
		// What the target's child compiled under: the emulation and the
		// driver options of this command's environment (RADV_PERFTEST,
		// ACO_DEBUG, ...), which change the code as much as the chip.
		file.Configs[i].DriverEnv = resultsfile.FilterDriverEnv(configs[i].Environ(os.Environ()))
	}
	file.Results, file.Shaders, file.Rounds, file.Finished = merged.Results, merged.Shaders, merged.Rounds, merged.Finished
	if !merged.Started.IsZero() {
		file.Started = merged.Started // the first target's start, not now
	}
	if err := rec.Finish(o.Out, file, runErr == nil); err != nil {
		return nil, err
	}
	o.File, o.Err, o.Interrupted = file, runErr, runErr != nil && ctx.Err() != nil
	return o, nil
}
