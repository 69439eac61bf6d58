package resultsfile

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// SkipGroup is the skipped results that share one reason. A run on a
// device without a feature skips every benchmark that needs it for the
// same reason (lavapipe on Mesa 25.0 skips 210 cooperative-matrix GEMMs:
// six kernels, seven variants, five sizes); the run table, its summary
// and the HTML report show such a group as one line, while the results
// file keeps every skip with its reason.
type SkipGroup struct {
	// Reason is the group's reason; where its results' reasons differ in
	// a number (a buffer size), that number is shown as its range.
	Reason string
	// Label names what was skipped, readably (see GroupSkipped).
	Label string
	// Kernels are the group's suite/kernel names, in first-seen order.
	Kernels []string
	// Results are the group's results, in input order.
	Results []Result
}

// GroupSkipped groups the skipped results of rs by reason, the largest
// group first (ties: the reason seen first). Reasons that differ only in
// their numbers are one cause ("buffer of N bytes exceeds the device's
// maxStorageBufferRange"): one group, whose Reason gives each differing
// number's range ("buffer of 2147483648–4294967296 bytes exceeds ..."). A group's label is the
// benchmark's ID when it holds one result; else, per suite, its kernel,
// or "suite/PREFIX*" for kernels sharing a name prefix that ends at a '-'
// or '_' ("matmul/coopmat-*"), or each kernel; its suites when that makes
// more than three names.
func GroupSkipped(rs []Result) []SkipGroup {
	var groups []SkipGroup
	index := map[string]int{}
	for _, r := range rs {
		if r.Status != StatusSkipped {
			continue
		}
		shape := number.ReplaceAllString(r.Reason, "#")
		i, ok := index[shape]
		if !ok {
			i = len(groups)
			index[shape] = i
			groups = append(groups, SkipGroup{})
		}
		g := &groups[i]
		g.Results = append(g.Results, r)
		if k := r.Suite + "/" + r.Kernel; !slices.Contains(g.Kernels, k) {
			g.Kernels = append(g.Kernels, k)
		}
	}
	sort.SliceStable(groups, func(a, b int) bool { return len(groups[a].Results) > len(groups[b].Results) })
	for i := range groups {
		groups[i].Label = skipLabel(&groups[i])
		groups[i].Reason = mergeReasons(groups[i].Results)
	}
	return groups
}

// number is a number in a reason: digits, with an optional fraction.
var number = regexp.MustCompile(`[0-9]+(?:\.[0-9]+)?`)

// mergeReasons is the reason of results whose reasons differ at most in
// their numbers: the first reason, each number that differs replaced by
// "MIN–MAX".
func mergeReasons(rs []Result) string {
	first := rs[0].Reason
	locs := number.FindAllStringIndex(first, -1)
	lo := make([]string, len(locs))
	hi := make([]string, len(locs))
	for i, l := range locs {
		lo[i], hi[i] = first[l[0]:l[1]], first[l[0]:l[1]]
	}
	for _, r := range rs[1:] {
		for i, n := range number.FindAllString(r.Reason, -1) {
			if i >= len(lo) {
				break
			}
			v, _ := strconv.ParseFloat(n, 64)
			if l, _ := strconv.ParseFloat(lo[i], 64); v < l {
				lo[i] = n
			}
			if h, _ := strconv.ParseFloat(hi[i], 64); v > h {
				hi[i] = n
			}
		}
	}
	var b strings.Builder
	prev := 0
	for i, l := range locs {
		b.WriteString(first[prev:l[0]])
		if lo[i] == hi[i] {
			b.WriteString(lo[i])
		} else {
			b.WriteString(lo[i] + "–" + hi[i])
		}
		prev = l[1]
	}
	b.WriteString(first[prev:])
	return b.String()
}

func skipLabel(g *SkipGroup) string {
	if len(g.Results) == 1 {
		return g.Results[0].ID()
	}
	var suites []string
	names := map[string][]string{}
	for _, k := range g.Kernels {
		s, name, _ := strings.Cut(k, "/")
		if names[s] == nil {
			suites = append(suites, s)
		}
		names[s] = append(names[s], name)
	}
	var parts []string
	for _, s := range suites {
		ns := names[s]
		if p := namePrefix(ns); len(ns) > 1 && p != "" {
			parts = append(parts, s+"/"+p+"*")
			continue
		}
		for _, n := range ns {
			parts = append(parts, s+"/"+n)
		}
	}
	if len(parts) <= 3 {
		return strings.Join(parts, ", ")
	}
	return strings.Join(suites, ", ")
}

// namePrefix is the longest prefix all names share that ends at a '-' or
// '_' (so that "coopmat-f16" and "coopmat-int8" give "coopmat-", never
// "coopmat-f"), or "".
func namePrefix(names []string) string {
	p := names[0]
	for _, n := range names[1:] {
		i := 0
		for i < len(p) && i < len(n) && p[i] == n[i] {
			i++
		}
		p = p[:i]
	}
	if i := strings.LastIndexAny(p, "-_"); i > 0 {
		return p[:i+1]
	}
	return ""
}

// String is the group as one line: "126 skipped (matmul/coopmat-*,
// 6 kernels): no VK_KHR_cooperative_matrix (...)".
func (g SkipGroup) String() string {
	what := g.Label
	if len(g.Kernels) > 1 {
		what += fmt.Sprintf(", %d kernels", len(g.Kernels))
	}
	return fmt.Sprintf("%d skipped (%s): %s", len(g.Results), what, g.Reason)
}
