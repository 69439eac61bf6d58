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

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/outfile"
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
// table), the two hashes included (an isa file keeps them apart from the
// counts, in ExecutableStats.Hashes).
var statisticOrder = []string{
	// RADV
	"Driver pipeline hash",
	"SGPRs", "VGPRs", "Spilled SGPRs", "Spilled VGPRs",
	"Code size", "LDS size", "Scratch size", "Subgroups per SIMD",
	"Combined inputs", "Combined outputs",
	// ACO
	"Hash",
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

// stat is one statistic of a row: a count (value) or an identifier
// (hash, exact).
type stat struct {
	name   string
	value  float64
	hash   uint64
	isHash bool
}

// text is the statistic's cell.
func (s stat) text() string {
	if s.isHash {
		return strconv.FormatUint(s.hash, 10)
	}
	return formatValue(s.value)
}

// row is one executable as the CSV has it.
type row struct {
	db, typ, hash, exec string
	pipeline            string
	subgroup            uint32
	stats               []stat // in the driver's order
	// benchmarks are the IDs of the benchmarks whose results hold this
	// executable (one per row of the isa file that maps to it).
	benchmarks []string
}

// key is what the report script matches an old and a new row by.
func (r *row) key() string { return r.db + "\x00" + r.hash + "\x00" + r.exec }

// fingerprint is the row's statistics, for telling apart two executables
// of one key that the compiler made differently.
func (r *row) fingerprint() string {
	var b bytes.Buffer
	for _, s := range r.stats {
		b.WriteString(s.name + "=" + s.text() + "\x00")
	}
	return b.String()
}

// Targets returns the targets of f that have results, in the order of
// f.Configs, then any target a result names without a config, in the
// order the results name them.
//
// In a run file whose results carry the pipelines the run captured
// (resultsfile.File.Capture), the targets are the A/B configurations of those
// results ("" for a run without configurations): a run has one device.
func Targets(f *resultsfile.File) []string {
	has := map[string]bool{}
	var extra []string
	for i := range f.Results {
		if f.Kind() != resultsfile.KindISA && len(f.Results[i].Pipelines) == 0 {
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
//
// A pipeline with a key (resultsfile.PipelineStats.Key: what the compiler was
// given) is one shader per executable however many benchmarks build it,
// as fossil-db counts a pipeline once: Database is the benchmark's suite
// (fossil-db's application), Pipeline hash the key, and the row lists
// every benchmark that maps to it. Should two executables of one key
// differ (they never have), the later one is a row of its own, its hash
// the key's FNV-1a with its rank. A pipeline without a key (a file
// written before radvbench kept them) is a row per benchmark: Database
// the benchmark ID, Pipeline hash PipelineHash.
func rows(f *resultsfile.File, target string) ([]row, error) {
	if f.Kind() != resultsfile.KindISA && len(Targets(f)) == 0 {
		return nil, &NoStatisticsError{Capture: f.Capture}
	}
	var all []row
	index := map[string][]int{} // row key -> rows of that key, by fingerprint rank
	for i := range f.Results {
		r := &f.Results[i]
		if r.Config != target {
			continue
		}
		id := r.ID()
		seen := map[string]int{}
		for _, p := range r.Pipelines {
			db, hash := id, PipelineHash(id, p.Name, seen[p.Name])
			if p.Key != "" {
				db, hash = r.Suite, p.Key
			}
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
				rw := row{db: db, typ: typ, hash: hash, exec: e.Name, pipeline: p.Name, subgroup: e.SubgroupSize, benchmarks: []string{id}}
				for name, v := range e.Stats {
					rw.stats = append(rw.stats, stat{name: name, value: v})
				}
				for name, h := range e.Hashes {
					rw.stats = append(rw.stats, stat{name: name, hash: h, isHash: true})
				}
				slices.SortFunc(rw.stats, func(a, b stat) int { return compareStatistics(a.name, b.name) })
				all = mergeRow(all, index, rw)
			}
		}
	}
	var graphics, other []row
	for _, rw := range all {
		if rw.typ == TypeGraphics {
			graphics = append(graphics, rw)
		} else {
			other = append(other, rw)
		}
	}
	return append(graphics, other...), nil
}

// mergeRow adds rw to all, or its benchmark to the row of the same key
// and statistics already there.
func mergeRow(all []row, index map[string][]int, rw row) []row {
	k := rw.key()
	same := index[k]
	fp := rw.fingerprint()
	for _, j := range same {
		if all[j].fingerprint() == fp {
			all[j].benchmarks = append(all[j].benchmarks, rw.benchmarks...)
			return all
		}
	}
	if len(same) > 0 {
		h := fnv.New64a()
		h.Write([]byte(rw.hash + "\x00" + strconv.Itoa(len(same))))
		rw.hash = fmt.Sprintf("%016x", h.Sum64())
	}
	index[k] = append(same, len(all))
	return append(all, rw)
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
func WriteCSV(w io.Writer, f *resultsfile.File, target string) error {
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
			cells[column[s.name]] = s.text()
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
func WriteCSVFiles(dir string, f *resultsfile.File) ([]string, error) {
	var paths []string
	for _, t := range Targets(f) {
		if t == "" && f.Kind() == resultsfile.KindISA || t != "" && (filepath.Base(t) != t || t == "." || t == "..") {
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
