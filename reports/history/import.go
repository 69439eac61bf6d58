package history

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
)

// ContentID is the identity of a results file in the store:
// resultsfile.ContentID, so the same results re-indented or copied import as
// the same runs.
func ContentID(f *resultsfile.File) (string, error) { return resultsfile.ContentID(f) }

// Imported says what one Import did.
type Imported struct {
	FileID string
	// Runs is the number of runs the file holds; New is false when the
	// file was already in the store (nothing was added).
	Runs int
	New  bool
}

// run is one run of a file as the store keeps it.
type run struct {
	id, config                     string
	round                          int
	started                        time.Time
	device, driver, kernel, commit string
	keys                           map[string]string
	points                         []point
	code                           []codeRow
}

// codeRow is one benchmark's captured pipelines in one run, as JSON.
type codeRow struct{ benchmark, pipelines string }

type point struct {
	benchmark, suite, kernel, variant, params, status, metric, unit, better string
	n                                                                       int
	median, low, high                                                       *float64
	samples                                                                 []float64
}

// testHookInImport runs inside the import transaction, after the rows are
// written and before the commit (tests kill the process there).
var testHookInImport func()

// Import adds the runs of f (read from source) to the store in one
// transaction. A file already in the store (same ContentID) adds nothing.
func (s *Store) Import(ctx context.Context, f *resultsfile.File, source string) (Imported, error) {
	id, err := ContentID(f)
	if err != nil {
		return Imported{}, err
	}
	runs := splitRuns(f, id)
	out := Imported{FileID: id, Runs: len(runs)}
	if s.readOnly {
		return out, fmt.Errorf("import %s: the store was opened read-only", source)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return out, fmt.Errorf("import %s: %w", source, s.classify(err))
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.dialect.q(`INSERT INTO radvbench_files (id, source, imported_ns, runs) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`),
		id, source, time.Now().UnixNano(), len(runs))
	if err != nil {
		return out, fmt.Errorf("import %s: %w", source, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return out, fmt.Errorf("import %s: %w", source, err)
	} else if n == 0 {
		return out, nil // already imported
	}
	var runRows, keyRows, pointRows, codeRows [][]any
	for _, r := range runs {
		for _, c := range r.code {
			codeRows = append(codeRows, []any{r.id, c.benchmark, c.pipelines})
		}
		runRows = append(runRows, []any{r.id, id, r.round, r.started.UnixNano(), r.config, r.device, r.driver, r.kernel, r.commit})
		keys := make([]string, 0, len(r.keys))
		for k := range r.keys {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			keyRows = append(keyRows, []any{r.id, k, r.keys[k]})
		}
		for _, p := range r.points {
			pointRows = append(pointRows, []any{r.id, p.benchmark, p.suite, p.kernel, p.variant, p.params, p.status, p.metric, p.unit, p.better, p.n, p.median, p.low, p.high, formatSamples(p.samples)})
		}
	}
	if err := s.insertRows(ctx, tx, "radvbench_runs (id, file_id, round, started_ns, config, device, driver, kernel, tool_commit)", runRows); err != nil {
		return out, fmt.Errorf("import %s: runs: %w", source, err)
	}
	if err := s.insertRows(ctx, tx, "radvbench_run_keys (run_id, key, value)", keyRows); err != nil {
		return out, fmt.Errorf("import %s: fingerprint: %w", source, err)
	}
	if err := s.insertRows(ctx, tx, "radvbench_points (run_id, benchmark, suite, kernel_name, variant, params, status, metric, unit, better, n, median, ci_low, ci_high, samples)", pointRows); err != nil {
		return out, fmt.Errorf("import %s: points: %w", source, err)
	}
	if err := s.insertRows(ctx, tx, "radvbench_code (run_id, benchmark, pipelines)", codeRows); err != nil {
		return out, fmt.Errorf("import %s: compiled code: %w", source, err)
	}
	if testHookInImport != nil {
		testHookInImport()
	}
	if err := tx.Commit(); err != nil {
		return out, fmt.Errorf("import %s: commit: %w", source, err)
	}
	out.New = true
	return out, nil
}

// insertRows inserts rows in multi-row statements (fewer round trips to a
// server, and within SQLite's variable limit).
func (s *Store) insertRows(ctx context.Context, tx *sql.Tx, table string, rows [][]any) error {
	if len(rows) == 0 {
		return nil
	}
	cols := len(rows[0])
	per := 4000 / cols
	one := "(" + strings.TrimSuffix(strings.Repeat("?, ", cols), ", ") + ")"
	for len(rows) > 0 {
		n := min(per, len(rows))
		var b strings.Builder
		b.WriteString("INSERT INTO " + table + " VALUES ")
		args := make([]any, 0, n*cols)
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(one)
			args = append(args, rows[i]...)
		}
		if _, err := tx.ExecContext(ctx, s.dialect.q(b.String()), args...); err != nil {
			return err
		}
		rows = rows[n:]
	}
	return nil
}

