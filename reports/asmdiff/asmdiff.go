// Package asmdiff shows how the assembly of one pipeline changed between
// two builds (two isa files, or two assembly directories of 'radvbench
// isa'): a unified diff of the listings, by default without the
// instruction encodings RADV prints after ';' (a branch that moves changes
// every encoding after it, not the instructions). Pure Go.
//
// The diff is a longest-common-subsequence diff over lines, written here:
// no diff library is in radvbench's module graph, and the listings are
// small (radvbench's largest is about 3000 lines).
package asmdiff

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// MaxCells bounds the work of one diff (lines of a times lines of b,
// after the common start and end are set aside).
const MaxCells = 25_000_000

// ErrTooLarge reports listings too large to diff within MaxCells.
var ErrTooLarge = errors.New("the listings are too large to diff")

// StripEncodings removes what follows ';' on each line (RADV's
// instruction encodings) and trailing blanks.
func StripEncodings(asm string) string {
	lines := strings.Split(asm, "\n")
	for i, l := range lines {
		if j := strings.IndexByte(l, ';'); j >= 0 {
			l = l[:j]
		}
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.Join(lines, "\n")
}

// Unified returns the unified diff of a and b (named aName and bName in
// its header) with context lines of context around each change; "" when
// they are equal.
func Unified(aName, bName, a, b string, context int) (string, error) {
	al, bl := splitLines(a), splitLines(b)
	ops, err := script(al, bl)
	if err != nil {
		return "", err
	}
	changed := false
	for _, o := range ops {
		changed = changed || o.kind != ' '
	}
	if !changed {
		return "", nil
	}
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", aName, bName)
	// Hunks: runs of changes with up to 2*context equal lines between.
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-context, 0)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			eq := end
			for eq < len(ops) && ops[eq].kind == ' ' {
				eq++
			}
			if eq == len(ops) || eq-end > 2*context {
				end = min(end+context, len(ops))
				break
			}
			end = eq
		}
		writeHunk(&out, ops[start:end])
		i = end
	}
	return out.String(), nil
}

// op is one line of the edit script: ' ' kept, '-' removed, '+' added,
// with its line numbers (1-based) in a and b.
type op struct {
	kind   byte
	text   string
	ai, bi int
}

func writeHunk(out *strings.Builder, ops []op) {
	var aStart, bStart, aLen, bLen int
	for _, o := range ops {
		if o.kind != '+' {
			if aLen == 0 {
				aStart = o.ai
			}
			aLen++
		}
		if o.kind != '-' {
			if bLen == 0 {
				bStart = o.bi
			}
			bLen++
		}
	}
	// An empty side starts after the line before the hunk.
	if aLen == 0 {
		aStart = ops[0].ai - 1
	}
	if bLen == 0 {
		bStart = ops[0].bi - 1
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", rng(aStart, aLen), rng(bStart, bLen))
	for _, o := range ops {
		out.WriteByte(o.kind)
		out.WriteString(o.text)
		out.WriteByte('\n')
	}
}

func rng(start, n int) string {
	if n == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}

func splitLines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// script is the edit script from a to b: the common start and end, and
// between them a longest common subsequence by dynamic programming.
func script(a, b []string) ([]op, error) {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	if len(ma)*len(mb) > MaxCells {
		return nil, fmt.Errorf("%w (%d and %d differing lines)", ErrTooLarge, len(ma), len(mb))
	}
	var ops []op
	for i := 0; i < pre; i++ {
		ops = append(ops, op{' ', a[i], i + 1, i + 1})
	}
	// lcs[i][j]: the LCS length of ma[i:] and mb[j:].
	n, m := len(ma), len(mb)
	lcs := make([]int32, (n+1)*(m+1))
	at := func(i, j int) int32 { return lcs[i*(m+1)+j] }
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			v := max(at(i+1, j), at(i, j+1))
			if ma[i] == mb[j] {
				v = at(i+1, j+1) + 1
			}
			lcs[i*(m+1)+j] = v
		}
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && ma[i] == mb[j]:
			ops = append(ops, op{' ', ma[i], pre + i + 1, pre + j + 1})
			i, j = i+1, j+1
		case i < n && (j == m || at(i+1, j) >= at(i, j+1)):
			ops = append(ops, op{'-', ma[i], pre + i + 1, pre + j + 1})
			i++
		default:
			ops = append(ops, op{'+', mb[j], pre + i + 1, pre + j + 1})
			j++
		}
	}
	for k := 0; k < suf; k++ {
		ai, bi := len(a)-suf+k, len(b)-suf+k
		ops = append(ops, op{' ', a[ai], ai + 1, bi + 1})
	}
	return ops, nil
}

