package note_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/reports/note"
)

func TestWord(t *testing.T) {
	advise := func(a note.Advice) string { return "; <" + string(a.Kind) + ">" }
	tests := []struct {
		name string
		in   []note.Note
		a    note.Adviser
		want []string
	}{
		{"none", nil, advise, []string{}},
		{"advice appended where there is some", []note.Note{
			{Kind: "few-runs", Message: "few runs", Advice: note.Advice{Kind: note.AdviceFewRuns}},
			{Kind: "no-floor", Message: "no floor"},
		}, advise, []string{"few runs; <few-runs>", "no floor"}},
		{"nil adviser: the facts alone", []note.Note{
			{Kind: "few-runs", Message: "few runs", Advice: note.Advice{Kind: note.AdviceFewRuns}},
		}, nil, []string{"few runs"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ns := slices.Clone(tt.in)
			note.Word(ns, tt.a)
			got := []string{}
			for _, n := range ns {
				got = append(got, n.Message)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("messages %q, want %q", got, tt.want)
			}
			for i := range ns {
				if ns[i].Kind != tt.in[i].Kind || ns[i].Error() != ns[i].Message {
					t.Errorf("note %d: %+v", i, ns[i])
				}
			}
		})
	}
}

// TestKindsDocumented: every kind of note a package under reports/
// declares (a constant of type note.Kind) is in docs/compare.md's table
// of kinds, and every kind there is declared: a script that gates on a
// kind finds it documented, and the table lists no kind that is gone.
func TestKindsDocumented(t *testing.T) {
	declared := map[string]string{} // kind: where
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if sel, ok := vs.Type.(*ast.SelectorExpr); !ok || sel.Sel.Name != "Kind" || sel.X.(*ast.Ident).Name != "note" {
					continue
				}
				for i, v := range vs.Values {
					lit, ok := v.(*ast.BasicLit)
					if !ok {
						t.Fatalf("%s: kind %s is not a string literal", path, vs.Names[i].Name)
					}
					k, _ := strconv.Unquote(lit.Value)
					if prev, dup := declared[k]; dup {
						t.Errorf("kind %q declared twice: %s and %s", k, prev, path)
					}
					declared[k] = path
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(declared) < 20 {
		t.Fatalf("found only %d kinds: %v", len(declared), declared)
	}
	doc, err := os.ReadFile("../../docs/compare.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(doc), "\n## Notes\n")
	if !ok {
		t.Fatal(`docs/compare.md has no "## Notes" section`)
	}
	table, _, _ = strings.Cut(table, "\n## ")
	documented := map[string]bool{}
	for _, line := range strings.Split(table, "\n") {
		if rest, ok := strings.CutPrefix(line, "| `"); ok {
			k, _, _ := strings.Cut(rest, "`")
			documented[k] = true
		}
	}
	for k, where := range declared {
		if !documented[k] {
			t.Errorf("kind %q (%s) is not in docs/compare.md's table of notes", k, where)
		}
	}
	for k := range documented {
		if _, ok := declared[k]; !ok {
			t.Errorf("docs/compare.md documents kind %q, which no package declares", k)
		}
	}
}
