package asmdiff

import (
	"fmt"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// NotISAError is a results file that is not an isa file (Kind names what
// it is), so it has no assembly to diff.
type NotISAError struct {
	Path, Kind string
}

func (e *NotISAError) Error() string { return fmt.Sprintf("%s is %s", e.Path, e.Kind) }

// Load reads the isa file at path as a Side, its assembly in dir
// (resultsfile.AsmDir(path) when ""). What resultsfile.Load refuses is its error; a
// results file of another kind is a *NotISAError.
func Load(path, dir string) (Side, error) {
	f, err := resultsfile.Load(path)
	if err != nil {
		return Side{}, err
	}
	if f.Kind() != resultsfile.KindISA {
		return Side{}, &NotISAError{Path: path, Kind: resultsfile.KindName(f.Kind())}
	}
	if dir == "" {
		dir = resultsfile.AsmDir(path)
	}
	return Side{Name: path, File: f, Dir: dir}, nil
}
