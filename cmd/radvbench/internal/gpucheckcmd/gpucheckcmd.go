// Package gpucheckcmd is 'radvbench gpu-check': it runs the steps of a
// GPU's check (internal/gpucheck's Steps, each through run's plan in this
// process), hands their results to gpucheck.Summarize, prints the summary
// and writes one results file. (internal/gpucheck, the pure part, keeps
// the name.)
package gpucheckcmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/launch"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/gpucheck"
	runcmd "github.com/radvbench/radvbench/cmd/radvbench/internal/run"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/outfile"
	"github.com/radvbench/radvbench/reports/compare"
)

// Cmd is the 'gpu-check' command.
var Cmd = &base.Command{Name: "gpu-check", Summary: "check a GPU in minutes: every suite verified, peaks, GEMM and memory timed, a short A/A; one summary, one results file", Run: runGPUCheck}

func runGPUCheck(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	fs := base.NewFlagSet("gpu-check", "gpu-check [--device SPEC] [--suite LIST] [-o FILE] [--json]", stdout)
	device := fs.String("device", "", "device index or name substring (default: the one 'run' picks; see 'radvbench devices')")
	out := fs.StringP("out", "o", "", "results file of the whole check (default results/<UTC time>-gpu-check.json)")
	aaBudget := fs.Duration("aa-budget", time.Minute, "time budget of the A/A until decided")
	suites := fs.String("suite", "all", "suites whose kernels the verify step checks (comma-separated, as run's --suite): the timing and A/A steps are fixed")
	asJSON := fs.Bool("json", false, "print the summary as JSON instead of text")
	progress := fs.String("progress", "auto", "progress line on stderr: auto (when it is a terminal), always, never")
	if err := base.ParseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return base.Usagef("gpu-check takes no arguments, got %q", fs.Args())
	}
	if *aaBudget <= 0 {
		return base.Usagef("--aa-budget %v must be positive, e.g. 1m", *aaBudget)
	}
	if _, err := runcmd.LookupSuites(strings.Split(*suites, ",")); err != nil {
		return base.Usagef("--suite %s: %v", *suites, err)
	}
	inst, pd, err := gpu.SelectPhysical(*device)
	if err != nil {
		return runcmd.Error(err)
	}
	cpu := pd.IsCPU()
	name := pd.Name
	inst.Close()
	started := time.Now()
	if *out == "" {
		*out = launch.DefaultOut(started.UTC(), []string{"gpu-check"})
	}
	if err := outfile.Check(*out); err != nil {
		return base.Usagef("-o %s: %v: name a new path or a regular file", *out, err)
	}
	dir, err := os.MkdirTemp("", "radvbench-gpu-check-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)

	steps := gpucheck.Steps(cpu, *aaBudget, *suites)
	fmt.Fprintf(stderr, "gpu-check on %s: %d steps\n", name, len(steps))
	if cpu {
		fmt.Fprintln(stderr, "note: a CPU implementation (lavapipe): quick sizes and fewer kernels; its figures describe the host CPU, not a GPU")
	}
	var in gpucheck.Inputs
	for i, st := range steps {
		fmt.Fprintf(stderr, "[%d/%d] %s: %s\n", i+1, len(steps), st.Name, st.What)
		t0 := time.Now()
		f, verdicts, err := gpuCheckStep(ctx, stderr, st, *device, filepath.Join(dir, st.Name+".json"), runcmd.ShowProgress(*progress, stderr))
		if ctx.Err() != nil {
			return &base.ExitError{Code: base.ExitInterrupted, Msg: "interrupted; nothing written"}
		}
		if err != nil {
			fmt.Fprintf(stderr, "  %s: %v\n", st.Name, err)
		}
		fmt.Fprintf(stderr, "  %s: %.0f s\n", st.Name, time.Since(t0).Seconds())
		switch st.Name {
		case gpucheck.StepVerify:
			in.Verify, in.VerifyErr = f, err
		case gpucheck.StepTime:
			in.Time, in.TimeErr = f, err
		case gpucheck.StepAA:
			in.AA, in.AAErr, in.Verdicts = f, err, verdicts
		}
	}
	in.Seconds = time.Since(started).Seconds()
	sum := gpucheck.Summarize(in)
	if merged := gpucheck.Merge(in); merged != nil {
		if err := resultsfile.Save(*out, merged); err != nil {
			return fmt.Errorf("write %s: %w", *out, err)
		}
	} else {
		*out = ""
	}
	if *asJSON {
		if err := base.WriteJSON(stdout, sum); err != nil {
			return err
		}
	} else {
		gpucheck.Write(stdout, &sum)
		if *out != "" {
			fmt.Fprintf(stdout, "results: %s\n", *out)
		}
	}
	if !sum.Passed() {
		return &base.ExitError{Code: 1, Msg: "the gpu check fails: see the checks above"}
	}
	return nil
}

// gpuCheckStep runs one step's 'run' in-process and returns its results
// file and, for the A/A, its verdicts. A step that ran but reported a
// failure (a benchmark that failed, a gate that failed) still returns
// its file.
func gpuCheckStep(ctx context.Context, stderr io.Writer, st gpucheck.Step, device, out string, progress bool) (*resultsfile.File, *compare.Report, error) {
	args := append(append([]string{}, st.Args...), "--progress=never", "-o", out)
	if device != "" {
		args = append(args, "--device", device)
	}
	p, _, err := runcmd.PlanArgs(args)
	if err != nil {
		return nil, nil, err
	}
	var h launch.Hooks
	if progress {
		h.Progress = runcmd.ProgressLine(stderr)
	}
	o, err := runcmd.InProcess(ctx, *p, h, io.Discard, "", io.Discard)
	if err != nil {
		var stopped *launch.StoppedError
		if errors.As(err, &stopped) {
			return nil, nil, fmt.Errorf("stopped: %w", runcmd.Error(err))
		}
		return nil, nil, runcmd.Error(err)
	}
	var rep *compare.Report
	if v := runcmd.UntilVerdict(p, o); v != nil {
		rep = v.Report
	}
	return o.File, rep, o.Err
}
