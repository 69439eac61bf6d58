package compare

import (
	"github.com/radvbench/radvbench/reports/pairing"
	"maps"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/note"
	"github.com/radvbench/radvbench/reports/verdict"
)

// TestEnvNotes: a comparison names where a side's driver environment
// differs from the baseline's (RADV_PERFTEST, ACO_DEBUG, LP_*, ...: a
// candidate cause), from the files' fingerprints, an A/B file's
// configurations, or an isa file's targets; nothing where they agree,
// where the comparison groups by the variable, or where only the way an
// isa target emulates its chip differs.
func TestEnvNotes(t *testing.T) {
	withEnv := func(in pairing.Input, env map[string]string) pairing.Input {
		f := *in.File
		f.Fingerprint = maps.Clone(f.Fingerprint)
		if f.Fingerprint == nil {
			f.Fingerprint = map[string]string{}
		}
		for k, v := range env {
			f.Fingerprint["env."+k] = v
		}
		in.File = &f
		return in
	}
	withConfigEnv := func(in pairing.Input, envs ...map[string]string) pairing.Input {
		f := *in.File
		f.Configs = append([]resultsfile.Config(nil), f.Configs...)
		for i := range f.Configs {
			f.Configs[i].DriverEnv = envs[i]
		}
		in.File = &f
		return in
	}
	base, newer, ab := loadFixture(t, "base.json"), loadFixture(t, "new.json"), loadFixture(t, "ab.json")
	isaOld, isaNew := pairing.Input{Name: "mesa-25.0.json", File: loadISA(t, "mesa-25.0")}, pairing.Input{Name: "mesa-26.1.json", File: loadISA(t, "mesa-26.1")}
	targets := len(isaOld.File.Configs)
	isaEnv := func(in pairing.Input, extra map[string]string) pairing.Input {
		envs := make([]map[string]string, targets)
		for i, c := range in.File.Configs {
			envs[i] = maps.Clone(c.Env) // the emulation, which differs between the Mesa versions
			maps.Copy(envs[i], extra)
		}
		return withConfigEnv(in, envs...)
	}
	first := isaOld.File.Configs[0].Name
	for _, tc := range []struct {
		name string
		in   []pairing.Input
		by   string
		want string // "" for no environment note
	}{
		{"files, one with an option", []pairing.Input{base, withEnv(newer, map[string]string{"RADV_PERFTEST": "cswave32"})}, "",
			"driver environment differs: new.json has RADV_PERFTEST=cswave32 (baseline: unset) against baseline base.json: the driver compiled or ran differently there, a candidate cause of any change"},
		{"files, another value", []pairing.Input{withEnv(base, map[string]string{"LP_NATIVE_VECTOR_WIDTH": "256"}), withEnv(newer, map[string]string{"LP_NATIVE_VECTOR_WIDTH": "128"})}, "",
			"new.json has LP_NATIVE_VECTOR_WIDTH=128 (baseline: 256)"},
		{"files, the same", []pairing.Input{withEnv(base, map[string]string{"ACO_DEBUG": "nosched"}), withEnv(newer, map[string]string{"ACO_DEBUG": "nosched"})}, "", ""},
		{"grouped by the variable", []pairing.Input{base, withEnv(newer, map[string]string{"RADV_PERFTEST": "cswave32"})}, "env.RADV_PERFTEST", ""},
		{"A/B, configurations' own records", []pairing.Input{withConfigEnv(ab, map[string]string{}, map[string]string{"RADV_PERFTEST": "cswave32", "ACO_DEBUG": "nosched"})}, "config",
			"wave32 has ACO_DEBUG=nosched (baseline: unset), RADV_PERFTEST=cswave32 (baseline: unset) against baseline default"},
		{"A/B, older file: its configurations' variables", []pairing.Input{ab}, "config", "wave32 has RADV_PERFTEST=cswave32 (baseline: unset) against baseline default"},
		{"isa, an option on one side", []pairing.Input{isaEnv(isaOld, nil), isaEnv(isaNew, map[string]string{"ACO_DEBUG": "nosched"})}, "",
			"driver environment differs (target " + first + "): mesa-26.1.json has ACO_DEBUG=nosched (baseline: unset)"},
		{"isa, only the emulation differs", []pairing.Input{isaEnv(isaOld, nil), isaEnv(isaNew, nil)}, "", ""},
	} {
		var notes []note.Note
		if tc.in[0].File.Kind() == resultsfile.KindISA {
			rep, err := CompareISA(tc.in, Options{Policy: verdict.DefaultPolicy(), By: tc.by})
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			notes = rep.Notes
		} else {
			rep, err := Compare(tc.in, Options{Policy: verdict.DefaultPolicy(), By: tc.by})
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			notes = rep.Notes
		}
		var env []string
		for _, n := range notes {
			if n.Kind == NoteEnvDiffers {
				env = append(env, n.Message)
			}
		}
		switch {
		case tc.want == "" && len(env) > 0:
			t.Errorf("%s: %q", tc.name, env)
		case tc.want != "" && (len(env) == 0 || !strings.Contains(strings.Join(env, "\n"), tc.want)):
			t.Errorf("%s: notes %q lack %q", tc.name, notes, tc.want)
		}
	}
}
