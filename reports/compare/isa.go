package compare

// Isa files ('radvbench isa') are compared exactly, not as timings: this
// package groups them as it groups run files, and reports/codecompare
// compares the groups key by key.

import (
	"errors"
	"fmt"
	"strings"

	"github.com/radvbench/radvbench/core/results"
	"github.com/radvbench/radvbench/reports/codecompare"
)

// KindError reports inputs of different kinds (run results and isa
// files): their figures cannot be compared. It is a usage error.
type KindError struct {
	// Run and ISA name the inputs of each kind.
	Run, ISA []string
}

func (e *KindError) Error() string {
	return fmt.Sprintf("cannot compare %s (%s) with %s (%s): compare run files with run files and isa files with isa files",
		strings.Join(e.ISA, ", "), results.KindName(results.KindISA), strings.Join(e.Run, ", "), results.KindName(results.KindRun))
}

// Kind returns the kind the inputs share (results.KindRun or
// results.KindISA), or a *KindError when they mix.
func Kind(inputs []Input) (string, error) {
	var e KindError
	for _, in := range inputs {
		if in.File.Kind() == results.KindISA {
			e.ISA = append(e.ISA, in.Name)
		} else {
			e.Run = append(e.Run, in.Name)
		}
	}
	switch {
	case len(e.ISA) > 0 && len(e.Run) > 0:
		return "", &e
	case len(e.ISA) > 0:
		return results.KindISA, nil
	}
	return results.KindRun, nil
}

// errISAInputs is Compare's answer to isa files.
var errISAInputs = errors.New("these are isa files: compare them with CompareISA, exactly, not as timings")

// CompareISA compares isa files: groups are formed as in Compare (each
// input, or by a key: "driver" pairs two Mesa versions, "config" one
// target with another), every non-baseline group is compared with the
// baseline key by key, exactly (codecompare.CompareISA). Errors are input
// or usage errors; inputs that are not all isa files are a *KindError (or
// an error for run files).
func CompareISA(inputs []Input, opt Options) (*codecompare.ISAReport, error) {
	if len(inputs) == 0 {
		return nil, fmt.Errorf("no isa files to compare")
	}
	kind, err := Kind(inputs)
	if err != nil {
		return nil, err
	}
	if kind != results.KindISA {
		return nil, fmt.Errorf("%s is %s: compare it with Compare", inputs[0].Name, results.KindName(kind))
	}
	inputs, dupNotes, err := Dedupe(inputs, opt.By)
	if err != nil {
		return nil, err
	}
	ordered, err := orderedGroups(inputs, opt, "isa files")
	if err != nil {
		return nil, err
	}
	sides := make([]codecompare.Side, len(ordered))
	for i, g := range ordered {
		s := codecompare.Side{Name: displayGroup(g.name), Files: g.files, Results: map[string]*results.Result{}}
		for _, in := range g.inputs {
			s.Inputs = append(s.Inputs, in.File)
		}
		for k, e := range g.entries {
			s.Results[k] = e.result
		}
		if i > 0 {
			s.Keys = unionKeys(ordered[0], g)
		}
		sides[i] = s
	}
	notes := append(envNotes(ordered, opt.By), dupNotes...)
	return codecompare.CompareISA(sides, opt.By, &opt.Policy, notes), nil
}
