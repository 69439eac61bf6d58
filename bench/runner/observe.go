package runner

// The observer of a run's samples (the host's, with the telemetry of an
// amdgpu card) and what it saw, as the result's interference columns.

import (
	"math"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/measure"
	"github.com/radvbench/radvbench/bench/observer"
	"github.com/radvbench/radvbench/bench/telemetry"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// NewObserver is the observer of the machine dev runs on, reading /proc
// and sysfs under sysroot ("" or "/" for this machine): for a CPU
// implementation (lavapipe) it watches the CPUs, for a GPU the other DRM
// clients and the shader clock (measure.DefaultRule), and on an amdgpu
// card its telemetry beside every sample (withTelemetry). One observer
// serves a whole run: it keeps the last moments' counters for the next
// sample.
func NewObserver(dev *gpu.Device, sysroot string) measure.Observer {
	return withTelemetry(dev, sysroot, observer.New(observer.Options{Root: sysroot, CPUDevice: dev.Phys.IsCPU()}))
}

// withTelemetry wraps obs with the telemetry of dev's amdgpu card under
// sysroot (bench/telemetry: clocks, power, energy and throttle bits
// beside every sample), found by its PCI device ID; obs alone for a CPU
// implementation or a device without such a card.
func withTelemetry(dev *gpu.Device, sysroot string, obs measure.Observer) measure.Observer {
	if dev.Phys.IsCPU() || dev.Phys.VendorID != gpu.VendorAMD {
		return obs
	}
	r, err := telemetry.OpenDevice(sysroot, dev.Phys.DeviceID)
	if err != nil {
		return obs
	}
	return telemetry.Observe(obs, r)
}

// NewSiblingObserver is NewObserver for a run that takes turns sample by
// sample with another child of its parent (SampleTurn): the other's CPU
// time is not a neighbour's (observer.Options.Siblings).
func NewSiblingObserver(dev *gpu.Device, sysroot string) measure.Observer {
	return withTelemetry(dev, sysroot, observer.New(observer.Options{Root: sysroot, CPUDevice: dev.Phys.IsCPU(), Siblings: true}))
}

// interference converts what the observer saw to the result's columns: a
// figure to three decimals, -1 where it could not be read; a column only
// when some sample has it, the clock only when known, the reasons only
// when a sample was disturbed. Nil, nil without an observer.
func interference(ms measure.Measurement) ([]bool, *resultsfile.Interference) {
	if len(ms.Interference) == 0 {
		return nil, nil
	}
	in := &resultsfile.Interference{}
	col := func(get func(measure.Interference) float64) []float64 {
		out := make([]float64, len(ms.Interference))
		known := false
		for i, x := range ms.Interference {
			v := get(x)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				out[i] = -1
				continue
			}
			known = true
			out[i] = math.Round(v*1000) / 1000
		}
		if !known {
			return nil
		}
		return out
	}
	in.OtherCPU = col(func(x measure.Interference) float64 { return x.OtherCPU })
	in.Steal = col(func(x measure.Interference) float64 { return x.Steal })
	in.SelfCPU = col(func(x measure.Interference) float64 { return x.SelfCPU })
	in.Wait = col(func(x measure.Interference) float64 { return x.Wait })
	in.GPUOther = col(func(x measure.Interference) float64 { return x.GPUOther })
	clock := func(x measure.Interference) float64 {
		if x.SCLKMHz > 0 {
			return x.SCLKMHz
		}
		return math.NaN()
	}
	in.SCLKMHz = col(clock)
	if gpuCols(ms, in) {
		// The telemetry's shader clock (gpu_metrics first) replaces the
		// host observer's pp_dpm_sclk level.
		in.SCLKMHz = col(func(x measure.Interference) float64 {
			if x.GPU != nil && x.GPU.SclkMHz > 0 {
				return x.GPU.SclkMHz
			}
			return clock(x)
		})
	}
	if ms.Quiet < len(ms.NS) {
		in.Why = make([]string, len(ms.Interference))
		for i, x := range ms.Interference {
			in.Why[i] = x.Why
		}
	}
	return ms.Disturbed, in
}

// gpuCols fills in's telemetry columns from the samples' GPU states
// (-1 where not read, a column only when some sample has it) and reports whether any sample had telemetry.
func gpuCols(ms measure.Measurement, in *resultsfile.Interference) bool {
	seen := false
	for _, x := range ms.Interference {
		seen = seen || x.GPU != nil
	}
	if !seen {
		return false
	}
	// Figures to three decimals; energy over a sample of a few ms (J) to
	// six.
	col := func(get func(*measure.GPUState) float64, scale float64) []float64 {
		out := make([]float64, len(ms.Interference))
		known := false
		for i, x := range ms.Interference {
			v := math.NaN()
			if x.GPU != nil {
				v = get(x.GPU)
			}
			if math.IsNaN(v) || math.IsInf(v, 0) {
				out[i] = -1
				continue
			}
			known = true
			out[i] = math.Round(v*scale) / scale
		}
		if !known {
			return nil
		}
		return out
	}
	in.MCLKMHz = col(func(g *measure.GPUState) float64 { return g.MclkMHz }, 1e3)
	in.PowerW = col(func(g *measure.GPUState) float64 { return g.PowerW }, 1e3)
	in.TempC = col(func(g *measure.GPUState) float64 { return g.TempC }, 1e3)
	in.EnergyJ = col(func(g *measure.GPUState) float64 { return g.EnergyJ }, 1e6)
	throttled := false
	throttle := make([]string, len(ms.Interference))
	for i, x := range ms.Interference {
		if x.GPU != nil {
			throttle[i] = x.GPU.Throttle
			throttled = throttled || x.GPU.Throttle != ""
			if x.GPU.Sources != nil {
				in.GPUSources = x.GPU.Sources
			}
		}
	}
	if throttled {
		in.Throttle = throttle
	}
	return true
}
