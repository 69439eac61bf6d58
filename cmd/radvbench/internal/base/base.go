// Package base holds what every radvbench command shares, as cmd/go's
// internal/base does for the go command: the Command value main
// dispatches to, each command's flag set and its --help, usage errors and
// the exit statuses, the program name and path the commands print and
// run, this build's identity (ToolVersion; 'make build' stamps its
// commit) and the --json writer.
package base

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/core/resultsfile"
	commanddoc "github.com/radvbench/radvbench/docs/commands"
	"github.com/radvbench/radvbench/internal/buildinfo"
	"github.com/radvbench/radvbench/internal/usage"
	"github.com/spf13/pflag"
)

// Command is one subcommand.
type Command struct {
	Name    string
	Summary string
	// Run executes the subcommand; args exclude the subcommand name.
	Run func(ctx context.Context, stdout, stderr io.Writer, args []string) error
}

// Usagef makes a usage or input error (usage.Error): exit status 2.
func Usagef(format string, args ...any) error { return usage.Errorf(format, args...) }

// ExitInterrupted is the exit status of a command a signal (SIGINT,
// SIGTERM) interrupted: 130, as a shell reports a Ctrl-C. A run's child
// exits with it too, so its parent tells an interrupt from a crash
// (supervise.ExitInterrupted).
const ExitInterrupted = supervise.ExitInterrupted

// ExitError carries a chosen exit status (e.g. 1 for "regression found")
// with an optional message.
type ExitError struct {
	Code int
	Msg  string
}

func (e *ExitError) Error() string { return e.Msg }

// ExitCode maps an error to the process exit status.
func ExitCode(err error) int {
	var ee *ExitError
	switch {
	case err == nil:
		return 0
	case usage.Is(err):
		return 2
	case errors.As(err, &ee):
		return ee.Code
	default:
		return 1
	}
}

// NewFlagSet returns a FlagSet for a subcommand whose --help prints usage,
// its description (docs/commands: commanddoc.Description of name, then
// more) and the flags.
func NewFlagSet(name, usage string, stdout io.Writer, more ...string) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SortFlags = false
	fs.Usage = func() {
		description := commanddoc.Description(name) + strings.Join(more, "")
		fmt.Fprintf(stdout, "Usage: radvbench %s\n\n%s\n\nFlags:\n%s", usage, strings.TrimSpace(description), fs.FlagUsages())
	}
	return fs
}

// ParseFlags parses args, turning pflag errors into usage errors and
// --help into a clean exit.
func ParseFlags(fs *pflag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return ErrHelpShown // pflag has already called fs.Usage
		}
		return Usagef("%s: %v (see 'radvbench %s --help')", fs.Name(), err, fs.Name())
	}
	return nil
}

// ErrHelpShown ends a subcommand after --help with status 0.
var ErrHelpShown = errors.New("help shown")

// OneLine folds a multi-line error into one line.
func OneLine(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", "; ")), " ")
}

// ProgName is this program as the user invoked it, for the command lines
// radvbench suggests: a relative path as typed ("./bin/radvbench" after
// 'make run'), else "radvbench" (found on PATH, or an absolute path, as
// a parent starts its child processes). main sets it.
var ProgName = "radvbench"

// Executable is the radvbench child processes run (tests running the CLI
// in-process set a built binary).
var Executable = SelfExecutable

// SelfExecutable is this program's path (supervise.SelfExecutable: where
// /proc is not mounted, a chroot, the absolute path of os.Args[0]).
var SelfExecutable = supervise.SelfExecutable

// WriteJSON writes v as indented JSON, the --json output of the commands
// that offer it.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// version is the radvbench release; set with -ldflags
// "-X github.com/radvbench/radvbench/cmd/radvbench/internal/base.version=...".
var version = "0.1.0-dev"

// commit is the git commit, set by 'make build' (-X
// github.com/radvbench/radvbench/cmd/radvbench/internal/base.commit=...)
// for builds where the Go toolchain does not stamp VCS information
// (GOFLAGS=-buildvcs=false, builds outside the checkout).
var commit = ""

// ToolVersion identifies this build: version, VCS commit (from the Go
// build info, "-dirty" when the tree had changes, else commit) and Go
// version.
func ToolVersion() resultsfile.Tool { return buildinfo.Tool(version, commit) }
