package main

import (
	"fmt"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	historycmd "github.com/radvbench/radvbench/cmd/radvbench/internal/history"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/history/historytest"
)

// stepFiles writes n one-run results files, a run an hour; from run
// stepAt on, the benchmark is 15% faster and the kernel release differs.
func stepFiles(t *testing.T, dir string, n, stepAt int) []string {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	t0 := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	var paths []string
	for i := 0; i < n; i++ {
		level, kernel := 100.0, "6.1.0-18-amd64"
		if i >= stepAt {
			level, kernel = 115.0, "6.12.9-amd64"
		}
		f := &resultsfile.File{Schema: resultsfile.Schema, Tool: resultsfile.Tool{Name: "radvbench", Version: "test", Commit: "c0ffee"},
			Started: t0.Add(time.Duration(i) * time.Hour), Suites: []string{"matmul"},
			Device:      resultsfile.Device{Name: "AMD Radeon RX 7900 XTX (RADV NAVI31)", DriverInfo: "Mesa 25.0.7"},
			Labels:      map[string]string{"ci": "nightly"},
			Fingerprint: map[string]string{"kernel.release": kernel, "amdgpu.vm_fragment_size": "9", "host.name": "runner1"}}
		for _, v := range []string{"wg16x16", "wg8x8"} {
			r := resultsfile.Result{Suite: "matmul", Kernel: "naive", Variant: map[string]string{"wg": v}, Params: map[string]int64{"m": 256, "n": 256, "k": 256},
				Status: resultsfile.StatusOK, Verified: true, Metric: resultsfile.Metric{Name: "throughput", Unit: "GFLOP/s", Better: resultsfile.HigherIsBetter}}
			run := level * (1 + 0.01*rng.NormFloat64())
			if v == "wg8x8" {
				run = 50 * (1 + 0.01*rng.NormFloat64()) // no step
			}
			for j := 0; j < 7; j++ {
				r.Metric.Samples = append(r.Metric.Samples, run*(1+0.002*float64(j-3)))
			}
			r.Metric.Value = run
			f.Results = append(f.Results, r)
		}
		p := filepath.Join(dir, fmt.Sprintf("run%02d.json", i))
		if err := resultsfile.Save(p, f); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// roundsFile writes one results file holding `rounds` runs of the same
// two benchmarks as stepFiles, wg16x16 at level (wg8x8 unchanged).
func roundsFile(t *testing.T, path string, level float64, rounds int, seed uint64) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 5))
	t0 := time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)
	f := &resultsfile.File{Schema: resultsfile.Schema, Tool: resultsfile.Tool{Name: "radvbench", Version: "test", Commit: "c0ffee"},
		Started: t0, Suites: []string{"matmul"},
		Device:      resultsfile.Device{Name: "AMD Radeon RX 7900 XTX (RADV NAVI31)", DriverInfo: "Mesa 25.0.7"},
		Fingerprint: map[string]string{"kernel.release": "6.1.0-18-amd64", "amdgpu.vm_fragment_size": "9"}}
	for i := 1; i <= rounds; i++ {
		at := t0.Add(time.Duration(i) * time.Minute)
		f.Rounds = append(f.Rounds, resultsfile.Round{Index: i, Started: at, Finished: at.Add(time.Second)})
	}
	for _, v := range []string{"wg16x16", "wg8x8"} {
		r := resultsfile.Result{Suite: "matmul", Kernel: "naive", Variant: map[string]string{"wg": v}, Params: map[string]int64{"m": 256, "n": 256, "k": 256},
			Status: resultsfile.StatusOK, Verified: true, Metric: resultsfile.Metric{Name: "throughput", Unit: "GFLOP/s", Better: resultsfile.HigherIsBetter}}
		for i := 1; i <= rounds; i++ {
			run := level * (1 + 0.01*rng.NormFloat64())
			if v == "wg8x8" {
				run = 50 * (1 + 0.01*rng.NormFloat64())
			}
			for j := 0; j < 7; j++ {
				r.Metric.Samples = append(r.Metric.Samples, run*(1+0.002*float64(j-3)))
				r.SampleRounds = append(r.SampleRounds, i)
			}
		}
		f.Results = append(f.Results, r)
	}
	if err := resultsfile.Save(path, f); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestHistoryGateCompareExport: gate judges new runs against the stored
