package layers

import (
	"fmt"
	"regexp"
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
