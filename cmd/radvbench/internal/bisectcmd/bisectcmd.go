// Package bisectcmd is 'radvbench bisect': its flags, and the gate the
// bisection library (internal/bisect, which keeps the name) asks at each
// step, implemented with run's plan of 'run --until-decided' in this
// process; 'bisect step' is one step for 'git bisect run'.
package bisectcmd

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
	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/bisect"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/outpath"
	runcmd "github.com/radvbench/radvbench/cmd/radvbench/internal/run"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/rounds"
	"github.com/radvbench/radvbench/internal/outfile"
	"github.com/radvbench/radvbench/internal/usage"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/comparefmt"
	"github.com/spf13/pflag"
)

// Cmd is the 'bisect' command.
var Cmd = &base.Command{Name: "bisect", Summary: "find the first slower candidate between a good and a bad one, each step an interleaved gate", Run: runBisect}

// bisectPass are run's flags bisect passes to every step's gate.
var bisectPass = []string{"suite", "filter", "sizes", "quick", "device", "max-time", "warmup", "warmup-max", "quiet-wait", "target-ci", "seed", "runs", "interleave",
	"threshold", "alpha", "alpha-per", "noise", "policy", "isolate", "no-capture", "sysroot", "dmesg"}

type bisectFlags struct {
	good, bad, file, prepare, revisions, out, onUnsure, chart, from string
	candidates                                                      []string
	budget, total                                                   time.Duration
	resume                                                          bool
}

