package advice

import (
	"errors"
	"fmt"

	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/reports/noise"
)

// NoiseFileError is the usage error (exit 2) for a noise file
// reports/noise refuses (noise.FileError), with how to make one: 'radvbench
// noise'. compare --noise, a policy's noise_file, report and run
// --until-decided read noise files through loadfiles.Noise.
func NoiseFileError(err error) error {
	var fe *noise.FileError
	if !errors.As(err, &fe) {
		return base.Usagef("%v", err)
	}
	advice := ""
	switch fe.Problem {
	case noise.FileMissing:
		advice = fmt.Sprintf(": make one with 'radvbench noise -o %s' (see 'radvbench noise --help')", fe.Name)
	case noise.FileNotJSON:
		advice = ": make one with 'radvbench noise'"
	case noise.FileOtherSchema:
		advice = ": pass a noise file written by 'radvbench noise' (a results file goes to compare as an input)"
	case noise.FileDamaged:
		advice = ": measure the noise again with 'radvbench noise' (the file is damaged or was edited)"
	}
	return base.Usagef("%v%s", err, advice)
}

// TooFewRunsError is the usage error for noise.Measure's ErrTooFewRuns:
// how to take more runs.
func TooFewRunsError(err error) error {
	return base.Usagef("%v (radvbench noise --runs 5, or several results files of the same build)", err)
}
