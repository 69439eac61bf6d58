package bisect

import (
	"fmt"
	"os"

	"github.com/radvbench/radvbench/bench/supervise"
)

// Spec is how a bisection's candidates are given: the good and the bad
// end and those between them as NAME[:ENV=VALUE,...] specs (Between, or
// a list file of them), or a file of revisions that Prepare builds.
type Spec struct {
	// Good and Bad are the ends; empty, they are the first and the last
	// of the list.
	Good, Bad string
	// Between are the candidates between the ends, in order.
	Between []string
	// ListFile is a file of specs, one a line (ReadList), in place of
	// Between.
	ListFile string
	// Revisions is a file of revisions, one a line, the good first and
	// the bad last, in place of every spec; Prepare says a preparation
	// command is given, which revisions need.
	Revisions string
	Prepare   bool
	// Step is a single gate: the good end and one candidate.
	Step bool
}

// SpecProblem is what Candidates refuses in a Spec.
type SpecProblem string

const (
	// SpecBothLists: Between and ListFile both list candidates.
	SpecBothLists SpecProblem = "both lists"
	// SpecRevisions: revisions without a preparation (or one without
	// revisions), or revisions with specs or in a single step.
	SpecRevisions SpecProblem = "revisions"
	// SpecStepNeedsOne: a single step without the good end and exactly
	// one candidate, or with a bad end.
	SpecStepNeedsOne SpecProblem = "step needs one"
	// SpecNeedGoodAndBad: fewer than two candidates.
	SpecNeedGoodAndBad SpecProblem = "need good and bad"
	// SpecRead: a file (Path) could not be read; Err says why.
	SpecRead SpecProblem = "read"
	// SpecBadRevisions: the revisions (Path) do not make a bisection
	// (Check's *InputError in Err).
	SpecBadRevisions SpecProblem = "bad revisions"
	// SpecBadCandidate: a spec does not parse (supervise's *ConfigError
	// in Err).
	SpecBadCandidate SpecProblem = "bad candidate"
)

// SpecError is a Spec Candidates refuses: the problem, the file at fault
// where there is one, and the underlying error where there is one.
type SpecError struct {
	Problem SpecProblem
	Path    string
	Err     error
}

func (e *SpecError) Error() string {
	switch e.Problem {
	case SpecBothLists:
		return "both a list file and listed candidates: give one"
	case SpecRevisions:
		return "revisions and a preparation go together, instead of specs (and not in a single step)"
	case SpecStepNeedsOne:
		return "a single step gates one candidate: give the good end and one candidate"
	case SpecNeedGoodAndBad:
		return "a bisection needs a good and a bad candidate"
	case SpecRead, SpecBadRevisions:
		return fmt.Sprintf("%s: %v", e.Path, e.Err)
	}
	return fmt.Sprintf("candidate %v", e.Err)
}

func (e *SpecError) Unwrap() error { return e.Err }

// Candidates reads the files the Spec names and returns its candidates,
// the good first and the bad last, or a *SpecError. Candidates of specs
// are Prepared; those of revisions are not (Name from RevName, Rev the
// revision).
func (s Spec) Candidates() ([]Candidate, error) {
	specs := s.Between
	var err error
	switch {
	case s.ListFile != "" && len(specs) > 0:
		return nil, &SpecError{Problem: SpecBothLists}
	case s.ListFile != "":
		if specs, err = readFile(s.ListFile); err != nil {
			return nil, err
		}
	}
	if (s.Revisions == "") == s.Prepare || (s.Revisions != "" && (len(specs) > 0 || s.Good != "" || s.Bad != "" || s.Step)) {
		return nil, &SpecError{Problem: SpecRevisions}
	}
	var cs []Candidate
	if s.Revisions != "" {
		revs, err := readFile(s.Revisions)
		if err != nil {
			return nil, err
		}
		for _, r := range revs {
			cs = append(cs, Candidate{Name: RevName(r), Rev: r})
		}
		if err := Check(cs); err != nil {
			return nil, &SpecError{Problem: SpecBadRevisions, Path: s.Revisions, Err: err}
		}
		return cs, nil
	}
	if s.Step && (s.Good == "" || len(specs) != 1 || s.Bad != "") {
		return nil, &SpecError{Problem: SpecStepNeedsOne}
	}
	if specs = append(append([]string{s.Good}, specs...), s.Bad); s.Good == "" {
		specs = specs[1:]
	}
	if s.Bad == "" {
		specs = specs[:len(specs)-1]
	}
	if len(specs) < 2 {
		return nil, &SpecError{Problem: SpecNeedGoodAndBad}
	}
	configs, err := supervise.ParseConfigs(specs)
	if err != nil {
		return nil, &SpecError{Problem: SpecBadCandidate, Err: err}
	}
	for _, c := range configs {
		cs = append(cs, Candidate{Name: c.Name, Env: c.Env, Prepared: true})
	}
	return cs, nil
}

// readFile is ReadList of the file at path, its errors a *SpecError.
func readFile(path string) ([]string, error) {
	fl, err := os.Open(path)
	if err == nil {
		defer fl.Close()
		var l []string
		if l, err = ReadList(fl); err == nil {
			return l, nil
		}
	}
	return nil, &SpecError{Problem: SpecRead, Path: path, Err: err}
}
