package fossil

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/radvbench/radvbench/internal/outfile"
	"github.com/radvbench/radvbench/reports/results"
)

// Header is the fixed part of fossilize-replay's pipeline-stats CSV header;
// one column per statistic follows.
var Header = []string{
	"Database",
	"Pipeline type",
	"Pipeline hash",
	"PSO wall duration (ns)",
	"PSO duration (ns)",
	"Stage duration (ns)",
	"Executable name",
	"Subgroup size",
}

// The pipeline types fossilize writes.
const (
	TypeGraphics = "GRAPHICS"
	TypeCompute  = "COMPUTE"
)

// statisticOrder is the order RADV reports an executable's statistics in
// (Mesa 25.0 and 26.1: radv_pipeline.c's list, then ACO's statistic
// table), the hashes left out as the isa file leaves them out.
var statisticOrder = []string{
	// RADV
	"SGPRs", "VGPRs", "Spilled SGPRs", "Spilled VGPRs",
	"Code size", "LDS size", "Scratch size", "Subgroups per SIMD",
	"Combined inputs", "Combined outputs",
	// ACO
	"Instructions", "Copies", "Branches", "Latency", "Inverse Throughput",
	"VMEM Clause", "SMEM Clause", "Pre-Sched SGPRs", "Pre-Sched VGPRs",
	"VALU", "SALU", "VMEM", "SMEM", "VOPD",
}

var statisticRank = func() map[string]int {
	m := make(map[string]int, len(statisticOrder))
	for i, s := range statisticOrder {
		m[s] = i
	}
	return m
}()

// graphicsStages are the stages (as an isa file names them) that make a
// pipeline a graphics pipeline.
var graphicsStages = map[string]bool{
	"vertex": true, "tessellation-control": true, "tessellation-evaluation": true,
	"geometry": true, "fragment": true, "task": true, "mesh": true,
}

// stat is one statistic of a row.
type stat struct {
	name  string
	value float64
}

// row is one executable as the CSV has it.
type row struct {
	db, typ, hash, exec string
	pipeline            string
	subgroup            uint32
	stats               []stat // in the driver's order
}

// key is what the report script matches an old and a new row by.
func (r *row) key() string { return r.db + "\x00" + r.hash + "\x00" + r.exec }

