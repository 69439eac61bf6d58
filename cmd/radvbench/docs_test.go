package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/internal/docscheck"
)

// readmeFirstScreen is how many lines of README.md a newcomer sees first;
// every `radvbench COMMAND` shown in code there must exist.
const readmeFirstScreen = 60

// helpCommands runs `radvbench ARGS... --help` in-process and returns the
// names listed under its "Commands:" heading (none when it has none).
func helpCommands(t *testing.T, args ...string) map[string]bool {
	t.Helper()
	code, stdout, stderr := cli(t, append(args, "--help")...)
	if code != 0 {
		t.Fatalf("radvbench %s --help: exit %d, stderr %q", strings.Join(args, " "), code, stderr)
	}
	names := map[string]bool{}
	in := false
	for _, l := range strings.Split(stdout, "\n") {
		switch {
		case strings.TrimSpace(l) == "Commands:":
			in = true
		case in && strings.TrimSpace(l) == "":
			in = false
		case in:
			if f := strings.Fields(l); len(f) > 0 {
				names[f[0]] = true
			}
		}
	}
	return names
}

// checkCommands checks each command against `radvbench --help` and, when
// the command has subcommands, its second word against the command's
// --help.
func checkCommands(t *testing.T, file string, cmds []docscheck.Command) {
	t.Helper()
	top := helpCommands(t)
	if len(top) < 5 {
		t.Fatalf("radvbench --help lists %d commands (%v): the Commands: section was not found", len(top), top)
	}
	subs := map[string]map[string]bool{}
	for _, c := range cmds {
		name := c.Words[0]
		if !top[name] {
			t.Errorf("%s:%d: `radvbench %s` is not a command of `radvbench --help`", file, c.Line, name)
			continue
		}
		if len(c.Words) < 2 {
			continue
		}
		sub, ok := subs[name]
		if !ok {
			sub = helpCommands(t, name)
			subs[name] = sub
		}
		if len(sub) > 0 && !sub[c.Words[1]] {
			t.Errorf("%s:%d: `radvbench %s %s` is not a command of `radvbench %s --help`", file, c.Line, name, c.Words[1], name)
		}
	}
}

// TestReadmeCommands: every `radvbench COMMAND` in code on the README's
// first screen exists (the docs check of `make test`, with
// internal/docscheck's link check).
func TestReadmeCommands(t *testing.T) {
	md, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	cmds := docscheck.Commands(md, readmeFirstScreen)
	if len(cmds) == 0 {
		t.Fatalf("no `radvbench COMMAND` in code in the README's first %d lines: the front page should show one", readmeFirstScreen)
	}
	checkCommands(t, "README.md", cmds)
}

// TestDocsCommands: every `radvbench COMMAND [SUBCOMMAND]` shown in code
// anywhere in README.md and docs/ exists.
func TestDocsCommands(t *testing.T) {
	root := filepath.Join("..", "..")
	files, err := docscheck.Files(root)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, f := range files {
		md, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		cmds := docscheck.Commands(md, 0)
		total += len(cmds)
		checkCommands(t, f, cmds)
	}
	if total < 20 {
		t.Fatalf("found only %d commands in %d files: the command scanner is broken", total, len(files))
	}
}