// baseline with compare's exit codes; compare --by groups stored runs by a
// fingerprint key; export writes a row per run and benchmark.
func TestHistoryGateCompareExport(t *testing.T) {
	historytest.Backends(t, func(t *testing.T, dsn string) {
		dir := t.TempDir()
		paths := stepFiles(t, dir, 24, 12)
		if code, stdout, stderr := cli(t, append([]string{"history", "import", "--db", dsn}, paths[:12]...)...); code != 0 {
			t.Fatalf("import: %d %s %s", code, stdout, stderr)
		}
		slow := roundsFile(t, filepath.Join(dir, "slow.json"), 85, 5, 1)
		same := roundsFile(t, filepath.Join(dir, "same.json"), 100, 5, 2)
		code, stdout, stderr := cli(t, "history", "gate", "--db", dsn, "--last", "10", slow)
		if code != 1 || !strings.Contains(stdout, "baseline: 10 run(s)") || !strings.Contains(stdout, "regression") {
			t.Errorf("gate on a 15%% slowdown: exit %d, want 1 with a regression\n%s\n%s", code, stdout, stderr)
		}
		code, stdout, stderr = cli(t, "history", "gate", "--db", dsn, same)
		if code != 0 {
			t.Errorf("gate on unchanged runs: exit %d, want 0\n%s\n%s", code, stdout, stderr)
		}
		// Importing the new file does not make it its own baseline.
		cli(t, "history", "import", "--db", dsn, slow)
		if code, stdout, _ = cli(t, "history", "gate", "--db", dsn, "--last", "10", slow); code != 1 {
			t.Errorf("gate after importing the new file: exit %d, want 1 (it must not be its own baseline)\n%s", code, stdout)
		}
		code, _, stderr = cli(t, "history", "gate", "--db", dsn, "--device", "nothing like it", slow)
		if code != 2 || !strings.Contains(stderr, "no baseline runs") {
			t.Errorf("gate without baseline: exit %d, want 2\n%s", code, stderr)
		}

		cli(t, append([]string{"history", "import", "--db", dsn}, paths[12:]...)...)
		code, stdout, stderr = cli(t, "history", "compare", "--db", dsn, "--by", "kernel.release", "--baseline", "6.1.0-18-amd64", "--until", "2026-03-02")
		if code != 0 || !strings.Contains(stdout, "24 stored run(s)") || !strings.Contains(stdout, "improvement") || !strings.Contains(stdout, "6.12.9-amd64") {
			t.Errorf("compare --by kernel.release: exit %d\n%s\n%s", code, stdout, stderr)
		}
		if code, _, stderr = cli(t, "history", "compare", "--db", dsn); code != 2 || !strings.Contains(stderr, "needs --by") {
			t.Errorf("compare without --by: exit %d %s", code, stderr)
		}

		out := filepath.Join(dir, "gemm.csv")
		code, stdout, stderr = cli(t, "history", "export", "--db", dsn, "--benchmark", stepBench, "--keys", "kernel.release,label.ci", "--until", "2026-03-02", "-o", out)
		if code != 0 || !strings.Contains(stdout, "24 row(s)") {
			t.Fatalf("export: exit %d\n%s\n%s", code, stdout, stderr)
		}
		data, _ := os.ReadFile(out)
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")
		if len(lines) != 25 || lines[0] != "time,median,ci_low,ci_high,n,benchmark,unit,device,config,run,driver,kernel,tool_commit,kernel.release,label.ci" ||
			!strings.HasPrefix(lines[1], "2026-03-01T00:00:00Z,") || !strings.HasSuffix(lines[24], ",6.12.9-amd64,nightly") {
			t.Errorf("export CSV:\n%s", data)
		}
	})
}

