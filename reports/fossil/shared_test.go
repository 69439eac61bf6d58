package fossil

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// keyed returns a copy of the small fixture at path whose pipelines carry
// keys (one per pipeline name, as the capture gives one per shader and
// specialization) and whose matmul/tiled benchmark is compiled at two more
// sizes, the same pipeline each time: one pipeline, three benchmark rows.
// hash, when set, changes ACO's Hash of matmul/naive's executable.
func keyed(t *testing.T, path string, hash uint64) *resultsfile.File {
	t.Helper()
	f := load(t, path)
	var extra []resultsfile.Result
	for i := range f.Results {
		r := &f.Results[i]
		for j := range r.Pipelines {
			p := &r.Pipelines[j]
			p.Key = PipelineHash("key", p.Name, 0)
			for k := range p.Executables {
				e := &p.Executables[k]
				e.Hashes = map[string]uint64{"Hash": 1000 + uint64(len(p.Name)), "Driver pipeline hash": 1 << 63}
				if hash != 0 && r.Kernel == "naive" {
					e.Hashes["Hash"] = hash
				}
			}
		}
		if r.Kernel == "tiled" {
			for _, n := range []int{128, 256} {
				cp := *r
				cp.Params = map[string]int64{"M": int64(n), "N": int64(n), "K": int64(n)}
				extra = append(extra, cp)
			}
		}
	}
	f.Results = append(f.Results, extra...)
	return f
}

// TestDistinctExecutables: a pipeline that three benchmark rows build (one
// kernel variant at three sizes) is one shader, as fossil-db counts it; a
// file without pipeline keys counts it per row and says so.
func TestDistinctExecutables(t *testing.T) {
	for _, tc := range []struct {
		name       string
		old, new   *resultsfile.File
		shaders    string // the Totals-from line
		notes      []string
		tiledBench int // benchmark rows of tiled's executable
	}{
		{"keyed", keyed(t, "testdata/small-old.json", 0), keyed(t, "testdata/small-new.json", 0),
			"Totals from 4 (66.67% of 6) affected shaders:\n",
			[]string{"Shaders: one per distinct pipeline executable, as fossil-db counts them: 7 from 9 benchmark rows in the old file, 6 from 8 in the new (old file, executables of N rows: 1 of 3, 6 of 1)\n"}, 3},
		{"hash only", keyed(t, "testdata/small-old.json", 0), keyed(t, "testdata/small-new.json", 7),
			// naive's statistics are equal, its code hash is not: affected.
			"Totals from 5 (83.33% of 6) affected shaders:\n", nil, 3},
		{"no keys", load(t, "testdata/small-old.json"), load(t, "testdata/small-new.json"),
			"Totals from 4 (66.67% of 6) affected shaders:\n",
			[]string{"Shaders: neither file records pipeline keys (written before radvbench kept them): a pipeline counts once per benchmark that builds it"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			blk, err := compareTarget(tc.old, tc.new, "navi31")
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(blk.totals, tc.shaders) {
				t.Errorf("totals lack %q:\n%s", tc.shaders, blk.totals)
			}
			for _, n := range tc.notes {
				if !strings.Contains(blk.notes, n) {
					t.Errorf("notes lack %q:\n%s", n, blk.notes)
				}
			}
			rs, err := rows(tc.old, "navi31")
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rs {
				if r.pipeline == "matmul_tiled.comp" && len(r.benchmarks) != tc.tiledBench {
					t.Errorf("tiled's executable maps to %d benchmark rows %v, want %d", len(r.benchmarks), r.benchmarks, tc.tiledBench)
				}
			}
		})
	}
}

// TestHashesInCSV: the driver's hashes are columns where RADV reports
// them, exact (a 64-bit one too).
func TestHashesInCSV(t *testing.T) {
	var b bytes.Buffer
	if err := WriteCSV(&b, keyed(t, "testdata/small-old.json", 0), "navi31"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if want := fossilizeHeader + ",Driver pipeline hash,SGPRs,"; !strings.HasPrefix(lines[0], want) {
		t.Errorf("header %q, want prefix %q", lines[0], want)
	}
	if !strings.Contains(lines[0], ",Combined outputs,Hash,Instructions,") {
		t.Errorf("header %q: want ACO's Hash first of ACO's statistics", lines[0])
	}
	if !strings.Contains(lines[1], ",9223372036854775808,") {
		t.Errorf("row %q: want the 64-bit hash exact", lines[1])
	}
	if n := len(lines) - 2; n != 7 {
		t.Errorf("%d rows, want 7 (tiled once for three benchmarks):\n%s", n, b.String())
	}
}

// TestQuickMatmulDistinct: the real quick matmul isa file of navi31 (114
// executables) gives one shader per distinct executable, counted here
// independently: the same shader, specialization (the variant), executable
// name, statistics and code hash.
func TestQuickMatmulDistinct(t *testing.T) {
	f := load(t, "testdata/matmul-navi31-quick.json")
	distinct := map[string]int{}
	rowsIn := 0
	for _, r := range f.Results {
		for _, p := range r.Pipelines {
			for _, e := range p.Executables {
				rowsIn++
				stats, _ := json.Marshal(e.Stats)
				k := fmt.Sprintf("%s\x00%s\x00%s\x00%s\x00%s\x00%d", r.Suite, p.Name, resultsfile.FormatVariant(r.Variant), e.Name, stats, e.Hashes["Hash"])
				distinct[k]++
			}
		}
	}
	rs, err := rows(f, "navi31")
	if err != nil {
		t.Fatal(err)
	}
	mapped := 0
	for _, r := range rs {
		mapped += len(r.benchmarks)
	}
	if rowsIn != 114 || len(rs) != len(distinct) || mapped != rowsIn {
		t.Errorf("%d rows in the file, %d shaders (%d benchmark rows mapped), %d distinct counted here: want 114 rows, one shader per distinct executable, every row mapped",
			rowsIn, len(rs), mapped, len(distinct))
	}
	t.Logf("%d executables, %d distinct; rows per shader: %v", rowsIn, len(rs), slicesOf(distinct))
	blk, err := compareTarget(f, f, "navi31")
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("Totals from 0 (0.00%% of %d) affected shaders:\n", len(distinct)); !strings.Contains(blk.totals, want) {
		t.Errorf("totals %q, want %q", blk.totals, want)
	}
}

// slicesOf counts the distinct entries by how many rows each has.
func slicesOf(m map[string]int) map[int]int {
	out := map[int]int{}
	for v := range maps.Values(m) {
		out[v]++
	}
	return out
}
