package noise

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// goodNoise is a plausible noise file with two benchmarks.
func goodNoise(t testing.TB) map[string]any {
	f := &File{Schema: Schema, Created: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), Device: "gpu", Driver: "radv Mesa 25.0.4", Sources: []string{"a.json"}, Runs: 5,
		Benchmarks: []Bench{
			{Key: "matmul/naive/M=64", Metric: "throughput", Unit: "GFLOP/s", Runs: 5, Median: 100, BetweenCV: 0.02, WithinCV: 0.01, SamplesPerRun: 20, RunSeconds: 1},
			{Key: "memory/copy/bytes=4096@wave32", Metric: "bandwidth", Unit: "GB/s", Runs: 5, Median: 50, BetweenCV: 0.05, WithinCV: 0.03, SamplesPerRun: 20},
		}}
	data, err := Encode(f)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestDecode: every figure a floor depends on is checked; a damaged file
// is refused naming the file, the benchmark, the field and the value.
func TestDecode(t *testing.T) {
	bench := func(m map[string]any, i int) map[string]any { return m["benchmarks"].([]any)[i].(map[string]any) }
	for _, tc := range []struct {
		name string
		edit func(m map[string]any)
		want string // "" for a valid file
	}{
		{"valid", func(map[string]any) {}, ""},
		{"between_cv 1e300", func(m map[string]any) { bench(m, 0)["between_cv"] = 1e300 }, "benchmarks[0] (matmul/naive/M=64): between_cv = 1e+300: outside 0..1"},
		{"between_cv 1 is the bound", func(m map[string]any) { bench(m, 0)["between_cv"] = 1.0 }, ""},
		{"between_cv negative", func(m map[string]any) { bench(m, 1)["between_cv"] = -0.1 }, "between_cv = -0.1"},
		{"between_cv null", func(m map[string]any) { bench(m, 1)["between_cv"] = nil }, "benchmarks[1] (memory/copy/bytes=4096@wave32): between_cv is missing"},
		{"runs missing", func(m map[string]any) { delete(bench(m, 0), "runs") }, "runs is missing"},
		{"runs 1", func(m map[string]any) { bench(m, 0)["runs"] = 1 }, "runs = 1: a noise figure needs 2 to"},
		{"median 0", func(m map[string]any) { bench(m, 0)["median"] = 0 }, "median = 0: a median figure is positive"},
		{"within_cv huge", func(m map[string]any) { bench(m, 0)["within_cv"] = 1e9 }, "within_cv = 1e+09"},
		{"within_se huge", func(m map[string]any) { bench(m, 0)["within_se"] = 1e9 }, "within_se = 1e+09"},
		{"within_se negative", func(m map[string]any) { bench(m, 0)["within_se"] = -0.1 }, "within_se = -0.1"},
		{"paired", func(m map[string]any) { b := bench(m, 0); b["paired_cv"], b["pairs"], b["paired_df"] = 0.02, 8, 7 }, ""},
		{"paired_cv over 1", func(m map[string]any) { b := bench(m, 0); b["paired_cv"], b["pairs"], b["paired_df"] = 2, 8, 7 }, "paired_cv = 2: outside 0..1"},
		{"paired_cv without pairs", func(m map[string]any) { bench(m, 0)["paired_cv"] = 0.02 }, "paired_cv needs pairs (2 to 1000000) and paired_df (1 to pairs-1), got 0 and 0"},
		{"paired_df too large", func(m map[string]any) { b := bench(m, 0); b["paired_cv"], b["pairs"], b["paired_df"] = 0.02, 8, 8 }, "got 8 and 8"},
		{"samples negative", func(m map[string]any) { bench(m, 0)["samples_per_run"] = -1 }, "samples_per_run = -1"},
		{"duplicate key", func(m map[string]any) { bench(m, 1)["key"] = bench(m, 0)["key"] }, "is in the file twice"},
		{"empty key", func(m map[string]any) { bench(m, 1)["key"] = "" }, "benchmarks[1].key is empty"},
		{"NUL in a key", func(m map[string]any) { bench(m, 1)["key"] = "a\x00" }, `benchmarks[1].key = "a\x00": holds a NUL`},
		{"benchmarks null", func(m map[string]any) { m["benchmarks"] = nil }, "the file holds no benchmarks"},
		{"benchmarks empty", func(m map[string]any) { m["benchmarks"] = []any{} }, "the file holds no benchmarks"},
		{"created year 1", func(m map[string]any) { m["created"] = "0001-01-01T00:00:00Z" }, "created: missing"},
		{"created 9999", func(m map[string]any) { m["created"] = "9999-01-01T00:00:00Z" }, "created = 9999-01-01T00:00:00Z: in the future"},
		{"another schema", func(m map[string]any) { m["schema"] = "radvbench/noise/v9" }, `has schema "radvbench/noise/v9"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := goodNoise(t)
			tc.edit(m)
			data, _ := json.Marshal(m)
			f, err := Decode(data, "nz.json")
			if tc.want == "" {
				if err != nil || len(f.Benchmarks) != 2 {
					t.Fatalf("a valid file: %v", err)
				}
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), "nz.json") || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("err = %v\nwant one line naming nz.json with %q", err, tc.want)
			}
			problem := FileDamaged
			if tc.name == "another schema" {
				problem = FileOtherSchema
			}
			if fe := (*FileError)(nil); !errors.As(err, &fe) || fe.Problem != problem || fe.Name != "nz.json" {
				t.Errorf("err = %v (%+v), want a *FileError %q", err, fe, problem)
			}
		})
	}
}

// TestLoadErrors: what Load refuses is a *FileError with its problem,
// worded without the command that makes noise files.
func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, data string // data "": no file
		problem    FileProblem
		msg        string // with the path for %[1]s
	}{
		{"missing", "", FileMissing, "noise file %[1]s does not exist"},
		{"not JSON", "hello", FileNotJSON, "%[1]s is not a noise file (invalid character 'h' looking for beginning of value)"},
		{"no schema", `{"benchmarks": []}`, FileOtherSchema, "%[1]s has schema none, not \"radvbench/noise/v1\""},
		{"results file", `{"schema": "radvbench/results/v1"}`, FileOtherSchema, "%[1]s has schema \"radvbench/results/v1\", not \"radvbench/noise/v1\""},
		{"damaged", `{"schema": "radvbench/noise/v1", "created": "2026-01-01T00:00:00Z", "benchmarks": []}`, FileDamaged,
			"%[1]s: \"benchmarks\" is empty or null: the file holds no benchmarks"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".json")
			if tc.data != "" {
				if err := os.WriteFile(path, []byte(tc.data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			_, err := Load(path)
			var fe *FileError
			if !errors.As(err, &fe) || fe.Problem != tc.problem || fe.Name != path {
				t.Fatalf("Load: %v (%+v), want a *FileError %q naming %s", err, fe, tc.problem, path)
			}
			if want := fmt.Sprintf(tc.msg, path); err.Error() != want {
				t.Errorf("Load: %q, want %q", err, want)
			}
			if tc.problem == FileMissing && !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("Load of a missing file: %v is not fs.ErrNotExist", err)
			}
		})
	}
}

// FuzzDecode feeds arbitrary bytes to Decode, the reader of every noise
// file (compare --noise, noise_file in a policy). It must never panic; an
// error is one line naming the file; a file it accepts has floors that
// are finite for every run count (1e300 made every floor infinite and
// passed any slowdown as unchanged), and re-encodes to a file that
// decodes the same.
// ci/fuzz.sh runs it for a bounded time.
func FuzzDecode(f *testing.F) {
	data, _ := json.Marshal(goodNoise(f))
	f.Add(data)
	if paths, _ := filepath.Glob("testdata/*.json"); len(paths) > 0 {
		for _, p := range paths {
			if d, err := os.ReadFile(p); err == nil {
				f.Add(d)
			}
		}
	}
	for _, s := range []string{"", "{}", "null", `{"schema": "radvbench/noise/v1"}`,
		`{"schema": "radvbench/noise/v1", "created": "2026-01-01T00:00:00Z", "benchmarks": null}`,
		`{"schema": "radvbench/noise/v1", "created": "2026-01-01T00:00:00Z", "benchmarks": [{"key": "k", "runs": 3, "median": 1, "between_cv": 1e300}]}`,
		`{"schema": "radvbench/noise/v1", "created": "2026-01-01T00:00:00Z", "benchmarks": [{"key": "k", "runs": 3, "median": 1, "between_cv": 0.5}, {"key": "k"}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		nf, err := Decode(data, "fuzz.json")
		if err != nil {
			if strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "fuzz.json") {
				t.Fatalf("error is not one line naming the file: %q", err)
			}
			return
		}
		for i := range nf.Benchmarks {
			b := &nf.Benchmarks[i]
			for _, n := range []int{1, 3, 100} {
				if fl := b.Floor(n, n, 0.01); !(fl >= 0 && fl <= math.MaxFloat64) {
					t.Fatalf("%s: floor %v for %d runs a side from an accepted file", b.Key, fl, n)
				}
			}
		}
		again, err := Encode(nf)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Decode(again, "fuzz.json"); err != nil {
			t.Fatalf("a re-encoded file does not decode: %v", err)
		}
	})
}