// splitRuns turns a results file into its runs (one per File.Rounds entry,
// or one for a file without rounds) with each run's points and fingerprint.
func splitRuns(f *resultsfile.File, fileID string) []*run {
	runs, byRound, perConfig := newRuns(f, fileID, fileRounds(f))
	addPoints(f, runs, byRound, perConfig)
	return runs
}

// fileKeys are the fingerprint keys every run of a file has: the
// fingerprint, the labels (label.NAME), the device and the tool, the
// suites and whether the run was quick.
func fileKeys(f *resultsfile.File) map[string]string {
	base := map[string]string{}
	for k, v := range f.Fingerprint {
		base[k] = v
	}
	for k, v := range f.Labels {
		base["label."+k] = v
	}
	set := func(k, v string) {
		if v != "" {
			base[k] = v
		}
	}
	set("device.name", f.Device.Name)
	set("device.driver_name", f.Device.DriverName)
	set("device.driver_info", f.Device.DriverInfo)
	set("device.driver_version", f.Device.DriverVersion)
	set("device.api_version", f.Device.APIVersion)
	set("tool.version", f.Tool.Version)
	set("tool.commit", f.Tool.Commit)
	if f.Kind() != resultsfile.KindISA {
		set("tool.method", strconv.Itoa(f.Tool.MeasurementMethod()))
	}
	set("suites", strings.Join(f.Suites, ","))
	if f.Quick {
		base["quick"] = "true"
	}
	return base
}

// fileRounds are the rounds a file's runs are: File.Rounds, one round
// for an isa file (a run on every target: the targets are in the
// benchmark keys, see isaPoints), or for a file without rounds one in the
// configuration of its results.
func fileRounds(f *resultsfile.File) []resultsfile.Round {
	if f.Kind() == resultsfile.KindISA {
		return []resultsfile.Round{{Index: 1, Started: f.Started}}
	}
	if len(f.Rounds) > 0 {
		return f.Rounds
	}
	cfg := ""
	for _, r := range f.Results {
		if r.Config != "" {
			cfg = r.Config
			break
		}
	}
	return []resultsfile.Round{{Index: 1, Config: cfg, Started: f.Started}}
}

// roundKey is a round of a file: an A/B file numbers each
// configuration's rounds from 1.
type roundKey struct {
	config string
	index  int
}

// newRuns makes a run of each round, with the file's keys and its
// configuration's (config, config.env.NAME). Run IDs are file-index, or
// file-index-configuration when the indices repeat (perConfig, an A/B
// file); byRound finds each run by its round.
func newRuns(f *resultsfile.File, fileID string, rounds []resultsfile.Round) (runs []*run, byRound map[roundKey]*run, perConfig bool) {
	base := fileKeys(f)
	env := map[string]map[string]string{}
	for _, c := range f.Configs {
		env[c.Name] = c.Env
	}
	unique := map[int]bool{}
	for _, rd := range rounds {
		unique[rd.Index] = true
	}
	perConfig = len(unique) < len(rounds)
	byRound = map[roundKey]*run{}
	for _, rd := range rounds {
		id := fmt.Sprintf("%s-%d", fileID, rd.Index)
		if perConfig {
			id = fmt.Sprintf("%s-%d-%s", fileID, rd.Index, rd.Config)
		}
		r := &run{
			id:      id,
			round:   rd.Index,
			config:  rd.Config,
			started: rd.Started,
			device:  f.Device.Name,
			driver:  f.Device.DriverInfo,
			kernel:  f.Fingerprint["kernel.release"],
			commit:  f.Tool.Commit,
			keys:    map[string]string{},
		}
		if r.started.IsZero() {
			r.started = f.Started
		}
		for k, v := range base {
			r.keys[k] = v
		}
		if rd.Config != "" {
			r.keys["config"] = rd.Config
			for k, v := range env[rd.Config] {
				r.keys["config.env."+k] = v
			}
		}
		runs = append(runs, r)
		byRound[roundKey{rd.Config, rd.Index}] = r
	}
	return runs, byRound, perConfig
}

