package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The isa files of two Mesa versions the compare tests use.
var (
	isaMesa25 = filepath.Join("..", "..", "reports", "compare", "testdata", "isa", "mesa-25.0.json")
	isaMesa26 = filepath.Join("..", "..", "reports", "compare", "testdata", "isa", "mesa-26.1.json")
)

// TestCompareFossil: 'compare --format fossil' prints the fossil report's
// blocks for two isa files, exactly as reports/fossil's golden has them,
// and gates like the plain isa comparison; run files are refused.
func TestCompareFossil(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("..", "..", "reports", "fossil", "testdata", "golden", "mesa-25.0-26.1.fossil"))
	if err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := cli(t, "compare", "--format", "fossil", isaMesa25, isaMesa26)
	if stdout != string(want) {
		t.Errorf("compare --format fossil printed:\n%s\nwant reports/fossil's golden:\n%s\nstderr: %s", stdout, want, stderr)
	}
	if wantCode, _, _ := cli(t, "compare", isaMesa25, isaMesa26); code != wantCode {
		t.Errorf("exit %d, the plain isa comparison's %d", code, wantCode)
	}
	runs := filepath.Join("..", "..", "reports", "compare", "testdata")
	matches, _ := filepath.Glob(filepath.Join(runs, "*.json"))
	if len(matches) < 2 {
		t.Fatalf("no run results files under %s", runs)
	}
	if code, _, stderr := cli(t, "compare", "--format", "fossil", matches[0], matches[1]); code != 2 || !strings.Contains(stderr, "is for isa files") {
		t.Errorf("run files with --format fossil: exit %d, stderr %q; want 2 and the refusal", code, stderr)
	}
}

// TestExportFossilCSV: export --format fossil-csv writes one target's CSV
// (fossilize's header first), asks which target when the file has
// several, and writes one CSV per target into a directory.
func TestExportFossilCSV(t *testing.T) {
	const header = "Database,Pipeline type,Pipeline hash,PSO wall duration (ns),PSO duration (ns),Stage duration (ns),Executable name,Subgroup size,"
	code, stdout, stderr := cli(t, "export", "--format", "fossil-csv", "--target", "gfx1201", isaMesa25)
	want, _ := os.ReadFile(filepath.Join("..", "..", "reports", "fossil", "testdata", "golden", "mesa-25.0.gfx1201.csv"))
	if code != 0 || !strings.HasPrefix(stdout, header) || stdout != string(want) {
		t.Errorf("exit %d, stderr %q; CSV:\n%.300s\nwant reports/fossil's golden", code, stderr, stdout)
	}
	if code, _, stderr := cli(t, "export", "--format", "fossil-csv", isaMesa25); code != 2 || !strings.Contains(stderr, "pick one with --target") {
		t.Errorf("several targets without --target: exit %d, stderr %q", code, stderr)
	}
	dir := t.TempDir()
	if code, stdout, stderr := cli(t, "export", "--format", "fossil-csv", isaMesa25, "-o", dir); code != 0 || !strings.Contains(stdout, "gfx1201.csv") {
		t.Fatalf("-o DIR: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	got, err := os.ReadFile(filepath.Join(dir, "gfx1201.csv"))
	if err != nil || string(got) != string(want) {
		t.Errorf("DIR/gfx1201.csv differs from the golden (err %v)", err)
	}
	// A run that captured nothing (lavapipe, or an older file): refused,
	// saying so, nothing written.
	csv := filepath.Join(dir, "run.csv")
	if code, _, stderr := cli(t, "export", "--format", "fossil-csv", "testdata/compare/base.json", "-o", csv); code != 2 || !strings.Contains(stderr, "captured no compiler statistics") {
		t.Errorf("a run without capture: exit %d, stderr %q; want 2 and why", code, stderr)
	}
	if _, err := os.Stat(csv); err == nil {
		t.Errorf("%s written for a run without statistics", csv)
	}
}
