package pairing

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/termtext"
)

// InputProblem says why LoadInputs refused a path it could read.
type InputProblem int

const (
	// InputNoResults: the file holds no benchmark results (an
	// interrupted run, or a filter that matched nothing).
	InputNoResults InputProblem = iota + 1
)

// LoadInputError is LoadInputs' answer to a path that is not a results
// file with something to judge; callers word it with errors.As.
type LoadInputError struct {
	Path    string
	Problem InputProblem
}

func (e *LoadInputError) Error() string {
	switch e.Problem {
	case InputNoResults:
		return fmt.Sprintf("%s holds no benchmark results", termtext.Escape(e.Path))
	}
	return fmt.Sprintf("%s: unusable input", termtext.Escape(e.Path))
}

// LoadInputs reads the results file at each path, in order. A file with
// no results is a *LoadInputError; a path resultsfile.Load refuses (a
// directory included: resultsfile.LoadIsDir) returns its error as it is (a
// *resultsfile.LoadError where typed).
// The inputs are named by their base names when those tell the files
// apart, else by their paths.
func LoadInputs(paths []string) ([]Input, error) {
	var inputs []Input
	for _, p := range paths {
		rf, err := resultsfile.Load(p)
		if err != nil {
			return nil, err
		}
		if len(rf.Results) == 0 {
			return nil, &LoadInputError{Path: p, Problem: InputNoResults}
		}
		inputs = append(inputs, Input{Name: p, File: rf})
	}
	// Show base names when they tell the files apart, else the paths.
	seen := map[string]bool{}
	for _, in := range inputs {
		seen[filepath.Base(in.Name)] = true
	}
	if len(seen) == len(inputs) {
		for i := range inputs {
			inputs[i].Name = filepath.Base(inputs[i].Name)
		}
	}
	return inputs, nil
}

// PoolSides pools inputs into two sides for 'compare A B -- C D': those
// before dash (an index into inputs) form the baseline, the rest the new
// side. Each input's Group is set to its side's name (SideName), with a
// "base: " and "new: " prefix when the names are the same; the
// baseline's is returned.
func PoolSides(inputs []Input, dash int) (baseline string) {
	base, next := SideName(inputs[:dash]), SideName(inputs[dash:])
	if base == next {
		base, next = "base: "+base, "new: "+next
	}
	for i := range inputs {
		inputs[i].Group = next
		if i < dash {
			inputs[i].Group = base
		}
	}
	return base
}

// SideName names a side of pooled inputs (compare A B -- C D): their
// names joined by "+", or the first two and a count beyond three.
func SideName(ins []Input) string {
	names := make([]string, len(ins))
	for i, in := range ins {
		names[i] = in.Name
	}
	if len(ins) > 3 {
		return fmt.Sprintf("%s+%s+… (%d files)", names[0], names[1], len(ins))
	}
	return strings.Join(names, "+")
}
