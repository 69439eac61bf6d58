package chart

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/pairing"
)

// isaHeatmapStats are the statistics of isa files drawn as heatmaps, and
// whether a higher value is the better one (outlined per target).
var isaHeatmapStats = []struct {
	stat         string
	higherBetter bool
	what         string
}{
	{"VGPRs", false, "vector registers allocated per subgroup"},
	{"Subgroups per SIMD", true, "subgroups in flight on a SIMD (occupancy)"},
}

// ISA draws the charts of isa files ('radvbench isa'): per suite and
// statistic (VGPRs, subgroups per SIMD), a heatmap of every compiled
// kernel variant (rows) on every target (columns; with several files, a
// column per target and file). An executable per row when a benchmark's
// pipelines have several (graphics: vertex, fragment, mesh, task).
func ISA(inputs []pairing.Input) []*Chart {
	type col struct{ target, file string }
	var cols []col
	colIdx := map[col]int{}
	var suites []string
	for _, in := range inputs {
		if in.File.Kind() != resultsfile.KindISA {
			continue
		}
		for i := range in.File.Results {
			r := &in.File.Results[i]
			c := col{r.Config, in.Name}
			if _, ok := colIdx[c]; !ok {
				colIdx[c] = len(cols)
				cols = append(cols, c)
			}
			if !slices.Contains(suites, r.Suite) {
				suites = append(suites, r.Suite)
			}
		}
	}
	if len(cols) == 0 {
		return nil
	}
	colName := func(c col) string {
		if len(inputs) > 1 {
			return c.target + " (" + c.file + ")"
		}
		return c.target
	}
	var out []*Chart
	for _, suite := range suites {
		// Several sizes of a kernel: the size goes into the row label.
		sizes := map[string]map[string]bool{}
		for _, in := range inputs {
			for i := range in.File.Results {
				r := &in.File.Results[i]
				if r.Suite == suite {
					k := seriesName(r)
					if sizes[k] == nil {
						sizes[k] = map[string]bool{}
					}
					sizes[k][sizeLabel(r.Params)] = true
				}
			}
		}
		for _, st := range isaHeatmapStats {
			var rows []string
			cells := map[[2]string]cell{}
			for _, in := range inputs {
				for i := range in.File.Results {
					r := &in.File.Results[i]
					if r.Suite != suite {
						continue
					}
					label := seriesName(r)
					if len(sizes[label]) > 1 {
						label += " " + sizeLabel(r.Params)
					}
					c := colName(col{r.Config, in.Name})
					add := func(row string, ce cell) {
						if !slices.Contains(rows, row) {
							rows = append(rows, row)
						}
						cells[[2]string{row, c}] = ce
					}
					if r.Status != resultsfile.StatusOK {
						add(label, cell{value: math.NaN(), status: r.Status})
						continue
					}
					n := 0
					for _, p := range r.Pipelines {
						n += len(p.Executables)
					}
					for _, p := range r.Pipelines {
						for _, e := range p.Executables {
							row := label
							if n > 1 {
								row += " · " + strings.TrimSuffix(p.Name, ".comp") + " " + e.Name
							}
							v, ok := e.Stats[st.stat]
							if !ok {
								v = math.NaN()
							}
							add(row, cell{value: v, status: r.Status})
						}
					}
				}
			}
			if len(rows) == 0 {
				continue
			}
			names := make([]string, len(cols))
			for i, c := range cols {
				names[i] = colName(c)
			}
			st := st
			out = append(out, newHeatmap(heatmapSpec{
				name: "isa-" + safeName(suite) + "-" + safeName(st.stat), suite: suite,
				title:    fmt.Sprintf("%s: %s per kernel variant and target", suite, st.stat),
				subtitle: isaSubtitle(inputs), xLabel: "target", legend: st.stat,
				rows: rows, cols: names, cells: cells, higherBetter: st.higherBetter,
				header: []string{"variant", "target", "statistic", "value", "status", "best_in_column"},
				row: func(r, c string, ce cell, best bool) []string {
					return []string{r, c, st.stat, f64(ce.value), ce.status, fmt.Sprint(best)}
				},
				caption: func(bool) string {
					best := "lowest"
					if st.higherBetter {
						best = "highest"
					}
					return fmt.Sprintf("RADV's %q statistic (%s) of each %s kernel variant as compiled for each target, from isa files (nothing ran); "+
						"the colour scale is linear, the %s value of each target is outlined. Grey cells were not compiled (skipped or failed).",
						st.stat, st.what, suite, best)
				},
			}))
		}
	}
	return out
}

// isaSubtitle names each file's Mesa.
func isaSubtitle(inputs []pairing.Input) string {
	var parts []string
	for _, in := range inputs {
		parts = append(parts, in.Name+": "+strings.TrimSpace(in.File.Device.DriverName+" "+in.File.Device.DriverInfo))
	}
	return strings.Join(parts, "  vs  ")
}
