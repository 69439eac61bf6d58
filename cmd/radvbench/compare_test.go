package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/golden"
)

const cmpDir = "testdata/compare"

// mainRun drives the CLI in-process (see cli).
func mainRun(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return cli(t, args...)
}

func cmpGolden(t *testing.T, name, got string) {
	t.Helper()
	golden.Check(t, filepath.Join(cmpDir, name), []byte(got))
}

// slowedCopy writes a copy of the results file at path whose every sample
// is 10% slower (time ×1.1, throughput ÷1.1) and returns its path.
func slowedCopy(t *testing.T, path string) string {
	t.Helper()
	f, err := resultsfile.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range f.Results {
		r := &f.Results[i]
		for j := range r.SamplesNS {
			r.SamplesNS[j] *= 1.1
		}
		for j := range r.Metric.Samples {
			if r.Metric.Better == resultsfile.HigherIsBetter {
				r.Metric.Samples[j] /= 1.1
			} else {
				r.Metric.Samples[j] *= 1.1
			}
		}
	}
	slow := filepath.Join(t.TempDir(), "slow.json")
	if err := resultsfile.Save(slow, f); err != nil {
		t.Fatal(err)
	}
	return slow
}

// TestCompareFixtureCopies keeps the copies of the synthetic results files
// in step with reports/compare/testdata.
func TestCompareFixtureCopies(t *testing.T) {
	for _, n := range []string{"base.json", "new.json", "ab.json", "run-a1.json", "run-b1.json", "run-c1.json"} {
		src, err := os.ReadFile(filepath.Join("..", "..", "reports", "compare", "testdata", n))
		if err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join(cmpDir, n), src)
	}
}

func TestCompareCLI(t *testing.T) {
	f := func(n string) string { return filepath.Join(cmpDir, n) }
	tests := []struct {
		name   string
		args   []string
		code   int
		golden string
	}{
		{"regressions", []string{f("base.json"), f("new.json")}, 1, "base-new.txt"},
		{"markdown", []string{"--format", "markdown", f("base.json"), f("new.json")}, 1, "base-new.md"},
		{"junit", []string{"--format", "junit", f("base.json"), f("new.json")}, 1, "base-new.xml"},
		{"json", []string{"--format=json", f("base.json"), f("new.json")}, 1, "base-new.json"},
		{"allowed", []string{"--policy", f("allow.yaml"), f("base.json"), f("new.json")}, 0, "allowed.txt"},
		// A 50% threshold: the GEMM slow-downs pass, the new failure does not.
		{"threshold", []string{"--threshold", "50%", f("base.json"), f("new.json")}, 1, "threshold.txt"},
		{"by config", []string{"--by", "config", f("ab.json")}, 0, "by-config.txt"},
		{"by config baseline", []string{"--by", "config", "--baseline", "wave32", f("ab.json")}, 1, "by-config-wave32.txt"},
		{"by label", []string{"--by", "label.config", f("run-a1.json"), f("run-b1.json"), f("run-c1.json")}, 1, "by-label.txt"},
		{"by fingerprint", []string{"--by", "amdgpu.vm_fragment_size", "--baseline", "9", "--format", "markdown",
			f("run-a1.json"), f("run-b1.json"), f("run-c1.json")}, 1, "by-fragment.md"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := mainRun(t, append([]string{"compare"}, tt.args...)...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr %q", code, tt.code, errs)
			}
			if errs != "" {
				t.Errorf("stderr %q", errs)
			}
			cmpGolden(t, tt.golden, out)
		})
	}
}

func TestCompareCLIOut(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sub", "summary.md")
	code, stdout, stderr := mainRun(t, "compare", "--format", "markdown", "-o", out, filepath.Join(cmpDir, "base.json"), filepath.Join(cmpDir, "new.json"))
	if code != 1 || stderr != "" {
		t.Fatalf("exit %d stderr %q", code, stderr)
	}
	if !strings.HasPrefix(stdout, "radvbench compare: 2 regressions, 1 new failure") || !strings.Contains(stdout, out+" written") {
		t.Errorf("stdout %q", stdout)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(data), "❌ **radvbench: 2 regressions") {
		t.Errorf("markdown starts %q", string(data)[:60])
	}
}

