// Package buildinfo identifies a build of radvbench for the results
// files it writes: the release, the VCS commit the Go toolchain stamped
// into the binary ("-dirty" when the tree had changes), or else the one
// given at link time, and the Go version.
package buildinfo

import (
	"runtime"
	"runtime/debug"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// Tool is this build as results files record it: name radvbench, the
// release version, the commit from the build info or, where the
// toolchain stamped none (GOFLAGS=-buildvcs=false, a build outside the
// checkout), linkCommit, and the Go version.
func Tool(version, linkCommit string) resultsfile.Tool {
	t := resultsfile.Tool{Name: "radvbench", Version: version, GoVersion: runtime.Version()}
	if bi, ok := debug.ReadBuildInfo(); ok {
		t.Commit = Commit(bi.Settings)
	}
	if t.Commit == "" {
		t.Commit = linkCommit
	}
	return t
}

// Commit is the VCS revision in the build settings, with "-dirty" when
// the tree was modified; "" when they hold none.
func Commit(settings []debug.BuildSetting) string {
	var rev, dirty string
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "-dirty"
			}
		}
	}
	if rev == "" {
		return ""
	}
	return rev + dirty
}
