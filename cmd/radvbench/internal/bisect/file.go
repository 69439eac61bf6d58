package bisect

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"

	"github.com/radvbench/radvbench/internal/outfile"
	"github.com/radvbench/radvbench/internal/usage"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/verdict"
)

// Write writes the bisection file at path atomically (internal/outfile):
// an earlier file there stays whole until the new one is complete.
func Write(path string, r *Result) error {
	return outfile.WriteAtomic(path, 0o644, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	})
}

// Load reads a bisection file; what is not one is a usage error naming
// the path.
func Load(path string) (*Result, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r Result
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, usage.Errorf("%s is not a bisection file: %v", path, err)
	}
	if r.Schema != Schema {
		return nil, usage.Errorf("%s is not a bisection file (schema %q, want %q)", path, r.Schema, Schema)
	}
	return &r, nil
}

// SameCandidates says why an earlier bisection's candidates differ from
// cs ("" when they are the same names, revisions and environments, in
// the same order): its steps can then be reused (Options.Prior).
func SameCandidates(earlier []Candidate, cs []Candidate) string {
	if len(earlier) != len(cs) {
		return fmt.Sprintf("it bisected %d candidates, not %d", len(earlier), len(cs))
	}
	for i, e := range earlier {
		c := cs[i]
		switch {
		case e.Name != c.Name:
			return fmt.Sprintf("its candidate %d is %s, not %s", i+1, e.Name, c.Name)
		case e.Rev != c.Rev:
			return fmt.Sprintf("its candidate %s is revision %s, not %s", c.Name, e.Rev, c.Rev)
		case c.Rev == "" && !maps.Equal(e.Env, c.Env) && !(len(e.Env) == 0 && len(c.Env) == 0):
			return fmt.Sprintf("its candidate %s has another environment", c.Name)
		}
	}
	return ""
}

// Resume reads the bisection file at path for a bisection of cs, and
// fails with a usage error when it bisected other candidates.
func Resume(path string, cs []Candidate) (*Result, error) {
	r, err := Load(path)
	if err != nil {
		if usage.Is(err) {
			return nil, err
		}
		return nil, usage.Errorf("%v", err)
	}
	if why := SameCandidates(r.Candidates, cs); why != "" {
		return nil, usage.Errorf("%s bisected other candidates (%s)", path, why)
	}
	return r, nil
}

// RegressedKeys reads a comparison's JSON form (compare.Report, as the
// compare command writes it) and returns the keys of the benchmarks it
// called regressions: the ones a bisection of that slowdown judges. A
// file that is no comparison, or one with no regression, is a usage
// error naming the path.
func RegressedKeys(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, usage.Errorf("%v", err)
	}
	var rep compare.Report
	if err := json.Unmarshal(b, &rep); err != nil || rep.Comparisons == nil {
		return nil, usage.Errorf("%s is not a comparison in JSON (%v)", path, err)
	}
	var keys []string
	for _, c := range rep.Comparisons {
		if c.Verdict == verdict.Regression {
			keys = append(keys, c.Key)
		}
	}
	if len(keys) == 0 {
		return nil, usage.Errorf("%s calls no benchmark a regression (%s)", path, rep.SummaryLine)
	}
	return keys, nil
}
