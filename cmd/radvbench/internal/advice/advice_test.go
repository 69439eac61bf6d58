package advice

import (
	"errors"
	"fmt"
	"testing"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/isa"
	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/usage"
	"github.com/radvbench/radvbench/reports/asmdiff"
	"github.com/radvbench/radvbench/reports/history"
	"github.com/radvbench/radvbench/reports/noise"
)

// TestAdvice: the CLI recognises the libraries' errors by type (wrapped
// or not) and adds what to do; an error it does not know passes through.
func TestAdvice(t *testing.T) {
	other := errors.New("something else")
	tests := []struct {
		name string
		got  error
		code int
		want string
	}{
		{"no vulkan", VulkanError(fmt.Errorf("open: %w", fmt.Errorf("%w: create instance: VK_ERROR_INCOMPATIBLE_DRIVER", gpu.ErrNoVulkan))), 2,
			"open: no usable Vulkan: create instance: VK_ERROR_INCOMPATIBLE_DRIVER; " + InstallHint},
		{"bad --device", VulkanError(&gpu.SelectError{Spec: "7", Problem: "is out of range", Devices: []string{`0="llvmpipe"`}}), 2,
			`--device "7" is out of range: devices are 0="llvmpipe" (see 'radvbench devices')`},
		{"no suitable device", VulkanError(&gpu.SelectError{Problem: "no Vulkan device has a compute queue with timestamps", Devices: []string{`0="x"`}}), 1,
			`no Vulkan device has a compute queue with timestamps (devices: 0="x")`},
		{"other vulkan", VulkanError(other), 1, "something else"},
		{"pin not root", PinClocksError(fmt.Errorf("pinning clocks to profile_peak writes power_dpm_force_performance_level, which %w", sysinfo.ErrPinNeedsRoot)), 2,
			"--pin-clocks: pinning clocks to profile_peak writes power_dpm_force_performance_level, which needs root: run as root (sudo) or drop --pin-clocks"},
		{"pin no gpu", PinClocksError(fmt.Errorf("%w (vendor 0x1002) under /sys/class/drm: nothing to pin", sysinfo.ErrNoAMDGPU)), 2,
			"--pin-clocks: no AMD GPU (vendor 0x1002) under /sys/class/drm: nothing to pin; drop --pin-clocks"},
		{"pin other", PinClocksError(other), 2, "--pin-clocks: something else"},
		{"no default store", HistoryStoreError(fmt.Errorf("%w: no XDG_DATA_HOME and no home directory", history.ErrNoDefaultStore)), 2,
			"no default history store: no XDG_DATA_HOME and no home directory; pass --db FILE (a SQLite file) or --db postgres://..., or set RADVBENCH_DB"},
		{"other store error", HistoryStoreError(other), 1, "something else"},
		{"wrong store", HistoryStoreError(fmt.Errorf("x.db: %w", history.ErrWrongStore)), 2, "x.db: wrong history store; pass --db FILE (a SQLite file) or --db postgres://..., or set RADVBENCH_DB"},
		{"newer store", HistoryStoreError(fmt.Errorf("x.db: %w", history.ErrBadStore)), 2, "x.db: unusable history store"},
		{"locked store", HistoryStoreError(fmt.Errorf("x.db: %w", history.ErrStoreUnavailable)), 1, "x.db: history store unavailable"},
	}
	tests = append(tests, libraryAdvice(other)...)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got.Error() != tc.want || base.ExitCode(tc.got) != tc.code {
				t.Errorf("got %q (exit %d)\nwant %q (exit %d)", tc.got, base.ExitCode(tc.got), tc.want, tc.code)
			}
		})
	}
}