// TestCompareScaled: a results file of 3 runs whose samples are 10%
// slower than the baseline's is flagged with exit 1.
func TestCompareScaled(t *testing.T) {
	base := filepath.Join(cmpDir, "run-a1.json")
	slow := slowedCopy(t, base)
	code, out, _ := mainRun(t, "compare", base, slow)
	if code != 1 || !strings.Contains(out, "radvbench compare: 2 regressions") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// aaDir holds the three real A/A runs of issue 12 (lavapipe, loaded
// machine), kept with the compare package's test data.
var aaDir = filepath.Join("..", "..", "reports", "compare", "testdata", "aa-quick")

// TestCompareAAReplay: the real A/A files that gave 38 and 19 false
// regressions when samples were the evidence give none through the CLI,
// file against file and pooled with '--'.
func TestCompareAAReplay(t *testing.T) {
	aa := func(n string) string { return filepath.Join(aaDir, n) }
	for _, args := range [][]string{
		{aa("aa1.json"), aa("aa2.json")},
		{aa("aa2.json"), aa("aa3.json")},
		{aa("aa1.json"), aa("aa2.json"), "--", aa("aa3.json")},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, out, errs := mainRun(t, append([]string{"compare"}, args...)...)
			if code != 0 || errs != "" {
				t.Fatalf("exit %d, want 0; stderr %q\n%s", code, errs, out)
			}
			first := strings.SplitN(out, "\n", 2)[0]
			if !strings.HasPrefix(first, "radvbench compare: no regression,") || strings.Contains(first, "improvement") {
				t.Errorf("summary %q: want no regression and no improvement", first)
			}
		})
	}
}

// TestComparePooled: three runs a side given as separate files and pooled
// with '--'; every sample of the new side 10% slower.
func TestComparePooled(t *testing.T) {
	f := func(n string) string { return filepath.Join(cmpDir, n) }
	// Two 3-run files a side pool into 6 runs: run-a1 and run-a2 are two
	// runs of the same configuration (the same file twice would count
	// once: TestHostileDuplicateEvidence).
	base := []string{f("run-a1.json"), filepath.Join("..", "..", "reports", "compare", "testdata", "run-a2.json")}
	var slow []string
	for _, b := range base {
		slow = append(slow, slowedCopy(t, b))
	}
	// slowedCopy names every copy slow.json in its own directory: the
	// side names are then paths, which is fine.
	args := append(append(append([]string{"compare"}, base...), "--"), slow...)
	code, out, errs := mainRun(t, args...)
	if code != 1 || errs != "" {
		t.Fatalf("exit %d, want 1; stderr %q\n%s", code, errs, out)
	}
	if !strings.Contains(out, "radvbench compare: 2 regressions") || !regexp.MustCompile(`\b6\s+│`).MatchString(out) {
		t.Errorf("want 2 regressions over 6 runs a side:\n%s", out)
	}
	// The same files on both sides compare runs with themselves: an input
	// error.
	code, _, errs = mainRun(t, append(append(append([]string{"compare"}, base...), "--"), base...)...)
	if code != 2 || !strings.Contains(errs, "hold the same runs") {
		t.Errorf("A/A pooled from the same files: exit %d %s", code, errs)
	}
}

