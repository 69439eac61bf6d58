package asmdiff

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/golden"
)

func TestUnified(t *testing.T) {
	tests := []struct {
		name, a, b string
		context    int
		want       string
	}{
		{"equal", "x\ny\n", "x\ny\n", 3, ""},
		{"one changed line", "a\nb\nc\nd\ne\n", "a\nb\nC\nd\ne\n", 1,
			"--- A\n+++ B\n@@ -2,3 +2,3 @@\n b\n-c\n+C\n d\n"},
		{"added at the end", "a\nb\n", "a\nb\nc\n", 3, "--- A\n+++ B\n@@ -1,2 +1,3 @@\n a\n b\n+c\n"},
		{"from nothing", "", "a\n", 3, "--- A\n+++ B\n@@ -0,0 +1 @@\n+a\n"},
		{"to nothing", "a\nb\n", "", 3, "--- A\n+++ B\n@@ -1,2 +0,0 @@\n-a\n-b\n"},
		{"two hunks far apart", "1\n2\n3\n4\n5\n6\n7\n8\n9\n", "x\n2\n3\n4\n5\n6\n7\n8\ny\n", 1,
			"--- A\n+++ B\n@@ -1,2 +1,2 @@\n-1\n+x\n 2\n@@ -8,2 +8,2 @@\n 8\n-9\n+y\n"},
		{"two changes close together are one hunk", "1\n2\n3\n4\n5\n", "x\n2\n3\ny\n5\n", 1,
			"--- A\n+++ B\n@@ -1,5 +1,5 @@\n-1\n+x\n 2\n 3\n-4\n+y\n 5\n"},
	}
	for _, tc := range tests {
		got, err := Unified("A", "B", tc.a, tc.b, tc.context)
		if err != nil || got != tc.want {
			t.Errorf("%s: %v\n%s\nwant\n%s", tc.name, err, got, tc.want)
		}
	}
}

// apply applies a unified diff to a (the test's independent check that
// the diff turns a into b).
func apply(t *testing.T, a, diff string) string {
	t.Helper()
	src := splitLines(a)
	var out []string
	next := 0 // next line of src not yet copied
	for _, h := range strings.Split(diff, "\n@@ ")[1:] {
		head, body, _ := strings.Cut(h, "\n")
		old := strings.Fields(head)[0] // "-l,c"
		start, _ := strconv.Atoi(strings.Split(old[1:], ",")[0])
		if strings.HasSuffix(old, ",0") {
			start++ // an empty side names the line before
		}
		for next < start-1 {
			out = append(out, src[next])
			next++
		}
		for _, l := range splitLines(body) {
			switch l[0] {
			case ' ':
				if src[next] != l[1:] {
					t.Fatalf("context %q does not match %q", l[1:], src[next])
				}
				out = append(out, l[1:])
				next++
			case '-':
				if src[next] != l[1:] {
					t.Fatalf("removed %q does not match %q", l[1:], src[next])
				}
				next++
			case '+':
				out = append(out, l[1:])
			}
		}
	}
	out = append(out, src[next:]...)
	if len(out) == 0 {
		return ""
	}
	return strings.Join(out, "\n") + "\n"
}

// TestUnifiedRandom: on random edits of random texts the diff applies and
// is minimal (its removed and added lines are a's and b's lines outside an
// LCS, whose length a second, independent recursion computes).
func TestUnifiedRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	gen := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = string(rune('a' + rng.IntN(4)))
		}
		return out
	}
	for range 300 {
		a, b := gen(rng.IntN(12)), gen(rng.IntN(12))
		as, bs := strings.Join(a, "\n"), strings.Join(b, "\n")
		if len(a) > 0 {
			as += "\n"
		}
		if len(b) > 0 {
			bs += "\n"
		}
		d, err := Unified("a", "b", as, bs, rng.IntN(3))
		if err != nil {
			t.Fatal(err)
		}
		if d == "" {
			if as != bs {
				t.Fatalf("no diff between %q and %q", as, bs)
			}
			continue
		}
		if got := apply(t, as, d); got != bs {
			t.Fatalf("diff of %q and %q applies to %q:\n%s", as, bs, got, d)
		}
		removed := strings.Count(d, "\n-") // the "--- a" header starts the text
		if l := lcsLen(a, b); removed != len(a)-l {
			t.Fatalf("%q → %q: %d lines removed, want %d (LCS %d):\n%s", as, bs, removed, len(a)-l, l, d)
		}
	}
}