func runBisect(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	step := len(args) > 0 && args[0] == "step"
	if step {
		args = args[1:]
	}
	var f bisectFlags
	var rf runcmd.Flags
	rfs := runcmd.NewFlagSet(&rf, io.Discard)
	fs := base.NewFlagSet("bisect", "bisect [step] --good NAME[:ENV=VALUE,...] [--candidate SPEC]... --bad SPEC [flags]", stdout)
	fs.StringVar(&f.good, "good", "", "the known-good candidate NAME[:ENV=VALUE,...] (default: the first listed)")
	fs.StringVar(&f.bad, "bad", "", "the known-bad candidate (default: the last listed)")
	fs.StringArrayVar(&f.candidates, "candidate", nil, "a candidate between them, NAME[:ENV=VALUE,...] as --config (repeatable, in order)")
	fs.StringVar(&f.file, "candidates", "", "file of candidates, one NAME[:ENV=VALUE,...] a line, in order (# comments)")
	fs.StringVar(&f.revisions, "revisions", "", "file of revisions, one a line, the good first and the bad last, each prepared by --prepare")
	fs.StringVar(&f.prepare, "prepare", "", "shell command preparing revision $1 (also RADVBENCH_REV) and printing its environment, VAR=VALUE a line; a failure skips it")
	fs.DurationVar(&f.budget, "budget", 10*time.Minute, "wall time of each step's gate (rounds stop starting after it; 0: no limit)")
	fs.DurationVar(&f.total, "total-budget", 0, "wall time of the whole bisection (0: no limit); a step gets at most what is left")
	fs.StringVar(&f.onUnsure, "on-unsure", "stop", "after a step that stays unsure: stop (report the range left) or skip (pass over the candidate)")
	fs.StringVarP(&f.out, "out", "o", "", "the bisection file (default results/<UTC time>-bisect.json); each step's runs go to OUT-stepN-NAME.json beside it")
	fs.StringVar(&f.from, "from", "", "judge the benchmarks this comparison (compare --format json -o FILE) calls regressions (default: those the verification calls slower)")
	fs.StringVar(&f.chart, "chart", "", "also draw the bisection into this PNG (or .svg) file: each gate's change against the good end by candidate, the step order marked")
	fs.BoolVar(&f.resume, "resume", false, "reuse the good and bad steps of the bisection in -o (same candidates), run the rest")
	for _, n := range bisectPass {
		fs.AddFlag(rfs.Lookup(n))
	}
	if err := base.ParseFlags(fs, args); err != nil {
		return gitAbort(step, err)
	}
	cands, err := bisectCandidates(&f, step)
	if err != nil || fs.NArg() > 0 {
		if err == nil {
			err = base.Usagef("bisect takes no arguments, got %q (candidates go in --candidate)", fs.Args())
		}
		return gitAbort(step, err)
	}
	if f.out == "" {
		if f.out = launch.DefaultOut(time.Now().UTC(), []string{"bisect"}); step {
			f.out = filepath.Join(os.TempDir(), "radvbench-"+filepath.Base(f.out)) // not in the work tree git bisects
		}
	}
	g := &launchGate{fs: fs, out: strings.TrimSuffix(f.out, ".json"), stderr: stderr, resume: f.resume || step, names: map[string]string{}}
	if _, err := g.plan(0, cands[0], cands[len(cands)-1], nil, f.budget); err != nil {
		return gitAbort(step, err) // the run flags' mistakes, before anything runs
	}
	if err := os.MkdirAll(filepath.Dir(f.out), 0o755); err != nil {
		return gitAbort(step, base.Usagef("-o %s: %v", f.out, err))
	} else if err := outfile.Check(f.chart); f.chart != "" && err != nil {
		return gitAbort(step, outpath.Error("--chart", err))
	}
	// What the bisection reads; -o too with --resume, which reads it on
	// purpose, and the chart must not replace the bisection file.
	inputs := []string{f.file, f.revisions, f.from, rf.PolicyFile(), fs.Lookup("noise").Value.String(), fs.Lookup("dmesg").Value.String()}
	if !f.resume {
		if err := outpath.NotInput("-o", f.out, inputs...); err != nil {
			return gitAbort(step, err)
		}
	}
	if err := outpath.NotInput("--chart", f.chart, append(inputs, f.out)...); err != nil {
		return gitAbort(step, err)
	}
	if step {
		return bisectStep(ctx, stdout, g, cands, f.budget)
	}
	o := bisect.Options{Candidates: cands, StepBudget: f.budget, TotalBudget: f.total, OnUnsure: bisect.OnUnsure(f.onUnsure), Save: f.out,
		Prepare: (&bisect.ShellPreparer{Command: f.prepare, Stderr: stderr}).Prepare,
		OnStep:  func(r *bisect.Result, s *bisect.Step) { fmt.Fprintln(stdout, bisect.StepLine(r, s)) }}
	if f.from != "" {
		if o.Keys, err = bisect.RegressedKeys(f.from); err != nil {
			return base.Usagef("--from: %v", err)
		}
	}
	if f.resume {
		earlier, err := bisect.Resume(f.out, cands)
		if err != nil {
			return base.Usagef("--resume: %v: give the same candidates and -o", err)
		}
		o.Prior, o.Keys = earlier.Steps, earlier.Keys
		for _, s := range earlier.Steps {
			if rf, err := resultsfile.Load(s.Results); err == nil {
				bisect.Names(rf, g.names) // to narrow the later steps to the judged benchmarks
			}
		}
	}
	r, err := bisect.Run(ctx, g, o)
	if r == nil {
		return base.Usagef("%v", err)
	} else if err != nil {
		return fmt.Errorf("write the bisection file: %w", err)
	}
	fmt.Fprintln(stdout)
	bisect.WriteText(stdout, r)
	fmt.Fprintf(stdout, "bisection: %s\n", f.out)
	if f.chart != "" {
		b, err := r.Chart(f.out).Encode(f.chart)
		if err == nil {
			err = outfile.WriteFile(f.chart, b, 0o644)
		}
		if err != nil {
			return outpath.Error("--chart", err)
		}
		fmt.Fprintf(stdout, "chart: %s\n", f.chart)
	}
	switch r.Status {
	case bisect.Found:
		return nil
	case bisect.NoDifference:
		return base.Usagef("good and bad do not differ: %s (a larger --budget, a quieter machine or --threshold may tell them apart)", r.Why)
	case bisect.Interrupted:
		return &base.ExitError{Code: base.ExitInterrupted, Msg: fmt.Sprintf("interrupted; '%s bisect --resume -o %s' with the same candidates continues", base.ProgName, f.out)}
	}
	return &base.ExitError{Code: 1, Msg: fmt.Sprintf("%s: %s", r.Status, r.Why)}
}

