package history

import (
	"context"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/radvbench/radvbench/reports/changepoint"
)

// ChangePoint is one change in one series, with what else changed in the
// fingerprint between the two segments.
type ChangePoint struct {
	Series *Series
	changepoint.Change
	// Time is the start of the first run after the change; RunBefore and
	// RunAfter are the runs on either side.
	Time                time.Time
	RunBefore, RunAfter string
	// Culprits are the fingerprint keys whose value was constant over the
	// runs just before the change, constant over the runs just after it,
	// and different between the two: the candidate causes.
	Culprits []KeyChange
}

// KeyChange is one fingerprint key that changed at a change point.
type KeyChange struct {
	Key, Before, After string
	// Offset is where the key changed relative to the change point, in
	// runs (0: between the same two runs; -1: one run earlier).
	Offset int
}

// hintWindow is how many runs on each side of a split the culprit hint
// compares; hintSlack how far from the change point the split may be.
const (
	hintWindow = 3
	hintSlack  = 2
)

// noHintKeys change between runs without meaning anything.
var noHintKeys = map[string]bool{"host.boot_id": true}

// Detect finds the change points of every series (series computed in
// parallel) and names the fingerprint keys that changed at each.
func (s *Store) Detect(ctx context.Context, series []*Series, opt changepoint.Options) ([]ChangePoint, error) {
	results := make([][]changepoint.Change, len(series))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				xs := make([]float64, len(series[i].Points))
				for j, p := range series[i].Points {
					xs[j] = p.Median
				}
				results[i] = changepoint.Detect(xs, opt)
			}
		}()
	}
	for i := range series {
		next <- i
	}
	close(next)
	wg.Wait()
	var out []ChangePoint
	need := map[string]bool{}
	for i, cs := range results {
		pts := series[i].Points
		for _, c := range cs {
			cp := ChangePoint{Series: series[i], Change: c, Time: pts[c.Index].Started, RunBefore: pts[c.Index-1].RunID, RunAfter: pts[c.Index].RunID}
			for j := max(0, c.Index-hintWindow-hintSlack); j < min(len(pts), c.Index+hintWindow+hintSlack); j++ {
				need[pts[j].RunID] = true
			}
			out = append(out, cp)
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	ids := make([]string, 0, len(need))
	for id := range need {
		ids = append(ids, id)
	}
	keys, err := s.RunKeys(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i := range out {
		cp := &out[i]
		pts := cp.Series.Points
		lo, hi := max(0, cp.Index-hintWindow-hintSlack), min(len(pts), cp.Index+hintWindow+hintSlack)
		window := make([]map[string]string, 0, hi-lo)
		for j := lo; j < hi; j++ {
			window = append(window, keys[pts[j].RunID])
		}
		cp.Culprits = Culprits(window, cp.Index-lo)
	}
	return out, nil
}

// Culprits lists the fingerprint keys that change at or near position
// at of runs (the fingerprints of consecutive runs): keys whose value is
// constant over up to hintWindow runs before some split within hintSlack
// runs of at, constant over up to hintWindow runs after it, and different
// across it. A change point's position is uncertain by a run or two, so a
// key that changed one run earlier still shows (with its Offset). A key
// present on one side only counts, the other value shown as "". Keys come
// in key order.
func Culprits(runs []map[string]string, at int) []KeyChange {
	all := map[string]bool{}
	for _, m := range runs {
		for k := range m {
			all[k] = true
		}
	}
	constant := func(ms []map[string]string, k string) (string, bool) {
		if len(ms) == 0 {
			return "", false
		}
		v := ms[0][k]
		for _, m := range ms[1:] {
			if m[k] != v {
				return "", false
			}
		}
		return v, true
	}
	var out []KeyChange
	for k := range all {
		if noHintKeys[k] {
			continue
		}
		// The split nearest to at wins.
		for d := 0; d <= hintSlack; d++ {
			found := false
			for _, s := range []int{at - d, at + d} {
				if s <= 0 || s >= len(runs) || (d == 0 && s != at) {
					continue
				}
				b, ok1 := constant(runs[max(0, s-hintWindow):s], k)
				a, ok2 := constant(runs[s:min(len(runs), s+hintWindow)], k)
				if ok1 && ok2 && a != b {
					out = append(out, KeyChange{Key: k, Before: b, After: a, Offset: s - at})
					found = true
					break
				}
			}
			if found {
				break
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}
