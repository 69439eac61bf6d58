package run

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/resulttable"
)

// NextSteps are the lines a newcomer reads at the end of a run: how to see
// the report of the results file out (reportDir: where --report wrote
// it, "" when not asked) and how to compare it with a later run.
func NextSteps(out, reportDir string) []string {
	report := fmt.Sprintf("next:    %s report %s -o %s   (HTML report with charts; then open %s)",
		base.ProgName, out, defaultReportDir(out), filepath.Join(defaultReportDir(out), "index.html"))
	if reportDir != "" {
		report = fmt.Sprintf("next:    open %s in a browser (the HTML report)", filepath.Join(reportDir, "index.html"))
	}
	return []string{report,
		fmt.Sprintf("         %s compare %s NEW.json   (after a second run, -o NEW.json: what changed, with verdicts)", base.ProgName, out)}
}

// defaultReportDir is the report directory NextSteps suggests for the
// results file out: out without ".json", plus "-report".
func defaultReportDir(out string) string {
	return strings.TrimSuffix(out, ".json") + "-report"
}

// newRunTable is run's result table for the results of head's device,
// its summary pointing at 'list --skipped' for the skipped benchmarks.
func newRunTable(w io.Writer, head *resultsfile.File) *resulttable.Table {
	t := resulttable.New(w)
	t.CPU = head.Device.CPU
	t.SkippedHint = "'" + base.ProgName + " list --skipped RESULTS' lists each"
	return t
}