// addPoints gives each run its points: an isa file's run every
// pipeline's, a result that is not ok a point without samples in every
// run of its configuration, and an ok result a point (and its pipelines)
// in each round it sampled. Samples of a round the file does not list are
// dropped (the file is damaged).
func addPoints(f *resultsfile.File, runs []*run, byRound map[roundKey]*run, perConfig bool) {
	for i := range f.Results {
		res := &f.Results[i]
		if f.Kind() == resultsfile.KindISA {
			runs[0].points = append(runs[0].points, isaPoints(res)...)
			continue
		}
		if res.Status != resultsfile.StatusOK {
			for _, r := range runs {
				if r.config == res.Config {
					r.points = append(r.points, resultPoint(res, res.Status, nil))
				}
			}
			continue
		}
		var code []byte
		if len(res.Pipelines) > 0 {
			code, _ = json.Marshal(res.Pipelines) // plain data: cannot fail
		}
		id := res.ID()
		rds, samples := res.RunSamples()
		for j, rd := range rds {
			r := byRound[roundKey{res.Config, rd}]
			if r == nil && !perConfig {
				r = byRound[roundKey{"", rd}] // rounds listed without their configuration
			}
			if r == nil {
				continue // a sample of an unlisted round: the file is damaged
			}
			r.points = append(r.points, resultPoint(res, resultsfile.StatusOK, samples[j]))
			if code != nil {
				r.code = append(r.code, codeRow{benchmark: id, pipelines: string(code)})
			}
		}
	}
}

// resultPoint is a result's point in one run: its keys, its status, and
// the run's samples with their median and interval (nil where not
// finite).
func resultPoint(res *resultsfile.Result, status string, samples []float64) point {
	p := point{benchmark: res.ID(), suite: res.Suite, kernel: res.Kernel, variant: resultsfile.FormatVariant(res.Variant), params: resultsfile.FormatParams(res.Params), status: status, metric: res.Metric.Name, unit: res.Metric.Unit, better: res.Metric.Better, n: len(samples), samples: samples}
	if len(samples) > 0 {
		sum := stats.Summarize(samples)
		p.median = finitePtr(sum.Median)
		p.low = finitePtr(sum.Low)
		p.high = finitePtr(sum.High)
	}
	return p
}

// isaPoints maps a result of an isa file to points without a schema
// change: every statistic of every executable is a benchmark of its own,
// "ID@target/pipeline/executable/statistic" (counts radvbench took from
// the assembly as "asm.NAME"), with its value as the run's one sample,
// so that trend, detect and gate follow what a Mesa change did to the
// compiled code. A result that did not compile is one point with its
// status under "ID@target".
func isaPoints(res *resultsfile.Result) []point {
	key := res.ID() + "@" + res.Config
	base := point{suite: res.Suite, kernel: res.Kernel, variant: resultsfile.FormatVariant(res.Variant), params: resultsfile.FormatParams(res.Params)}
	if res.Status != resultsfile.StatusOK {
		p := base
		p.benchmark, p.status = key, res.Status
		return []point{p}
	}
	var out []point
	for _, pl := range res.Pipelines {
		for _, e := range pl.Executables {
			for _, m := range []struct {
				prefix string
				vals   map[string]float64
			}{{"", e.Stats}, {"asm.", e.Derived}} {
				names := make([]string, 0, len(m.vals))
				for n := range m.vals {
					names = append(names, n)
				}
				sort.Strings(names)
				for _, n := range names {
					v := m.vals[n]
					p := base
					p.benchmark = key + "/" + pl.Name + "/" + e.Name + "/" + m.prefix + n
					p.status, p.metric, p.unit, p.better = resultsfile.StatusOK, m.prefix+n, "count", resultsfile.ISABetter(n)
					p.n, p.samples = 1, []float64{v}
					p.median, p.low, p.high = finitePtr(v), finitePtr(v), finitePtr(v)
					out = append(out, p)
				}
			}
		}
	}
	return out
}

func finitePtr(f float64) *float64 {
	if f != f || f > 1e308 || f < -1e308 {
		return nil
	}
	return &f
}

func formatSamples(xs []float64) string {
	var b strings.Builder
	for i, x := range xs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.FormatFloat(x, 'g', -1, 64))
	}
	return b.String()
}

func parseSamples(s string) []float64 {
	if s == "" {
		return nil
	}
	fields := strings.Fields(s)
	out := make([]float64, 0, len(fields))
	for _, f := range fields {
		if x, err := strconv.ParseFloat(f, 64); err == nil {
			out = append(out, x)
		}
	}
	return out
}
