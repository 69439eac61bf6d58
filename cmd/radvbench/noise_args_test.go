package main

import (
	"io"
	"reflect"
	"testing"

	"github.com/radvbench/radvbench/bench/supervise"
)

// TestSplitNoiseArgs: noise's own flags (and their values) stay with
// noise; everything else goes to run, a run flag taking the next argument
// as its value exactly when run's own flag set says it takes one.
func TestSplitNoiseArgs(t *testing.T) {
	noiseFlags := map[string]bool{"runs": true, "out": true, "o": true, "plan": false, "detect": true}
	lookup := func(name string) (known, takes bool) {
		v, ok := noiseFlags[name]
		return ok, v
	}
	for _, tc := range []struct {
		name       string
		args       []string
		ours, rest []string
	}{
		{"noise flags and run flags", []string{"--runs", "5", "-o", "n.json", "--suite", "matmul", "--quick"},
			[]string{"--runs", "5", "-o", "n.json"}, []string{"--suite", "matmul", "--quick"}},
		{"run's booleans take no value", []string{"--quick", "a.json", "--isolate", "b.json"},
			[]string{"a.json", "b.json"}, []string{"--quick", "--isolate"}},
		{"--watch is a boolean run has", []string{"--watch", "c.json"}, []string{"c.json"}, []string{"--watch"}},
		{"values with =", []string{"--max-time=1s", "--runs=3", "--plan"}, []string{"--runs=3", "--plan"}, []string{"--max-time=1s"}},
		{"-oFILE", []string{"-on.json", "--filter", "lanes"}, []string{"-on.json"}, []string{"--filter", "lanes"}},
		{"after --, everything is run's", []string{"--plan", "--", "--runs", "9"}, []string{"--plan"}, []string{"--runs", "9"}},
		{"a run flag's value that looks like a flag is not taken", []string{"--filter", "-x"}, nil, []string{"--filter", "-x"}},
		{"help stays with noise", []string{"--help"}, []string{"--help"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ours, rest := splitNoiseArgs(tc.args, lookup)
			if !reflect.DeepEqual(ours, tc.ours) || !reflect.DeepEqual(rest, tc.rest) {
				t.Errorf("ours %q rest %q, want %q and %q", ours, rest, tc.ours, tc.rest)
			}
		})
	}
	// Every boolean of run takes no value; every valued flag takes one.
	fs := runFlagSet(&runFlags{}, io.Discard)
	for name, want := range map[string]bool{"quick": false, "watch": false, "force": false, "isolate": false, "suite": true, "sizes": true, "max-time": true} {
		if takes, ok := supervise.TakesValue(fs, name); !ok || takes != want {
			t.Errorf("run --%s: takes a value %v (known %v), want %v", name, takes, ok, want)
		}
	}
}