const stepBench = "matmul/naive/wg=wg16x16/k=256,m=256,n=256"

func TestHistoryImportRunsTrendDetect(t *testing.T) {
	historytest.Backends(t, func(t *testing.T, dsn string) {
		dir := t.TempDir()
		paths := stepFiles(t, dir, 24, 12)
		code, stdout, stderr := cli(t, append([]string{"history", "import", "--db", dsn}, paths...)...)
		if code != 0 || !strings.Contains(stdout, "24 new run(s)") {
			t.Fatalf("import: exit %d\n%s\n%s", code, stdout, stderr)
		}
		code, stdout, _ = cli(t, "history", "import", "--db", dsn, paths[3])
		if code != 0 || !strings.Contains(stdout, "already in the store") || !strings.Contains(stdout, "0 new run(s)") {
			t.Fatalf("re-import: exit %d\n%s", code, stdout)
		}
		code, stdout, stderr = cli(t, "history", "runs", "--db", dsn, "--where", "kernel.release=6.12.9-amd64", "--label", "ci=nightly")
		if code != 0 || !strings.Contains(stdout, "\n12 run(s)") {
			t.Fatalf("runs --where: exit %d\n%s\n%s", code, stdout, stderr)
		}
		code, stdout, _ = cli(t, "history", "runs", "--db", dsn, "--since", "2026-03-01T20:00:00Z", "--until", "2026-03-01T22:00:00Z")
		if code != 0 || !strings.Contains(stdout, "\n2 run(s)") {
			t.Fatalf("runs --since --until: exit %d\n%s", code, stdout)
		}
		chart := filepath.Join(dir, "trend.png")
		if d := os.Getenv("HISTORY_TEST_KEEP"); d != "" {
			chart = filepath.Join(d, "trend-"+filepath.Base(t.Name())+".png")
		}
		code, stdout, stderr = cli(t, "history", "trend", "--db", dsn, "matmul/naive/wg=wg16x16", "--chart", chart)
		if code != 0 || strings.Count(stdout, "\n") < 25 || !strings.Contains(stdout, "<- change +14.86% (p=0.010)") || !strings.Contains(stdout, "kernel.release 6.1.0-18-amd64 -> 6.12.9-amd64") {
			t.Fatalf("trend: exit %d\n%s\n%s", code, stdout, stderr)
		}
		fh, err := os.Open(chart)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(fh)
		fh.Close()
		if err != nil || img.Bounds().Dx() != 1200 {
			t.Fatalf("trend chart: %v %v", err, img.Bounds())
		}
		code, stdout, stderr = cli(t, "history", "detect", "--db", dsn)
		want := []string{"2 series, 48 run medians; 1 change point(s)", stepBench, "at run 13 of 24", "+14.86% (p=0.010)", "kernel.release: 6.1.0-18-amd64 -> 6.12.9-amd64"}
		for _, w := range want {
			if code != 0 || !strings.Contains(stdout, w) {
				t.Fatalf("detect: exit %d, want %q in\n%s\n%s", code, w, stdout, stderr)
			}
		}
		if strings.Contains(stdout, "host.name") || strings.Contains(stdout, "vm_fragment_size") {
			t.Errorf("detect names keys that did not change:\n%s", stdout)
		}
		// report --db draws the stored trend of each benchmark in the files.
		rep := filepath.Join(dir, "report")
		code, stdout, stderr = cli(t, "report", "--db", dsn, "-o", rep, paths[23])
		if code != 0 {
			t.Fatalf("report --db: exit %d\n%s\n%s", code, stdout, stderr)
		}
		html, _ := os.ReadFile(filepath.Join(rep, "index.html"))
		csvData, err := os.ReadFile(filepath.Join(rep, "trend-matmul_naive_wg_wg16x16_k_256_m_256_n_256.csv"))
		if err != nil || !strings.Contains(string(html), "trend-matmul_naive_wg_wg16x16_k_256_m_256_n_256.png") || strings.Count(string(csvData), "2026-03-01T") != 24 || !strings.Contains(string(csvData), "kernel.release") {
			t.Errorf("report --db: no trend chart of 24 runs with the change marked (%v)\n%s\n%s", err, csvData, html)
		}
	})
}