// Side is one build: an isa file and the directory its assembly was
// saved in ('radvbench isa' wrote ExecutableStats.Asm relative to it).
type Side struct {
	Name string
	File *resultsfile.File
	Dir  string
}

// Pipeline returns the unified diff of one executable's assembly between
// two builds: key is the benchmark as compare names it (Result.ID() and
// "@target"), pipeline and executable as the isa file names them
// ("matmul_tiled.comp", "compute"). keepEncodings keeps RADV's encodings.
func Pipeline(old, new Side, key, pipeline, executable string, context int, keepEncodings bool) (string, error) {
	a, aPath, err := listing(old, key, pipeline, executable)
	if err != nil {
		return "", err
	}
	b, bPath, err := listing(new, key, pipeline, executable)
	if err != nil {
		return "", err
	}
	if !keepEncodings {
		a, b = StripEncodings(a), StripEncodings(b)
	}
	return Unified(aPath, bPath, a, b, context)
}

// NoAssemblyError is an executable of an isa file whose assembly was not
// saved (the run that wrote the file had no assembly directory): there is
// nothing to diff until it is compiled again with one.
type NoAssemblyError struct {
	// File is the isa file (Side.Name); Key the benchmark (ID@target).
	File, Key            string
	Pipeline, Executable string
}

func (e *NoAssemblyError) Error() string {
	return fmt.Sprintf("%s: %s %s %s has no saved assembly", e.File, e.Key, e.Pipeline, e.Executable)
}

// listing reads the saved assembly of one executable of one side.
func listing(s Side, key, pipeline, executable string) (text, path string, err error) {
	if s.File.Kind() != resultsfile.KindISA {
		return "", "", fmt.Errorf("%s is %s: assembly diffs need isa files", s.Name, resultsfile.KindName(s.File.Kind()))
	}
	for i := range s.File.Results {
		r := &s.File.Results[i]
		if r.ID()+"@"+r.Config != key {
			continue
		}
		var names []string
		for _, p := range r.Pipelines {
			for _, e := range p.Executables {
				names = append(names, p.Name+" "+e.Name)
				if p.Name != pipeline || e.Name != executable {
					continue
				}
				if e.Asm == "" {
					return "", "", &NoAssemblyError{File: s.Name, Key: key, Pipeline: pipeline, Executable: executable}
				}
				path := filepath.Join(s.Dir, e.Asm)
				data, err := os.ReadFile(path)
				if err != nil {
					return "", "", fmt.Errorf("%s: read the assembly of %s %s %s: %w", s.Name, key, pipeline, executable, err)
				}
				return string(data), path, nil
			}
		}
		return "", "", fmt.Errorf("%s: %s has no executable %q of pipeline %q (it has: %s)", s.Name, key, executable, pipeline, strings.Join(names, ", "))
	}
	return "", "", fmt.Errorf("%s has no benchmark %s (write it as compare does: ID@target)", s.Name, key)
}

// OnlyExecutable is the name of the one executable of pipeline in the
// benchmark key (ID@target) of f, for a diff that names none; several
// are an error naming them.
func OnlyExecutable(f *resultsfile.File, key, pipeline string) (string, error) {
	for _, r := range f.Results {
		if r.ID()+"@"+r.Config != key {
			continue
		}
		for _, p := range r.Pipelines {
			if p.Name != pipeline {
				continue
			}
			if len(p.Executables) == 1 {
				return p.Executables[0].Name, nil
			}
			var names []string
			for _, e := range p.Executables {
				names = append(names, e.Name)
			}
			return "", fmt.Errorf("pipeline %s of %s has %d executables (%s): name one", pipeline, key, len(names), strings.Join(names, ", "))
		}
		var names []string
		for _, p := range r.Pipelines {
			names = append(names, p.Name)
		}
		return "", fmt.Errorf("%s has no pipeline %q (it has: %s)", key, pipeline, strings.Join(names, ", "))
	}
	return "", fmt.Errorf("no benchmark %s (write it as compare does: ID@target)", key)
}
