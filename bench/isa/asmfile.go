package isa

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// AsmPath is where the assembly of one executable of result r is saved,
// relative to the assembly directory, named so that a person finds it:
//
//	<target>/<suite>/<kernel>/<variant>/<size>.<pipeline>.<executable>.s
//
// e.g. navi31/matmul/coopmat-f16/sg2x2-t2x2-k2/K=256,M=256,N=256.matmul_coopmat_f16.comp.compute.s.
// The variant is its name ("default" for a kernel without variants), the
// size resultsfile.FormatParams ("default" without sizes). Characters other
// than letters, digits and ._=,+- become '_'.
func AsmPath(r *resultsfile.Result, pipeline, executable string) string {
	variant := r.Variant["name"]
	if variant == "" {
		variant = resultsfile.FormatVariant(r.Variant)
	}
	size := resultsfile.FormatParams(r.Params)
	return filepath.Join(safeName(r.Config), safeName(r.Suite), safeName(r.Kernel), safeName(variant),
		safeName(size)+"."+safeName(pipeline)+"."+safeName(executable)+".s")
}

// safeName makes s one path component.
func safeName(s string) string {
	if s == "" {
		return "default"
	}
	out := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._=,+-", r) {
			return r
		}
		return '_'
	}, s)
	if strings.Trim(out, ".") == "" {
		return strings.Repeat("_", len(out))
	}
	return out
}

// WriteAsm writes text to dir/rel atomically (a temporary file and a
// rename). It replaces a regular file but nothing else: a directory, a
// link or a device there is an error.
func WriteAsm(dir, rel, text string) error {
	if !filepath.IsLocal(rel) {
		return fmt.Errorf("assembly path %q is not inside %s", rel, dir)
	}
	path := filepath.Join(dir, rel)
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("write assembly: %s exists and is not a regular file (%s): remove it or pick another directory", path, fi.Mode().Type())
	}
	return resultsfile.WriteFileAtomic(path, []byte(text), 0o644)
}
