package history

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// derivedKey reports whether a run key is one Import derives from the
// file's other fields (labels, device, tool, configuration) rather than a
// fingerprint key.
func derivedKey(k string) bool {
	for _, p := range []string{"label.", "device.", "tool.", "config.env."} {
		if strings.HasPrefix(k, p) {
			return true
		}
	}
	return k == "config" || k == "suites" || k == "quick"
}

// Files rebuilds one results file per run (in runIDs order), so the
// comparison code judges stored runs exactly as it judges files: each
// file is one run, several files on a side are pooled as runs.
func (s *Store) Files(ctx context.Context, runIDs []string) ([]*resultsfile.File, error) {
	runs := map[string]*resultsfile.File{}
	order := runIDs
	keys, err := s.RunKeys(ctx, runIDs)
	if err != nil {
		return nil, err
	}
	err = inChunks(runIDs, func(args []any, in string) error {
		rrows, err := s.db.QueryContext(ctx, s.dialect.q(`SELECT id, started_ns, config, device, driver, tool_commit FROM radvbench_runs WHERE id IN (`+in+`)`), args...)
		if err != nil {
			return s.queryErr("read runs", err)
		}
		for rrows.Next() {
			var id, cfg, dev, drv, commit string
			var ns int64
			if err := rrows.Scan(&id, &ns, &cfg, &dev, &drv, &commit); err != nil {
				rrows.Close()
				return err
			}
			f := &resultsfile.File{Schema: resultsfile.Schema, Tool: resultsfile.Tool{Name: "radvbench", Commit: commit}, Started: time.Unix(0, ns).UTC(),
				Device: resultsfile.Device{Name: dev, DriverInfo: drv}, Labels: map[string]string{}, Fingerprint: map[string]string{}}
			for k, v := range keys[id] {
				switch {
				case strings.HasPrefix(k, "label."):
					f.Labels[strings.TrimPrefix(k, "label.")] = v
				case k == "tool.version":
					f.Tool.Version = v
				case k == "tool.method":
					// Stored by import as the method's number; a comparison of
					// stored runs notes runs of different methods.
					f.Tool.Method, _ = strconv.Atoi(v)
				case k == "device.driver_name":
					f.Device.DriverName = v
				case k == "device.driver_version":
					f.Device.DriverVersion = v
				case !derivedKey(k):
					f.Fingerprint[k] = v
				}
			}
			if cfg != "" {
				f.Configs = []resultsfile.Config{{Name: cfg}}
			}
			runs[id] = f
		}
		rrows.Close()
		if err := rrows.Err(); err != nil {
			return err
		}
		prows, err := s.db.QueryContext(ctx, s.dialect.q(`SELECT run_id, suite, kernel_name, variant, params, status, metric, unit, better, median, ci_low, ci_high, samples FROM radvbench_points WHERE run_id IN (`+in+`) ORDER BY run_id, benchmark`), args...)
		if err != nil {
			return s.queryErr("read points", err)
		}
		for prows.Next() {
			var id, suite, kernel, variant, params, status, metric, unit, better, samples string
			var med, lo, hi sql.NullFloat64
			if err := prows.Scan(&id, &suite, &kernel, &variant, &params, &status, &metric, &unit, &better, &med, &lo, &hi, &samples); err != nil {
				prows.Close()
				return err
			}
			f := runs[id]
			if f == nil {
				continue
			}
			r := resultsfile.Result{Suite: suite, Kernel: kernel, Variant: parseVariant(variant), Params: parseParams(params), Status: status, Verified: status == resultsfile.StatusOK,
				Metric: resultsfile.Metric{Name: metric, Unit: unit, Better: better, Value: med.Float64, Samples: parseSamples(samples)},
				CI:     resultsfile.CI{Low: lo.Float64, High: hi.Float64, Level: 0.95}}
			if len(f.Configs) > 0 {
				r.Config = f.Configs[0].Name
			}
			f.Results = append(f.Results, r)
		}
		prows.Close()
		if err := prows.Err(); err != nil {
			return err
		}
		return s.readCode(ctx, runs, args, in)
	})
	if err != nil {
		return nil, err
	}
	out := make([]*resultsfile.File, 0, len(order))
	for _, id := range order {
		if f := runs[id]; f != nil {
			out = append(out, f)
		}
	}
	return out, nil
}

func parseVariant(s string) map[string]string {
	if s == "" {
		return nil
	}
	out := map[string]string{}
	for _, kv := range strings.Split(s, ",") {
		k, v, _ := strings.Cut(kv, "=")
		out[k] = v
	}
	return out
}

func parseParams(s string) map[string]int64 {
	if s == "" {
		return nil
	}
	out := map[string]int64{}
	for _, kv := range strings.Split(s, ",") {
		k, v, _ := strings.Cut(kv, "=")
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			out[k] = n
		}
	}
	return out
}

// readCode gives the results of runs (of the run IDs args, whose
// placeholders are in) the pipelines their run captured.
func (s *Store) readCode(ctx context.Context, runs map[string]*resultsfile.File, args []any, in string) error {
	rows, err := s.db.QueryContext(ctx, s.dialect.q(`SELECT run_id, benchmark, pipelines FROM radvbench_code WHERE run_id IN (`+in+`)`), args...)
	if err != nil {
		return s.queryErr("read compiled code", err)
	}
	defer rows.Close()
	index := map[string]map[string]*resultsfile.Result{} // run ID, benchmark
	for rows.Next() {
		var id, bench, pipes string
		if err := rows.Scan(&id, &bench, &pipes); err != nil {
			return err
		}
		f := runs[id]
		if f == nil {
			continue
		}
		if index[id] == nil {
			index[id] = map[string]*resultsfile.Result{}
			for i := range f.Results {
				index[id][f.Results[i].ID()] = &f.Results[i]
			}
		}
		if r := index[id][bench]; r != nil {
			if err := json.Unmarshal([]byte(pipes), &r.Pipelines); err != nil {
				return fmt.Errorf("run %s, %s: the stored compiled code is damaged: %w", id, bench, err)
			}
			f.Capture = resultsfile.CaptureOn
		}
	}
	return rows.Err()
}
