package fossil

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/golden"
)

// The isa files of two Mesa versions that reports/compare tests with.
const (
	mesa25 = "../compare/testdata/isa/mesa-25.0.json"
	mesa26 = "../compare/testdata/isa/mesa-26.1.json"
)

func load(t testing.TB, path string) *resultsfile.File {
	t.Helper()
	f, err := resultsfile.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// fossilizeHeader is the header fossilize-replay's stats_to_csv writes
// before the statistic columns (cli/fossilize_replay.cpp).
const fossilizeHeader = "Database,Pipeline type,Pipeline hash,PSO wall duration (ns),PSO duration (ns),Stage duration (ns),Executable name,Subgroup size"

func TestWriteCSVGolden(t *testing.T) {
	for _, tc := range []struct {
		file, target, golden string
	}{
		{"testdata/small-old.json", "navi31", "testdata/golden/small-old.navi31.csv"},
		{"testdata/small-new.json", "navi31", "testdata/golden/small-new.navi31.csv"},
		{mesa25, "gfx1201", "testdata/golden/mesa-25.0.gfx1201.csv"},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteCSV(&b, load(t, tc.file), tc.target); err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(b.String(), fossilizeHeader+",") {
				t.Errorf("header does not start with fossilize's: %q", strings.SplitN(b.String(), "\n", 2)[0])
			}
			golden.Check(t, tc.golden, b.Bytes())
		})
	}
}

func TestWriteCSVHeaderOnly(t *testing.T) {
	var b bytes.Buffer
	if err := WriteCSV(&b, load(t, mesa25), "navi33"); err != nil {
		t.Fatal(err)
	}
	// No statistic: the fixed columns, no trailing comma.
	if got := b.String(); got != fossilizeHeader+"\n" {
		t.Errorf("got %q, want %q", got, fossilizeHeader+"\n")
	}
}

func TestWriteCSVRows(t *testing.T) {
	var b bytes.Buffer
	if err := WriteCSV(&b, load(t, "testdata/small-old.json"), "navi31"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	header := strings.Split(lines[0], ",")
	for _, tc := range []struct {
		name        string
		line        int
		prefix      string
		emptyColumn string // a statistic the row lacks
	}{
		// Graphics pipelines first, each executable a row.
		{"vertex", 1, `mesh/raster/name=tri/N=4096,GRAPHICS,` + PipelineHash("mesh/raster/name=tri/N=4096", "raster.vert+raster.frag", 0) + ",0,0,0,vertex,64,", ""},
		{"fragment", 2, `mesh/raster/name=tri/N=4096,GRAPHICS,`, ""},
		{"task is graphics", 3, `mesh/meshlet/name=ms/N=4096,GRAPHICS,`, ""},
		{"mesh", 4, `mesh/meshlet/name=ms/N=4096,GRAPHICS,`, ""},
		// Then compute; a cell with commas (the parameters) is quoted.
		{"compute", 5, `"matmul/tiled/name=tile16/K=64,M=64,N=64",COMPUTE,`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.HasPrefix(lines[tc.line], tc.prefix) {
				t.Errorf("row %d = %q, want prefix %q", tc.line, lines[tc.line], tc.prefix)
			}
		})
	}
	if len(lines) != 8 { // header, 4 graphics executables, 3 compute
		t.Errorf("%d lines, want 8:\n%s", len(lines), b.String())
	}
	if header[8] != "SGPRs" || header[len(header)-1] != "VOPD" {
		t.Errorf("statistic columns %v: want RADV's order, SGPRs first, VOPD last", header[8:])
	}
	// small-new's fragment shader lacks Latency: an empty cell.
	b.Reset()
	if err := WriteCSV(&b, load(t, "testdata/small-new.json"), "navi31"); err != nil {
		t.Fatal(err)
	}
	lines = strings.Split(b.String(), "\n")
	header = strings.Split(lines[0], ",")
	lat := -1
	for i, h := range header {
		if h == "Latency" {
			lat = i
		}
	}
	// The Database cell holds no comma for raster, so a plain split works.
	if cells := strings.Split(lines[2], ","); lat < 0 || cells[6] != "fragment" || cells[lat] != "" {
		t.Errorf("fragment row %q: want an empty Latency cell (column %d)", lines[2], lat)
	}
}

