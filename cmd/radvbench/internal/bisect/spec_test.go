package bisect

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/radvbench/radvbench/bench/supervise"
)

// TestSpecCandidates: each way of giving the candidates, and each
// combination Candidates refuses, with its problem and the error it
// wraps.
func TestSpecCandidates(t *testing.T) {
	dir := t.TempDir()
	file := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	list := file("list", "# between\nm1:X=1\n\nm2\n")
	all := file("all", "g\nm\nb:Y=2\n")
	one := file("one", "m\n")
	revs := file("revs", "# good first\n0123456789abcdef0123456789abcdef01234567\nv1.2/rc\n")
	dupRevs := file("duprevs", "v1\nv1\n")
	oneRev := file("onerev", "v1\n")
	none := filepath.Join(dir, "none")
	env := func(kv ...string) map[string]string {
		m := map[string]string{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	spec := func(name string, e map[string]string) Candidate { return Candidate{Name: name, Env: e, Prepared: true} }
	for _, tc := range []struct {
		name    string
		s       Spec
		want    []Candidate
		problem SpecProblem
		wrapped error // errors.Is/As target of the wrapped error, if any
	}{
		{name: "good and bad", s: Spec{Good: "g", Bad: "b:X=1"}, want: []Candidate{spec("g", env()), spec("b", env("X", "1"))}},
		{name: "between", s: Spec{Good: "g", Between: []string{"m"}, Bad: "b"}, want: []Candidate{spec("g", env()), spec("m", env()), spec("b", env())}},
		{name: "list between", s: Spec{Good: "g", ListFile: list, Bad: "b"},
			want: []Candidate{spec("g", env()), spec("m1", env("X", "1")), spec("m2", env()), spec("b", env())}},
		{name: "list of all", s: Spec{ListFile: all}, want: []Candidate{spec("g", env()), spec("m", env()), spec("b", env("Y", "2"))}},
		{name: "bad the list's last", s: Spec{Good: "g", ListFile: one}, want: []Candidate{spec("g", env()), spec("m", env())}},
		{name: "step", s: Spec{Good: "g", Between: []string{"m"}, Step: true}, want: []Candidate{spec("g", env()), spec("m", env())}},
		{name: "step from a file", s: Spec{Good: "g", ListFile: one, Step: true}, want: []Candidate{spec("g", env()), spec("m", env())}},
		{name: "revisions", s: Spec{Revisions: revs, Prepare: true},
			want: []Candidate{{Name: "0123456789ab", Rev: "0123456789abcdef0123456789abcdef01234567"}, {Name: "v1.2-rc", Rev: "v1.2/rc"}}},

		{name: "both lists", s: Spec{Good: "g", Between: []string{"m"}, ListFile: list, Bad: "b"}, problem: SpecBothLists},
		{name: "revisions without prepare", s: Spec{Revisions: revs}, problem: SpecRevisions},
		{name: "prepare without revisions", s: Spec{Good: "g", Bad: "b", Prepare: true}, problem: SpecRevisions},
		{name: "revisions with good", s: Spec{Good: "g", Revisions: revs, Prepare: true}, problem: SpecRevisions},
		{name: "revisions with bad", s: Spec{Bad: "b", Revisions: revs, Prepare: true}, problem: SpecRevisions},
		{name: "revisions with between", s: Spec{Between: []string{"m"}, Revisions: revs, Prepare: true}, problem: SpecRevisions},
		{name: "revisions with a list", s: Spec{ListFile: one, Revisions: revs, Prepare: true}, problem: SpecRevisions},
		{name: "revisions in a step", s: Spec{Revisions: revs, Prepare: true, Step: true}, problem: SpecRevisions},
		{name: "step without good", s: Spec{Between: []string{"m"}, Step: true}, problem: SpecStepNeedsOne},
		{name: "step without a candidate", s: Spec{Good: "g", Step: true}, problem: SpecStepNeedsOne},
		{name: "step of two", s: Spec{Good: "g", Between: []string{"m", "n"}, Step: true}, problem: SpecStepNeedsOne},
		{name: "step with bad", s: Spec{Good: "g", Between: []string{"m"}, Bad: "b", Step: true}, problem: SpecStepNeedsOne},
		{name: "good only", s: Spec{Good: "g"}, problem: SpecNeedGoodAndBad},
		{name: "bad only", s: Spec{Bad: "b"}, problem: SpecNeedGoodAndBad},
		{name: "nothing", s: Spec{}, problem: SpecNeedGoodAndBad},
		{name: "a list of one", s: Spec{ListFile: one}, problem: SpecNeedGoodAndBad},
		{name: "no list file", s: Spec{ListFile: none}, problem: SpecRead, wrapped: fs.ErrNotExist},
		{name: "no revisions file", s: Spec{Revisions: none, Prepare: true}, problem: SpecRead, wrapped: fs.ErrNotExist},
		{name: "revisions twice", s: Spec{Revisions: dupRevs, Prepare: true}, problem: SpecBadRevisions, wrapped: &InputError{}},
		{name: "one revision", s: Spec{Revisions: oneRev, Prepare: true}, problem: SpecBadRevisions, wrapped: &InputError{}},
		{name: "bad name", s: Spec{Good: "g", Bad: "b/c"}, problem: SpecBadCandidate, wrapped: &supervise.ConfigError{Problem: supervise.ConfigBadName}},
		{name: "given twice", s: Spec{Good: "g", Bad: "g"}, problem: SpecBadCandidate, wrapped: &supervise.ConfigError{Problem: supervise.ConfigDuplicate}},
		{name: "bad variable", s: Spec{Good: "g", Bad: "b:X"}, problem: SpecBadCandidate, wrapped: &supervise.ConfigError{Problem: supervise.ConfigBadVariable}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.s.Candidates()
			if tc.problem == "" {
				if err != nil || !reflect.DeepEqual(got, tc.want) {
					t.Errorf("%+v: %+v, %v; want %+v", tc.s, got, err, tc.want)
				}
				return
			}
			var se *SpecError
			if !errors.As(err, &se) || se.Problem != tc.problem || got != nil || se.Error() == "" {
				t.Fatalf("%+v: %+v, %v; want a *SpecError %q", tc.s, got, err, tc.problem)
			}
			switch w := tc.wrapped.(type) {
			case nil:
				if se.Err != nil {
					t.Errorf("wraps %v, want nothing", se.Err)
				}
			case *InputError:
				var ie *InputError
				if !errors.As(err, &ie) || se.Path != tc.s.Revisions {
					t.Errorf("wraps %v (path %q), want an *InputError of %s", se.Err, se.Path, tc.s.Revisions)
				}
			case *supervise.ConfigError:
				var ce *supervise.ConfigError
				if !errors.As(err, &ce) || ce.Problem != w.Problem {
					t.Errorf("wraps %v, want a *ConfigError %q", se.Err, w.Problem)
				}
			default:
				if !errors.Is(err, w) || se.Path != none {
					t.Errorf("wraps %v (path %q), want %v of %s", se.Err, se.Path, w, none)
				}
			}
		})
	}
}