func lcsLen(a, b []string) int {
	memo := map[[2]int]int{}
	var f func(i, j int) int
	f = func(i, j int) int {
		if i == len(a) || j == len(b) {
			return 0
		}
		k := [2]int{i, j}
		if v, ok := memo[k]; ok {
			return v
		}
		v := max(f(i+1, j), f(i, j+1))
		if a[i] == b[j] {
			v = max(v, 1+f(i+1, j+1))
		}
		memo[k] = v
		return v
	}
	return f(0, 0)
}

// TestPipeline: the real navi31 naive kernel from Mesa 25.0 to 26.1,
// through the isa files and their assembly directories.
func TestPipeline(t *testing.T) {
	load := func(v string) Side {
		f, err := resultsfile.Load("../compare/testdata/isa/mesa-" + v + ".json")
		if err != nil {
			t.Fatal(err)
		}
		return Side{Name: "mesa-" + v + ".json", File: f, Dir: "../compare/testdata/isa/asm-mesa-" + v}
	}
	old, new := load("25.0"), load("26.1")
	key := "matmul/naive/name=wg16x16,wg=16x16/K=256,M=256,N=256@navi31"
	d, err := Pipeline(old, new, key, "matmul_naive.comp", "compute", 3, false)
	if err != nil {
		t.Fatal(err)
	}
	// Paths in the header are the testdata's: relative, stable.
	golden.Check(t, "testdata/navi31-naive-mesa25-26.diff", []byte(d))
	if strings.Contains(d, "; ") || !strings.Contains(d, "+\ts_load_b") {
		t.Errorf("diff without encodings expected, holding the scalar loads that changed:\n%s", d)
	}
	withEnc, err := Pipeline(old, new, key, "matmul_naive.comp", "compute", 3, true)
	if err != nil || !strings.Contains(withEnc, "; ") {
		t.Errorf("with encodings: %v", err)
	}
	errs := []struct {
		key, pipe, exe, want string
	}{
		{"matmul/naive@navi31", "matmul_naive.comp", "compute", "has no benchmark matmul/naive@navi31"},
		{key, "matmul_naive.comp", "vertex", `has no executable "vertex" of pipeline "matmul_naive.comp" (it has: matmul_naive.comp compute)`},
		{"matmul/tiled/name=tile16,tile=16/K=256,M=256,N=256@navi31", "matmul_tiled.comp", "compute", "has no saved assembly"},
	}
	for _, e := range errs {
		if _, err := Pipeline(old, new, e.key, e.pipe, e.exe, 3, false); err == nil || !strings.Contains(err.Error(), e.want) {
			t.Errorf("%s %s %s: %v, want %q", e.key, e.pipe, e.exe, err, e.want)
		}
	}
	// A missing assembly is typed, with its figures, for the caller to
	// advise on.
	tiled := "matmul/tiled/name=tile16,tile=16/K=256,M=256,N=256@navi31"
	_, err = Pipeline(old, new, tiled, "matmul_tiled.comp", "compute", 3, false)
	var na *NoAssemblyError
	if !errors.As(err, &na) || na.Key != tiled || na.Pipeline != "matmul_tiled.comp" || na.Executable != "compute" || na.File == "" {
		t.Errorf("missing assembly: %v (%#v), want a *NoAssemblyError naming it", err, na)
	}
}
