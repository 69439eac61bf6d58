// Command bisectcheck checks that a bisection finds a planted slowdown
// beside a bursty memory neighbour: it makes a throwaway git repository
// of candidate commits, each holding a radvbench build (a wrapper script
// around the radvbench given, which from the commit -slow-from on runs it
// under GALLIVM_PERF=nopt: llvmpipe without LLVM's optimisation passes,
// the naive GEMM about 80% slower), and bisects it -bisections times
// with the real command, as docs/bisect.md presents it: `git bisect run
// radvbench bisect step --good good:RADVBENCH_EXE=... --candidate
// cK:RADVBENCH_EXE=$PWD/radvbench` (-mode git), or `radvbench bisect
// --candidates FILE` (-mode list). A synthetic neighbour
// (ci/internal/neighbour) runs throughout. It prints, for each
// bisection, the commit found, its steps and its wall time, and exits 1
// when any bisection misses the first slow commit.
//
// It is a check, not a test: it takes minutes, and it needs lavapipe.
//
//	go run ./ci/bisectcheck [flags] RADVBENCH
//	make bisect-check   (builds bin/radvbench; BISECT_CHECK_ARGS adds flags)
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/radvbench/radvbench/ci/internal/neighbour"
)

type usageError struct{ error }

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "bisectcheck:", err)
		var u usageError
		if errors.As(err, &u) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// config is the check's flags.
type config struct {
	exe                           string
	bisections, candidates, slow  int
	mode                          string
	suite, filter, sizes, out, nb string
	threshold                     float64
	budget                        time.Duration
	neighbour                     *neighbour.Spec
}

// parseArgs reads the flags and the radvbench binary.
func parseArgs(args []string, stderr io.Writer) (*config, error) {
	c := &config{}
	fs := flag.NewFlagSet("bisectcheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&c.bisections, "bisections", 3, "bisections to run")
	fs.IntVar(&c.candidates, "candidates", 7, "candidate commits, the good end (c0) and the bad end included")
	fs.IntVar(&c.slow, "slow-from", 4, "the first slow candidate (its position, from 0 the good end)")
	fs.StringVar(&c.mode, "mode", "git", "git: git bisect run radvbench bisect step; list: radvbench bisect --candidates")
	fs.StringVar(&c.suite, "suite", "matmul", "each gate's --suite")
	fs.StringVar(&c.filter, "filter", "naive", "each gate's --filter (a few quick benchmarks)")
	fs.StringVar(&c.sizes, "sizes", "64", "each gate's --sizes")
	fs.Float64Var(&c.threshold, "threshold", 25, "each gate's --threshold (percent)")
	fs.DurationVar(&c.budget, "budget", 90*time.Second, "each gate's --budget")
	fs.StringVar(&c.nb, "neighbour", neighbour.Default, "the synthetic neighbour: ON_MS,OFF_MS,THREADS (bursts of copying 256 MiB buffers; 'off' for none)")
	fs.StringVar(&c.out, "o", "bisectcheck-out", "directory for the repository, the steps' files and the logs")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: go run ./ci/bisectcheck [flags] RADVBENCH\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return nil, usageError{err}
	}
	switch {
	case fs.NArg() != 1:
		return nil, usageError{errors.New("give the radvbench binary to bisect with, e.g. bin/radvbench (make bisect-check builds it)")}
	case c.bisections < 1:
		return nil, usageError{fmt.Errorf("-bisections %d: at least 1", c.bisections)}
	case c.candidates < 3:
		return nil, usageError{fmt.Errorf("-candidates %d: at least 3 (a good end, one between, a bad end)", c.candidates)}
	case c.slow < 1 || c.slow >= c.candidates:
		return nil, usageError{fmt.Errorf("-slow-from %d: a position from 1 to %d (-candidates %d; 0 is the good end)", c.slow, c.candidates-1, c.candidates)}
	case c.mode != "git" && c.mode != "list":
		return nil, usageError{fmt.Errorf("-mode %q: use git or list", c.mode)}
	case c.budget <= 0:
		return nil, usageError{fmt.Errorf("-budget %v: give each gate some time, e.g. 90s", c.budget)}
	}
	exe, err := filepath.Abs(fs.Arg(0))
	if err != nil {
		return nil, err
	}
	if st, err := os.Stat(exe); err != nil || !st.Mode().IsRegular() || st.Mode()&0o111 == 0 {
		return nil, usageError{fmt.Errorf("%s is not an executable file: give the radvbench binary (make build writes bin/radvbench)", fs.Arg(0))}
	}
	c.exe = exe
	if c.neighbour, err = neighbour.Parse(c.nb); err != nil {
		return nil, usageError{err}
	}
	if c.out, err = filepath.Abs(c.out); err != nil {
		return nil, err
	}
	return c, nil
}

// gateArgs are the flags every gate gets.
func (c *config) gateArgs() []string {
	return []string{"--suite", c.suite, "--filter", c.filter, "--sizes", c.sizes, "--quick",
		"--threshold", fmt.Sprint(c.threshold), "--budget", c.budget.String()}
}

// name is candidate i's name (and its commit's subject).
func name(i int) string { return fmt.Sprintf("c%d", i) }

func run(args []string, stdout io.Writer) error {
	c, err := parseArgs(args, os.Stderr)
	if err != nil {
		return err
	}
	if err := os.RemoveAll(c.out); err != nil {
		return err
	}
	if err := os.MkdirAll(c.out, 0o755); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	r, err := makeRepo(ctx, c)
	if err != nil {
		return err
	}
	nb := "no neighbour"
	if c.neighbour != nil {
		nb = "beside " + c.neighbour.String()
	}
	fmt.Fprintf(stdout, "%d bisection(s) of %d candidates, slow (GALLIVM_PERF=nopt) from %s, -mode %s, %s; gates: %s\n",
		c.bisections, c.candidates, name(c.slow), c.mode, nb, strings.Join(c.gateArgs(), " "))
	defer neighbour.Start(c.neighbour)()
	var outs []outcome
	for n := 1; n <= c.bisections; n++ {
		var o outcome
		if c.mode == "git" {
			o, err = r.gitBisect(ctx, c, n)
		} else {
			o, err = r.listBisect(ctx, c, n)
		}
		if err != nil {
			return err
		}
		outs = append(outs, o)
		fmt.Fprintln(stdout, o.line(n, name(c.slow)))
	}
	found := summarize(stdout, outs, name(c.slow))
	if found < len(outs) {
		return fmt.Errorf("%d of %d bisection(s) missed %s (logs in %s)", len(outs)-found, len(outs), name(c.slow), c.out)
	}
	return nil
}

// summarize prints how many bisections found want and their times, and
// returns how many found it.
func summarize(w io.Writer, outs []outcome, want string) int {
	found := 0
	var secs []float64
	for _, o := range outs {
		if o.Found == want {
			found++
		}
		secs = append(secs, o.Seconds)
	}
	slices.Sort(secs)
	fmt.Fprintf(w, "found %s in %d of %d bisection(s); wall time min %.0f s, median %.0f s, max %.0f s\n",
		want, found, len(outs), secs[0], secs[len(secs)/2], secs[len(secs)-1])
	return found
}
