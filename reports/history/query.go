package history

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
)

// Filter selects runs. Empty fields match everything.
type Filter struct {
	Device, Driver, Kernel string
	// Config is the A/B configuration name; nil matches any.
	Config *string
	// Where holds fingerprint keys (kernel.release, amdgpu.vm_fragment_size,
	// label.NAME, device.driver_info, tool.commit, ...) and their values.
	Where map[string]string
	// Since and Until bound the run's start time (Until exclusive).
	Since, Until time.Time
	// Exclude leaves out the runs of these file IDs.
	Exclude []string
}

// where renders the filter as SQL on radvbench_runs aliased r.
func (f Filter) where() (string, []any) {
	var conds []string
	var args []any
	add := func(c string, a ...any) {
		conds = append(conds, c)
		args = append(args, a...)
	}
	if f.Device != "" {
		add("r.device = ?", f.Device)
	}
	if f.Driver != "" {
		add("r.driver = ?", f.Driver)
	}
	if f.Kernel != "" {
		add("r.kernel = ?", f.Kernel)
	}
	if f.Config != nil {
		add("r.config = ?", *f.Config)
	}
	keys := make([]string, 0, len(f.Where))
	for k := range f.Where {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		add("EXISTS (SELECT 1 FROM radvbench_run_keys k WHERE k.run_id = r.id AND k.key = ? AND k.value = ?)", k, f.Where[k])
	}
	if !f.Since.IsZero() {
		add("r.started_ns >= ?", f.Since.UnixNano())
	}
	if !f.Until.IsZero() {
		add("r.started_ns < ?", f.Until.UnixNano())
	}
	for _, id := range f.Exclude {
		add("r.file_id <> ?", id)
	}
	if len(conds) == 0 {
		return "1 = 1", nil
	}
	return strings.Join(conds, " AND "), args
}

// Run is one stored run.
type Run struct {
	ID, FileID, Source string
	Round              int
	Started            time.Time
	Config             string
	Device, Driver     string
	Kernel, Commit     string
	// Benchmarks is how many benchmarks the run holds.
	Benchmarks int
}

