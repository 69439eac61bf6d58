package main

import (
	"github.com/radvbench/radvbench/core/results"
	"github.com/radvbench/radvbench/internal/buildinfo"
)

// version is the radvbench release; set with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// commit is the git commit, set by 'make build' (-X main.commit=...) for
// builds where the Go toolchain does not stamp VCS information
// (GOFLAGS=-buildvcs=false, builds outside the checkout).
var commit = ""

// toolVersion identifies this build: version, VCS commit (from the Go build
// info, "-dirty" when the tree had changes, else commit) and Go version.
func toolVersion() results.Tool { return buildinfo.Tool(version, commit) }
