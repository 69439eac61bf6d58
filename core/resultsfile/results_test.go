package resultsfile

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", "is empty"},
		{"not JSON", "hello", "is not JSON"},
		{"truncated", `{"schema": "radvbench/results/v1", "results": [`, "truncated"},
		{"no schema", `{"results": []}`, `no "schema" field`},
		{"other schema", `{"schema": "radvbench/results/v0", "results": []}`, `has schema "radvbench/results/v0"`},
		{"zero samples", `{"schema": "radvbench/results/v1", "results": [{"suite": "matmul", "kernel": "naive", "status": "ok", "metric": {"samples": []}}]}`, "zero samples"},
		{"no kernel", `{"schema": "radvbench/results/v1", "results": [{"suite": "matmul"}]}`, "no suite or kernel"},
		{"isa without target", `{"schema": "radvbench/isa/v1", "results": [{"suite": "matmul", "kernel": "naive", "status": "ok"}]}`, "no target"},
		{"isa negative count", `{"schema": "radvbench/isa/v1", "results": [{"suite": "matmul", "kernel": "naive", "status": "ok", "config": "navi31",
			"pipelines": [{"name": "p", "executables": [{"name": "compute", "stats": {"VGPRs": -1}}]}]}]}`, "VGPRs = -1 is not a finite, non-negative count"},
		{"isa asm outside", `{"schema": "radvbench/isa/v1", "results": [{"suite": "matmul", "kernel": "naive", "status": "ok", "config": "navi31",
			"pipelines": [{"name": "p", "executables": [{"name": "compute", "stats": {}, "asm": "../x.s"}]}]}]}`, "not a relative path inside"},
		{"isa with samples", `{"schema": "radvbench/isa/v1", "results": [{"suite": "matmul", "kernel": "naive", "status": "ok", "config": "navi31", "metric": {"samples": [1]}}]}`, "timed samples"},
		{"run with a nameless captured pipeline", `{"schema": "radvbench/results/v1", "results": [{"suite": "matmul", "kernel": "naive", "status": "skipped", "pipelines": [{"name": "", "executables": []}]}]}`, "a pipeline without a name"},
		{"run with a negative captured statistic", `{"schema": "radvbench/results/v1", "results": [{"suite": "matmul", "kernel": "naive", "status": "skipped", "pipelines": [{"name": "p", "executables": [{"name": "compute", "stats": {"VGPRs": -1}}]}]}]}`, "not a finite, non-negative count"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(strings.NewReader(tc.in), "x.json")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error is not one line: %q", err)
			}
		})
	}
}

// TestLoadErrors: the files the CLI advises on are a *LoadError with
// their problem and figures, whose message names no command.
func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, in string
		want     LoadError // Name and Problem, and the figures that are set
		msg      string
	}{
		{"missing", "", LoadError{Problem: LoadMissing}, "results file %s does not exist: check the path"},
		{"directory", "", LoadError{Problem: LoadIsDir}, "%s is a directory"},
		{"empty", " \n", LoadError{Problem: LoadEmpty}, "%s is empty"},
		{"not JSON", "hello", LoadError{Problem: LoadNotJSON, Offset: 1}, "%s is not JSON (invalid character 'h' looking for beginning of value at byte 1)"},
		{"truncated", `{"schema": "radvbench/results/v1", "results": [`, LoadError{Problem: LoadTruncated, Size: 47},
			"%s is truncated (JSON ends after 47 bytes): the run that wrote it was cut short"},
		{"damaged isa", `{"schema": "radvbench/isa/v1", "results": [{"suite": "matmul", "kernel": "naive", "status": "ok"}]}`, LoadError{Problem: LoadDamagedISA, Result: "matmul/naive"},
			"%s: result matmul/naive: no target (config): the file is damaged"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".json")
			if tc.want.Problem == LoadIsDir {
				if err := os.Mkdir(path, 0o755); err != nil {
					t.Fatal(err)
				}
			} else if tc.want.Problem != LoadMissing {
				if err := os.WriteFile(path, []byte(tc.in), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			_, err := Load(path)
			var le *LoadError
			if !errors.As(err, &le) {
				t.Fatalf("Load: %v, want a *LoadError", err)
			}
			if le.Problem != tc.want.Problem || le.Name != path || le.Result != tc.want.Result || le.Size != tc.want.Size || le.Offset != tc.want.Offset {
				t.Errorf("Load: %+v, want %+v named %s", *le, tc.want, path)
			}
			if want := fmt.Sprintf(tc.msg, path); err.Error() != want {
				t.Errorf("Load: %q, want %q", err, want)
			}
			if tc.want.Problem == LoadMissing && !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("Load of a missing file: %v is not fs.ErrNotExist", err)
			}
		})
	}
}

