package resultsfile

import (
	"fmt"
)

// Interference is what bench/measure's observer saw around each sample of
// a result, column by column, aligned with Metric.Samples (and SamplesNS):
// element i belongs to sample i. A column the observer could not read on
// this machine is absent (no DRM fdinfo without an amdgpu card, no clock
// without a pp_dpm_sclk file). Shares are of the sample's wall time; CPU
// figures are in cores (1 = one core busy for the whole sample).
type Interference struct {
	// OtherCPU is the CPU time other processes used (the machine's busy
	// time in /proc/stat minus this process's), in cores, over a window of
	// at least 200 ms ending with the sample (/proc/stat counts in 10 ms
	// ticks, too coarse for one short sample).
	OtherCPU []float64 `json:"other_cpu,omitempty"`
	// Steal is the time the hypervisor ran something else on this
	// machine's CPUs (/proc/stat steal), in cores, over the same window.
	Steal []float64 `json:"steal,omitempty"`
	// SelfCPU is this process's CPU time during the sample, in cores
	// (lavapipe's work runs on this process's threads).
	SelfCPU []float64 `json:"self_cpu,omitempty"`
	// Wait is the time this process's threads spent runnable but waiting
	// for a CPU (the run delay in /proc/self/task/*/schedstat), as a share
	// of the sample's wall time, summed over threads.
	Wait []float64 `json:"wait,omitempty"`
	// GPUOther is the engine time (gfx and compute) other DRM clients used
	// on the GPU during the sample (drm-engine-* in /proc/*/fdinfo), as a
	// share of the sample's wall time.
	GPUOther []float64 `json:"gpu_other,omitempty"`
	// SCLKMHz is the shader clock right after the sample (the current
	// pp_dpm_sclk level), 0 when unknown.
	SCLKMHz []float64 `json:"sclk_mhz,omitempty"`
	// The GPU's telemetry around each sample (bench/telemetry, amdgpu
	// only; absent elsewhere and in files written before it): MCLKMHz
	// the memory clock, PowerW the power and TempC the temperature right
	// after the sample, EnergyJ the energy the GPU used during it (J);
	// -1 where not read. With telemetry, SCLKMHz is its shader clock
	// (gpu_metrics' current_gfxclk before pp_dpm_sclk). Throttle names
	// the throttle bits set after each sample ("" none or unknown);
	// GPUSources names each figure's file and member.
	MCLKMHz    []float64         `json:"mclk_mhz,omitempty"`
	PowerW     []float64         `json:"power_w,omitempty"`
	EnergyJ    []float64         `json:"energy_j,omitempty"`
	TempC      []float64         `json:"temp_c,omitempty"`
	Throttle   []string          `json:"throttle,omitempty"`
	GPUSources map[string]string `json:"gpu_sources,omitempty"`
	// Why names the rules a disturbed sample broke ("cpu", "wait",
	// "steal", "gpu", "clock", "throttle", "clock-low", joined by '+'); ""
	// for a quiet sample.
	Why []string `json:"why,omitempty"`
}

// columns lists the figure columns with their names, for validation and
// appending.
func (in *Interference) columns() []struct {
	name string
	col  *[]float64
} {
	return []struct {
		name string
		col  *[]float64
	}{
		{"other_cpu", &in.OtherCPU}, {"steal", &in.Steal}, {"self_cpu", &in.SelfCPU},
		{"wait", &in.Wait}, {"gpu_other", &in.GPUOther}, {"sclk_mhz", &in.SCLKMHz},
		{"mclk_mhz", &in.MCLKMHz}, {"power_w", &in.PowerW}, {"energy_j", &in.EnergyJ}, {"temp_c", &in.TempC},
	}
}

// DisturbedSamples counts the samples marked disturbed.
func (r *Result) DisturbedSamples() int {
	n := 0
	for _, d := range r.Disturbed {
		if d {
			n++
		}
	}
	return n
}

// RunDisturbed splits the disturbed marks by run, in the order of
// RunSamples (one slice per run, aligned with that run's samples; nil
// slices when the result carries no marks).
func (r *Result) RunDisturbed() [][]bool {
	if out := RunColumn(r, r.Disturbed); out != nil {
		return out
	}
	_, samples := r.RunSamples()
	return make([][]bool, len(samples))
}

