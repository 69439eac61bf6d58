package resultsfile

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzDecode feeds arbitrary bytes to Decode, the reader of every results
// file radvbench is given. It must never panic; an error is one line that
// names the file; a file it accepts re-encodes to a fixed point (encode,
// decode, encode gives the same bytes) and decodes to the same results.
// `make test` runs it for a bounded time (ci/fuzz.sh); the seeds are the
// committed results files and the edge cases below, crashers found are
// kept under testdata/fuzz/FuzzDecode.
func FuzzDecode(f *testing.F) {
	for _, dir := range []string{"../../reports/compare/testdata", "../../reports/chart/testdata", "../../reports/export/testdata"} {
		paths, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		for _, p := range paths {
			if data, err := os.ReadFile(p); err == nil && len(data) < 1<<14 {
				f.Add(data)
			}
		}
	}
	for _, s := range []string{
		"", " ", "{}", "[]", "null", `"radvbench"`, `{"schema": 1}`,
		`{"schema": "radvbench/results/v1"}`,
		`{"schema": "radvbench/results/v1", "results": [`,
		`{"schema": "radvbench/results/v1", "results": [{"suite": "s", "kernel": "k", "status": "ok", "metric": {"samples": [1, 2]}, "sample_rounds": [1]}]}`,
		`{"schema": "radvbench/results/v1", "results": [{"suite": "s", "kernel": "k", "status": "ok", "metric": {"samples": [1e308, -0]}, "params": {"M": 9223372036854775807}}]}`,
		`{"schema": "radvbench/results/v1", "started": "not a time"}`,
		`{"schema": "radvbench/results/v1"} trailing`,
		"{\"schema\": \"radvbench/results/v1\", \"labels\": {\"k\": \"line\\nbreak\"}}",
		"\xef\xbb\xbf{}", "\x00",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const name = "fuzz.json"
		file, err := Decode(bytes.NewReader(data), name)
		if err != nil {
			msg := err.Error()
			if strings.Contains(msg, "\n") || !strings.Contains(msg, name) {
				t.Fatalf("error is not one line naming the file: %q", msg)
			}
			return
		}
		var once, twice bytes.Buffer
		if err := Encode(&once, file); err != nil {
			t.Fatalf("a decoded file does not encode: %v", err)
		}
		again, err := Decode(bytes.NewReader(once.Bytes()), name)
		if err != nil {
			t.Fatalf("a re-encoded file does not decode: %v\n%s", err, once.Bytes())
		}
		if err := Encode(&twice, again); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(once.Bytes(), twice.Bytes()) {
			t.Fatalf("encoding is not a fixed point:\n%s\n---\n%s", once.Bytes(), twice.Bytes())
		}
		if len(again.Results) != len(file.Results) {
			t.Fatalf("%d results became %d", len(file.Results), len(again.Results))
		}
		for i := range file.Results {
			if a, b := file.Results[i].ID(), again.Results[i].ID(); a != b {
				t.Fatalf("result %d: %s became %s", i, a, b)
			}
		}
	})
}