// TestISAFile: an isa file saves and loads with its kind, its targets'
// devices and its pipelines, and without a metric.
func TestISAFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "isa.json")
	dev := &Device{Name: "AMD Radeon RX 7900 XTX (RADV NAVI31)", Emulated: &Emulation{Mechanism: EmulationDRMShim, Target: "navi31", GFX: "gfx1100"}}
	f := &File{Schema: SchemaISA, Started: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), Device: Device{Name: "RADV (emulated)"}, Configs: []Config{{Name: "navi31", Env: map[string]string{"AMDGPU_GPU_ID": "navi31"}, Device: dev}},
		Results: []Result{{Suite: "matmul", Kernel: "naive", Config: "navi31", Status: StatusOK, Pipelines: []PipelineStats{{Name: "matmul_naive.comp",
			Executables: []ExecutableStats{{Name: "compute", Stages: []string{"compute"}, SubgroupSize: 32, Stats: map[string]float64{"VGPRs": 12},
				Derived: map[string]float64{"instructions": 44}, Asm: "navi31/matmul/naive/x.s"}}}}}}}
	if err := Save(path, f); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(path)
	if strings.Contains(string(raw), `"metric"`) {
		t.Errorf("an isa file carries a metric:\n%s", raw)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Kind() != KindISA || !reflect.DeepEqual(got.Results, f.Results) || !reflect.DeepEqual(got.Configs, f.Configs) {
		t.Errorf("loaded %+v", got)
	}
	if (&File{Schema: Schema}).Kind() != KindRun {
		t.Error("a run file's kind is not run")
	}
}

func TestSaveLoadAndID(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "r.json")
	f := &File{Schema: Schema, Started: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), Device: Device{Name: "gpu"}, Results: []Result{{
		Suite: "matmul", Kernel: "naive", Variant: map[string]string{"wg": "16x16", "name": "wg16x16"},
		Params: map[string]int64{"N": 2, "M": 1, "K": 3}, Status: StatusOK,
		Metric: Metric{Name: "throughput", Unit: "GFLOP/s", Better: HigherIsBetter, Value: 1, Samples: []float64{1}},
	}}}
	if err := Save(path, f); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if id := got.Results[0].ID(); id != "matmul/naive/name=wg16x16,wg=16x16/K=3,M=1,N=2" {
		t.Errorf("ID = %q", id)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.json")); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("missing file: %v", err)
	}
}

func TestRunSamples(t *testing.T) {
	tests := []struct {
		name    string
		samples []float64
		rounds  []int
		wantR   []int
		wantS   [][]float64
	}{
		{"single run", []float64{1, 2, 3}, nil, []int{1}, [][]float64{{1, 2, 3}}},
		{"no samples", nil, nil, nil, nil},
		{"two runs interleaved", []float64{1, 2, 3, 4}, []int{2, 1, 2, 1}, []int{1, 2}, [][]float64{{2, 4}, {1, 3}}},
		{"mismatched lengths is one run", []float64{1, 2}, []int{1}, []int{1}, [][]float64{{1, 2}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Result{Metric: Metric{Samples: tc.samples}, SampleRounds: tc.rounds}
			gotR, gotS := r.RunSamples()
			if !reflect.DeepEqual(gotR, tc.wantR) || !reflect.DeepEqual(gotS, tc.wantS) {
				t.Errorf("RunSamples = %v %v, want %v %v", gotR, gotS, tc.wantR, tc.wantS)
			}
		})
	}
}