func TestFormatValue(t *testing.T) {
	for _, tc := range []struct {
		in   float64
		want string
	}{
		{0, "0"},
		{128, "128"},
		{1 << 53, "9007199254740992"},
		{1.5, "1.500000"}, // C's %f, as std::to_string
		{2.0000001, "2.000000"},
	} {
		if got := formatValue(tc.in); got != tc.want {
			t.Errorf("formatValue(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestCompareStatistics(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int // sign
	}{
		{"SGPRs", "VGPRs", -1},
		{"Combined outputs", "Instructions", -1}, // RADV's before ACO's
		{"VOPD", "Zzz", -1},                      // known before unknown
		{"Aaa", "Subgroups per SIMD", 1},
		{"Aaa", "Bbb", -1}, // unknown: byte order
		{"VALU", "VALU", 0},
	} {
		got := compareStatistics(tc.a, tc.b)
		if (got < 0) != (tc.want < 0) || (got > 0) != (tc.want > 0) {
			t.Errorf("compareStatistics(%q, %q) = %d, want sign %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestPipelineHash(t *testing.T) {
	h := PipelineHash("matmul/tiled/name=tile16,tile=16/K=256,M=256,N=256", "matmul_tiled.comp", 0)
	if len(h) != 16 || strings.Trim(h, "0123456789abcdef") != "" {
		t.Errorf("hash %q is not 16 lower-case hex digits", h)
	}
	if h2 := PipelineHash("matmul/tiled/name=tile16,tile=16/K=256,M=256,N=256", "matmul_tiled.comp", 1); h2 == h {
		t.Errorf("the second same-named pipeline has the first one's hash %s", h)
	}
	// One pipeline has one hash in every file and target.
	var a, b bytes.Buffer
	if err := WriteCSV(&a, load(t, mesa25), "navi31"); err != nil {
		t.Fatal(err)
	}
	if err := WriteCSV(&b, load(t, mesa26), "navi31"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(a.String(), ","+h+",") || !strings.Contains(b.String(), ","+h+",") {
		t.Errorf("hash %s is not in both files' CSVs", h)
	}
}

func TestChange(t *testing.T) {
	for _, tc := range []struct {
		old, new int64
		want     string
	}{
		{10, 10, "."},
		{0, 0, "."},
		{1234, 1230, "-0.32%"},
		{115, 113, "-1.74%"},
		{3, 4, "+33.33%"},
		{200000, 200001, "+0.00%"},
		{200001, 200000, "-0.00%"},
		{0, 4, "+inf%"},
		{4, 0, "-inf%"},
		{1, 3, "+200.00%"},
		{8, 9, "+12.50%"}, // an exact half: rounded as Python rounds the binary value
	} {
		if got := change(tc.old, tc.new); got != tc.want {
			t.Errorf("change(%d, %d) = %q, want %q", tc.old, tc.new, got, tc.want)
		}
	}
	if got := percent(1.0/3, false); got != "33.33%" {
		t.Errorf("percent(1/3) = %q", got)
	}
}

func TestValuesRejectsNonCounts(t *testing.T) {
	for _, v := range []float64{1.5, 1 << 53} {
		r := row{db: "x/y", exec: "compute", stats: []stat{{name: "VGPRs", value: v}}}
		if _, err := values(&r, "old"); err == nil || !strings.Contains(err.Error(), "VGPRs") {
			t.Errorf("values(VGPRs = %v): err %v, want one naming the statistic", v, err)
		}
	}
	// A statistic outside the script's table is not read at all.
	r := row{stats: []stat{{name: "VALU", value: 1.5}}}
	if _, err := values(&r, "old"); err != nil {
		t.Errorf("VALU = 1.5: %v", err)
	}
}

func TestReportGolden(t *testing.T) {
	for _, tc := range []struct {
		old, new, golden string
	}{
		{"testdata/small-old.json", "testdata/small-new.json", "testdata/golden/small.fossil"},
		{mesa25, mesa26, "testdata/golden/mesa-25.0-26.1.fossil"},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			s, err := Report(load(t, tc.old), load(t, tc.new))
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, tc.golden, []byte(s))
		})
	}
}

func TestReportSmall(t *testing.T) {
	blk, err := compareTarget(load(t, "testdata/small-old.json"), load(t, "testdata/small-new.json"), "navi31")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		// 6 shaders in both: tiled, naive, vertex, fragment, task, mesh;
		// naive and task are unchanged.
		"Totals from 4 (66.67% of 6) affected shaders:\n",
		// vertex lost waves, nothing gained: no split.
		"MaxWaves: 92 -> 88 (-4.35%)\n",
		// tiled and fragment fewer VGPRs (-12), vertex more (+8): a split.
		"VGPRs: 148 -> 144 (-2.70%); split: -8.11%, +5.41%\n",
		// The affected shaders' totals: tiled, vertex, fragment, mesh.
		"MaxWaves: 60 -> 56 (-6.67%)\n",
		// Spills from nothing.
		"SpillVGPRs: 0 -> 4 (+inf%)\n",
		// Fragment has no Latency on the new side: left out of the sums.
		"Latency: 12259 -> 11966 (-2.39%); split: -2.80%, +0.41%\n",
	} {
		if !strings.Contains(blk.totals, want) {
			t.Errorf("report lacks %q:\n%s", want, blk.totals)
		}
	}
	if want := "Left out, only in the old file (1): matmul/coopmat-f16/name=sg2x2/K=64,M=64,N=64: matmul_coopmat_f16.comp (compute)\n"; !strings.HasSuffix(blk.notes, want) {
		t.Errorf("notes %q, want %q", blk.notes, want)
	}
	// The same file twice: nothing changed, nothing affected.
	blk, err = compareTarget(load(t, "testdata/small-old.json"), load(t, "testdata/small-old.json"), "navi31")
	if err != nil {
		t.Fatal(err)
	}
	if want := "Totals:\n\nTotals from 0 (0.00% of 7) affected shaders:\n\n"; blk.totals != want {
		t.Errorf("same file: %q, want %q", blk.totals, want)
	}
}

func TestReportTargets(t *testing.T) {
	old, new := load(t, "testdata/small-old.json"), load(t, mesa26)
	s, err := Report(old, new)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"navi31 (gfx1100):\n", "gfx1201 (gfx1201): only in the new file, nothing to compare\n"} {
		if !strings.Contains(s, want) {
			t.Errorf("report lacks %q:\n%s", want, s)
		}
	}
}

func TestNotAnISAFile(t *testing.T) {
	f := &resultsfile.File{Schema: resultsfile.Schema}
	var nse *NoStatisticsError
	if err := WriteCSV(&bytes.Buffer{}, f, "navi31"); !errors.As(err, &nse) {
		t.Errorf("WriteCSV of a run file that captured nothing: %v, want a *NoStatisticsError", err)
	}
	if _, err := Report(f, f); err != nil {
		t.Errorf("Report of two run files without targets: %v", err)
	}
	isa := load(t, mesa25)
	if _, err := Report(isa, &resultsfile.File{Schema: resultsfile.Schema, Results: []resultsfile.Result{{Suite: "s", Kernel: "k", Config: "navi31"}}}); err == nil || !strings.Contains(err.Error(), "new file") {
		t.Errorf("Report against a run file: %v", err)
	}
}

func TestTargets(t *testing.T) {
	if got := strings.Join(Targets(load(t, mesa25)), ","); got != "navi31,gfx1201" {
		t.Errorf("Targets = %s", got)
	}
}

func TestWriteCSVFiles(t *testing.T) {
	dir := t.TempDir()
	paths, err := WriteCSVFiles(dir, load(t, mesa26))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 2 || filepath.Base(paths[0]) != "navi31.csv" || filepath.Base(paths[1]) != "gfx1201.csv" {
		t.Fatalf("paths %v", paths)
	}
	var want bytes.Buffer
	if err := WriteCSV(&want, load(t, mesa26), "gfx1201"); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(paths[1]); err != nil || !bytes.Equal(got, want.Bytes()) {
		t.Errorf("gfx1201.csv differs from WriteCSV (%v)", err)
	}
	bad := &resultsfile.File{Schema: resultsfile.SchemaISA, Results: []resultsfile.Result{{Suite: "s", Kernel: "k", Config: "../x"}}}
	if _, err := WriteCSVFiles(dir, bad); err == nil {
		t.Error("a target naming a path was written")
	}
}

// TestCapturedRun: a run file whose results carry captured pipelines
// exports as the isa file they came from does (one target: the run's
// device, "" for a run without configurations, captured.csv), and
// reports against it.
func TestCapturedRun(t *testing.T) {
	isa := load(t, mesa25)
	run := &resultsfile.File{Schema: resultsfile.Schema, Capture: resultsfile.CaptureOn}
	for _, r := range isa.Results {
		if r.Config == "navi31" {
			r.Config = ""
			run.Results = append(run.Results, r)
		}
	}
	if got := Targets(run); len(got) != 1 || got[0] != "" {
		t.Fatalf("Targets of a captured run = %q, want the one unnamed target", got)
	}
	var fromRun, fromISA bytes.Buffer
	if err := WriteCSV(&fromRun, run, ""); err != nil {
		t.Fatal(err)
	}
	if err := WriteCSV(&fromISA, isa, "navi31"); err != nil {
		t.Fatal(err)
	}
	if fromRun.String() != fromISA.String() {
		t.Errorf("the captured run's CSV differs from its isa file's:\n%s\nvs\n%s", fromRun.String(), fromISA.String())
	}
	paths, err := WriteCSVFiles(t.TempDir(), run)
	if err != nil || len(paths) != 1 || filepath.Base(paths[0]) != "captured.csv" {
		t.Errorf("WriteCSVFiles of a captured run: %v, %v", paths, err)
	}
}
