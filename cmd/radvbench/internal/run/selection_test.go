package run

import (
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/kernel"
	_ "github.com/radvbench/radvbench/bench/suites/matmul"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
)

// the suite the cases select

// TestSelectionResolve: Resolve looks up the suites, compiles the filter,
// parses the sizes and labels and checks --progress, answering the first
// mistake with a usage error naming its flag.
func TestSelectionResolve(t *testing.T) {
	for _, tc := range []struct {
		name string
		sel  Selection
		want string // "" is no error; else a part of the error
	}{
		{name: "ok", sel: Selection{Suites: []string{"matmul"}, Filter: "naive", Sizes: []string{"64"}, Labels: []string{"k=v"}, Progress: "never"}},
		{name: "suite", sel: Selection{Suites: []string{"nosuch"}, Progress: "auto"}, want: `unknown suite "nosuch"`},
		{name: "filter", sel: Selection{Suites: []string{"matmul"}, Filter: "(", Progress: "auto"}, want: "--filter"},
		{name: "sizes", sel: Selection{Suites: []string{"matmul"}, Sizes: []string{"0"}, Progress: "auto"}, want: "0"},
		{name: "progress", sel: Selection{Suites: []string{"matmul"}, Progress: "sometimes"}, want: `--progress "sometimes": use auto, always or never`},
		{name: "label", sel: Selection{Suites: []string{"matmul"}, Labels: []string{"novalue"}, Progress: "auto"}, want: `--label "novalue"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, labels, err := tc.sel.Resolve(kernel.Options{Quick: true, Seed: 7})
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) || base.ExitCode(err) != 2 {
					t.Fatalf("err = %v (exit %d), want a usage error with %q", err, base.ExitCode(err), tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(o.Suites) != 1 || o.Suites[0].Name != "matmul" || !o.Filter.MatchString("matmul/naive") || o.Filter.MatchString("matmul/tiled") {
				t.Errorf("suites %v, filter %v", SuiteNames(o.Suites), o.Filter)
			}
			if !o.Kernel.Quick || o.Kernel.Seed != 7 || len(o.Kernel.UserSizes["matmul/naive"]) != 1 || labels["k"] != "v" {
				t.Errorf("kernel options %+v, labels %v", o.Kernel, labels)
			}
		})
	}
}
