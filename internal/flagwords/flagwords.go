// Package flagwords keeps the CLI's words out of the library packages.
//
// The rule (cmd/radvbench/internal/advice): the packages under bench/, core/ and
// reports/ return typed errors and data (warning kinds with their
// figures); the CLI adds what to do about them, in the words of its
// flags and commands, in one place. A library message that says "pass
// --force" or "radvbench run --runs 5" goes stale the day a flag is
// renamed, and reads wrong to any other caller of the package.
//
// Scan finds such messages: it parses Go files with go/parser and
// reports every string literal (interpreted or raw) that names a flag
// (--word) or a radvbench command line (radvbench COMMAND). Comments
// are not looked at: they may name flags freely. The test of this
// package runs it over bench/, core/ and reports/ with a short allow-list.
package flagwords

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Commands are radvbench's subcommands (cmd/radvbench's TestFlagwordsCommands
// checks this list against the commands the CLI registers).
var Commands = []string{"bisect", "compare", "devices", "doctor", "export", "gpu-check", "history", "isa", "list", "noise", "report", "run", "sysinfo", "tune"}

var (
	// flagRE is a long flag: two dashes and a lower-case letter, not
	// inside a word ("x--y") or a longer run of dashes.
	flagRE = regexp.MustCompile(`(?:^|[^A-Za-z0-9_-])(--[a-z])`)
	// commandRE is a radvbench command line: the program and a command.
	commandRE = regexp.MustCompile(`\bradvbench (` + strings.Join(Commands, "|") + `)\b`)
)

// Finding is one string literal that speaks the CLI's language.
type Finding struct {
	File    string // relative to the root given to Scan, with forward slashes
	Line    int
	Literal string // the literal's value (unquoted)
	Match   string // what matched: "--x" or "radvbench COMMAND"
}

func (f Finding) String() string {
	return fmt.Sprintf("%s:%d: %q names %q", f.File, f.Line, clip(f.Literal, 100), f.Match)
}

// Match returns the first flag or command line in s, or "".
func Match(s string) string {
	if m := flagRE.FindStringSubmatch(s); m != nil {
		return m[1]
	}
	return commandRE.FindString(s)
}

// Scan parses every non-test .go file under root/dir for each dir (testdata
// directories skipped) and returns the string literals Match finds
// something in, sorted by file and line.
func Scan(root string, dirs ...string) ([]Finding, error) {
	var out []Finding
	for _, dir := range dirs {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if d.Name() == "testdata" {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			fnd, err := scanFile(path, filepath.ToSlash(rel))
			if err != nil {
				return err
			}
			out = append(out, fnd...)
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("scan %s: %w", dir, err)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return out[i].Line < out[j].Line
	})
	return out, nil
}

// scanFile parses one file and returns its findings, named rel.
func scanFile(path, rel string) ([]Finding, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("parse: %w", err)
	}
	var out []Finding
	var bad error
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING || bad != nil {
			return bad == nil
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			bad = fmt.Errorf("%s: unquote %s: %w", fset.Position(lit.Pos()), clip(lit.Value, 40), err)
			return false
		}
		if m := Match(s); m != "" {
			out = append(out, Finding{File: rel, Line: fset.Position(lit.Pos()).Line, Literal: s, Match: m})
		}
		return true
	})
	return out, bad
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
