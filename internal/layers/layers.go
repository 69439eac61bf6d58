// Package layers states which way this repository's imports point, and
// checks a package graph against it.
//
// The layers, bottom to top (docs/development.md's package map):
//
//   - bottom: core/ (the results file schema, the statistics, the AMD chip
//     table), internal/ (one-job helpers: atomic output files, terminal
//     escaping, the usage error, test harnesses), shaders and
//     docs/commands (embedded data). Both sides below the commands use
//     them; they import nothing above.
//   - the run side, bench/: devices, kernels, measurement, supervised
//     runs. It imports the bottom layer, never the analysis.
//   - the analysis, reports/: judging, noise, history, charts and the
//     renderers. It imports the bottom layer, never the run side.
//   - the commands, cmd/ and ci/'s programs: flags, wording and exit
//     codes; they import every layer below and nothing imports them.
//
// A package may import its own layer or a lower one; the run side and
// the analysis are side by side, and neither imports the other. Check
// reports every import that breaks the rule, less the exceptions in
// Exceptions, each of which says why it is still there.
package layers

import (
	"fmt"
	"sort"
	"strings"
)

// Layer is one layer of the import graph.
type Layer struct {
	Name string
	// Rank orders the layers: a package imports only layers of a lower
	// rank, or its own layer.
	Rank int
	// Prefixes are the module-relative paths of the layer's packages: a
	// package is in the layer when its path is one of them or lies under
	// one of them.
	Prefixes []string
}

// Layers are the repository's layers, bottom first.
var Layers = []Layer{
	{Name: "bottom", Rank: 0, Prefixes: []string{"core", "internal", "shaders", "docs/commands"}},
	{Name: "run side", Rank: 1, Prefixes: []string{"bench"}},
	{Name: "analysis", Rank: 1, Prefixes: []string{"reports"}},
	{Name: "commands", Rank: 2, Prefixes: []string{"cmd", "ci"}},
}

// Exception is an import that breaks the rule, kept for the reason given
// until the code is restructured.
type Exception struct {
	From, To string // module-relative package paths
	Reason   string
}

// Exceptions are the known imports against the rule. Check reports an
// exception that no import uses any more, so the list only shrinks.
var Exceptions = []Exception{}

// Package is one package of the graph: its module-relative path and the
// module-relative paths of the repository's packages it imports (its
// tests' imports included).
type Package struct {
	Path    string
	Imports []string
}

// LayerOf returns the layer of a module-relative package path, or false
// when no layer claims it.
func LayerOf(path string) (Layer, bool) {
	for _, l := range Layers {
		for _, p := range l.Prefixes {
			if path == p || strings.HasPrefix(path, p+"/") {
				return l, true
			}
		}
	}
	return Layer{}, false
}

// Check returns one line for each import of pkgs that points up or
// across (run side to analysis, or back), for each package no layer
// claims, and for each exception that no import uses.
func Check(pkgs []Package, exceptions []Exception) []string {
	excepted := make(map[[2]string]bool, len(exceptions))
	used := make(map[[2]string]bool, len(exceptions))
	for _, e := range exceptions {
		excepted[[2]string{e.From, e.To}] = true
	}
	var problems []string
	for _, p := range pkgs {
		from, ok := LayerOf(p.Path)
		if !ok {
			problems = append(problems, fmt.Sprintf("%s: in no layer: add its directory to one of layers.Layers", p.Path))
			continue
		}
		for _, imp := range p.Imports {
			to, ok := LayerOf(imp)
			if !ok || to.Name == from.Name || to.Rank < from.Rank {
				continue
			}
			edge := [2]string{p.Path, imp}
			if excepted[edge] {
				used[edge] = true
				continue
			}
			how := "up"
			if to.Rank == from.Rank {
				how = "across"
			}
			problems = append(problems, fmt.Sprintf("%s (%s) imports %s (%s): an import %s; move the shared code down a layer or pass it in from the caller", p.Path, from.Name, imp, to.Name, how))
		}
	}
	for _, e := range exceptions {
		if !used[[2]string{e.From, e.To}] {
			problems = append(problems, fmt.Sprintf("exception %s -> %s is used by no import any more: remove it from layers.Exceptions", e.From, e.To))
		}
	}
	sort.Strings(problems)
	return problems
}