// TestNoiseCLI measures floors from the real A/A files, then compares with
// them and plans.
func TestNoiseCLI(t *testing.T) {
	aa := func(n string) string { return filepath.Join(aaDir, n) }
	nf := filepath.Join(t.TempDir(), "noise.json")
	code, out, errs := mainRun(t, "noise", "-o", nf, aa("aa1.json"), aa("aa2.json"), aa("aa3.json"))
	if code != 0 || errs != "" || !strings.Contains(out, "88 benchmarks over 3 runs") {
		t.Fatalf("noise: exit %d stderr %q\n%s", code, errs, out)
	}
	code, out, errs = mainRun(t, "compare", "--noise", nf, aa("aa1.json"), aa("aa2.json"))
	if code != 0 || errs != "" || !strings.Contains(out, "noise floors from "+nf) || !strings.Contains(out, "no regression") {
		t.Errorf("compare --noise: exit %d stderr %q\n%s", code, errs, out)
	}
	// The HTML report shows the floors too.
	dir := filepath.Join(t.TempDir(), "report")
	if code, out, errs := mainRun(t, "report", "--noise", nf, "-o", dir, aa("aa1.json"), aa("aa2.json")); code != 0 || errs != "" {
		t.Errorf("report --noise: exit %d stderr %q\n%s", code, errs, out)
	}
	if html, err := os.ReadFile(filepath.Join(dir, "index.html")); err != nil || !strings.Contains(string(html), "noise floors from "+nf) || !strings.Contains(string(html), "<th>Noise floor</th>") {
		t.Errorf("report --noise: index.html lacks the floors (%v)", err)
	}
	// The plan from those floors: lavapipe under load wanders so much that
	// a 5% slowdown needs more runs than anyone wants to spend.
	code, out, errs = mainRun(t, "noise", "--plan", aa("aa1.json"), aa("aa2.json"), aa("aa3.json"))
	if code != 0 || errs != "" || !strings.Contains(out, "runs a side to catch a 5% slowdown") {
		t.Errorf("noise --plan: exit %d stderr %q\n%s", code, errs, out)
	}
	// Errors: one run only, no output.
	code, out, errs = mainRun(t, "noise", "-o", nf, aa("aa1.json"))
	checkInputError(t, code, out, errs, "noise", "every benchmark has one run; measure at least 3 runs (radvbench noise --runs 5, or several results files of the same build)")
	code, out, errs = mainRun(t, "noise", aa("aa1.json"), aa("aa2.json"))
	checkInputError(t, code, out, errs, "noise", "noise needs an output file")
}

// TestComparePlan: --plan from the runs in the inputs.
func TestComparePlan(t *testing.T) {
	f := func(n string) string { return filepath.Join(cmpDir, n) }
	code, out, errs := mainRun(t, "compare", "--plan", "--detect", "10", f("base.json"), f("new.json"))
	if code != 0 || errs != "" {
		t.Fatalf("exit %d stderr %q\n%s", code, errs, out)
	}
	cmpGolden(t, "plan.txt", out)
}

func TestCompareBadInput(t *testing.T) {
	f := func(n string) string { return filepath.Join(cmpDir, n) }
	good := f("base.json")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"missing file", []string{good, f("nope.json")}, "results file testdata/compare/nope.json does not exist: check the path"},
		{"not JSON", []string{good, f("not-json.json")}, "testdata/compare/not-json.json is not JSON (invalid character 'h' looking for beginning of value at byte 1): pass a results file written by 'radvbench run'"},
		{"other schema", []string{good, f("schema-v0.json")}, `has schema "radvbench/results/v0", this radvbench reads "radvbench/results/v1"`},
		{"truncated", []string{good, f("truncated.json")}, "testdata/compare/truncated.json is truncated (JSON ends after 1500 bytes): the run that wrote it was cut short; rerun 'radvbench run' to produce it"},
		{"zero samples", []string{good, f("zero-samples.json")}, "has status ok but zero samples"},
		{"no results", []string{good, f("no-results.json")}, "testdata/compare/no-results.json holds no benchmark results: nothing to compare (was the run interrupted or its --filter too narrow?)"},
		{"directory", []string{good, cmpDir}, "testdata/compare is a directory: pass results files"},
		{"one file", []string{good}, "compare needs two results files, or --by KEY"},
		{"no files", nil, "compare needs results files"},
		{"bad flag", []string{"--frobnicate", good, good}, "unknown flag: --frobnicate"},
		{"bad threshold", []string{"--threshold", "lots", good, good}, `--threshold: "lots" is not a percentage`},
		{"bad alpha", []string{"--alpha", "1.5", good, good}, "alpha 1.5 is outside (0, 1)"},
		{"bad format", []string{"--format", "html", good, good}, `unknown --format "html": use one of text, markdown, junit, json`},
		{"missing policy", []string{"--policy", f("nope.yaml"), good, good}, "policy file testdata/compare/nope.yaml does not exist"},
		{"bad policy", []string{"--policy", f("bad-policy.yaml"), good, good}, "policy testdata/compare/bad-policy.yaml:"},
		{"bad by", []string{"--by", "label.nope", good, good}, `no results file has the key "label.nope"`},
		{"bad baseline", []string{"--by", "config", "--baseline", "wave64", f("ab.json")}, `baseline "wave64" is not one of the groups (default, wave32)`},
		{"dash without new side", []string{good, "--"}, "'--' separates the baseline's files from the new ones"},
		{"dash without base side", []string{"--", good}, "'--' separates the baseline's files from the new ones"},
		{"dash and by", []string{"--by", "config", good, "--", good}, "use either --by or '--'"},
		{"missing noise file", []string{"--noise", f("nope-noise.json"), good, good}, "noise file testdata/compare/nope-noise.json does not exist: make one with 'radvbench noise -o testdata/compare/nope-noise.json' (see 'radvbench noise --help')"},
		{"results as noise file", []string{"--noise", good, good, good}, `has schema "radvbench/results/v1", not "radvbench/noise/v1": pass a noise file written by 'radvbench noise' (a results file goes to compare as an input)`},
		{"bad detect", []string{"--plan", "--detect", "x", good, f("new.json")}, `--detect "x"`},
		{"self", []string{good, good}, "testdata/compare/base.json and testdata/compare/base.json hold the same runs (same content) on both sides"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := mainRun(t, append([]string{"compare"}, tt.args...)...)
			checkInputError(t, code, out, errs, "compare", tt.want)
		})
	}
}

