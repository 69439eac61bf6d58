// Package pairing turns results files into the sides of a comparison,
// before anything is judged. It reads the files (LoadInputs), checks
// them (one kind of file, the same evidence counted once: Dedupe, one
// GPU model: CheckDevices), groups them into sides by a key (each file,
// files pooled with '--', a label, a fingerprint key, the A/B
// configuration: Groups), pools each benchmark's runs on a side under
// its key (Entry), summarises a side's runs in their figures (NewSide)
// and pairs the two sides' runs by the round they were taken in
// (PairRuns). reports/compare judges what it returns with
// reports/verdict; reports/codecompare compares isa files on the groups
// it forms. It is pure Go: no cgo, no Vulkan.
//
// The files: input.go holds an input and its kind, load.go reads and
// pools them, dedupe.go drops evidence given twice, devices.go checks
// the GPU models, group.go forms the groups and their entries, best.go
// keeps each kernel's best variant, side.go summarises a side's runs and
// pairs them, and clocks.go holds the runs' shader clocks.
package pairing

import (
	"fmt"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// Input is one results file and the name it is shown under.
type Input struct {
	Name string
	File *resultsfile.File
	// Group, when set (and the grouping key is empty), puts the input in
	// the named group: the runs of all its files are pooled as one side
	// ('compare BASE1 BASE2 -- NEW1 NEW2').
	Group string
	// Block, when set, says the input's runs were taken together with the
	// runs of the other side's input of the same Block (one round of
	// interleaved runs: a run until decided sets "round N"): runs of one
	// block on the two sides are compared as pairs (PairRuns). Runs of an
	// A/B file grouped by config pair by their round the same way.
	Block string
}

// KindError reports inputs of different kinds (run results and isa
// files): their figures cannot be compared. It is a usage error.
type KindError struct {
	// Run and ISA name the inputs of each kind.
	Run, ISA []string
}

func (e *KindError) Error() string {
	return fmt.Sprintf("cannot compare %s (%s) with %s (%s): compare run files with run files and isa files with isa files",
		strings.Join(e.ISA, ", "), resultsfile.KindName(resultsfile.KindISA), strings.Join(e.Run, ", "), resultsfile.KindName(resultsfile.KindRun))
}

// Kind returns the kind the inputs share (resultsfile.KindRun or
// resultsfile.KindISA), or a *KindError when they mix.
func Kind(inputs []Input) (string, error) {
	var e KindError
	for _, in := range inputs {
		if in.File.Kind() == resultsfile.KindISA {
			e.ISA = append(e.ISA, in.Name)
		} else {
			e.Run = append(e.Run, in.Name)
		}
	}
	switch {
	case len(e.ISA) > 0 && len(e.Run) > 0:
		return "", &e
	case len(e.ISA) > 0:
		return resultsfile.KindISA, nil
	}
	return resultsfile.KindRun, nil
}
