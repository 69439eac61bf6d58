package layers

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/radvbench/radvbench/internal/golden"
)

// TestPackageMap: docs/development.md's package map lists every package
// of the repository once (go list, every build tag), in its layer's
// table, with the repository's packages it imports (its non-test files',
// every build tag); and lists nothing else. With -update it redraws the
// rows first (RewriteMap): after packages move, only a new package's job
// is left to write.
func TestPackageMap(t *testing.T) {
	path := filepath.Join(root, "docs", "development.md")
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pkgs := map[string]Package{}
	for _, p := range graph(t, false) {
		pkgs[p.Path] = p
	}
	if golden.Update() {
		imports := map[string][]string{}
		for path, p := range pkgs {
			imports[path] = p.Imports
		}
		out, _, err := RewriteMap(string(doc), imports)
		if err != nil {
			t.Fatalf("docs/development.md: %v", err)
		}
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		doc = []byte(out)
	}
	rows, err := ParseMap(string(doc))
	if err != nil {
		t.Fatalf("docs/development.md: %v", err)
	}
	listed := map[string]bool{}
	for _, r := range rows {
		p, ok := pkgs[r.Path]
		switch {
		case listed[r.Path]:
			t.Errorf("docs/development.md:%d: %s is listed twice", r.Line, r.Path)
		case !ok:
			t.Errorf("docs/development.md:%d: %s is no package (go list ./...): remove its row", r.Line, r.Path)
		}
		listed[r.Path] = true
		if !ok {
			continue
		}
		if l, _ := LayerOf(r.Path); l.Name != r.Layer {
			t.Errorf("docs/development.md:%d: %s is in the %s layer, listed under %s", r.Line, r.Path, l.Name, r.Layer)
		}
		if !slices.Equal(r.Imports, p.Imports) {
			t.Errorf("docs/development.md:%d: %s imports %s; the map says %s", r.Line, r.Path, ImportsCell(p.Imports), ImportsCell(r.Imports))
		}
	}
	for path, p := range pkgs {
		if !listed[path] {
			l, _ := LayerOf(path)
			t.Errorf("docs/development.md: %s is missing from the package map: add | `%s` | %s | (its job) | under the %s layer's table", path, path, ImportsCell(p.Imports), l.Name)
		}
	}
}

// TestParseMap: rows under their layer's heading, imports split, "-" for
// none; a row outside a layer's heading or a heading of no layer is an
// error.
func TestParseMap(t *testing.T) {
	doc := "# D\n\n## Package map\n\n### Bottom: core/\n\n| package | imports | job |\n|---|---|---|\n" +
		"| `core/stats` | - | statistics |\n| `core/results` | internal/outfile, internal/termtext | the file |\n\n" +
		"### Run side: bench/\n\n| `bench/gpu` | core/results | Vulkan |\n\n## Next\n\n| `x/y` | - | not in the map |\n"
	rows, err := ParseMap(doc)
	if err != nil {
		t.Fatal(err)
	}
	want := []MapRow{
		{Path: "core/stats", Layer: "bottom", Line: 9},
		{Path: "core/results", Imports: []string{"internal/outfile", "internal/termtext"}, Layer: "bottom", Line: 10},
		{Path: "bench/gpu", Imports: []string{"core/results"}, Layer: "run side", Line: 14},
	}
	if len(rows) != len(want) {
		t.Fatalf("rows %+v, want %+v", rows, want)
	}
	for i := range want {
		if rows[i].Path != want[i].Path || rows[i].Layer != want[i].Layer || rows[i].Line != want[i].Line || !slices.Equal(rows[i].Imports, want[i].Imports) {
			t.Errorf("row %d = %+v, want %+v", i, rows[i], want[i])
		}
	}
	for _, bad := range []string{
		"## Package map\n\n| `core/stats` | - | x |\n",
		"## Package map\n\n### Tools\n\n| `core/stats` | - | x |\n",
		"## Package map\n\nnothing\n",
	} {
		if _, err := ParseMap(bad); err == nil {
			t.Errorf("ParseMap(%q): no error", bad)
		}
	}
}

// TestRewriteMap: rows move to their layer's table in path order with
// their imports redrawn and their jobs kept; a package gone loses its
// row; a new one is missing.
func TestRewriteMap(t *testing.T) {
	doc := "## Package map\n\n### Bottom\n\n| package | imports | job |\n|---|---|---|\n" +
		"| `core/stats` | - | statistics |\n| `core/stats/x` | - | x |\n| `bench/old` | - | gone |\n\n" +
		"### Analysis\n\n| package | imports | job |\n|---|---|---|\n| `reports/y` | - | y's job |\n| `core/results` | - | the file |\n\n" +
		"### Run side\n\n| package | imports | job |\n|---|---|---|\n\n### Commands\n\n| package | imports | job |\n|---|---|---|\n\n## Next\n"
	out, missing, err := RewriteMap(doc, map[string][]string{
		"core/stats": nil, "core/stats/x": nil, "core/results": {"internal/outfile"}, "reports/y": {"core/results", "core/stats"}, "cmd/new": nil,
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "## Package map\n\n### Bottom\n\n| package | imports | job |\n|---|---|---|\n" +
		"| `core/results` | internal/outfile | the file |\n| `core/stats` | - | statistics |\n| `core/stats/x` | - | x |\n\n" +
		"### Analysis\n\n| package | imports | job |\n|---|---|---|\n| `reports/y` | core/results, core/stats | y's job |\n\n" +
		"### Run side\n\n| package | imports | job |\n|---|---|---|\n\n### Commands\n\n| package | imports | job |\n|---|---|---|\n\n## Next\n"
	if out != want {
		t.Errorf("RewriteMap:\n%s\nwant:\n%s", out, want)
	}
	if !slices.Equal(missing, []string{"cmd/new"}) {
		t.Errorf("missing %v, want [cmd/new]", missing)
	}
}