// checkInputError: exit 2, nothing on stdout, one line on stderr naming
// the problem, never a panic.
func checkInputError(t *testing.T, code int, out, errs, cmd, want string) {
	t.Helper()
	if code != 2 {
		t.Errorf("exit %d, want 2 (stderr %q)", code, errs)
	}
	if out != "" {
		t.Errorf("stdout %q, want nothing", out)
	}
	if strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "radvbench "+cmd+": ") {
		t.Errorf("stderr is not one 'radvbench %s: ...' line: %q", cmd, errs)
	}
	if !strings.Contains(errs, want) {
		t.Errorf("stderr %q lacks %q", errs, want)
	}
	if strings.Contains(errs, "panic") || strings.Contains(errs, "goroutine") {
		t.Errorf("panic: %q", errs)
	}
}

func TestExportCLI(t *testing.T) {
	for _, format := range []string{"benchfmt", "gbench", "bmf", "gab-bigger", "gab-smaller"} {
		t.Run(format, func(t *testing.T) {
			code, out, errs := mainRun(t, "export", "--format", format, filepath.Join(cmpDir, "ab.json"))
			if code != 0 || errs != "" {
				t.Fatalf("exit %d stderr %q", code, errs)
			}
			cmpGolden(t, "export-ab."+format, out)
		})
	}
	out := filepath.Join(t.TempDir(), "ab.txt")
	if code, stdout, errs := mainRun(t, "export", "--format", "benchfmt", "-o", out, filepath.Join(cmpDir, "ab.json")); code != 0 || stdout != "" || errs != "" {
		t.Fatalf("-o: exit %d stdout %q stderr %q", code, stdout, errs)
	}
	if data, err := os.ReadFile(out); err != nil || !strings.HasPrefix(string(data), "Unit GFLOP/s assume=nothing better=higher\n") {
		t.Errorf("-o file: %v %q", err, data)
	}
}

func TestExportBadInput(t *testing.T) {
	good := filepath.Join(cmpDir, "ab.json")
	outDir := t.TempDir()
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no format", []string{good}, "export needs --format: one of benchfmt, gbench, bmf, gab-bigger, gab-smaller"},
		{"unknown format", []string{"--format", "csv", good}, `unknown --format "csv"`},
		{"no file", []string{"--format", "bmf"}, "export takes one results file, got 0"},
		{"two files", []string{"--format", "bmf", good, good}, "export takes one results file, got 2"},
		{"missing", []string{"--format", "bmf", filepath.Join(cmpDir, "nope.json")}, "does not exist"},
		{"truncated", []string{"--format", "bmf", filepath.Join(cmpDir, "truncated.json")}, "is truncated"},
		{"other schema", []string{"--format", "bmf", filepath.Join(cmpDir, "schema-v0.json")}, "has schema"},
		{"directory", []string{"--format", "bmf", cmpDir}, "testdata/compare is a directory: pass one results file"},
		{"directory, CSVs into a directory", []string{"--format", "fossil-csv", cmpDir, "-o", outDir}, "testdata/compare is a directory: pass one results file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := mainRun(t, append([]string{"export"}, tt.args...)...)
			checkInputError(t, code, out, errs, "export", tt.want)
		})
	}
}

