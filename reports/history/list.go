package history

// The stored runs and fingerprint keys as tables ('history runs'); text
// from results files goes through termtext.Escape.

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/radvbench/radvbench/internal/termtext"
)

// WriteRuns writes the runs as a table, a row per run in the given order
// (start time, short run ID, device, driver, kernel, configuration,
// benchmark count, source file), then their count.
func WriteRuns(w io.Writer, runs []Run) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "STARTED\tRUN\tDEVICE\tDRIVER\tKERNEL\tCONFIG\tBENCH\tFILE")
	esc := termtext.Escape
	for _, r := range runs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\n", r.Started.Format("2006-01-02 15:04:05"), ShortRun(r.ID), esc(r.Device), esc(r.Driver), esc(orDash(r.Kernel)), esc(orDash(r.Config)), r.Benchmarks, esc(r.Source))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "%d run(s)\n", len(runs))
	return err
}

// WriteKeys writes the fingerprint keys (Store.Keys) as a table, sorted,
// with how many values each has.
func WriteKeys(w io.Writer, keys map[string]int) error {
	names := make([]string, 0, len(keys))
	for k := range keys {
		names = append(names, k)
	}
	sort.Strings(names)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "KEY\tVALUES")
	for _, k := range names {
		fmt.Fprintf(tw, "%s\t%d\n", termtext.Escape(k), keys[k])
	}
	return tw.Flush()
}

// orDash is s, or "-" for an empty s.
func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// WriteImported says what importing the file at path added (Store.Import):
// its runs and ID, or that it was in the store already.
func WriteImported(w io.Writer, path string, got Imported) {
	if got.New {
		fmt.Fprintf(w, "imported %s: %d run(s) (id %s)\n", termtext.Escape(path), got.Runs, got.FileID)
	} else {
		fmt.Fprintf(w, "already in the store: %s (id %s)\n", termtext.Escape(path), got.FileID)
	}
}

// SplitKeys splits a comma-separated list of fingerprint keys, dropping
// blanks (ExportOptions.Keys).
func SplitKeys(list string) []string {
	var keys []string
	for _, k := range strings.Split(list, ",") {
		if k = strings.TrimSpace(k); k != "" {
			keys = append(keys, k)
		}
	}
	return keys
}
