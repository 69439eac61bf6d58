package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/report"
)

// The report fixtures are reports/chart's (see its fixtures_test.go).
func fixture(name string) string {
	return filepath.Join("..", "..", "..", "..", "reports", "chart", "testdata", name)
}

// TestWriteReportForRun: the function 'run --report DIR' calls works with
// zero options on a freshly loaded file.
func TestWriteReportForRun(t *testing.T) {
	f, err := resultsfile.Load(fixture("matmul-lvp.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := WriteForRun([]*resultsfile.File{f}, []string{"run.json"}, dir, report.Options{}); err != nil {
		t.Fatal(err)
	}
	html, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil || !strings.Contains(string(html), "heatmap-matmul.png") {
		t.Errorf("index.html: %v", err)
	}
	if err := WriteForRun([]*resultsfile.File{f}, []string{"run.json"}, dir, report.Options{By: "label.nosuch"}); base.ExitCode(err) != 2 {
		t.Errorf("unknown --by key: %v (exit %d), want a usage error", err, base.ExitCode(err))
	}
}

// TestWriteReportErrorKinds: the report package's typed errors become the
// CLI's exit codes and advice: a baseline that is no group is a usage
// error (2), a directory that cannot be written is exit 1 with advice.
func TestWriteReportErrorKinds(t *testing.T) {
	f, err := resultsfile.Load(fixture("matmul-lvp.json"))
	if err != nil {
		t.Fatal(err)
	}
	notDir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := resultsfile.Load(fixture("matmul-lvp.json"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Results { // another run: the same file twice is one run
		for j := range g.Results[i].Metric.Samples {
			g.Results[i].Metric.Samples[j] *= 1.01
		}
	}
	two := []*resultsfile.File{f, g}
	names := []string{"a.json", "b.json"}
	for _, tc := range []struct {
		name string
		dir  string
		opts report.Options
		code int
		want string
	}{
		{"bad baseline", t.TempDir(), report.Options{By: "file", Baseline: "c.json"}, 2, `baseline "c.json" is not one of the groups (a.json, b.json)`},
		{"unwritable", filepath.Join(notDir, "report"), report.Options{}, 1, "(check that " + filepath.Join(notDir, "report") + " is a writable directory)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := WriteForRun(two, names, tc.dir, tc.opts)
			if base.ExitCode(err) != tc.code || err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err %v (exit %d), want exit %d containing %q", err, base.ExitCode(err), tc.code, tc.want)
			}
		})
	}
}