// Runs lists the runs the filter selects, oldest first; limit > 0 keeps
// the newest limit runs.
func (s *Store) Runs(ctx context.Context, f Filter, limit int) ([]Run, error) {
	w, args := f.where()
	q := `SELECT r.id, r.file_id, fl.source, r.round, r.started_ns, r.config, r.device, r.driver, r.kernel, r.tool_commit,
		(SELECT COUNT(*) FROM radvbench_points p WHERE p.run_id = r.id)
		FROM radvbench_runs r JOIN radvbench_files fl ON fl.id = r.file_id WHERE ` + w + ` ORDER BY r.started_ns DESC, r.id DESC`
	if limit > 0 {
		q += fmt.Sprintf(" LIMIT %d", limit)
	}
	rows, err := s.db.QueryContext(ctx, s.dialect.q(q), args...)
	if err != nil {
		return nil, s.queryErr("list runs", err)
	}
	defer rows.Close()
	var out []Run
	for rows.Next() {
		var r Run
		var ns int64
		if err := rows.Scan(&r.ID, &r.FileID, &r.Source, &r.Round, &ns, &r.Config, &r.Device, &r.Driver, &r.Kernel, &r.Commit, &r.Benchmarks); err != nil {
			return nil, fmt.Errorf("list runs: %w", err)
		}
		r.Started = time.Unix(0, ns).UTC()
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, s.queryErr("list runs", err)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, nil
}

// queryErr wraps a query error, classifying a damaged store.
func (s *Store) queryErr(what string, err error) error {
	if e := s.classify(err); errors.Is(e, ErrBadStore) || errors.Is(e, ErrStoreUnavailable) {
		return e
	}
	return fmt.Errorf("%s: %s", what, oneLine(err))
}

// Point is one run's figure for one benchmark.
type Point struct {
	RunID   string
	Started time.Time
	// Median of the run's samples and its 95% interval (NaN-free: a run
	// with too few samples for an interval has Low = High = Median).
	Median, Low, High float64
	N                 int
}

// Series is one benchmark's run medians on one device and configuration,
// oldest first.
type Series struct {
	Benchmark, Device, Config string
	Metric, Unit, Better      string
	Points                    []Point
}

// Name identifies the series in output.
func (s *Series) Name() string {
	n := s.Benchmark + " on " + s.Device
	if s.Config != "" {
		n += " @" + s.Config
	}
	return n
}

// Series returns the series of one benchmark (every benchmark when
// benchmark is ""), split by device and configuration.
func (s *Store) Series(ctx context.Context, benchmark string, f Filter) ([]*Series, error) {
	w, args := f.where()
	q := `SELECT p.benchmark, r.device, r.config, p.metric, p.unit, p.better, r.id, r.started_ns, p.median, p.ci_low, p.ci_high, p.n
		FROM radvbench_points p JOIN radvbench_runs r ON r.id = p.run_id
		WHERE p.status = 'ok' AND p.median IS NOT NULL AND ` + w
	if benchmark != "" {
		q += ` AND p.benchmark = ?`
		args = append(args, benchmark)
	}
	q += ` ORDER BY p.benchmark, r.device, r.config, r.started_ns, r.id`
	rows, err := s.db.QueryContext(ctx, s.dialect.q(q), args...)
	if err != nil {
		return nil, s.queryErr("read series", err)
	}
	defer rows.Close()
	var out []*Series
	var cur *Series
	for rows.Next() {
		var b, dev, cfg, metric, unit, better, id string
		var ns int64
		var med float64
		var lo, hi sql.NullFloat64
		var n int
		if err := rows.Scan(&b, &dev, &cfg, &metric, &unit, &better, &id, &ns, &med, &lo, &hi, &n); err != nil {
			return nil, fmt.Errorf("read series: %w", err)
		}
		if cur == nil || cur.Benchmark != b || cur.Device != dev || cur.Config != cfg {
			cur = &Series{Benchmark: b, Device: dev, Config: cfg, Metric: metric, Unit: unit, Better: better}
			out = append(out, cur)
		}
		p := Point{RunID: id, Started: time.Unix(0, ns).UTC(), Median: med, Low: med, High: med, N: n}
		if lo.Valid {
			p.Low = lo.Float64
		}
		if hi.Valid {
			p.High = hi.Float64
		}
		cur.Points = append(cur.Points, p)
	}
	if err := rows.Err(); err != nil {
		return nil, s.queryErr("read series", err)
	}
	return out, nil
}

// Benchmarks lists the stored benchmark IDs that match prefix.
func (s *Store) Benchmarks(ctx context.Context, prefix string) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, s.dialect.q(`SELECT DISTINCT benchmark FROM radvbench_points WHERE benchmark LIKE ? ORDER BY benchmark`), prefix+"%")
	if err != nil {
		return nil, s.queryErr("list benchmarks", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var b string
		if err := rows.Scan(&b); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// RunKeys returns the fingerprint (key/value rows) of each run.
func (s *Store) RunKeys(ctx context.Context, runIDs []string) (map[string]map[string]string, error) {
	out := map[string]map[string]string{}
	err := inChunks(runIDs, func(args []any, in string) error {
		q := `SELECT run_id, key, value FROM radvbench_run_keys WHERE run_id IN (` + in + `)`
		rows, err := s.db.QueryContext(ctx, s.dialect.q(q), args...)
		if err != nil {
			return s.queryErr("read fingerprints", err)
		}
		for rows.Next() {
			var id, k, v string
			if err := rows.Scan(&id, &k, &v); err != nil {
				rows.Close()
				return err
			}
			if out[id] == nil {
				out[id] = map[string]string{}
			}
			out[id][k] = v
		}
		rows.Close()
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Keys lists the fingerprint keys stored, with how many distinct values
// each has.
func (s *Store) Keys(ctx context.Context) (map[string]int, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT key, COUNT(DISTINCT value) FROM radvbench_run_keys GROUP BY key`)
	if err != nil {
		return nil, s.queryErr("list keys", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var k string
		var n int
		if err := rows.Scan(&k, &n); err != nil {
			return nil, err
		}
		out[k] = n
	}
	return out, rows.Err()
}

// Counts returns how many files, runs and points the store holds.
func (s *Store) Counts(ctx context.Context) (files, runs, points int, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM radvbench_files), (SELECT COUNT(*) FROM radvbench_runs), (SELECT COUNT(*) FROM radvbench_points)`).Scan(&files, &runs, &points)
	if err != nil {
		err = s.queryErr("count", err)
	}
	return
}

// inChunks calls fn for runIDs in chunks of at most 500, with the chunk as
// query arguments and its placeholder list ("?, ?, ?"), so that an IN (...)
// query stays far below either database's limit on parameters.
func inChunks(runIDs []string, fn func(args []any, in string) error) error {
	for len(runIDs) > 0 {
		n := min(len(runIDs), 500)
		args := make([]any, n)
		for i, id := range runIDs[:n] {
			args[i] = id
		}
		if err := fn(args, strings.TrimSuffix(strings.Repeat("?, ", n), ", ")); err != nil {
			return err
		}
		runIDs = runIDs[n:]
	}
	return nil
}