// RunColumn splits col, a column aligned with r's samples (the disturbed
// marks, an Interference column), by run in the order of RunSamples:
// one slice per run, aligned with that run's samples. It is nil when col
// is not aligned with the samples (or there are none).
func RunColumn[T any](r *Result, col []T) [][]T {
	if len(col) != len(r.Metric.Samples) || len(col) == 0 {
		return nil
	}
	if len(r.SampleRounds) != len(r.Metric.Samples) {
		return [][]T{col}
	}
	rounds, samples := r.RunSamples()
	at := map[int]int{}
	for i, rd := range rounds {
		at[rd] = i
	}
	out := make([][]T, len(samples))
	for i, rd := range r.SampleRounds {
		j := at[rd]
		out[j] = append(out[j], col[i])
	}
	return out
}

// AppendRun appends the samples of one run r (a result of one process) to
// m, with every column aligned to them: SamplesNS, Metric.Samples, the
// round of each sample, the disturbed marks and the interference record.
// Marks or figures one of the two lacks are filled (false, 0, ""), so
// runs with and without an observer merge; columns of m longer than its
// samples (copied from a first run whose samples were then cleared) are
// cut to them first.
func (m *Result) AppendRun(r *Result, round int) {
	for _, w := range r.Warmup {
		w.Round = round
		m.Warmup = append(m.Warmup, w)
	}
	n0, n := len(m.Metric.Samples), len(r.Metric.Samples)
	m.SamplesNS = append(m.SamplesNS, r.SamplesNS...)
	m.Metric.Samples = append(m.Metric.Samples, r.Metric.Samples...)
	for range n {
		m.SampleRounds = append(m.SampleRounds, round)
	}
	if len(r.Disturbed) > 0 || len(m.Disturbed) > 0 {
		m.Disturbed = append(fit(m.Disturbed, n0), fit(r.Disturbed, n)...)
	}
	if r.Interference == nil && m.Interference == nil {
		return
	}
	// A new record: m's may be shared with the run it was copied from.
	in := &Interference{}
	if m.Interference != nil {
		*in = *m.Interference
	}
	src := r.Interference
	if src == nil {
		src = &Interference{}
	}
	dst, from := in.columns(), src.columns()
	for i := range dst {
		if len(*dst[i].col) > 0 || len(*from[i].col) > 0 {
			*dst[i].col = append(fit(*dst[i].col, n0), fit(*from[i].col, n)...)
		}
	}
	if len(in.Why) > 0 || len(src.Why) > 0 {
		in.Why = append(fit(in.Why, n0), fit(src.Why, n)...)
	}
	if len(in.Throttle) > 0 || len(src.Throttle) > 0 {
		in.Throttle = append(fit(in.Throttle, n0), fit(src.Throttle, n)...)
	}
	if in.GPUSources == nil {
		in.GPUSources = src.GPUSources
	}
	m.Interference = in
}

// fit returns a copy of xs cut or padded with zero values to length n.
func fit[T any](xs []T, n int) []T {
	out := make([]T, n)
	copy(out, xs)
	return out
}

// checkInterference reports a result whose marks or interference columns
// do not line up with its samples (a damaged file).
func checkInterference(name string, r *Result) error {
	if r.Status != StatusOK {
		return nil
	}
	n := len(r.Metric.Samples)
	bad := func(what string, k int) error {
		return fmt.Errorf("%s: result %s has %d %s for %d samples: the file is damaged, rerun the benchmark", name, r.ID(), k, what, n)
	}
	if len(r.Disturbed) > 0 && len(r.Disturbed) != n {
		return bad("disturbed marks", len(r.Disturbed))
	}
	if r.Interference == nil {
		return nil
	}
	for _, c := range r.Interference.columns() {
		if len(*c.col) > 0 && len(*c.col) != n {
			return bad(c.name+" figures", len(*c.col))
		}
	}
	if len(r.Interference.Why) > 0 && len(r.Interference.Why) != n {
		return bad("why entries", len(r.Interference.Why))
	}
	if len(r.Interference.Throttle) > 0 && len(r.Interference.Throttle) != n {
		return bad("throttle entries", len(r.Interference.Throttle))
	}
	return nil
}
