package main

import (
	"runtime"
	"runtime/debug"

	"github.com/radvbench/radvbench/reports/results"
)

// version is the radvbench release; set with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// commit is the git commit, set by 'make build' (-X main.commit=...) for
// builds where the Go toolchain does not stamp VCS information
// (GOFLAGS=-buildvcs=false, builds outside the checkout).
var commit = ""

// toolVersion identifies this build: version, VCS commit (from the Go build
// info, "-dirty" when the tree had changes) and Go version.
func toolVersion() results.Tool {
	t := results.Tool{Name: "radvbench", Version: version, GoVersion: runtime.Version()}
	if bi, ok := debug.ReadBuildInfo(); ok {
		var rev, dirty string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					dirty = "-dirty"
				}
			}
		}
		if rev != "" {
			t.Commit = rev + dirty
		}
	}
	if t.Commit == "" {
		t.Commit = commit
	}
	return t
}