func TestHistoryBadInput(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "history.db")
	os.WriteFile(garbage, []byte(strings.Repeat("not a database at all ", 300)), 0o644)
	good := stepFiles(t, dir, 1, 99)[0]
	stored := filepath.Join(dir, "stored.db")
	if code, _, errs := cli(t, "history", "import", "--db", stored, good); code != 0 {
		t.Fatal(errs)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"history", "runs", "--db", garbage}, "not a usable SQLite database"},
		{[]string{"history", "import", "--db", garbage, good}, "not a usable SQLite database"},
		{[]string{"history", "detect", "--db", garbage}, "not a usable SQLite database"},
		{[]string{"history", "import", "--db", filepath.Join(dir, "ok.db"), filepath.Join(dir, "missing.json")}, "does not exist"},
		{[]string{"history", "import", "--db", filepath.Join(dir, "ok.db")}, "needs results files"},
		{[]string{"history", "import", "--db", filepath.Join(dir, "ok.db"), filepath.Join(cmpDir, "no-results.json")}, "testdata/compare/no-results.json holds no benchmark results: nothing to import (was the run interrupted or its --filter too narrow?)"},
		{[]string{"history", "import", "--db", filepath.Join(dir, "ok.db"), cmpDir}, "testdata/compare is a directory: pass results files (e.g. testdata/compare/*.json)"},
		{[]string{"history", "runs", "--db", filepath.Join(dir, "ok.db"), "--where", "nokey"}, "want KEY=VALUE"},
		{[]string{"history", "runs", "--db", filepath.Join(dir, "ok.db"), "--since", "yesterday"}, "want a date"},
		{[]string{"history", "trend", "--db", stored, "nothing/here"}, `no stored benchmark is called "nothing/here" (or starts so): import results first, or check the ID in the benchmark column of 'radvbench history export'`},
		{[]string{"history", "trend", "--db", filepath.Join(dir, "ok.db"), "nothing/here"}, "ok.db does not exist"},
		{[]string{"history", "trend", "--db", filepath.Join(dir, "ok.db"), "x", "--chart", "a.gif"}, ".png or .svg"},
		{[]string{"history", "frobnicate"}, "unknown history command"},
		{[]string{"history"}, ""},
	} {
		code, stdout, stderr := cli(t, tc.args...)
		if code != 2 || strings.Count(strings.TrimSpace(stderr), "\n") > 0 && tc.want != "" || !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "goroutine") {
			t.Errorf("%v: exit %d, want 2 and one line with %q\nstdout: %s\nstderr: %s", tc.args, code, tc.want, stdout, stderr)
		}
	}
}

func TestHistoryHelp(t *testing.T) {
	code, stdout, _ := cli(t, "history", "--help")
	if code != 0 || !strings.Contains(stdout, "Commands:") {
		t.Fatalf("history --help: exit %d\n%s", code, stdout)
	}
	for _, s := range historycmd.Subcommands {
		code, stdout, stderr := cli(t, "history", s.Name, "--help")
		if code != 0 || !strings.Contains(stdout, "Usage: radvbench history "+s.Name) || !strings.Contains(stdout, "--db") || !strings.Contains(stdout, "Exit status") {
			t.Errorf("history %s --help: exit %d\n%s\n%s", s.Name, code, stdout, stderr)
		}
	}
}
