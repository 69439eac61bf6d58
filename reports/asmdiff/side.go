package asmdiff

import (
	"fmt"
	"strings"

	"github.com/radvbench/radvbench/core/results"
)

// DefaultDir is the assembly directory of the isa file at path unless
// another is named: the path without .json, plus .asm.
func DefaultDir(path string) string {
	return strings.TrimSuffix(path, ".json") + ".asm"
}

// NotISAError is a results file that is not an isa file (Kind names what
// it is), so it has no assembly to diff.
type NotISAError struct {
	Path, Kind string
}

func (e *NotISAError) Error() string { return fmt.Sprintf("%s is %s", e.Path, e.Kind) }

// Load reads the isa file at path as a Side, its assembly in dir
// (DefaultDir(path) when ""). What results.Load refuses is its error; a
// results file of another kind is a *NotISAError.
func Load(path, dir string) (Side, error) {
	f, err := results.Load(path)
	if err != nil {
		return Side{}, err
	}
	if f.Kind() != results.KindISA {
		return Side{}, &NotISAError{Path: path, Kind: results.KindName(f.Kind())}
	}
	if dir == "" {
		dir = DefaultDir(path)
	}
	return Side{Name: path, File: f, Dir: dir}, nil
}
