package main

import (
	"os"
	"testing"
)

// TestParseVerdicts reads the verdict tables of two real gates (lavapipe,
// beside the neighbour): every benchmark's change, verdict and margin (the
// larger of the 3% threshold and its floor), including rows without an
// interval and verdicts with footnotes and settle hints; of the A/A gate's
// 18 ~, 11 sit on margins under 10% (the others on floors of ±10% to
// ±85%).
func TestParseVerdicts(t *testing.T) {
	tests := []struct {
		file                 string
		kind                 string
		rounds, rows         int
		want                 map[string]int // verdict counts
		slowed, caught, same int
		sameTight            int
		first                row
	}{
		{"testdata/nopt.txt", "nopt", 3, 23, map[string]int{"regression": 6, "~": 2, "unsure": 15}, 21, 6, 0, 0,
			row{"matmul/tiled/name=tile16,tile=16/K=256,M=256,N=256", -49.31, "unsure", 8.6}},
		{"testdata/aa.txt", "aa", 4, 23, map[string]int{"~": 18, "unsure": 5}, 0, 0, 18, 11,
			row{"matmul/tiled/name=tile16,tile=16/K=256,M=256,N=256", +2.23, "unsure", 3}},
	}
	for _, tt := range tests {
		f, err := os.Open(tt.file)
		if err != nil {
			t.Fatal(err)
		}
		rounds, rows, err := parseVerdicts(f)
		f.Close()
		if err != nil || rounds != tt.rounds || len(rows) != tt.rows {
			t.Fatalf("%s: %d rounds, %d rows, %v; want %d, %d", tt.file, rounds, len(rows), err, tt.rounds, tt.rows)
		}
		got := map[string]int{}
		for _, r := range rows {
			got[r.Verdict]++
		}
		for v, n := range tt.want {
			if got[v] != n {
				t.Errorf("%s: %d %q verdicts, want %d (all: %v)", tt.file, got[v], v, n, got)
			}
		}
		if rows[0] != tt.first {
			t.Errorf("%s: first row %+v, want %+v", tt.file, rows[0], tt.first)
		}
		s := sharesOf(gate{Kind: tt.kind, Rows: rows}, 10)
		if s.slowed != tt.slowed || s.caught != tt.caught || s.same != tt.same || s.sameTight != tt.sameTight || s.falseChanges != 0 {
			t.Errorf("%s: shares %+v", tt.file, s)
		}
	}
}
