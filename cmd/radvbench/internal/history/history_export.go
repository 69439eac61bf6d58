package history

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/histdb"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/outpath"
	"github.com/radvbench/radvbench/reports/history"
)

// 'history export': the stored runs as CSV (history.Export, history.WriteCSV).

func init() {
	Subcommands = append(Subcommands,
		base.Command{Name: "export", Summary: "write stored runs as CSV, one row per run and benchmark (Apache Otava's shape)", Run: historyExport},
	)
}

func historyExport(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	var format, out, bench, keys string
	var hf historyFlags
	fs := hf.flagSet("history export", "history export [--format csv] [--benchmark PREFIX] [--keys K1,K2] [filters] [-o FILE] [--db DSN]", stdout)
	fs.StringVar(&format, "format", "csv", "output format: csv")
	fs.StringVarP(&out, "out", "o", "", "write to FILE (atomically; '-' for stdout) instead of stdout")
	fs.StringVar(&bench, "benchmark", "", "only benchmarks whose ID starts with this")
	fs.StringVar(&keys, "keys", "", "extra attribute columns: fingerprint keys, comma-separated (e.g. amdgpu.vm_fragment_size,label.ci)")
	hf.addFilters(fs)
	if err := base.ParseFlags(fs, args); err != nil {
		return err
	}
	if format != "csv" {
		return base.Usagef("unknown --format %q: use csv", format)
	}
	if fs.NArg() > 0 {
		return base.Usagef("history export takes no arguments (got %q)", fs.Arg(0))
	}
	if err := outpath.Check("-o", out, histdb.File(hf.dsn)); err != nil {
		return err
	}
	extra := history.SplitKeys(keys)
	return hf.read(ctx, func(s *history.Store, filter history.Filter) error {
		rows, err := s.Export(ctx, history.ExportOptions{Filter: filter, Benchmark: bench, Keys: extra})
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := history.WriteCSV(&buf, rows, extra); err != nil {
			return err
		}
		if err := outpath.Write(stdout, "-o", out, buf.Bytes()); err != nil {
			return err
		}
		if outpath.ToFile(out) {
			fmt.Fprintf(stdout, "%d row(s) written to %s\n", len(rows), out)
		}
		return nil
	})
}
