package advice

import (
	"errors"

	"github.com/radvbench/radvbench/bench/isa"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/asmdiff"
)

// EmulationEnvError is the usage error (exit 2) for an emulation
// environment bench/isa refuses (isa.EnvError): what to unset, and how to
// compile for the chip instead, with 'isa --target'.
func EmulationEnvError(err error) error {
	var ee *isa.EnvError
	if !errors.As(err, &ee) {
		return base.Usagef("%v", err)
	}
	switch ee.Problem {
	case isa.EnvNoNullWinsys:
		return base.Usagef("%v; to compile for a chip use 'radvbench isa --target' (it can emulate %s)", err, ee.Available)
	}
	return base.Usagef("%v, or use 'radvbench isa --target' (it can emulate %s)", err, ee.Available)
}

// ISADiffError is the usage error (exit 2) for what asmdiff refuses, with
// what to do about an executable whose assembly was not saved, a results
// file that is not an isa file, or one resultsfile.Load refuses.
func ISADiffError(err error) error {
	var na *asmdiff.NoAssemblyError
	var ni *asmdiff.NotISAError
	var le *resultsfile.LoadError
	switch {
	case errors.As(err, &na):
		return base.Usagef("%v: rerun 'radvbench isa' with an assembly directory", err)
	case errors.As(err, &ni):
		return base.Usagef("%v: 'isa diff' compares the assembly of two isa files ('radvbench isa' writes them)", err)
	case errors.As(err, &le):
		return ResultsError(err)
	}
	return base.Usagef("%v", err)
}
