// Command radvbench runs precompiled SPIR-V GPU kernels through Vulkan,
// verifies and times them, and turns the results into verdicts, tables and
// charts. main is the dispatcher: each subcommand lives in its own
// package under cmd/radvbench/internal/<command> (internal/base holds
// what they share, as cmd/go's internal/base does); the whole CLI is
// reachable in-process through Main for tests.
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
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/bisectcmd"
	comparecmd "github.com/radvbench/radvbench/cmd/radvbench/internal/compare"
	devicescmd "github.com/radvbench/radvbench/cmd/radvbench/internal/devices"
	doctorcmd "github.com/radvbench/radvbench/cmd/radvbench/internal/doctor"
	exportcmd "github.com/radvbench/radvbench/cmd/radvbench/internal/export"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/gpucheckcmd"
	historycmd "github.com/radvbench/radvbench/cmd/radvbench/internal/history"
	isacmd "github.com/radvbench/radvbench/cmd/radvbench/internal/isa"
	listcmd "github.com/radvbench/radvbench/cmd/radvbench/internal/list"
	noisecmd "github.com/radvbench/radvbench/cmd/radvbench/internal/noise"
	reportcmd "github.com/radvbench/radvbench/cmd/radvbench/internal/report"
	runcmd "github.com/radvbench/radvbench/cmd/radvbench/internal/run"
	sysinfocmd "github.com/radvbench/radvbench/cmd/radvbench/internal/sysinfo"
	tunecmd "github.com/radvbench/radvbench/cmd/radvbench/internal/tune"
	"github.com/radvbench/radvbench/internal/termtext"
)

// commands are the subcommands by name.
var commands = map[string]*base.Command{}

// register adds a subcommand (tests add test-only ones).
func register(c *base.Command) { commands[c.Name] = c }

func init() {
	for _, c := range []*base.Command{
		bisectcmd.Cmd,
		comparecmd.Cmd,
		devicescmd.Cmd,
		doctorcmd.Cmd,
		exportcmd.Cmd,
		gpucheckcmd.Cmd,
		historycmd.Cmd,
		isacmd.Cmd,
		listcmd.Cmd,
		noisecmd.Cmd,
		reportcmd.Cmd,
		runcmd.Cmd,
		sysinfocmd.Cmd,
		tunecmd.Cmd,
	} {
		register(c)
	}
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "radvbench: verified, reproducible Vulkan compute and graphics benchmarks for AMD GPUs (RADV), checked on lavapipe.")
	fmt.Fprintln(w, "\nUsage: radvbench COMMAND [flags]\n\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-9s %s\n", n, commands[n].Summary)
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
		fmt.Fprintln(stdout, "radvbench", base.ToolVersion().Version, base.ToolVersion().Commit)
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "radvbench: unknown command %q; run 'radvbench --help' for the list\n", args[0])
		return 2
	}
	err := c.Run(ctx, stdout, stderr, args[1:])
	if errors.Is(err, base.ErrHelpShown) {
		return 0
	}
	if err != nil && err.Error() != "" {
		fmt.Fprintf(stderr, "radvbench %s: %s\n", c.Name, termtext.Escape(base.OneLine(err.Error())))
	}
	return base.ExitCode(err)
}

func main() {
	if strings.Contains(os.Args[0], "/") && !filepath.IsAbs(os.Args[0]) {
		base.ProgName = os.Args[0]
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := Main(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
