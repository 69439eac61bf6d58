package peak

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"strconv"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/coopmat"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/shaders"
)

// coopType is one cooperative-matrix type combination of the one table
// (coopmat.Types), as the peak suite runs it. Its inputs (1 and 1/K,
// K a power of two) are exact in every type for the K devices list (8 to
// 32): E4M3, the narrowest, holds powers of two down to 2^-9.
type coopType struct{ coopmat.Type }

func (t coopType) shader() string { return t.Shader("peak") }

// coopCfg is a variant: ACC independent accumulator chains per subgroup.
type coopCfg struct {
	t   coopType
	acc uint32
}

const (
	// coopSubgroups is how many subgroups a workgroup has.
	coopSubgroups = 4
	// coopIters is the chain length: each step adds exactly 1 to every
	// element (a = 1, b = 1/K), so fp16 accumulators stay exact
	// (ACC + iters < 2^11).
	coopIters = 1024
)

func coopKernel(t coopType, desc string, m kernel.Metric) *kernel.Kernel {
	var vs []kernel.Variant
	for _, acc := range []uint32{1, 2, 4} {
		vs = append(vs, kernel.Variant{Name: fmt.Sprintf("acc%d", acc), Params: map[string]string{"acc": strconv.Itoa(int(acc)), "type": t.In.String() + "->" + t.Acc.String()},
			Data: coopCfg{t: t, acc: acc}})
	}
	return &kernel.Kernel{Name: t.Kernel(), Description: desc, Shaders: []string{t.shader()}, Metric: m, Variants: vs, Supported: coopSupported, Setup: coopSetup}
}

// coopKernels are the peak suite's matrix-instruction kernels.
func coopKernels() []*kernel.Kernel {
	flops := kernel.Metric{Name: "throughput", Unit: "GFLOP/s", Better: resultsfile.HigherIsBetter, Scale: 1, Peak: "fp16"}
	ops := kernel.Metric{Name: "throughput", Unit: "GOP/s", Better: resultsfile.HigherIsBetter, Scale: 1, Peak: "int8"}
	flopsNoPeak := flops
	flopsNoPeak.Peak = ""
	// bf16 WMMA runs at the fp16 rate on RDNA3/4 (docs/facts.md#peak-rates-per-cu-and-clock); the
	// device table has no fp8 figure, so fp8 has no % of peak.
	about := map[string]struct {
		desc   string
		metric kernel.Metric
	}{
		"f16":     {"cooperative-matrix multiply-add chains in registers, fp16 A·B + fp32 C (WMMA on RDNA3/4); 2·M·N·K FLOP per step", flops},
		"f16acc":  {"cooperative-matrix multiply-add chains, fp16 A·B + fp16 C", flops},
		"int8":    {"cooperative-matrix multiply-add chains, int8 A·B + int32 C; 2·M·N·K OP per step", ops},
		"bf16":    {"cooperative-matrix multiply-add chains, bf16 A·B + fp32 C (VK_KHR_shader_bfloat16; RADV on GFX12)", flops},
		"fp8e4m3": {"cooperative-matrix multiply-add chains, fp8 E4M3 A·B + fp32 C (VK_EXT_shader_float8)", flopsNoPeak},
		"fp8e5m2": {"cooperative-matrix multiply-add chains, fp8 E5M2 A·B + fp32 C (VK_EXT_shader_float8)", flopsNoPeak},
	}
	var out []*kernel.Kernel
	for _, t := range coopmat.Types {
		a := about[t.Suffix]
		out = append(out, coopKernel(coopType{t}, a.desc, a.metric))
	}
	return out
}

func coopSupported(d *gpu.PhysicalDevice, v kernel.Variant) (bool, string) {
	c := v.Data.(coopCfg)
	if _, ok, why := coopmat.Shape(d, c.t.In, c.t.Acc); !ok {
		return false, why
	}
	if wg := coopSubgroups * coopmat.SubgroupSize(d); wg > d.Limits.MaxComputeWorkGroupInvocations {
		return false, fmt.Sprintf("needs workgroups of %d invocations", wg)
	}
	return true, ""
}

type coopInstance struct {
	c          coopCfg
	row        coopmat.Properties
	groups     uint32
	subgroups  uint32
	pipe       *gpu.ComputePipeline
	out, in    *gpu.Buffer
	push       []byte
	iterations uint32
}

