package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/golden"
)

// TestRunSizesErrors: the CLI's answer to bad --sizes, as a user sees it
// (exit status and stderr), before any device is opened.
func TestRunSizesErrors(t *testing.T) {
	var buf strings.Builder
	for _, args := range [][]string{
		{"--suite", "matmul,mesh", "--sizes", "1920x1080x3x4"},
		{"--suite", "matmul", "--sizes", "mesh=1920x1080"},
		{"--suite", "peak", "--sizes", "64"},
		{"--suite", "matmul,mesh", "--sizes", "matmul=1024;mesh=1920x1080x1"},
		{"--suite", "all", "--sizes", "0"},
	} {
		out := filepath.Join(t.TempDir(), "r.json")
		code, stdout, stderr := cli(t, append(append([]string{"run"}, args...), "-o", out)...)
		fmt.Fprintf(&buf, "$ radvbench run %s\nexit %d\n%s%s\n", strings.Join(args, " "), code, stdout, stderr)
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v wrote a results file", args)
		}
	}
	golden.Check(t, filepath.Join("testdata", "run", "sizes-errors.txt"), []byte(buf.String()))
}

// TestRunMixedSuiteSizes runs matmul and mesh together on the real device
// with --sizes given three ways; the golden file lists which benchmark ran
// at which size, with its status. Mesh gets its own parse of a bare size,
// its default (--quick: 256x256) for a size only matmul takes, or its own
// SUITE=LIST; nothing fails.
func TestRunMixedSuiteSizes(t *testing.T) {
	requireVulkan(t)
	var buf strings.Builder
	for _, sizes := range []string{"48", "40x24x33", "matmul=32;mesh=64x32"} {
		out := filepath.Join(t.TempDir(), "r.json")
		args := []string{"run", "--suite", "matmul,mesh", "--quick", "--sizes", sizes, "--filter", "naive|mesh/dense/vertex",
			"--max-time", "20ms", "--warmup", "1ms", "--progress", "never", "-o", out}
		code, stdout, stderr := cli(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d\n%s%s", args, code, stdout, stderr)
		}
		f, err := resultsfile.Load(out)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&buf, "$ radvbench run --suite matmul,mesh --quick --sizes '%s' --filter 'naive|mesh/dense/vertex'\n", sizes)
		for _, r := range f.Results {
			fmt.Fprintf(&buf, "%s %s\n", r.ID(), r.Status)
		}
		fmt.Fprintln(&buf)
	}
	golden.Check(t, filepath.Join("testdata", "run", "sizes-mixed.txt"), []byte(buf.String()))
}
