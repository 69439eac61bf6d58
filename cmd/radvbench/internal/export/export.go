// Package export is 'radvbench export': a results file written in another
// tool's input format (benchstat, Google Benchmark, Bencher,
// github-action-benchmark), or an isa file as fossil-db's CSV.
package export

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/radvbench/radvbench/cmd/radvbench/internal/advice"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/outpath"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/termtext"
	"github.com/radvbench/radvbench/reports/export"
	"github.com/radvbench/radvbench/reports/fossil"
)

// Cmd is the 'export' command.
var Cmd = &base.Command{Name: "export", Summary: "write a results file as benchstat, Google Benchmark, Bencher or github-action-benchmark input", Run: runExport}

// exportFormats is the part of export's --help after its description
// (docs/commands/export.txt): the formats, then examples.
func exportFormats() string {
	var b strings.Builder
	b.WriteString("\n")
	for _, f := range export.Formats {
		fmt.Fprintf(&b, "  %-12s %s\n", f.Name, f.Description)
	}
	fmt.Fprintf(&b, "  %-12s %s\n", fossilCSV, "an isa file (or a run's captured statistics) as fossilize-replay's pipeline-stats CSV, one target (--target, or -o DIR for one DIR/TARGET.csv each), for Mesa's fossil report script")
	b.WriteString(`
Examples:
  radvbench export --format benchfmt old.json -o old.txt
  radvbench export --format benchfmt new.json -o new.txt
  benchstat old.txt new.txt
  bencher run --adapter json --file bmf.json ...   (after --format bmf)
  radvbench export --format fossil-csv --target navi31 mesa25-isa.json -o mesa25-navi31.csv
  report-fossil.py mesa25-navi31.csv mesa26-navi31.csv   (Mesa's shader-db; or 'radvbench compare --format fossil')`)
	return b.String()
}

func runExport(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var format, out, target string
	fs := base.NewFlagSet("export", "export --format FORMAT RESULTS.json [-o FILE]", stdout, exportFormats())
	names := append(export.FormatNames(), fossilCSV)
	fs.StringVar(&format, "format", "", "output format: "+strings.Join(names, ", ")+" (required)")
	fs.StringVarP(&out, "out", "o", "", "write to FILE (atomically; '-' for stdout) instead of stdout")
	fs.StringVar(&target, "target", "", "with --format "+fossilCSV+": the isa file's target to write (needed when it has several)")
	if err := base.ParseFlags(fs, args); err != nil {
		return err
	}
	if format == "" {
		return base.Usagef("export needs --format: one of %s", strings.Join(names, ", "))
	}
	if !slices.Contains(names, format) {
		return base.Usagef("unknown --format %q: use one of %s", format, strings.Join(names, ", "))
	}
	if target != "" && format != fossilCSV {
		return base.Usagef("--target picks an isa file's target for --format %s", fossilCSV)
	}
	if fs.NArg() != 1 {
		return base.Usagef("export takes one results file, got %d: radvbench export --format %s RESULTS.json", fs.NArg(), format)
	}
	if st, err := os.Stat(out); format == fossilCSV && err == nil && st.IsDir() {
		return exportFossilDir(stdout, fs.Arg(0), out, target)
	}
	if err := outpath.Check("-o", out, fs.Arg(0)); err != nil {
		return err
	}
	path := fs.Arg(0)
	f, err := resultsfile.Load(path)
	if err != nil {
		return advice.ResultsError(err)
	}
	var buf bytes.Buffer
	if format == fossilCSV {
		if err := exportFossil(&buf, path, f, target); err != nil {
			return err
		}
	} else if err := export.Write(&buf, f, format); err != nil {
		return fmt.Errorf("export %s: %w", format, err)
	}
	return outpath.Write(stdout, "-o", out, buf.Bytes())
}

// fossilCSV is export's format for fossilize-replay's CSV (reports/fossil).
const fossilCSV = "fossil-csv"

// exportFossil writes the CSV of one target of the isa file f (path): the
// one given, or the file's only one.
func exportFossil(w io.Writer, path string, f *resultsfile.File, target string) error {
	targets := fossil.Targets(f)
	if f.Kind() != resultsfile.KindISA && len(targets) == 0 {
		return base.Usagef("%s: %v: --format %s exports isa files (written by 'radvbench isa') and runs that captured (on a driver that reports its statistics, as RADV does)", path, &fossil.NoStatisticsError{Capture: f.Capture}, fossilCSV)
	}
	switch {
	case target == "" && len(targets) == 1:
		target = targets[0]
	case target == "":
		return base.Usagef("%s holds %d targets (%s): pick one with --target, or give -o DIR for one CSV each", path, len(targets), strings.Join(targets, ", "))
	case !slices.Contains(targets, target):
		return base.Usagef("--target %s: %s holds %s", target, path, strings.Join(targets, ", "))
	}
	if err := fossil.WriteCSV(w, f, target); err != nil {
		return fmt.Errorf("export %s: %w", fossilCSV, err)
	}
	return nil
}

// exportFossilDir writes DIR/TARGET.csv for every target of the isa file
// at path (or the one --target names).
func exportFossilDir(stdout io.Writer, path, dir, target string) error {
	f, err := resultsfile.Load(path)
	if err != nil {
		return advice.ResultsError(err)
	}
	if target != "" {
		var buf bytes.Buffer
		if err := exportFossil(&buf, path, f, target); err != nil {
			return err
		}
		out := filepath.Join(dir, fossil.CSVFileName(target))
		if err := outpath.Check("-o", out, path); err != nil {
			return err
		}
		return outpath.Write(stdout, "-o", out, buf.Bytes())
	}
	if len(fossil.Targets(f)) == 0 {
		return exportFossil(io.Discard, path, f, "")
	}
	for _, t := range fossil.Targets(f) {
		if err := outpath.NotInput("-o", filepath.Join(dir, fossil.CSVFileName(t)), path); err != nil {
			return err
		}
	}
	written, err := fossil.WriteCSVFiles(dir, f)
	if err != nil {
		return outpath.Error("-o", err)
	}
	for _, p := range written {
		fmt.Fprintf(stdout, "wrote %s\n", termtext.Escape(p))
	}
	return nil
}
