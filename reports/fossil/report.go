package fossil

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// statistic is one entry of the report script's statistics table: the CSV
// columns it reads, the name it prints, and which way is better.
type statistic struct {
	csvNames     []string
	display      string
	moreIsBetter bool
	isHash       bool
}

// statistics is the report script's table, in its order (the order of
// the report's lines). Turnip's and the deprecated ACO entries are kept so
// that the table is the script's, whatever a file holds.
var statistics = func() []statistic {
	t := []statistic{
		// Generic statistics
		{csvNames: []string{"Subgroups per SIMD", "Max Waves Per Core"}, display: "MaxWaves", moreIsBetter: true},
		{csvNames: []string{"Instructions", "Instruction Count"}, display: "Instrs"},
		{csvNames: []string{"Code size"}, display: "CodeSize"},
		// RADV
		{csvNames: []string{"SGPRs"}, display: "SGPRs"},
		{csvNames: []string{"VGPRs"}, display: "VGPRs"},
		{csvNames: []string{"Spilled SGPRs"}, display: "SpillSGPRs"},
		{csvNames: []string{"Spilled VGPRs"}, display: "SpillVGPRs"},
		{csvNames: []string{"PrivMem VGPRs"}, display: "PrivVGPRs"},
		{csvNames: []string{"LDS size"}, display: "LDS"},
		{csvNames: []string{"Scratch size"}, display: "Scratch"},
		// ACO
		{csvNames: []string{"Latency"}, display: "Latency"},
		{csvNames: []string{"Inverse Throughput"}, display: "InvThroughput"},
		{csvNames: []string{"VMEM Clause"}, display: "VClause"},
		{csvNames: []string{"SMEM Clause"}, display: "SClause"},
		{csvNames: []string{"Hash"}, display: "Hash", isHash: true},
		{csvNames: []string{"Copies"}, display: "Copies"},
		{csvNames: []string{"Branches"}, display: "Branches"},
		{csvNames: []string{"Pre-Sched SGPRs"}, display: "PreSGPRs"},
		{csvNames: []string{"Pre-Sched VGPRs"}, display: "PreVGPRs"},
		// Deprecated ACO statistics
		{csvNames: []string{"Busy Cycles"}, display: "Cycles"},
		{csvNames: []string{"VMEM Score"}, display: "VMEM", moreIsBetter: true},
		{csvNames: []string{"SMEM Score"}, display: "SMEM", moreIsBetter: true},
		// Turnip
		{csvNames: []string{"NOPs Count"}, display: "NOPs"},
		{csvNames: []string{"MOV Count"}, display: "MOVs"},
		{csvNames: []string{"Registers used"}, display: "Full"},
		{csvNames: []string{"Half-registers used"}, display: "Half"},
		{csvNames: []string{"Instructions with SS sync bit"}, display: "(ss)"},
		{csvNames: []string{"Instructions with SY sync bit"}, display: "(sy)"},
		{csvNames: []string{"Estimated cycles stalled on SS"}, display: "(ss)-stall"},
		{csvNames: []string{"Estimated cycles stalled on SY"}, display: "(sy)-stall"},
		{csvNames: []string{"STP Count"}, display: "STPs"},
		{csvNames: []string{"LDP Count"}, display: "LDPs"},
	}
	for n := range 8 {
		t = append(t, statistic{csvNames: []string{fmt.Sprintf("cat%d instructions", n)}, display: fmt.Sprintf("Cat%d", n)})
	}
	return t
}()

// values reads r's statistics the way the script does: one integer per
// entry of statistics, -1 where the row has none of its columns.
func values(r *row, side string) ([]int64, error) {
	out := make([]int64, len(statistics))
	for i := range out {
		out[i] = -1
	}
	for _, s := range r.stats {
		for i, st := range statistics {
			for _, n := range st.csvNames {
				if n != s.name {
					continue
				}
				if s.isHash {
					out[i] = int64(s.hash & (1<<63 - 1)) // ACO's Hash: 32 bits, compared for equality
					continue
				}
				if s.value != math.Trunc(s.value) || s.value < 0 || s.value >= 1<<53 {
					return nil, fmt.Errorf("%s file: %s, executable %s: %s = %v is not a count (the report reads integers)", side, r.db, r.exec, s.name, s.value)
				}
				out[i] = int64(s.value)
			}
		}
	}
	return out, nil
}

// diff is one statistic's totals, as the script's Diff.
type diff struct {
	old, new                 int64
	oldAffected, newAffected int64
	helped, hurt             int   // how many shaders improved, regressed
	helpedDelta, hurtDelta   int64 // the sum of their changes
}

// totals is one target's comparison, as the script's Report.
type totals struct {
	shaders, affected int
	diffs             []diff // aligned with statistics
}

