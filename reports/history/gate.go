package history

// Stored runs as comparison inputs: 'history compare' judges them grouped
// by a key, 'history gate' judges new results against a baseline taken
// from the store, both with reports/compare.

import (
	"context"
	"fmt"
	"maps"

	"github.com/radvbench/radvbench/internal/termtext"
	"github.com/radvbench/radvbench/reports/pairing"
)

// SideKey is the fingerprint key a Gate's inputs are grouped by: SideBaseline
// for the stored runs, SideNew for the new files (compare.Options.By and
// Baseline).
const (
	SideKey      = "history.side"
	SideBaseline = "baseline"
	SideNew      = "new"
)

// Inputs rebuilds stored runs as comparison inputs, one per run, named by
// their short run ID ("run 0123456789ab-1").
func (s *Store) Inputs(ctx context.Context, runs []Run) ([]pairing.Input, error) {
	ids := make([]string, len(runs))
	for i, r := range runs {
		ids[i] = r.ID
	}
	files, err := s.Files(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]pairing.Input, len(files))
	for i, f := range files {
		out[i] = pairing.Input{Name: "run " + ShortRun(ids[i]), File: f}
	}
	return out, nil
}

// NoBaselineError is a gate with no stored run to judge against.
type NoBaselineError struct {
	Store, Device string
}

func (e *NoBaselineError) Error() string {
	return fmt.Sprintf("no baseline runs in %s on \"%s\" matching the filters", termtext.Escape(e.Store), termtext.Escape(e.Device))
}

// Gate is a baseline from the store and the new files to judge against
// it, as comparison inputs grouped by SideKey.
type Gate struct {
	// Device is the device the baseline runs are on.
	Device string
	// Runs are the baseline runs, oldest first.
	Runs []Run
	// Inputs are the baseline runs (SideBaseline) then the new files
	// (SideNew, copies: the callers' files are not changed).
	Inputs []pairing.Input
	// NewRuns is how many runs the new files hold.
	NewRuns int
}

// Gate takes the baseline for the new files news: the newest last runs the
// filter selects, on the device of the first new file unless the filter
// names one, leaving out the new files themselves if they were imported.
// No such run is a *NoBaselineError.
func (s *Store) Gate(ctx context.Context, news []pairing.Input, f Filter, last int) (*Gate, error) {
	if len(news) == 0 {
		return nil, fmt.Errorf("gate: no new results")
	}
	if f.Device == "" {
		f.Device = news[0].File.Device.Name
	}
	f.Exclude = append([]string(nil), f.Exclude...)
	for _, in := range news {
		id, err := ContentID(in.File)
		if err != nil {
			return nil, fmt.Errorf("identify %s: %w", in.Name, err)
		}
		f.Exclude = append(f.Exclude, id)
	}
	runs, err := s.Runs(ctx, f, last)
	if err != nil {
		return nil, err
	}
	if len(runs) == 0 {
		return nil, &NoBaselineError{Store: s.DSN, Device: f.Device}
	}
	base, err := s.Inputs(ctx, runs)
	if err != nil {
		return nil, err
	}
	g := &Gate{Device: f.Device, Runs: runs, Inputs: make([]pairing.Input, 0, len(base)+len(news))}
	for _, in := range base {
		if in.File.Fingerprint == nil {
			in.File.Fingerprint = map[string]string{}
		}
		in.File.Fingerprint[SideKey] = SideBaseline
		g.Inputs = append(g.Inputs, in)
	}
	for _, in := range news {
		nf := *in.File
		nf.Fingerprint = maps.Clone(in.File.Fingerprint)
		if nf.Fingerprint == nil {
			nf.Fingerprint = map[string]string{}
		}
		nf.Fingerprint[SideKey] = SideNew
		g.Inputs = append(g.Inputs, pairing.Input{Name: in.Name, File: &nf})
		g.NewRuns += max(1, len(nf.Rounds))
	}
	return g, nil
}
