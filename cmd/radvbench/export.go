package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/radvbench/radvbench/reports/export"
	"github.com/radvbench/radvbench/reports/results"
)

func init() {
	register(&command{name: "export", summary: "write a results file as benchstat, Google Benchmark, Bencher or github-action-benchmark input", run: runExport})
}

func exportDescription() string {
	var b strings.Builder
	b.WriteString(`
Converts a results file for other tools. Only benchmarks with samples are
exported (skipped and failed ones appear only in gbench, as errors).
A/B configurations become a "/config=NAME" suffix of the name.

Formats:
`)
	for _, f := range export.Formats {
		fmt.Fprintf(&b, "  %-12s %s\n", f.Name, f.Description)
	}
	b.WriteString(`
Examples:
  radvbench export --format benchfmt old.json -o old.txt
  radvbench export --format benchfmt new.json -o new.txt
  benchstat old.txt new.txt
  bencher run --adapter json --file bmf.json ...   (after --format bmf)`)
	return b.String()
}

func runExport(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var format, out string
	fs := newFlagSet("export", "export --format FORMAT RESULTS.json [-o FILE]", exportDescription(), stdout)
	fs.StringVar(&format, "format", "", "output format: "+strings.Join(export.FormatNames(), ", ")+" (required)")
	fs.StringVarP(&out, "out", "o", "", "write to FILE (atomically; '-' for stdout) instead of stdout")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if format == "" {
		return usagef("export needs --format: one of %s", strings.Join(export.FormatNames(), ", "))
	}
	known := false
	for _, n := range export.FormatNames() {
		known = known || n == format
	}
	if !known {
		return usagef("unknown --format %q: use one of %s", format, strings.Join(export.FormatNames(), ", "))
	}
	if fs.NArg() != 1 {
		return usagef("export takes one results file, got %d: radvbench export --format %s RESULTS.json", fs.NArg(), format)
	}
	if err := checkOutputPath("-o", out); err != nil {
		return err
	}
	path := fs.Arg(0)
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return usagef("%s is a directory: pass one results file", path)
	}
	f, err := results.Load(path)
	if err != nil {
		return resultsError(err)
	}
	var buf bytes.Buffer
	if err := export.Write(&buf, f, format); err != nil {
		return fmt.Errorf("export %s: %w", format, err)
	}
	return writeOutput(stdout, "-o", out, buf.Bytes())
}
