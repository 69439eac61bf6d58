package compare

// Isa files ('radvbench isa') are compared exactly, not as timings:
// reports/pairing groups them as it groups run files, and
// reports/codecompare compares the groups key by key.

import (
	"errors"
	"fmt"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/codecompare"
	"github.com/radvbench/radvbench/reports/pairing"
)

// errISAInputs is Compare's answer to isa files.
var errISAInputs = errors.New("these are isa files: compare them with CompareISA, exactly, not as timings")

// CompareISA compares isa files: groups are formed as in Compare (each
// input, or by a key: "driver" pairs two Mesa versions, "config" one
// target with another), every non-baseline group is compared with the
// baseline key by key, exactly (codecompare.CompareISA). Errors are input
// or usage errors; inputs that are not all isa files are a *KindError (or
// an error for run files).
func CompareISA(inputs []pairing.Input, opt Options) (*codecompare.ISAReport, error) {
	if len(inputs) == 0 {
		return nil, fmt.Errorf("no isa files to compare")
	}
	kind, err := pairing.Kind(inputs)
	if err != nil {
		return nil, err
	}
	if kind != resultsfile.KindISA {
		return nil, fmt.Errorf("%s is %s: compare it with Compare", inputs[0].Name, resultsfile.KindName(kind))
	}
	inputs, dupNotes, err := pairing.Dedupe(inputs, opt.By)
	if err != nil {
		return nil, err
	}
	ordered, err := pairing.Groups(inputs, opt.By, opt.Baseline, "isa files")
	if err != nil {
		return nil, err
	}
	sides := make([]codecompare.Side, len(ordered))
	for i, g := range ordered {
		s := codecompare.Side{Name: g.DisplayName(), Files: g.Files, Results: map[string]*resultsfile.Result{}}
		for _, in := range g.Inputs {
			s.Inputs = append(s.Inputs, in.File)
		}
		for k, e := range g.Entries {
			s.Results[k] = e.Result
		}
		if i > 0 {
			s.Keys = pairing.UnionKeys(ordered[0], g)
		}
		sides[i] = s
	}
	notes := append(envNotes(ordered, opt.By), dupNotes...)
	return codecompare.CompareISA(sides, opt.By, &opt.Policy, notes), nil
}
