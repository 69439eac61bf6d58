package main

import (
	"errors"
	"fmt"
	"testing"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/reports/history"
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
		{"no vulkan", vulkanError(fmt.Errorf("open: %w", fmt.Errorf("%w: create instance: VK_ERROR_INCOMPATIBLE_DRIVER", gpu.ErrNoVulkan))), 2,
			"open: no usable Vulkan: create instance: VK_ERROR_INCOMPATIBLE_DRIVER; " + installHint},
		{"bad --device", vulkanError(&gpu.SelectError{Spec: "7", Problem: "is out of range", Devices: []string{`0="llvmpipe"`}}), 2,
			`--device "7" is out of range: devices are 0="llvmpipe" (see 'radvbench devices')`},
		{"no suitable device", vulkanError(&gpu.SelectError{Problem: "no Vulkan device has a compute queue with timestamps", Devices: []string{`0="x"`}}), 1,
			`no Vulkan device has a compute queue with timestamps (devices: 0="x")`},
		{"other vulkan", vulkanError(other), 1, "something else"},
		{"pin not root", pinClocksError(fmt.Errorf("pinning clocks to profile_peak writes power_dpm_force_performance_level, which %w", sysinfo.ErrPinNeedsRoot)), 2,
			"--pin-clocks: pinning clocks to profile_peak writes power_dpm_force_performance_level, which needs root: run as root (sudo) or drop --pin-clocks"},
		{"pin no gpu", pinClocksError(fmt.Errorf("%w (vendor 0x1002) under /sys/class/drm: nothing to pin", sysinfo.ErrNoAMDGPU)), 2,
			"--pin-clocks: no AMD GPU (vendor 0x1002) under /sys/class/drm: nothing to pin; drop --pin-clocks"},
		{"pin other", pinClocksError(other), 2, "--pin-clocks: something else"},
		{"no default store", historyStoreError(fmt.Errorf("%w: no XDG_DATA_HOME and no home directory", history.ErrNoDefaultStore)), 2,
			"no default history store: no XDG_DATA_HOME and no home directory; pass --db FILE (a SQLite file) or --db postgres://..., or set RADVBENCH_DB"},
		{"other store error", historyStoreError(other), 1, "something else"},
		{"wrong store", historyStoreError(fmt.Errorf("x.db: %w", history.ErrWrongStore)), 2, "x.db: wrong history store; pass --db FILE (a SQLite file) or --db postgres://..., or set RADVBENCH_DB"},
		{"newer store", historyStoreError(fmt.Errorf("x.db: %w", history.ErrBadStore)), 2, "x.db: unusable history store"},
		{"locked store", historyStoreError(fmt.Errorf("x.db: %w", history.ErrStoreUnavailable)), 1, "x.db: history store unavailable"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got.Error() != tc.want || exitCode(tc.got) != tc.code {
				t.Errorf("got %q (exit %d)\nwant %q (exit %d)", tc.got, exitCode(tc.got), tc.want, tc.code)
			}
		})
	}
}