// TestCompareOutputStdout: 'compare -o - A B' prints the comparison on
// standard output and exits as 'compare A B' does, for run results files
// and for isa files alike (the isa path once wrote a file called "-" or
// failed with exit 2), in every format, and leaves no file called "-".
func TestCompareOutputStdout(t *testing.T) {
	isaDir := filepath.Join("..", "..", "reports", "compare", "testdata", "isa")
	for _, tt := range []struct {
		name, a, b string
		format     string
		wantCode   int // the plain comparison's exit status (1: a regression); -1 for any
	}{
		{"run", filepath.Join(cmpDir, "run-a1.json"), filepath.Join(cmpDir, "run-b1.json"), "text", -1},
		{"isa text", filepath.Join(isaDir, "mesa-25.0.json"), filepath.Join(isaDir, "mesa-26.1.json"), "text", 1},
		{"isa markdown", filepath.Join(isaDir, "mesa-25.0.json"), filepath.Join(isaDir, "mesa-26.1.json"), "markdown", 1},
		{"isa json", filepath.Join(isaDir, "mesa-25.0.json"), filepath.Join(isaDir, "mesa-26.1.json"), "json", 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			plainCode, plain, plainErr := cli(t, "compare", "--format", tt.format, tt.a, tt.b)
			if plainErr != "" || len(plain) < 100 {
				t.Fatalf("compare %s %s: exit %d stderr %q stdout %q", tt.a, tt.b, plainCode, plainErr, plain)
			}
			if tt.wantCode >= 0 && plainCode != tt.wantCode {
				t.Fatalf("compare %s %s: exit %d, want %d", tt.a, tt.b, plainCode, tt.wantCode)
			}
			code, stdout, stderr := cli(t, "compare", "--format", tt.format, "-o", "-", tt.a, tt.b)
			if code != plainCode || stderr != "" {
				t.Errorf("compare -o -: exit %d stderr %q, want exit %d as without -o", code, stderr, plainCode)
			}
			if stdout != plain {
				t.Errorf("compare -o - printed\n%.300s\nwant what compare without -o prints\n%.300s", stdout, plain)
			}
			if _, err := os.Lstat("-"); err == nil {
				os.Remove("-")
				t.Errorf("compare -o - wrote a file called -")
			}
		})
	}
}

// TestCompareWordsAdvice: reports/compare returns its advice as data and
// the command words it once, in the CLI's words, in the text and in the
// JSON (whose notes stay strings): files that mix quick and full sizes
// get the note with what to do about it.
func TestCompareWordsAdvice(t *testing.T) {
	f, err := resultsfile.Load(filepath.Join(cmpDir, "run-b1.json"))
	if err != nil {
		t.Fatal(err)
	}
	f.Quick = true
	quick := filepath.Join(t.TempDir(), "quick.json")
	if err := resultsfile.Save(quick, f); err != nil {
		t.Fatal(err)
	}
	const want = "some runs used quick sizes and others did not: problem sizes and budgets differ; run both sides with --quick, or both without"
	_, out, errs := mainRun(t, "compare", filepath.Join(cmpDir, "run-a1.json"), quick)
	if strings.Count(out, want) != 1 {
		t.Errorf("stderr %q; text output lacks the worded note %q once:\n%s", errs, want, out)
	}
	_, out, _ = mainRun(t, "compare", "--format", "json", filepath.Join(cmpDir, "run-a1.json"), quick)
	type jsonNote struct{ Kind, Message string }
	var rep struct{ Notes []jsonNote }
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("JSON output: %v\n%s", err, out)
	}
	if !slices.Contains(rep.Notes, jsonNote{"quick-mixed", want}) {
		t.Errorf("JSON notes %q lack the kind quick-mixed with the message %q", rep.Notes, want)
	}
}