func (t *totals) include(d0, d1 []int64) {
	t.shaders++
	affected := false
	var present []int
	for i, st := range statistics {
		if d0[i] < 0 || d1[i] < 0 {
			continue
		}
		if st.isHash {
			affected = affected || d0[i] != d1[i]
			continue
		}
		m := &t.diffs[i]
		m.old += d0[i]
		m.new += d1[i]
		present = append(present, i)
		if d0[i] != d1[i] {
			if (d1[i] > d0[i]) == st.moreIsBetter {
				m.helped++
				m.helpedDelta += d1[i] - d0[i]
			} else {
				m.hurt++
				m.hurtDelta += d1[i] - d0[i]
			}
			affected = true
		}
	}
	if affected {
		t.affected++
		for _, i := range present {
			t.diffs[i].oldAffected += d0[i]
			t.diffs[i].newAffected += d1[i]
		}
	}
}

// percent is Python's "{:.2%}" (plus: "{:+.2%}") of x.
func percent(x float64, plus bool) string {
	v := x * 100
	s := strconv.FormatFloat(v, 'f', 2, 64)
	if plus && !math.Signbit(v) {
		s = "+" + s
	}
	return s + "%"
}

// change is the script's calculate_percent: how new compares with old.
func change(old, new int64) string {
	switch {
	case new == old:
		return "."
	case new != 0 && old != 0:
		return percent(float64(new)/float64(old)-1, true)
	case old == 0:
		return "+inf%"
	}
	return "-inf%"
}

// writeLines is the script's compare_results over the totals (affected:
// over the affected shaders' totals), its blank line included.
func (t *totals) writeLines(b *bytes.Buffer, affected bool) {
	for i, st := range statistics {
		if st.isHash {
			continue
		}
		m := t.diffs[i]
		old, new := m.old, m.new
		if affected {
			old, new = m.oldAffected, m.newAffected
		}
		if old == new {
			continue
		}
		split := ""
		if m.helped > 0 && m.hurt > 0 {
			split = "; split: " + change(old, old+m.helpedDelta) + ", " + change(old, old+m.hurtDelta)
		}
		fmt.Fprintf(b, "%s: %d -> %d (%s)%s\n", st.display, old, new, change(old, new), split)
	}
	b.WriteString("\n")
}

// block is one target's report.
type block struct {
	// notes list the shaders left out (only in one file).
	notes string
	// totals is the script's output from "Totals:" to the blank line
	// after the affected shaders' lines.
	totals string
}

// maxListed bounds the shaders a note names.
const maxListed = 5

// compareTarget compares target's executables of old and new.
func compareTarget(old, new *resultsfile.File, target string) (block, error) {
	or, err := rows(old, target)
	if err != nil {
		return block{}, fmt.Errorf("old file: %w", err)
	}
	nr, err := rows(new, target)
	if err != nil {
		return block{}, fmt.Errorf("new file: %w", err)
	}
	// The script keys rows by (Database, hash, executable): a later row
	// of the same key replaces an earlier one.
	index := func(rs []row) (map[string]*row, []string) {
		m := map[string]*row{}
		var order []string
		for i := range rs {
			k := rs[i].key()
			if _, ok := m[k]; !ok {
				order = append(order, k)
			}
			m[k] = &rs[i]
		}
		return m, order
	}
	om, oorder := index(or)
	nm, norder := index(nr)
	t := totals{diffs: make([]diff, len(statistics))}
	var onlyOld, onlyNew []string
	for _, k := range oorder {
		n, ok := nm[k]
		if !ok {
			onlyOld = append(onlyOld, om[k].label())
			continue
		}
		d0, err := values(om[k], "old")
		if err != nil {
			return block{}, err
		}
		d1, err := values(n, "new")
		if err != nil {
			return block{}, err
		}
		t.include(d0, d1)
	}
	for _, k := range norder {
		if _, ok := om[k]; !ok {
			onlyNew = append(onlyNew, nm[k].label())
		}
	}
	var notes bytes.Buffer
	note := func(side string, names []string) {
		if len(names) == 0 {
			return
		}
		list := strings.Join(names[:min(len(names), maxListed)], "; ")
		if len(names) > maxListed {
			list += fmt.Sprintf("; and %d more", len(names)-maxListed)
		}
		fmt.Fprintf(&notes, "Left out, only in the %s file (%d): %s\n", side, len(names), list)
	}
	notes.WriteString(sharedNote(or, nr))
	note("old", onlyOld)
	note("new", onlyNew)
	var b bytes.Buffer
	b.WriteString("Totals:\n")
	t.writeLines(&b, false)
	fmt.Fprintf(&b, "Totals from %d (%s of %d) affected shaders:\n", t.affected, percent(float64(t.affected)/float64(max(1, t.shaders)), false), t.shaders)
	t.writeLines(&b, true)
	return block{notes: notes.String(), totals: b.String()}, nil
}

