package main

import (
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
)

// TestSelectionResolve: resolve looks up the suites, compiles the filter,
// parses the sizes and labels and checks --progress, answering the first
// mistake with a usage error naming its flag.
func TestSelectionResolve(t *testing.T) {
	for _, tc := range []struct {
		name string
		sel  selection
		want string // "" is no error; else a part of the error
	}{
		{name: "ok", sel: selection{suites: []string{"matmul"}, filter: "naive", sizes: []string{"64"}, labels: []string{"k=v"}, progress: "never"}},
		{name: "suite", sel: selection{suites: []string{"nosuch"}, progress: "auto"}, want: `unknown suite "nosuch"`},
		{name: "filter", sel: selection{suites: []string{"matmul"}, filter: "(", progress: "auto"}, want: "--filter"},
		{name: "sizes", sel: selection{suites: []string{"matmul"}, sizes: []string{"0"}, progress: "auto"}, want: "0"},
		{name: "progress", sel: selection{suites: []string{"matmul"}, progress: "sometimes"}, want: `--progress "sometimes": use auto, always or never`},
		{name: "label", sel: selection{suites: []string{"matmul"}, labels: []string{"novalue"}, progress: "auto"}, want: `--label "novalue"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, labels, err := tc.sel.resolve(kernel.Options{Quick: true, Seed: 7})
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
				t.Errorf("suites %v, filter %v", suiteNames(o.Suites), o.Filter)
			}
			if !o.Kernel.Quick || o.Kernel.Seed != 7 || len(o.Kernel.UserSizes["matmul/naive"]) != 1 || labels["k"] != "v" {
				t.Errorf("kernel options %+v, labels %v", o.Kernel, labels)
			}
		})
	}
}
