package layers

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// MapRow is one row of docs/development.md's package map: the package,
// the repository's packages it imports as the row lists them, the layer
// of the section it is in, and the line.
type MapRow struct {
	Path    string
	Imports []string
	Layer   string
	Line    int
}

// mapRow is a table row whose first cell is one package path in
// backquotes.
var mapRow = regexp.MustCompile("^\\| `([a-z0-9_/.-]+)` \\| ([^|]*) \\|")

// ParseMap reads the package map of docs/development.md: the tables
// under "## Package map", one per layer under a "### " heading that
// starts with the layer's name (capitalized), one row per package with
// its imports (comma-separated, "-" for none) in the second column.
func ParseMap(doc string) ([]MapRow, error) {
	var rows []MapRow
	in, layer := false, ""
	for i, line := range strings.Split(doc, "\n") {
		switch {
		case line == "## Package map":
			in = true
			continue
		case in && strings.HasPrefix(line, "## "):
			in = false
		case in && strings.HasPrefix(line, "### "):
			layer = ""
			for _, l := range Layers {
				if strings.HasPrefix(strings.ToLower(strings.TrimPrefix(line, "### ")), l.Name) {
					layer = l.Name
				}
			}
			if layer == "" {
				return nil, fmt.Errorf("line %d: %q names no layer (%s)", i+1, line, layerNames())
			}
		}
		if !in {
			continue
		}
		m := mapRow.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		if layer == "" {
			return nil, fmt.Errorf("line %d: package %s is under no layer's heading", i+1, m[1])
		}
		r := MapRow{Path: m[1], Layer: layer, Line: i + 1}
		if cell := strings.TrimSpace(m[2]); cell != "-" {
			for _, imp := range strings.Split(cell, ",") {
				r.Imports = append(r.Imports, strings.Trim(strings.TrimSpace(imp), "`"))
			}
		}
		rows = append(rows, r)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("no package map: no table rows under \"## Package map\"")
	}
	return rows, nil
}

// ImportsCell is the imports column of a package's row.
func ImportsCell(imports []string) string {
	if len(imports) == 0 {
		return "-"
	}
	return strings.Join(imports, ", ")
}

func layerNames() string {
	var names []string
	for _, l := range Layers {
		names = append(names, l.Name)
	}
	return strings.Join(names, ", ")
}

// RewriteMap returns doc with its package map's rows redrawn from
// imports (module-relative package path to the repository's packages it
// imports): each row in its layer's table, sorted by path, with its
// imports cell from imports and its job as the row had it. Rows of
// packages imports does not hold are dropped; packages with no row are
// returned in missing (they need a job written).
func RewriteMap(doc string, imports map[string][]string) (out string, missing []string, err error) {
	rows, err := ParseMap(doc)
	if err != nil {
		return "", nil, err
	}
	jobs := map[string]string{}
	drop := map[int]bool{}
	lines := strings.Split(doc, "\n")
	for _, r := range rows {
		drop[r.Line-1] = true
		cells := strings.SplitN(lines[r.Line-1], " | ", 3)
		if len(cells) == 3 {
			jobs[r.Path] = cells[2]
		}
	}
	byLayer := map[string][]string{}
	paths := make([]string, 0, len(imports))
	for path := range imports {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		imps := imports[path]
		job, ok := jobs[path]
		if !ok {
			missing = append(missing, path)
			continue
		}
		l, _ := LayerOf(path)
		byLayer[l.Name] = append(byLayer[l.Name], "| `"+path+"` | "+ImportsCell(imps)+" | "+job)
	}
	var b strings.Builder
	in, layer := false, ""
	for i, line := range lines {
		if drop[i] {
			continue
		}
		switch {
		case line == "## Package map":
			in = true
		case in && strings.HasPrefix(line, "## "):
			in = false
		case in && strings.HasPrefix(line, "### "):
			for _, l := range Layers {
				if strings.HasPrefix(strings.ToLower(strings.TrimPrefix(line, "### ")), l.Name) {
					layer = l.Name
				}
			}
		}
		b.WriteString(line)
		if i < len(lines)-1 {
			b.WriteByte('\n')
		}
		if in && line == "|---|---|---|" {
			for _, r := range byLayer[layer] {
				b.WriteString(r + "\n")
			}
			delete(byLayer, layer)
		}
	}
	for l := range byLayer {
		return "", nil, fmt.Errorf("the package map has no table for the %s layer", l)
	}
	sort.Strings(missing)
	return b.String(), missing, nil
}
