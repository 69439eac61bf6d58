package history

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// FuzzImport imports whatever resultsfile.Decode accepts into a fresh SQLite
// store (the outside input of 'history import' is a results file). It
// must never panic; an error is one line; a file that imports is a new
// file the first time and the same file, adding nothing, the second.
// ci/fuzz.sh runs it for a bounded time in `make test`.
func FuzzImport(f *testing.F) {
	for _, dir := range []string{"../compare/testdata"} {
		paths, _ := filepath.Glob(filepath.Join(dir, "run-*.json"))
		for _, p := range paths {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(data)
			}
		}
	}
	for _, s := range []string{
		`{"schema": "radvbench/results/v1"}`,
		`{"schema": "radvbench/results/v1", "results": [{"suite": "s", "kernel": "k", "status": "ok", "metric": {"samples": [1, 2]}}]}`,
		`{"schema": "radvbench/results/v1", "rounds": [{"index": 1}, {"index": 1}], "results": [{"suite": "s", "kernel": "k", "status": "ok", "metric": {"samples": [1, 2]}, "sample_rounds": [1, 7]}]}`,
		`{"schema": "radvbench/results/v1", "results": [{"suite": "s", "kernel": "k", "status": "failed"}, {"suite": "s", "kernel": "k", "status": "failed"}]}`,
		`{"schema": "radvbench/results/v1", "labels": {"": ""}, "fingerprint": {"k": "\u0000"}, "results": [{"suite": "s\u0000", "kernel": "'; DROP TABLE runs; --", "status": "ok", "metric": {"samples": [1e308]}, "params": {"M": -9223372036854775808}}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := resultsfile.Decode(bytes.NewReader(data), "fuzz.json")
		if err != nil {
			return // FuzzDecode's business
		}
		ctx := context.Background()
		s, err := Open(ctx, filepath.Join(t.TempDir(), "h.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		first, err := s.Import(ctx, file, "fuzz.json")
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error is not one line: %q", err)
			}
			return
		}
		second, err := s.Import(ctx, file, "fuzz.json")
		if err != nil {
			t.Fatalf("a file that imported once fails the second time: %v", err)
		}
		if !first.New || second.New || first.FileID != second.FileID || first.Runs != second.Runs {
			t.Fatalf("import then reimport: %+v, %+v", first, second)
		}
	})
}
