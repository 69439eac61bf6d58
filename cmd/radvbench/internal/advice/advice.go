// Package advice words the libraries' typed errors and advice kinds in
// the CLI's terms. The library packages return typed errors that say
// what went wrong; the CLI adds what to do about it, in the words of its
// flags and commands, here and nowhere else. No error is recognised by
// its text.
package advice

import (
	"errors"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/history"
)

// ResultsError is the usage error (exit 2) for a results file
// resultsfile.Load refuses, with the command that writes it where the file
// is not one radvbench wrote whole (resultsfile.LoadError). Every command
// that reads results files the user names calls it: compare, report,
// export, list --skipped, noise, history import and judge, isa diff.
func ResultsError(err error) error {
	var le *resultsfile.LoadError
	advice := ""
	if errors.As(err, &le) {
		switch le.Problem {
		case resultsfile.LoadIsDir:
			advice = ": pass one results file"
		case resultsfile.LoadEmpty, resultsfile.LoadNotJSON:
			advice = ": pass a results file written by 'radvbench run'"
		case resultsfile.LoadTruncated:
			advice = "; rerun 'radvbench run' to produce it"
		case resultsfile.LoadDamagedISA:
			advice = ", rerun 'radvbench isa'"
		}
	}
	return base.Usagef("%v%s", err, advice)
}

// InstallHint is the advice for gpu.ErrNoVulkan.
const InstallHint = "install the Vulkan loader and a driver: 'apt-get install libvulkan1 mesa-vulkan-drivers' (Mesa >= 25 from bookworm-backports for lavapipe ray query and mesh shaders), or run 'make deps'"

// VulkanError adds advice to an error from opening Vulkan or choosing a
// device with --device spec: a missing loader or driver and a --device
// that picks no single device are usage errors (exit 2); anything else is
// returned as it is.
func VulkanError(err error) error {
	var se *gpu.SelectError
	switch {
	case errors.Is(err, gpu.ErrNoVulkan):
		return base.Usagef("%v; %s", err, InstallHint)
	case errors.As(err, &se) && se.Spec != "":
		return base.Usagef("--%v (see 'radvbench devices')", err)
	}
	return err
}

// HistoryStoreError turns a history store error into the CLI's terms: an
// unusable store or no default path is a usage error (exit 2), anything
// else (a server that does not answer, a lock held too long) a failure
// (exit 1). The advice to choose another store with --db (or
// RADVBENCH_DB) is added only where the store named is likely the wrong
// one (missing, not a database, another program's, an unknown host), not
// for a lock, a newer schema or a read-only store.
//
// A store that holds no history (history.NoHistoryError) is first told
// how to import into it.
func HistoryStoreError(err error) error {
	const advice = "pass --db FILE (a SQLite file) or --db postgres://..., or set RADVBENCH_DB"
	var nh *history.NoHistoryError
	switch {
	case errors.As(err, &nh):
		check := "the store named"
		if nh.Missing {
			check = "the path"
		}
		return base.Usagef("%v: import results into it first ('radvbench history import --db %s RUN.json'), or check %s; %s", err, nh.Store, check, advice)
	case errors.Is(err, history.ErrWrongStore) || errors.Is(err, history.ErrNoDefaultStore):
		return base.Usagef("%v; %s", err, advice)
	case errors.Is(err, history.ErrBadStore):
		return base.Usagef("%v", err)
	}
	return err
}

// UnknownBenchmarkError is the usage error for a benchmark name the
// history store does not resolve (history.UnknownBenchmarkError): where
// to find the IDs it holds.
func UnknownBenchmarkError(err error) error {
	var ub *history.UnknownBenchmarkError
	if errors.As(err, &ub) && ub.Matches == 0 {
		return base.Usagef("%v: import results first, or check the ID in the benchmark column of 'radvbench history export'", err)
	}
	return base.Usagef("%v", err)
}

// PinClocksError adds advice to sysinfo.PinClocks's error for --pin-clocks.
func PinClocksError(err error) error {
	switch {
	case errors.Is(err, sysinfo.ErrPinNeedsRoot):
		return base.Usagef("--pin-clocks: %v: run as root (sudo) or drop --pin-clocks", err)
	case errors.Is(err, sysinfo.ErrNoAMDGPU):
		return base.Usagef("--pin-clocks: %v; drop --pin-clocks", err)
	}
	return base.Usagef("--pin-clocks: %v", err)
}
