package childargs

import (
	"io"
	"reflect"
	"testing"

	"github.com/spf13/pflag"
)

// TestSplitArgs: the first flag set's flags (and their values) stay with
// it; everything else goes to the other command, one of its flags taking
// the next argument as its value exactly when its flag set says it takes
// one.
func TestSplitArgs(t *testing.T) {
	ours := pflag.NewFlagSet("noise", pflag.ContinueOnError)
	ours.Int("runs", 5, "")
	ours.StringP("out", "o", "", "")
	ours.Bool("plan", false, "")
	ours.String("detect", "5", "")
	theirs := pflag.NewFlagSet("run", pflag.ContinueOnError)
	theirs.SetOutput(io.Discard)
	theirs.StringSlice("suite", nil, "")
	theirs.String("filter", "", "")
	theirs.Duration("max-time", 0, "")
	theirs.Bool("quick", false, "")
	theirs.Bool("watch", false, "")
	theirs.String("isolate", "", "")
	theirs.Lookup("isolate").NoOptDefVal = "benchmark" // an optional value: --isolate=MODE
	for _, tc := range []struct {
		name      string
		args      []string
		own, rest []string
	}{
		{"own flags and the other's", []string{"--runs", "5", "-o", "n.json", "--suite", "matmul", "--quick"},
			[]string{"--runs", "5", "-o", "n.json"}, []string{"--suite", "matmul", "--quick"}},
		{"booleans and optional values take no argument", []string{"--quick", "a.json", "--isolate", "b.json"},
			[]string{"a.json", "b.json"}, []string{"--quick", "--isolate"}},
		{"a boolean of the other", []string{"--watch", "c.json"}, []string{"c.json"}, []string{"--watch"}},
		{"values with =", []string{"--max-time=1s", "--runs=3", "--plan"}, []string{"--runs=3", "--plan"}, []string{"--max-time=1s"}},
		{"-oFILE", []string{"-on.json", "--filter", "lanes"}, []string{"-on.json"}, []string{"--filter", "lanes"}},
		{"after --, everything is the other's", []string{"--plan", "--", "--runs", "9"}, []string{"--plan"}, []string{"--runs", "9"}},
		{"a value that looks like a flag is not taken", []string{"--filter", "-x"}, nil, []string{"--filter", "-x"}},
		{"an unknown flag takes no value", []string{"--frobnicate", "d.json"}, []string{"d.json"}, []string{"--frobnicate"}},
		{"help stays", []string{"--help"}, []string{"--help"}, nil},
		{"-h stays", []string{"-h", "-"}, []string{"-h", "-"}, nil},
		{"nothing", nil, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			own, rest := SplitArgs(tc.args, ours, theirs)
			if !reflect.DeepEqual(own, tc.own) || !reflect.DeepEqual(rest, tc.rest) {
				t.Errorf("own %q rest %q, want %q and %q", own, rest, tc.own, tc.rest)
			}
		})
	}
}