// TestNewCI: an interval with a non-finite bound is no interval at all,
// never a half-open one (which the run table would print as ±100%).
func TestNewCI(t *testing.T) {
	inf := math.Inf(1)
	tests := []struct {
		name      string
		low, high float64
		want      CI
	}{
		{"finite", 1, 3, CI{Low: 1, High: 3, Level: 0.95}},
		{"low missing", -inf, 3, CI{Level: 0.95}},
		{"high missing", 1, inf, CI{Level: 0.95}},
		{"NaN", math.NaN(), 3, CI{Level: 0.95}},
		{"none", -inf, inf, CI{Level: 0.95}},
	}
	for _, tc := range tests {
		if got := NewCI(tc.low, tc.high, 0.95); got != tc.want {
			t.Errorf("%s: NewCI(%v, %v) = %+v, want %+v", tc.name, tc.low, tc.high, got, tc.want)
		}
	}
}

// TestSampledTogether: two runs that took turns by sample are cut to the
// shorter's count, and only then; other turns, too few samples together,
// and runs of one length stay whole.
func TestSampledTogether(t *testing.T) {
	tests := []struct {
		ta, tb  string
		na, nb  int
		wantN   int
		wantCut bool
	}{
		{TurnsSample, TurnsSample, 40, 25, 25, true},
		{TurnsSample, TurnsSample, 25, 40, 25, true},
		{TurnsSample, TurnsSample, 25, 25, 25, false},
		{TurnsSample, TurnsSample, 9, 40, 9, false}, // fewer than MinSampledTogether together
		{TurnsSample, TurnsSample, MinSampledTogether, 40, MinSampledTogether, true},
		{TurnsSample, TurnsBenchmark, 40, 25, 0, false},
		{"", TurnsSample, 40, 25, 0, false},
		{TurnsBenchmark, TurnsBenchmark, 40, 25, 0, false},
	}
	for _, tt := range tests {
		n, cut := SampledTogether(tt.ta, tt.tb, tt.na, tt.nb)
		if n != tt.wantN || cut != tt.wantCut {
			t.Errorf("SampledTogether(%q, %q, %d, %d) = %d, %v; want %d, %v", tt.ta, tt.tb, tt.na, tt.nb, n, cut, tt.wantN, tt.wantCut)
		}
	}
}

// TestSampleRepeats: a sample spans its run's dispatches where the runs
// record them, the result's otherwise (one run, files written before runs
// recorded them, a round without a count, samples whose rounds do not
// line up).
func TestSampleRepeats(t *testing.T) {
	runs := []RunSummary{{Round: 1, N: 2, Repeats: 26}, {Round: 3, N: 1, Repeats: 950}, {Round: 4, N: 1}}
	for _, tc := range []struct {
		name   string
		rounds []int
		runs   []RunSummary
		want   []int
	}{
		{"runs' own", []int{1, 1, 3, 4}, runs, []int{26, 26, 950, 8}},
		{"one run", nil, nil, []int{8, 8, 8, 8}},
		{"runs without counts", []int{1, 1, 3, 4}, []RunSummary{{Round: 1, N: 2}, {Round: 3, N: 1}, {Round: 4, N: 1}}, []int{8, 8, 8, 8}},
		{"rounds not aligned", []int{1, 3}, runs, []int{8, 8, 8, 8}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &Result{Repeats: 8, SampleRounds: tc.rounds, Runs: tc.runs, Metric: Metric{Samples: []float64{1, 2, 3, 4}}}
			var got []int
			for i := range r.Metric.Samples {
				got = append(got, r.SampleRepeats(i))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}
