// Command radvbench runs precompiled SPIR-V GPU kernels through Vulkan,
// verifies and times them, and turns the results into verdicts, tables and
// charts. Each subcommand lives in its own file and registers itself; the
// whole CLI is reachable in-process through Main for tests.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	godebug "runtime/debug"
	"sort"
	"strings"
	"syscall"

	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/bench/supervise"
	commanddoc "github.com/radvbench/radvbench/docs/commands"
	"github.com/radvbench/radvbench/internal/termtext"
	"github.com/radvbench/radvbench/internal/usage"
	"github.com/spf13/pflag"
)

// command is one subcommand.
type command struct {
	name    string
	summary string
	// run executes the subcommand; args exclude the subcommand name.
	run func(ctx context.Context, stdout, stderr io.Writer, args []string) error
}

var commands = map[string]*command{}

// register adds a subcommand; each subcommand's file calls it from init.
func register(c *command) { commands[c.name] = c }

// usagef makes a usage or input error (usage.Error): exit status 2.
func usagef(format string, args ...any) error { return usage.Errorf(format, args...) }

// exitInterrupted is the exit status of a command a signal (SIGINT,
// SIGTERM) interrupted: 130, as a shell reports a Ctrl-C. A run's child
// exits with it too, so its parent tells an interrupt from a crash
// (supervise.ExitInterrupted).
const exitInterrupted = supervise.ExitInterrupted

// exitError carries a chosen exit status (e.g. 1 for "regression found")
// with an optional message.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// exitCode maps an error to the process exit status.
func exitCode(err error) int {
	var ee *exitError
	switch {
	case err == nil:
		return 0
	case usage.Is(err):
		return 2
	case errors.As(err, &ee):
		return ee.code
	default:
		return 1
	}
}

// newFlagSet returns a FlagSet for a subcommand whose --help prints usage,
// its description (docs/commands: commanddoc.Description of name, then
// more) and the flags.
func newFlagSet(name, usage string, stdout io.Writer, more ...string) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SortFlags = false
	fs.Usage = func() {
		description := commanddoc.Description(name) + strings.Join(more, "")
		fmt.Fprintf(stdout, "Usage: radvbench %s\n\n%s\n\nFlags:\n%s", usage, strings.TrimSpace(description), fs.FlagUsages())
	}
	return fs
}

// parseFlags parses args, turning pflag errors into usage errors and
// --help into a clean exit.
func parseFlags(fs *pflag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return errHelpShown // pflag has already called fs.Usage
		}
		return usagef("%s: %v (see 'radvbench %s --help')", fs.Name(), err, fs.Name())
	}
	return nil
}

// errHelpShown ends a subcommand after --help with status 0.
var errHelpShown = errors.New("help shown")

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "radvbench: verified, reproducible Vulkan compute and graphics benchmarks for AMD GPUs (RADV), checked on lavapipe.")
	fmt.Fprintln(w, "\nUsage: radvbench COMMAND [flags]\n\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-9s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'radvbench COMMAND --help' for a command's flags.")
}

// Main runs the CLI with args (without the program name) and returns the
// exit status. Errors are printed as one line on stderr.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) (code int) {
	debug := os.Getenv("RADVBENCH_DEBUG") != ""
	runner.SetDebug(debug)
	// No Go panic trace reaches the user: an internal error is one line
	// (RADVBENCH_DEBUG=1 adds the stack).
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(stderr, "radvbench: internal error: %v (please report it; RADVBENCH_DEBUG=1 shows where)\n", p)
			if debug {
				fmt.Fprintf(stderr, "%s", godebug.Stack())
			}
			code = 1
		}
	}()
	if len(args) == 0 {
		printUsage(stderr)
		return 2
	}
	switch args[0] {
	case "-h", "--help", "help":
		printUsage(stdout)
		return 0
	case "version", "--version":
		fmt.Fprintln(stdout, "radvbench", toolVersion().Version, toolVersion().Commit)
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "radvbench: unknown command %q; run 'radvbench --help' for the list\n", args[0])
		return 2
	}
	err := c.run(ctx, stdout, stderr, args[1:])
	if errors.Is(err, errHelpShown) {
		return 0
	}
	if err != nil && err.Error() != "" {
		fmt.Fprintf(stderr, "radvbench %s: %s\n", c.name, termtext.Escape(oneLine(err.Error())))
	}
	return exitCode(err)
}

// oneLine folds a multi-line error into one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", "; ")), " ")
}

// progName is this program as the user invoked it, for the command lines
// radvbench suggests: a relative path as typed ("./bin/radvbench" after
// 'make run'), else "radvbench" (found on PATH, or an absolute path, as
// a parent starts its child processes).
var progName = "radvbench"

func main() {
	if strings.Contains(os.Args[0], "/") && !filepath.IsAbs(os.Args[0]) {
		progName = os.Args[0]
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := Main(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// executable is the radvbench child processes run (tests running the CLI
// in-process set a built binary).
var executable = selfExecutable

// selfExecutable is this program's path (supervise.SelfExecutable: where
// /proc is not mounted, a chroot, the absolute path of os.Args[0]).
var selfExecutable = supervise.SelfExecutable
