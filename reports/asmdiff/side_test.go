package asmdiff

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// TestLoad: an isa file with its assembly beside it or in the directory
// named; a run file is a NotISAError; what resultsfile.Load refuses is its
// error.
func TestLoad(t *testing.T) {
	isa := "../compare/testdata/isa/mesa-25.0.json"
	for _, tc := range []struct {
		path, dir, wantDir string
	}{
		{isa, "", "../compare/testdata/isa/mesa-25.0.asm"},
		{isa, "../compare/testdata/isa/asm-mesa-25.0", "../compare/testdata/isa/asm-mesa-25.0"},
	} {
		s, err := Load(tc.path, tc.dir)
		if err != nil || s.Name != tc.path || s.Dir != tc.wantDir || s.File == nil || s.File.Kind() != resultsfile.KindISA {
			t.Errorf("Load(%s, %q) = %+v, %v; want the isa file with its assembly in %s", tc.path, tc.dir, s, err, tc.wantDir)
		}
	}
	_, err := Load("../compare/testdata/base.json", "")
	var ni *NotISAError
	if !errors.As(err, &ni) || ni.Path != "../compare/testdata/base.json" || ni.Kind == "" {
		t.Errorf("a run file: %v (%T), want a NotISAError", err, err)
	}
	_, err = Load(filepath.Join(t.TempDir(), "missing.json"), "")
	if err == nil || errors.As(err, &ni) {
		t.Errorf("a missing file: %v, want resultsfile.Load's error", err)
	}
}
