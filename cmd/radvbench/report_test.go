package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/internal/golden"
)

// The report fixtures are reports/chart's (see its fixtures_test.go).
func reportFixture(name string) string {
	return filepath.Join("..", "..", "reports", "chart", "testdata", name)
}

func TestReportCLI(t *testing.T) {
	base, regress, lvp := reportFixture("base.json"), reportFixture("regress.json"), reportFixture("matmul-lvp.json")
	tests := []struct {
		name string
		args []string
		code int
		want string // in stdout on success
	}{
		// Three runs a side: the 10% slowdown is a regression.
		{"two-runs", []string{base, regress, "-o", "DIR"}, 0, "1 regression"},
		{"by-label", []string{base, regress, "-o", "DIR", "--by", "label.kernel", "--baseline", "6.8.0", "--threshold", "15"}, 0, "no regression"},
		{"single", []string{lvp, "-o", "DIR"}, 0, "nothing to compare"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "report")
			args := append([]string{"report"}, tc.args...)
			for i, a := range args {
				if a == "DIR" {
					args[i] = dir
				}
			}
			code, stdout, stderr := mainRun(t, args...)
			if code != tc.code || !strings.Contains(stdout, tc.want) || stderr != "" {
				t.Fatalf("code %d, stdout %q, stderr %q; want code %d and %q", code, stdout, stderr, tc.code, tc.want)
			}
			for _, f := range []string{"index.html", "summary.md", "throughput-matmul.png", "throughput-matmul.svg", "roofline.png"} {
				if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

// TestReportCLIErrors: bad input exits 2 with one line on stderr naming
// the problem; the lines are kept in testdata/report/errors.golden.
func TestReportCLIErrors(t *testing.T) {
	base := reportFixture("base.json")
	empty := filepath.Join(t.TempDir(), "empty.json")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
	}{
		{"no-files", []string{"-o", "out"}},
		{"no-out", []string{base}},
		{"missing-file", []string{"testdata/report/nosuch.json", "-o", "out"}},
		{"empty-file", []string{empty, "-o", "out"}},
		{"directory", []string{"testdata", "-o", "out"}},
		{"unknown-key", []string{base, "-o", "out", "--by", "label.nosuch"}},
		{"bad-threshold", []string{base, "-o", "out", "--threshold", "lots"}},
		{"unknown-flag", []string{base, "-o", "out", "--colour"}},
	}
	var errs strings.Builder
	for _, tc := range tests {
		code, stdout, stderr := mainRun(t, append([]string{"report"}, tc.args...)...)
		stderr = strings.ReplaceAll(stderr, empty, "EMPTY.json")
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "radvbench report: ") {
			t.Errorf("%s: code %d, stdout %q, stderr %q; want exit 2 and one line", tc.name, code, stdout, stderr)
		}
		fmt.Fprintf(&errs, "%s: %s", tc.name, stderr)
	}
	if _, err := os.Stat("out"); err == nil {
		t.Error("a failed report created ./out")
	}
	golden.Check(t, filepath.Join("testdata", "report", "errors.golden"), []byte(errs.String()))
}