// bisectCandidates reads the candidates the flags give, the good first.
func bisectCandidates(f *bisectFlags, step bool) ([]bisect.Candidate, error) {
	switch {
	case f.onUnsure != string(bisect.StopUnsure) && f.onUnsure != string(bisect.SkipUnsure):
		return nil, base.Usagef("--on-unsure %q: use stop or skip", f.onUnsure)
	case f.budget < 0 || f.total < 0:
		return nil, base.Usagef("--budget and --total-budget must not be negative")
	}
	cs, err := bisect.Spec{Good: f.good, Bad: f.bad, Between: f.candidates, ListFile: f.file, Revisions: f.revisions, Prepare: f.prepare != "", Step: step}.Candidates()
	var se *bisect.SpecError
	if !errors.As(err, &se) {
		return cs, err
	}
	var ce *supervise.ConfigError
	switch se.Problem {
	case bisect.SpecBothLists:
		return nil, base.Usagef("--candidates and --candidate both list candidates: give one")
	case bisect.SpecRevisions:
		return nil, base.Usagef("--revisions and --prepare go together, instead of --good, --bad and --candidate(s) (and not with bisect step)")
	case bisect.SpecStepNeedsOne:
		return nil, base.Usagef("bisect step gates one candidate: give --good SPEC and one --candidate SPEC (or a --candidates file of one line)")
	case bisect.SpecNeedGoodAndBad:
		return nil, base.Usagef("a bisection needs a good and a bad candidate: give --good SPEC --bad SPEC (and --candidate SPEC between, in order)")
	case bisect.SpecRead:
		return nil, base.Usagef("%v", se.Err)
	case bisect.SpecBadRevisions:
		return nil, base.Usagef("--revisions %s: %v", se.Path, se.Err)
	case bisect.SpecBadCandidate:
		if errors.As(se.Err, &ce) && ce.Problem == supervise.ConfigBadName {
			return nil, base.Usagef("candidate %v, e.g. --config wave32:RADV_PERFTEST=cswave32", se.Err)
		}
	}
	return nil, base.Usagef("candidate %v", se.Err)
}

// gitAbort turns a usage error of bisect step into exit 128, which stops
// git bisect run (2 would mark the commit bad).
func gitAbort(step bool, err error) error {
	if step && usage.Is(err) {
		return &base.ExitError{Code: 128, Msg: err.Error()}
	}
	return err
}

// bisectStep is one gate for git bisect run: 0 good, 1 bad, 125 skip;
// 128 (git stops the bisection) when the good end cannot run, which a
// skip would blame on every commit git checks out.
func bisectStep(ctx context.Context, stdout io.Writer, g *launchGate, cs []bisect.Candidate, budget time.Duration) error {
	res, err := g.Gate(ctx, 1, cs[0], cs[1], nil, budget)
	if err == nil {
		if failed := bisect.BaseFailed(res.Report, nil); len(failed) > 0 {
			err = &bisect.GoodEndError{Name: cs[0].Name, Err: fmt.Errorf("failed: %s", strings.Join(failed, ", "))}
		}
	}
	var ge *bisect.GoodEndError
	switch {
	case ctx.Err() != nil:
		return &base.ExitError{Code: base.ExitInterrupted, Msg: "interrupted"}
	case errors.As(err, &ge):
		return &base.ExitError{Code: 128, Msg: fmt.Sprintf("%v: git bisect run stops here (128), as a skip would blame the candidate; fix --good %s", ge, cs[0].Name)}
	case err != nil:
		return &base.ExitError{Code: 125, Msg: fmt.Sprintf("%s did not run (skip): %v", cs[1].Name, err)}
	}
	comparefmt.Write(stdout, res.Report, "text")
	mark, why, _ := bisect.Judge(res.Report, nil)
	fmt.Fprintf(stdout, "%s: %s — %s; %s (results: %s)\n", cs[1].Name, mark, why, bisect.RoundsText(res.Rounds, string(res.Stop)), res.Results)
	if mark == bisect.Good {
		return nil
	}
	return &base.ExitError{Code: mark.GitBisectExit(), Msg: fmt.Sprintf("%s is %s", cs[1].Name, mark)}
}

