package childargs

import (
	"reflect"
	"testing"

	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/spf13/pflag"
)

// runLikeFlags is a flag set with every kind of flag run has.
func runLikeFlags() (*pflag.FlagSet, *supervise.ChildFlags) {
	fs := pflag.NewFlagSet("run", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.StringSlice("suite", []string{"matmul"}, "")
	fs.StringArray("sizes", nil, "")
	fs.StringArray("label", nil, "")
	fs.Bool("quick", false, "")
	fs.StringP("out", "o", "", "")
	fs.Duration("max-time", 0, "")
	fs.Float64("target-ci", 1, "")
	fs.Uint64("seed", 1, "")
	fs.Int("runs", 0, "")
	fs.String("isolate", "auto", "")
	fs.Lookup("isolate").NoOptDefVal = "kernel"
	fs.String("filter", "", "")
	var cf supervise.ChildFlags
	Register(fs, &cf)
	ParentOnly(fs, "out", "runs", "isolate")
	return fs, &cf
}

func TestArgsFor(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"parent-only flags are left out", []string{"--suite", "latency", "--runs", "3", "--isolate", "-o", "x.json", "--quick"},
			[]string{"--suite=latency", "--quick=true"}},
		{"every kind of value", []string{"--suite=matmul,peak", "--sizes", "matmul=1024;mesh=8x8", "--sizes", "2048", "--label", "k=a,b",
			"--max-time", "150ms", "--target-ci=0.5", "--seed", "18446744073709551615", "--filter", "-x|y"},
			[]string{"--suite=matmul", "--suite=peak", "--sizes=matmul=1024;mesh=8x8", "--sizes=2048", "--label=k=a,b",
				"--max-time=150ms", "--target-ci=0.5", "--seed=18446744073709551615", "--filter=-x|y"}},
		{"a comma inside a slice element survives", []string{`--suite="a,b"`}, []string{`--suite="a,b"`}},
		{"child flags are the supervisor's", []string{"--child", "--child-seed", "5", "--quick"}, []string{"--quick=true"}},
		{"nothing set", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs, _ := runLikeFlags()
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			got := ArgsFor(fs)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("ArgsFor = %q, want %q", got, tc.want)
			}
			// What the child parses equals what the parent parsed.
			child, _ := runLikeFlags()
			if err := child.Parse(got); err != nil {
				t.Fatalf("the child cannot parse %q: %v", got, err)
			}
			fs.VisitAll(func(fl *pflag.Flag) {
				if _, po := fl.Annotations[parentOnly]; po {
					return
				}
				if c := child.Lookup(fl.Name).Value.String(); c != fl.Value.String() {
					t.Errorf("--%s: child sees %q, parent %q", fl.Name, c, fl.Value.String())
				}
			})
		})
	}
}

func TestTakesValue(t *testing.T) {
	fs, _ := runLikeFlags()
	for _, tc := range []struct {
		name        string
		takes, isOK bool
	}{
		{"suite", true, true}, {"quick", false, true}, {"isolate", false, true}, {"o", true, true}, {"child-seed", true, true}, {"nope", false, false},
	} {
		takes, ok := TakesValue(fs, tc.name)
		if takes != tc.takes || ok != tc.isOK {
			t.Errorf("TakesValue(%q) = %v, %v; want %v, %v", tc.name, takes, ok, tc.takes, tc.isOK)
		}
	}
}