// label names a row for a note: benchmark, pipeline, executable.
func (r *row) label() string {
	more := ""
	if n := len(r.benchmarks) - 1; n > 0 {
		more = fmt.Sprintf(" (and %d more benchmarks)", n)
	}
	return r.benchmarks[0] + more + ": " + r.pipeline + " (" + r.exec + ")"
}

// sharedNote says what a shader is: one per distinct pipeline executable,
// however many benchmarks build it (the old and new files' counts, and
// how many benchmark rows map to each), or, for a file without pipeline
// keys, one per benchmark row.
func sharedNote(old, new []row) string {
	var b strings.Builder
	count := func(rs []row) (entries, benchmarks int, keyed bool, perEntry map[int]int) {
		perEntry = map[int]int{}
		keyed = true
		for i := range rs {
			benchmarks += len(rs[i].benchmarks)
			perEntry[len(rs[i].benchmarks)]++
			keyed = keyed && rs[i].db != rs[i].benchmarks[0]
		}
		return len(rs), benchmarks, keyed, perEntry
	}
	oe, ob, ok, oper := count(old)
	ne, nb, nk, _ := count(new)
	if len(old) > 0 && len(new) > 0 && ok && nk {
		var hist []string
		for n := ob; n >= 1; n-- {
			if c := oper[n]; c > 0 {
				hist = append(hist, fmt.Sprintf("%d of %d", c, n))
			}
		}
		fmt.Fprintf(&b, "Shaders: one per distinct pipeline executable, as fossil-db counts them: %d from %d benchmark rows in the old file, %d from %d in the new (old file, executables of N rows: %s)\n",
			oe, ob, ne, nb, strings.Join(hist, ", "))
	}
	var legacy []string
	if len(old) > 0 && !ok {
		legacy = append(legacy, "old")
	}
	if len(new) > 0 && !nk {
		legacy = append(legacy, "new")
	}
	if len(legacy) > 0 {
		which := "the " + legacy[0] + " file records"
		if len(legacy) == 2 {
			which = "neither file records"
		}
		fmt.Fprintf(&b, "Shaders: %s pipeline keys (written before radvbench kept them): a pipeline counts once per benchmark that builds it; compile again with this radvbench to count it once\n", which)
	}
	return b.String()
}

// targetTitle is the heading of target's block: the chip and, when a file
// knows it, its gfx target ("navi31 (gfx1100)").
func targetTitle(target string, files ...*resultsfile.File) string {
	for _, f := range files {
		for _, c := range f.Configs {
			if c.Name == target && c.Device != nil && c.Device.Emulated != nil && c.Device.Emulated.GFX != "" {
				return target + " (" + c.Device.Emulated.GFX + ")"
			}
		}
	}
	return target
}

// WriteReport writes the fossil report of old against new (two isa
// files): per target, in old's order then new's, a heading ("navi31
// (gfx1100):"), the shaders left out, and the report script's "Totals:"
// and "Totals from N (x% of M) affected shaders:" blocks (see the
// package documentation). A target of one file only is named as such.
func WriteReport(w io.Writer, old, new *resultsfile.File) error {
	for _, f := range []struct {
		side string
		file *resultsfile.File
	}{{"old file", old}, {"new file", new}} {
		if f.file.Kind() != resultsfile.KindISA && len(f.file.Results) > 0 && len(Targets(f.file)) == 0 {
			return fmt.Errorf("%s: %w", f.side, &NoStatisticsError{Capture: f.file.Capture})
		}
	}
	var b bytes.Buffer
	targets := Targets(old)
	newTargets := Targets(new)
	inNew := map[string]bool{}
	for _, t := range newTargets {
		inNew[t] = true
	}
	inOld := map[string]bool{}
	for _, t := range targets {
		inOld[t] = true
	}
	for _, t := range newTargets {
		if !inOld[t] {
			targets = append(targets, t)
		}
	}
	for _, t := range targets {
		title := targetTitle(t, new, old)
		switch {
		case !inNew[t]:
			fmt.Fprintf(&b, "%s: only in the old file, nothing to compare\n\n", title)
			continue
		case !inOld[t]:
			fmt.Fprintf(&b, "%s: only in the new file, nothing to compare\n\n", title)
			continue
		}
		blk, err := compareTarget(old, new, t)
		if err != nil {
			return fmt.Errorf("fossil report of %s: %w", t, err)
		}
		fmt.Fprintf(&b, "%s:\n%s%s", title, blk.notes, blk.totals)
	}
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("write the fossil report: %w", err)
	}
	return nil
}

// Report is WriteReport's text.
func Report(old, new *resultsfile.File) (string, error) {
	var b bytes.Buffer
	if err := WriteReport(&b, old, new); err != nil {
		return "", err
	}
	return b.String(), nil
}