// Targets returns the targets of f that have results, in the order of
// f.Configs, then any target a result names without a config, in the
// order the results name them.
//
// In a run file whose results carry the pipelines the run captured
// (results.File.Capture), the targets are the A/B configurations of those
// results ("" for a run without configurations): a run has one device.
func Targets(f *results.File) []string {
	has := map[string]bool{}
	var extra []string
	for i := range f.Results {
		if f.Kind() != results.KindISA && len(f.Results[i].Pipelines) == 0 {
			continue
		}
		t := f.Results[i].Config
		if !has[t] {
			has[t] = true
			extra = append(extra, t)
		}
	}
	var out []string
	for _, c := range f.Configs {
		if has[c.Name] && !slices.Contains(out, c.Name) {
			out = append(out, c.Name)
		}
	}
	for _, t := range extra {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// PipelineHash is the hash radvbench writes for the occurrence-th (from 0)
// pipeline named pipeline of benchmark id: FNV-1a 64 of the three, as
// fossilize formats a hash ("%016x").
func PipelineHash(id, pipeline string, occurrence int) string {
	h := fnv.New64a()
	h.Write([]byte(id))
	h.Write([]byte{0})
	h.Write([]byte(pipeline))
	h.Write([]byte{0})
	h.Write([]byte(strconv.Itoa(occurrence)))
	return fmt.Sprintf("%016x", h.Sum64())
}

// rows returns target's executables of f in the CSV's order: graphics
// pipelines, then the others, each in the file's order.
func rows(f *results.File, target string) ([]row, error) {
	if f.Kind() != results.KindISA && len(Targets(f)) == 0 {
		return nil, &NoStatisticsError{Capture: f.Capture}
	}
	var graphics, other []row
	for i := range f.Results {
		r := &f.Results[i]
		if r.Config != target {
			continue
		}
		id := r.ID()
		seen := map[string]int{}
		for _, p := range r.Pipelines {
			hash := PipelineHash(id, p.Name, seen[p.Name])
			seen[p.Name]++
			typ := TypeCompute
			for _, e := range p.Executables {
				for _, s := range e.Stages {
					if graphicsStages[s] {
						typ = TypeGraphics
					}
				}
			}
			for _, e := range p.Executables {
				rw := row{db: id, typ: typ, hash: hash, exec: e.Name, pipeline: p.Name, subgroup: e.SubgroupSize}
				for name, v := range e.Stats {
					rw.stats = append(rw.stats, stat{name, v})
				}
				slices.SortFunc(rw.stats, func(a, b stat) int { return compareStatistics(a.name, b.name) })
				if typ == TypeGraphics {
					graphics = append(graphics, rw)
				} else {
					other = append(other, rw)
				}
			}
		}
	}
	return append(graphics, other...), nil
}

// compareStatistics orders statistic names as the driver reports them,
// unknown names after the known ones, in byte order.
func compareStatistics(a, b string) int {
	ra, oka := statisticRank[a]
	rb, okb := statisticRank[b]
	switch {
	case oka && okb:
		return ra - rb
	case oka:
		return -1
	case okb:
		return 1
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// formatValue writes a statistic as fossilize does: an integer as an
// integer, anything else as C's "%f".
func formatValue(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1<<63 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'f', 6, 64)
}

// WriteCSV writes target's executables of the isa file f as
// fossilize-replay's pipeline-stats CSV (see the package documentation).
// A target without results gives the header alone.
func WriteCSV(w io.Writer, f *results.File, target string) error {
	rs, err := rows(f, target)
	if err != nil {
		return err
	}
	header := slices.Clone(Header)
	column := map[string]int{}
	for _, r := range rs {
		for _, s := range r.stats {
			if _, ok := column[s.name]; !ok {
				column[s.name] = len(header)
				header = append(header, s.name)
			}
		}
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return fmt.Errorf("write the CSV of %s: %w", target, err)
	}
	cells := make([]string, len(header))
	for _, r := range rs {
		clear(cells)
		cells[0], cells[1], cells[2] = r.db, r.typ, r.hash
		cells[3], cells[4], cells[5] = "0", "0", "0"
		cells[6], cells[7] = r.exec, strconv.FormatUint(uint64(r.subgroup), 10)
		for _, s := range r.stats {
			cells[column[s.name]] = formatValue(s.value)
		}
		if err := cw.Write(cells); err != nil {
			return fmt.Errorf("write the CSV of %s: %w", target, err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("write the CSV of %s: %w", target, err)
	}
	return nil
}

// CSVFileName is the name WriteCSVFiles gives target's CSV.
func CSVFileName(target string) string {
	if target == "" {
		return "captured.csv" // a run without configurations
	}
	return target + ".csv"
}

// NoStatisticsError: a run file whose results carry no compiler
// statistics (the run did not capture: Capture says why).
type NoStatisticsError struct{ Capture string }

func (e *NoStatisticsError) Error() string {
	why := e.Capture
	if why == "" {
		why = "written before radvbench captured"
	}
	return fmt.Sprintf("the run captured no compiler statistics (capture: %s)", why)
}

// WriteCSVFiles writes one CSV per target of f (Targets) into the
// existing directory dir, each atomically, as CSVFileName(target), and
// returns their paths.
func WriteCSVFiles(dir string, f *results.File) ([]string, error) {
	var paths []string
	for _, t := range Targets(f) {
		if t == "" && f.Kind() == results.KindISA || t != "" && (filepath.Base(t) != t || t == "." || t == "..") {
			return paths, fmt.Errorf("target %q cannot name a file", t)
		}
		var buf bytes.Buffer
		if err := WriteCSV(&buf, f, t); err != nil {
			return paths, err
		}
		p := filepath.Join(dir, CSVFileName(t))
		if err := outfile.WriteFile(p, buf.Bytes(), 0o644); err != nil {
			return paths, fmt.Errorf("write the CSV of %s: %w", t, err)
		}
		paths = append(paths, p)
	}
	return paths, nil
}
