package sizes

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// root is the repository root, from this package's directory.
var root = filepath.Join("..", "..")

// TestSizes: no package, non-test file or function of the repository is
// over its limit (Limits), but for the offenders in Allowed, none of
// which has grown past its ceiling or come within the limit.
func TestSizes(t *testing.T) {
	items, err := Measure(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) < 100 {
		t.Fatalf("measured %d items: is the test run from its own directory?", len(items))
	}
	for _, p := range Check(items, Limits, Allowed) {
		t.Error(p)
	}
	// An offender that shrank may have its ceiling lowered to its size.
	sizes := map[string]int{}
	for _, it := range items {
		sizes[string(it.Kind)+" "+it.Name] = it.Lines
	}
	for _, a := range Allowed {
		if n, ok := sizes[string(a.Kind)+" "+a.Name]; ok && n < a.Ceiling {
			t.Logf("%s %s: %d lines, allowed %d: its ceiling may come down to %d", a.Kind, a.Name, n, a.Ceiling, n)
		}
	}
	// The three largest of each kind, for the record (go test -v).
	for _, k := range []Kind{Package, File, Func} {
		var of []Item
		for _, it := range items {
			if it.Kind == k {
				of = append(of, it)
			}
		}
		slices.SortFunc(of, func(a, b Item) int { return b.Lines - a.Lines })
		for _, it := range of[:min(3, len(of))] {
			t.Logf("largest %s: %s, %d lines", k, it.Name, it.Lines)
		}
	}
}

// TestCheck: Check reports new offenders, allowed ones that grew, and
// allowances that no item needs any more, each once, and nothing else.
func TestCheck(t *testing.T) {
	limits := map[Kind]int{Package: 100, File: 50, Func: 10}
	for _, tc := range []struct {
		name    string
		items   []Item
		allowed []Allowance
		want    []string // substrings, one for each problem, in order
	}{
		{name: "within the limits", items: []Item{{Package, "a", 100}, {File, "a/a.go", 50}, {Func, "a/a.go:F", 10}}},
		{name: "a new package over", items: []Item{{Package, "a", 101}},
			want: []string{"package a: 101 lines, over the limit of 100: split the package by job"}},
		{name: "a new file over", items: []Item{{File, "a/a.go", 51}},
			want: []string{"file a/a.go: 51 lines, over the limit of 50: split the file"}},
		{name: "a new function over", items: []Item{{Func, "a/a.go:(*T).M", 11}},
			want: []string{"function a/a.go:(*T).M: 11 lines, over the limit of 10: split the function"}},
		{name: "an offender at its ceiling", items: []Item{{Package, "a", 150}}, allowed: []Allowance{{Package, "a", 150}}},
		{name: "an offender shrunk", items: []Item{{Func, "a/a.go:F", 12}}, allowed: []Allowance{{Func, "a/a.go:F", 20}}},
		{name: "an offender grown", items: []Item{{File, "a/a.go", 61}}, allowed: []Allowance{{File, "a/a.go", 60}},
			want: []string{"file a/a.go: 61 lines, over its allowance of 60 (the limit is 50"}},
		{name: "an offender within the limit", items: []Item{{Package, "a", 90}}, allowed: []Allowance{{Package, "a", 150}},
			want: []string{"package a: 90 lines, within the limit of 100 now: remove its allowance"}},
		{name: "an offender gone", items: []Item{{Package, "b", 90}}, allowed: []Allowance{{Package, "a", 150}},
			want: []string{"package a: allowed up to 150 lines, but there is no such package any more"}},
		{name: "an allowance of one kind covers no other", items: []Item{{File, "a", 51}, {Package, "a", 150}}, allowed: []Allowance{{Package, "a", 150}},
			want: []string{"file a: 51 lines, over the limit of 50"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Check(tc.items, limits, tc.allowed)
			if len(got) != len(tc.want) {
				t.Fatalf("Check = %d problems, want %d:\n%s", len(got), len(tc.want), strings.Join(got, "\n"))
			}
			for i, w := range tc.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("problem %d = %q, want it to contain %q", i, got[i], w)
				}
			}
		})
	}
}

// TestMeasure: a package's non-test lines, each non-test file's lines
// (a last line without its newline counted), each function's from its
// func line to its closing brace, methods named with their receivers;
// test files, testdata and nested modules left out.
func TestMeasure(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module m\n",
		"a/a.go": "// Package a.\npackage a\n\n// F is one line.\nfunc F() {}\n\ntype T[P any] struct{}\n\n" +
			"func (t *T[P]) M() int {\n\treturn 1\n}\n\nfunc init() {\n}\n\nfunc init() {}",
		"a/b.go":             "package a\n\nfunc (T[P]) V() {\n\n}\n",
		"a/a_test.go":        "package a\n\nfunc TestX() {\n}\n",
		"a/testdata/x/x.go":  "package x\n",
		"nested/go.mod":      "module n\n",
		"nested/n.go":        "package n\n",
		"_skip/s.go":         "package s\n",
		"cmd/tool/main.go":   "package main\n\nfunc main() {\n\tprintln()\n}\n",
		"cmd/tool/README.md": "not go\n",
	}
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	items, err := Measure(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []Item{
		{File, "a/a.go", 16},
		{File, "a/b.go", 5},
		{File, "cmd/tool/main.go", 5},
		{Func, "a/a.go:(*T).M", 3},
		{Func, "a/a.go:F", 1},
		{Func, "a/a.go:init", 2},
		{Func, "a/a.go:init#2", 1},
		{Func, "a/b.go:(T).V", 3},
		{Func, "cmd/tool/main.go:main", 3},
		{Package, "a", 21},
		{Package, "cmd/tool", 5},
	}
	if !slices.Equal(items, want) {
		t.Errorf("Measure =\n%v\nwant\n%v", items, want)
	}
}
