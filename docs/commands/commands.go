// Package commands holds the description every radvbench command's
// --help prints, one plain-text file per command beside this one
// (NAME.txt; a subcommand's name joined by '-': history-import.txt), so
// the command reference reads in docs/ as the program prints it. A
// command's flags are described by their own lines, in cmd/radvbench.
package commands

import (
	"embed"
	"fmt"
	"strings"
)

//go:embed *.txt
var files embed.FS

// Description is the description of the command name ("run", "history
// import"), without its surrounding blank lines. It panics when the
// command has no file: a build mistake, which the help golden test of
// every command (cmd/radvbench) catches.
func Description(name string) string {
	b, err := files.ReadFile(strings.ReplaceAll(name, " ", "-") + ".txt")
	if err != nil {
		panic(fmt.Sprintf("no description of the command %q in docs/commands: %v", name, err))
	}
	return strings.TrimSpace(string(b))
}
