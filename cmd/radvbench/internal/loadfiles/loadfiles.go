// Package loadfiles reads the files a command judges, as the user named
// them: results files as comparison inputs (pairing.LoadInputs) and noise
// files (noise.Load). Every refusal is a usage error (exit 2) naming the
// file, with the CLI's advice (package advice).
package loadfiles

import (
	"github.com/radvbench/radvbench/cmd/radvbench/internal/advice"
	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/pairing"
)

// Noise reads the noise file at path ("" for none) as an input error.
func Noise(path string) (*noise.File, error) {
	if path == "" {
		return nil, nil
	}
	nf, err := noise.Load(path)
	if err != nil {
		return nil, advice.NoiseFileError(err)
	}
	return nf, nil
}

// Inputs reads every results file (pairing.LoadInputs); any problem is
// an input error (exit 2) naming the file.
func Inputs(paths []string) ([]pairing.Input, error) {
	inputs, err := pairing.LoadInputs(paths)
	if err != nil {
		return nil, advice.InputError(err, "compare")
	}
	return inputs, nil
}
