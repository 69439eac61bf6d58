// Package sizes measures the repository's Go code and holds it to size
// limits: non-test lines per package (Limits[Package]), lines per
// non-test file (Limits[File]) and lines per function of a non-test file
// (Limits[Func], from its func line to its closing brace). A package,
// file or function over its limit is split by job; the ones over it
// today are listed in Allowed, each with its size as a ceiling, so that
// an offender may shrink but not grow, and a new one fails. TestSizes
// checks the repository (docs/development.md, "Size limits").
package sizes

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Kind is what an Item measures.
type Kind string

// The kinds of item.
const (
	// Package is a package's non-test lines: every line of its .go files
	// but the _test.go ones, whatever their build tags.
	Package Kind = "package"
	// File is one non-test .go file's lines.
	File Kind = "file"
	// Func is one function's or method's lines in a non-test file, from
	// its func line to its closing brace (its doc comment left out).
	Func Kind = "function"
)

// Limits are the largest sizes allowed, in lines.
var Limits = map[Kind]int{Package: 2500, File: 600, Func: 120}

// Item is one measured package, file or function. Name is the
// module-relative directory of a package ("reports/compare"), the
// module-relative path of a file ("reports/compare/judge.go"), or a
// function's file and name ("reports/compare/judge.go:(*judger).evidence";
// a second function of the same name in the file, such as init, gets
// "#2").
type Item struct {
	Kind  Kind
	Name  string
	Lines int
}

// Measure walks the module rooted at root and measures every package,
// non-test file and function in it. It skips testdata, vendor, and
// directories whose names start with "." or "_" (the go command ignores
// them too), and nested modules.
func Measure(root string) ([]Item, error) {
	perPackage := map[string]int{}
	var items []Item
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || hasGoMod(path)) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		src, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("measure %s: %w", rel, err)
		}
		lines := countLines(src)
		items = append(items, Item{Kind: File, Name: rel, Lines: lines})
		perPackage[pathDir(rel)] += lines
		funcs, err := funcLines(rel, src)
		if err != nil {
			return err
		}
		items = append(items, funcs...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	for dir, lines := range perPackage {
		items = append(items, Item{Kind: Package, Name: dir, Lines: lines})
	}
	sort.Slice(items, func(i, j int) bool {
		if items[i].Kind != items[j].Kind {
			return items[i].Kind < items[j].Kind
		}
		return items[i].Name < items[j].Name
	})
	return items, nil
}

// hasGoMod reports whether dir holds a go.mod: a module of its own.
func hasGoMod(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "go.mod"))
	return err == nil
}

// pathDir is the package directory of a module-relative file path ("."
// for the root).
func pathDir(rel string) string {
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		return rel[:i]
	}
	return "."
}

// countLines counts lines as wc -l does, and a last line without its
// newline as one more.
func countLines(src []byte) int {
	n := strings.Count(string(src), "\n")
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++
	}
	return n
}

// funcLines measures every function declared in one file.
func funcLines(rel string, src []byte) ([]Item, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, rel, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("measure %s: %w", rel, err)
	}
	seen := map[string]int{}
	var items []Item
	for _, decl := range f.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		name := funcName(fd)
		seen[name]++
		if n := seen[name]; n > 1 {
			name = fmt.Sprintf("%s#%d", name, n)
		}
		start, end := fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line
		items = append(items, Item{Kind: Func, Name: rel + ":" + name, Lines: end - start + 1})
	}
	return items, nil
}

// funcName is a function's name, a method's with its receiver type:
// "Compare", "(*judger).evidence", "(Adviser).Text".
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	star := ""
	if s, ok := t.(*ast.StarExpr); ok {
		star, t = "*", s.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr: // a generic type's method: T[P]
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	recv := "?"
	if id, ok := t.(*ast.Ident); ok {
		recv = id.Name
	}
	return "(" + star + recv + ")." + fd.Name.Name
}

// Allowance lets one item over its limit stay, at no more than Ceiling
// lines: its size when it was listed.
type Allowance struct {
	Kind    Kind
	Name    string
	Ceiling int
}

// Check returns one line for each item over its limit that no
// allowance covers, each item over its allowance's ceiling, and each
// allowance whose item is within the limit now or is gone (the list only
// shrinks). Every line names the item, its size and the limit, and says
// what to do.
func Check(items []Item, limits map[Kind]int, allowed []Allowance) []string {
	type key struct {
		kind Kind
		name string
	}
	ceiling := make(map[key]int, len(allowed))
	for _, a := range allowed {
		ceiling[key{a.Kind, a.Name}] = a.Ceiling
	}
	found := map[key]bool{}
	var problems []string
	for _, it := range items {
		limit, ok := limits[it.Kind]
		if !ok {
			continue
		}
		k := key{it.Kind, it.Name}
		c, listed := ceiling[k]
		if listed {
			found[k] = true
		}
		switch {
		case listed && it.Lines <= limit:
			problems = append(problems, fmt.Sprintf("%s %s: %d lines, within the limit of %d now: remove its allowance from sizes.Allowed", it.Kind, it.Name, it.Lines, limit))
		case listed && it.Lines > c:
			problems = append(problems, fmt.Sprintf("%s %s: %d lines, over its allowance of %d (the limit is %d; an allowed offender may shrink, not grow): %s", it.Kind, it.Name, it.Lines, c, limit, fix(it.Kind)))
		case !listed && it.Lines > limit:
			problems = append(problems, fmt.Sprintf("%s %s: %d lines, over the limit of %d: %s", it.Kind, it.Name, it.Lines, limit, fix(it.Kind)))
		}
	}
	for _, a := range allowed {
		if !found[key{a.Kind, a.Name}] {
			problems = append(problems, fmt.Sprintf("%s %s: allowed up to %d lines, but there is no such %s any more: remove its allowance from sizes.Allowed", a.Kind, a.Name, a.Ceiling, a.Kind))
		}
	}
	sort.Strings(problems)
	return problems
}

// fix says how to bring an item of kind k under its limit.
func fix(k Kind) string {
	switch k {
	case Package:
		return "split the package by job, each new package with a doc comment stating its one job (docs/development.md, \"Size limits\")"
	case File:
		return "split the file by what its parts do, within its package"
	}
	return "split the function into steps with names that explain them"
}
