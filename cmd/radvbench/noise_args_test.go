package main

import (
	"github.com/radvbench/radvbench/cmd/radvbench/internal/childargs"
	"io"
	"reflect"
	"testing"

	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	runcmd "github.com/radvbench/radvbench/cmd/radvbench/internal/run"
)

// TestSplitNoiseArgs: what noise passes to run (childargs.SplitArgs with
// run's flag set) takes a run flag's value exactly when run's own flag
// set says it takes one: every boolean of run takes none, --isolate's
// value needs '=', every valued flag takes the next argument.
func TestSplitNoiseArgs(t *testing.T) {
	fs := runcmd.NewFlagSet(&runcmd.Flags{}, io.Discard)
	for name, want := range map[string]bool{"quick": false, "watch": false, "force": false, "isolate": false, "suite": true, "sizes": true, "max-time": true} {
		if takes, ok := childargs.TakesValue(fs, name); !ok || takes != want {
			t.Errorf("run --%s: takes a value %v (known %v), want %v", name, takes, ok, want)
		}
	}
	noise := base.NewFlagSet("noise", "", io.Discard)
	noise.StringP("out", "o", "", "")
	own, rest := childargs.SplitArgs([]string{"-on.json", "--quick", "a.json", "--suite", "matmul", "--isolate", "b.json"}, noise, fs)
	if wantOwn, wantRest := []string{"-on.json", "a.json", "b.json"}, []string{"--quick", "--suite", "matmul", "--isolate"}; !reflect.DeepEqual(own, wantOwn) || !reflect.DeepEqual(rest, wantRest) {
		t.Errorf("own %q rest %q, want %q and %q", own, rest, wantOwn, wantRest)
	}
}