func coopSetup(d *gpu.Device, v kernel.Variant, p kernel.Params, o kernel.Options) (kernel.Instance, error) {
	c := v.Data.(coopCfg)
	row, ok, why := coopmat.Shape(d.Phys, c.t.In, c.t.Acc)
	if !ok {
		return nil, kernel.Skipf("%s", why)
	}
	if row.K&(row.K-1) != 0 {
		return nil, kernel.Skipf("K = %d is not a power of two: 1/K is not exact", row.K)
	}
	sg := coopmat.SubgroupSize(d.Phys)
	inst := &coopInstance{c: c, row: row, iterations: coopIters}
	// A GPU gets enough subgroups to fill it for milliseconds; a CPU
	// implementation (lavapipe lowers each multiply-add to scalar FMAs)
	// a few and shorter chains.
	inst.groups = 4096
	if o.CPU {
		inst.groups, inst.iterations = 16, 64
	}
	inst.subgroups = inst.groups * coopSubgroups
	spirv, err := shaders.Get(c.t.shader())
	if err != nil {
		return nil, err
	}
	req := uint32(0)
	if d.Phys.Info.SubgroupSizeControl {
		req = sg
	}
	if inst.pipe, err = d.NewComputePipeline(gpu.ComputeSpec{Name: c.t.shader(), SPIRV: spirv, Buffers: 2, PushSize: 4,
		SpecConstants: []uint32{coopSubgroups * sg, c.acc, row.M, row.N, row.K}, RequiredSubgroupSize: req}); err != nil {
		return nil, err
	}
	if inst.out, err = d.NewBuffer(uint64(4*inst.subgroups*row.M*row.N), gpu.HostVisible); err != nil {
		inst.Close()
		return nil, fmt.Errorf("allocate output: %w", err)
	}
	// Poison the output so subgroups that write nothing are caught.
	if err := d.Run(func(cb *gpu.CommandBuffer) error { cb.Fill(inst.out, 0xFFFFFFFF); return nil }); err != nil {
		inst.Close()
		return nil, fmt.Errorf("clear output: %w", err)
	}
	// A = 1, B = 1/K, then A again (the shader's second copy): each step
	// adds K·1·(1/K) = 1 to every element (int8: B = 1, each step adds K).
	var in []byte
	for e := uint32(0); e < 2*row.M*row.K+row.K*row.N; e++ {
		v := float32(1)
		if b := e - row.M*row.K; e >= row.M*row.K && b < row.K*row.N && !c.t.Integer() {
			v = float32(math.Ldexp(1, -bits.TrailingZeros32(row.K)))
		}
		in = c.t.AppendIn(in, v)
	}
	if inst.in, err = d.NewBuffer(uint64(len(in)+3)&^3, gpu.HostVisible); err != nil {
		inst.Close()
		return nil, fmt.Errorf("allocate input: %w", err)
	}
	for len(in)%4 != 0 {
		in = append(in, 0)
	}
	if err := inst.in.Upload(in); err != nil {
		inst.Close()
		return nil, fmt.Errorf("upload A and B: %w", err)
	}
	inst.pipe.Bind(inst.out, inst.in)
	inst.push = binary.LittleEndian.AppendUint32(nil, inst.iterations)
	return inst, nil
}

func (i *coopInstance) Record(cb *gpu.CommandBuffer) {
	i.pipe.Dispatch(cb, i.push, i.groups, 1, 1)
}

// Work is 2·M·N·K per multiply-add, ACC chains of iterations steps per subgroup.
func (i *coopInstance) Work() float64 {
	return float64(i.subgroups) * float64(i.c.acc) * float64(i.iterations) * 2 * float64(i.row.M) * float64(i.row.N) * float64(i.row.K)
}

// want is every output element: Σ over chains j of (j + iterations·step).
func (i *coopInstance) want() uint32 {
	step := uint32(1)
	if i.c.t.Integer() {
		step = i.row.K
	}
	var sum uint32
	for j := uint32(0); j < i.c.acc; j++ {
		sum += j + i.iterations*step
	}
	if i.c.t.Acc == coopmat.ComponentSint32 {
		return sum
	}
	return math.Float32bits(float32(sum))
}

func (i *coopInstance) Verify() (map[string]float64, error) {
	raw := make([]byte, i.out.Size)
	if err := i.out.Download(raw); err != nil {
		return nil, fmt.Errorf("read back the output: %w", err)
	}
	want := i.want()
	n := len(raw) / 4
	bad, first := 0, -1
	var got0 uint32
	for e := 0; e < n; e++ {
		if got := binary.LittleEndian.Uint32(raw[4*e:]); got != want {
			if first < 0 {
				first, got0 = e, got
			}
			bad++
		}
	}
	figs := map[string]float64{"checked_elements": float64(n), "mismatches": float64(bad), "chain_steps": float64(i.iterations)}
	if bad > 0 {
		return figs, fmt.Errorf("%d of %d result elements wrong; first: element %d = %#08x, want %#08x", bad, n, first, got0, want)
	}
	return figs, nil
}

func (i *coopInstance) Extra(float64) map[string]float64 {
	return map[string]float64{"ops_per_dispatch": i.Work(), "subgroups": float64(i.subgroups), "tile_m": float64(i.row.M), "tile_n": float64(i.row.N), "tile_k": float64(i.row.K)}
}

func (i *coopInstance) Close() {
	i.pipe.Close()
	if i.out != nil {
		i.out.Close()
	}
	if i.in != nil {
		i.in.Close()
	}
}