// launchGate is bisect's gate: 'run --until-decided' of two candidates
// with bisect's run flags, through launch.Run.
type launchGate struct {
	fs     *pflag.FlagSet
	out    string
	stderr io.Writer
	// resume: remove a step's journal an interrupted step left (the
	// paths are this bisection's own).
	resume bool
	// names maps a benchmark's key to its suite/kernel/variant, from the
	// files seen, for a --filter of the judged benchmarks.
	names map[string]string
}

// plan is the launch.Plan of a step's gate.
func (g *launchGate) plan(step int, base, cand bisect.Candidate, keys []string, budget time.Duration) (*launch.Plan, error) {
	out := fmt.Sprintf("%s-step%d-%s.json", g.out, step, cand.Name)
	args := []string{"--until-decided", "--progress=never", "--config", base.Name, "--config", cand.Name, "--budget", budget.String(), "-o", out}
	for _, n := range bisectPass {
		fl := g.fs.Lookup(n)
		vals := []string{fl.Value.String()}
		if sv, ok := fl.Value.(pflag.SliceValue); ok {
			vals = sv.GetSlice()
		}
		for _, v := range vals {
			if g.fs.Changed(n) {
				args = append(args, "--"+n+"="+v)
			}
		}
	}
	if re := bisect.Selection(keys, g.names); re != "" {
		args = append(args, "--filter="+re)
	}
	p, _, err := runcmd.PlanArgs(args)
	return p, err
}

func (g *launchGate) Gate(ctx context.Context, step int, base, cand bisect.Candidate, keys []string, budget time.Duration) (*bisect.GateResult, error) {
	p, err := g.plan(step, base, cand, keys, budget)
	if err != nil {
		return nil, err
	}
	out := p.Out
	for i, c := range []bisect.Candidate{base, cand} {
		p.Configs[i].Env, p.Configs[i].Exe = c.Env, c.Env[runcmd.ConfigExe]
		if p.Configs[i].Exe != "" && !runcmd.IsExecutableFile(p.Configs[i].Exe) {
			err := fmt.Errorf("%s=%s is not an executable file", runcmd.ConfigExe, p.Configs[i].Exe)
			if i == 0 {
				return nil, &bisect.GoodEndError{Name: base.Name, Err: err}
			}
			return nil, err
		}
	}
	if g.resume {
		os.Remove(out + supervise.JournalSuffix) // an interrupted step's; the step runs again
	}
	if j := runcmd.UntilJudge(p); j != nil {
		j.Follow(func(round int, rep *compare.Report) {
			fmt.Fprintf(g.stderr, "  %s against %s, round %d: %s\n", cand.Name, base.Name, round, rep.Summary())
		})
		// A step's rounds stop once its one-sided question is answered
		// for the benchmarks it judges; the verification without them
		// (which finds them) runs until every benchmark is decided.
		if step > 0 || keys != nil {
			p.Until.Answered = func(*rounds.Result) string {
				if r := j.Result(); r != nil {
					return bisect.Answered(r.Report, keys)
				}
				return ""
			}
		}
	}
	o, err := runcmd.InProcess(ctx, *p, launch.Hooks{}, g.stderr, "  ", g.stderr)
	if cf := (*supervise.ChildFailedError)(nil); errors.As(err, &cf) && cf.Config == base.Name {
		return nil, &bisect.GoodEndError{Name: base.Name, Err: runcmd.Error(err)}
	} else if err != nil {
		return nil, runcmd.Error(err)
	}
	v := runcmd.UntilVerdict(p, o)
	if v == nil {
		return nil, fmt.Errorf("no verdict (%v)", o.Err)
	}
	bisect.Names(o.File, g.names)
	return &bisect.GateResult{Report: v.Report, Rounds: v.Rounds, Stop: v.Stop, Results: o.Out}, nil
}
