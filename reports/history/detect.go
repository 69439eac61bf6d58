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
}

// hintWindow is how many runs on each side the culprit hint looks at.
const hintWindow = 3

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
			for j := max(0, c.Index-hintWindow); j < min(len(pts), c.Index+hintWindow); j++ {
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
		var before, after []map[string]string
		for j := max(0, cp.Index-hintWindow); j < cp.Index; j++ {
			before = append(before, keys[pts[j].RunID])
		}
		for j := cp.Index; j < min(len(pts), cp.Index+hintWindow); j++ {
			after = append(after, keys[pts[j].RunID])
		}
		cp.Culprits = Culprits(before, after)
	}
	return out, nil
}

// Culprits lists the keys constant within before and within after whose
// value differs between them (a key present on one side only counts, its
// other value shown as ""), in key order.
func Culprits(before, after []map[string]string) []KeyChange {
	constant := func(ms []map[string]string, k string) (string, bool) {
		v, first := "", true
		for _, m := range ms {
			x := m[k]
			if first {
				v, first = x, false
			} else if x != v {
				return "", false
			}
		}
		return v, !first
	}
	all := map[string]bool{}
	for _, ms := range [][]map[string]string{before, after} {
		for _, m := range ms {
			for k := range m {
				all[k] = true
			}
		}
	}
	var out []KeyChange
	for k := range all {
		if noHintKeys[k] {
			continue
		}
		b, ok1 := constant(before, k)
		a, ok2 := constant(after, k)
		if ok1 && ok2 && a != b {
			out = append(out, KeyChange{Key: k, Before: b, After: a})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}