// libraryAdvice are TestAdvice's cases for the typed errors of the
// libraries that name no flag (issue 34): results and noise files, the
// history store, isa's emulation environment and assembly diffs, run's
// isolation, journal and resume. The words are the ones the libraries
// used to carry.
func libraryAdvice(other error) []struct {
	name string
	got  error
	code int
	want string
} {
	journal := func(p supervise.JournalProblem, line int, err error) error {
		return usage.Errorf("%w", &supervise.JournalError{Problem: p, Path: "r.json.journal", Line: line, Err: err})
	}
	return []struct {
		name string
		got  error
		code int
		want string
	}{
		{"results empty", ResultsError(&resultsfile.LoadError{Problem: resultsfile.LoadEmpty, Name: "x.json"}), 2,
			"x.json is empty: pass a results file written by 'radvbench run'"},
		{"results not JSON", ResultsError(&resultsfile.LoadError{Problem: resultsfile.LoadNotJSON, Name: "x.json", Err: errors.New("invalid character 'h'"), Offset: 1}), 2,
			"x.json is not JSON (invalid character 'h' at byte 1): pass a results file written by 'radvbench run'"},
		{"results truncated, wrapped", ResultsError(fmt.Errorf("ctx: %w", &resultsfile.LoadError{Problem: resultsfile.LoadTruncated, Name: "x.json", Size: 9})), 2,
			"ctx: x.json is truncated (JSON ends after 9 bytes): the run that wrote it was cut short; rerun 'radvbench run' to produce it"},
		{"results damaged isa", ResultsError(&resultsfile.LoadError{Problem: resultsfile.LoadDamagedISA, Name: "i.json", Result: "m/k", Err: errors.New("no target (config)")}), 2,
			"i.json: result m/k: no target (config): the file is damaged, rerun 'radvbench isa'"},
		{"results directory", ResultsError(&resultsfile.LoadError{Problem: resultsfile.LoadIsDir, Name: "runs"}), 2, "runs is a directory: pass one results file"},
		{"results missing", ResultsError(&resultsfile.LoadError{Problem: resultsfile.LoadMissing, Name: "x.json"}), 2, "results file x.json does not exist: check the path"},
		{"results other", ResultsError(other), 2, "something else"},
		{"noise missing", NoiseFileError(&noise.FileError{Problem: noise.FileMissing, Name: "n.json"}), 2,
			"noise file n.json does not exist: make one with 'radvbench noise -o n.json' (see 'radvbench noise --help')"},
		{"noise other schema", NoiseFileError(&noise.FileError{Problem: noise.FileOtherSchema, Name: "r.json", Schema: "radvbench/results/v1", HasSchema: true}), 2,
			`r.json has schema "radvbench/results/v1", not "radvbench/noise/v1": pass a noise file written by 'radvbench noise' (a results file goes to compare as an input)`},
		{"noise damaged", NoiseFileError(&noise.FileError{Problem: noise.FileDamaged, Name: "n.json", Err: errors.New("runs is missing")}), 2,
			"n.json: runs is missing: measure the noise again with 'radvbench noise' (the file is damaged or was edited)"},
		{"noise too few runs", TooFewRunsError(fmt.Errorf("%w: every benchmark has one run; measure at least 3 runs", noise.ErrTooFewRuns)), 2,
			"too few runs: every benchmark has one run; measure at least 3 runs (radvbench noise --runs 5, or several results files of the same build)"},
		{"store missing", HistoryStoreError(&history.NoHistoryError{Store: "h.db", Missing: true}), 2,
			"history store h.db does not exist: import results into it first ('radvbench history import --db h.db RUN.json'), or check the path; pass --db FILE (a SQLite file) or --db postgres://..., or set RADVBENCH_DB"},
		{"store without history", HistoryStoreError(fmt.Errorf("open: %w", &history.NoHistoryError{Store: "postgres://u@h/db"})), 2,
			"open: postgres://u@h/db holds no radvbench history: import results into it first ('radvbench history import --db postgres://u@h/db RUN.json'), or check the store named; pass --db FILE (a SQLite file) or --db postgres://..., or set RADVBENCH_DB"},
		{"unknown benchmark", UnknownBenchmarkError(&history.UnknownBenchmarkError{Name: "x/y"}), 2,
			`no stored benchmark is called "x/y" (or starts so): import results first, or check the ID in the benchmark column of 'radvbench history export'`},
		{"ambiguous benchmark", UnknownBenchmarkError(&history.UnknownBenchmarkError{Name: "m", Matches: 2, Some: []string{"m/a", "m/b"}}), 2,
			`"m" matches 2 benchmarks (m/a, m/b...): give the whole ID`},
		{"no null winsys", EmulationEnvError(&isa.EnvError{Problem: isa.EnvNoNullWinsys, Var: "RADV_FORCE_FAMILY", Value: "gfx1201", Mesa: "26.1", Available: "navi31 (drm-shim)"}), 2,
			"RADV_FORCE_FAMILY=gfx1201: Mesa 26.1 has no null winsys (removed in 26.1; it would abort): unset it; to compile for a chip use 'radvbench isa --target' (it can emulate navi31 (drm-shim))"},
		{"unknown shim chip", EmulationEnvError(&isa.EnvError{Problem: isa.EnvUnknownShimChip, Var: "AMDGPU_GPU_ID", Value: "foo", Mesa: "25.0", Available: "navi31 (drm-shim)"}), 2,
			"AMDGPU_GPU_ID=foo is not a chip Mesa 25.0's DRM shim knows (it would abort): unset LD_PRELOAD and AMDGPU_GPU_ID, or use 'radvbench isa --target' (it can emulate navi31 (drm-shim))"},
		{"no saved assembly", ISADiffError(&asmdiff.NoAssemblyError{File: "i.json", Key: "m/k@navi31", Pipeline: "k.comp", Executable: "compute"}), 2,
			"i.json: m/k@navi31 k.comp compute has no saved assembly: rerun 'radvbench isa' with an assembly directory"},
		{"bad isolation", IsolateError(usage.Errorf("%w", &supervise.IsolationError{Value: "sometimes"})), 2,
			`--isolate "sometimes": use kernel (or true), run, off (or false) or auto`},
		{"damaged journal line", ResumeError(journal(supervise.JournalDamagedLine, 2, errors.New("invalid character 'g'"))), 2,
			"journal r.json.journal: line 2 is damaged (invalid character 'g'): it cannot be resumed; rerun without --resume"},
		{"empty journal", ResumeError(journal(supervise.JournalNoCompleteLine, 0, nil)), 2,
			"journal r.json.journal holds no complete line (the run was cut short before its first benchmark finished): rerun without --resume"},
		{"other journal error", ResumeError(usage.Errorf("r.json.journal is not a radvbench journal")), 2, "r.json.journal is not a radvbench journal"},
	}
}
