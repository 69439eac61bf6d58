// Package peak is the ALU peak suite: per invocation, ACC independent
// dependent chains of fp32 FMA (scalar and vec4), fp16 FMA (with
// shaderFloat16), int32 multiply-add and int8 4-way dot products (with
// VK_KHR_shader_integer_dot_product), in GFLOP/s or GOP/s and % of the
// device table's peak. The chain constants come from push constants, so
// the compiler cannot fold the work, and are chosen so that every value
// is exact in its type: the CPU predicts each invocation's result bit for
// bit and Verify checks all of them.
package peak

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/shaders"
)

type dtype int

const (
	fp32 dtype = iota
	fp16
	int32MAD
	int8Dot
)

type cfg struct {
	dtype dtype
	vec   uint32 // 1 or 4 (int32 is always 4, int8 dot is scalar over packed bytes)
	acc   uint32 // independent chains per invocation
}

var shaderOf = map[dtype]string{fp32: "peak_fp32.comp", fp16: "peak_fp16.comp", int32MAD: "peak_int32.comp", int8Dot: "peak_int8.comp"}

const (
	workgroup = 64
	// iters is the chain length (steps per chain per dispatch). It keeps
	// the fp16 chains exact: x0 + iters/4 < 2^11 quarter steps.
	iters = 1024
	// fp32 chains add 2^-10 per step, fp16 chains 2^-2.
	fp32Step = 1.0 / 1024
	fp16Step = 0.25
	// int32 chain constants (a odd, so the chains never collapse).
	madA = 0x01000193
	madB = 0x9E3779B9
	// int8 dot weights: bytes (int8) 3, -2, 1, -1.
	dotW = 0xFF01FE03
)

func variant(dt dtype, vec, acc uint32) kernel.Variant {
	name := fmt.Sprintf("acc%d", acc)
	params := map[string]string{"acc": strconv.Itoa(int(acc))}
	if dt == fp32 || dt == fp16 {
		w := "scalar"
		if vec == 4 {
			w = "vec4"
		}
		name = w + "-" + name
		params["width"] = strconv.Itoa(int(vec))
	}
	return kernel.Variant{Name: name, Params: params, Data: cfg{dtype: dt, vec: vec, acc: acc}}
}

func init() {
	flops := func(peak string) kernel.Metric {
		return kernel.Metric{Name: "throughput", Unit: "GFLOP/s", Better: resultsfile.HigherIsBetter, Scale: 1, Peak: peak}
	}
	ops := func(peak string) kernel.Metric {
		return kernel.Metric{Name: "throughput", Unit: "GOP/s", Better: resultsfile.HigherIsBetter, Scale: 1, Peak: peak}
	}
	mk := func(name, desc string, dt dtype, m kernel.Metric, vs ...kernel.Variant) *kernel.Kernel {
		return &kernel.Kernel{Name: name, Description: desc, Shaders: []string{shaderOf[dt]}, Metric: m, Variants: vs, Supported: supported, Setup: setup}
	}
	kernel.Register(&kernel.Suite{
		Name:        "peak",
		Description: "ALU peak: dependent FMA / multiply-add / dot-product chains, exact and checked",
		Kernels: append([]*kernel.Kernel{
			mk("fp32", "fp32 FMA chains acc = fma(acc, a, b); 2 FLOP per FMA per lane", fp32, flops("fp32"),
				variant(fp32, 1, 8), variant(fp32, 4, 1), variant(fp32, 4, 2), variant(fp32, 4, 3), variant(fp32, 4, 4)),
			mk("fp16", "fp16 FMA chains (needs shaderFloat16); 2 FLOP per FMA per lane", fp16, flops("fp16"),
				variant(fp16, 1, 8), variant(fp16, 4, 4)),
			mk("int32", "int32 multiply-add chains acc = acc·a + b (uvec4, wrapping); 2 OP per lane", int32MAD, ops(""),
				variant(int32MAD, 4, 2), variant(int32MAD, 4, 4)),
			mk("int8dot", "int8 4-way dot-product chains acc += dot(int8x4(acc), w) (VK_KHR_shader_integer_dot_product); 8 OP per dot", int8Dot, ops("int8"),
				variant(int8Dot, 1, 8)),
		}, coopKernels()...),
	})
}

func supported(d *gpu.PhysicalDevice, v kernel.Variant) (bool, string) {
	c := v.Data.(cfg)
	if d.Limits.MaxComputeWorkGroupInvocations < workgroup {
		return false, fmt.Sprintf("needs workgroups of %d invocations", workgroup)
	}
	switch c.dtype {
	case fp16:
		if !d.Info.ShaderFloat16 {
			return false, "device lacks shaderFloat16 (fp16 arithmetic)"
		}
	case int8Dot:
		if !d.Extensions["VK_KHR_shader_integer_dot_product"] && d.APIVersion>>12&0x3ff < 3 {
			return false, "device lacks VK_KHR_shader_integer_dot_product"
		}
		if !d.Info.IntegerDotProduct {
			return false, "device lacks the shaderIntegerDotProduct feature"
		}
	}
	return true, ""
}

type instance struct {
	cfg  cfg
	inv  uint32
	pipe *gpu.ComputePipeline
	out  *gpu.Buffer
	push []byte
}

// invocations: enough for a GPU to be busy for milliseconds; a CPU
// implementation gets a smaller grid (still ~10 ms of work there, so the
// fixed cost of a dispatch stays below 1%).
func invocations(o kernel.Options) uint32 {
	if o.CPU {
		return 1 << 14
	}
	return 1 << 20
}

func setup(d *gpu.Device, v kernel.Variant, p kernel.Params, o kernel.Options) (kernel.Instance, error) {
	c := v.Data.(cfg)
	if c.dtype == fp16 && !d.Features.ShaderFloat16 {
		return nil, kernel.Skipf("shaderFloat16 was not enabled on the device")
	}
	if c.dtype == int8Dot && !d.Features.IntegerDotProduct {
		return nil, kernel.Skipf("shaderIntegerDotProduct was not enabled on the device")
	}
	inst := &instance{cfg: c, inv: invocations(o)}
	if g := inst.inv / workgroup; g > d.Phys.Limits.MaxComputeWorkGroupCount[0] {
		inst.inv = d.Phys.Limits.MaxComputeWorkGroupCount[0] * workgroup
	}
	spirv, err := shaders.Get(shaderOf[c.dtype])
	if err != nil {
		return nil, err
	}
	spec := []uint32{workgroup, c.vec, c.acc}
	if c.dtype == int32MAD || c.dtype == int8Dot {
		spec = []uint32{workgroup, c.acc}
	}
	if inst.pipe, err = d.NewComputePipeline(gpu.ComputeSpec{Name: shaderOf[c.dtype], SPIRV: spirv, Buffers: 1, PushSize: 12, SpecConstants: spec}); err != nil {
		return nil, err
	}
	if inst.out, err = d.NewBuffer(uint64(4*inst.inv), gpu.HostVisible); err != nil {
		inst.Close()
		return nil, fmt.Errorf("allocate output: %w", err)
	}
	// Poison the output so invocations that write nothing are caught.
	if err := d.Run(func(cb *gpu.CommandBuffer) error { cb.Fill(inst.out, 0xFFFFFFFF); return nil }); err != nil {
		inst.Close()
		return nil, fmt.Errorf("clear output: %w", err)
	}
	inst.pipe.Bind(inst.out)
	inst.push = make([]byte, 12)
	switch c.dtype {
	case fp32:
		binary.LittleEndian.PutUint32(inst.push[0:], math.Float32bits(1))
		binary.LittleEndian.PutUint32(inst.push[4:], math.Float32bits(fp32Step))
	case fp16:
		binary.LittleEndian.PutUint32(inst.push[0:], math.Float32bits(1))
		binary.LittleEndian.PutUint32(inst.push[4:], math.Float32bits(fp16Step))
	case int32MAD:
		binary.LittleEndian.PutUint32(inst.push[0:], madA)
		binary.LittleEndian.PutUint32(inst.push[4:], madB)
	case int8Dot:
		binary.LittleEndian.PutUint32(inst.push[0:], dotW)
	}
	binary.LittleEndian.PutUint32(inst.push[8:], iters)
	return inst, nil
}

func (i *instance) Record(cb *gpu.CommandBuffer) {
	i.pipe.Dispatch(cb, i.push, i.inv/workgroup, 1, 1)
}

// Work is FLOP (or OP) per dispatch: FMA and multiply-add count 2 per
// lane, a 4-way int8 dot product with accumulation 8.
func (i *instance) Work() float64 {
	perStep := 2 * float64(i.cfg.vec)
	switch i.cfg.dtype {
	case int32MAD:
		perStep = 2 * 4
	case int8Dot:
		perStep = 8
	}
	return float64(i.inv) * float64(i.cfg.acc) * iters * perStep
}

// want is the CPU's prediction of invocation g's output word.
func (i *instance) want(g uint32) uint32 {
	c := i.cfg
	lanes := c.acc * c.vec
	switch c.dtype {
	case fp32, fp16:
		// Chain k of lane l starts at x0 + (k·vec + l) and adds step
		// iters times, exactly; the sum of all chains is exact in fp32.
		x0, step := float64(g&255), fp32Step
		if c.dtype == fp16 {
			x0, step = float64(g&7), fp16Step
		}
		var sum float64
		for j := uint32(0); j < lanes; j++ {
			sum += x0 + float64(j) + iters*step
		}
		return math.Float32bits(float32(sum))
	case int32MAD:
		var sum uint32
		for j := uint32(0); j < 4*c.acc; j++ {
			x := g + j
			for range iters {
				x = x*madA + madB
			}
			sum += x
		}
		return sum
	case int8Dot:
		var sum uint32
		for j := uint32(0); j < c.acc; j++ {
			acc := int32(g*0x01010101 + j*0x02030405)
			for range iters {
				acc += dot4(uint32(acc), dotW)
			}
			sum += uint32(acc)
		}
		return sum
	}
	return 0
}

// dot4 is OpSDot on 4x8-bit packed signed vectors.
func dot4(a, b uint32) int32 {
	var s int32
	for k := 0; k < 4; k++ {
		s += int32(int8(a>>(8*k))) * int32(int8(b>>(8*k)))
	}
	return s
}

func (i *instance) Verify() (map[string]float64, error) {
	raw := make([]byte, i.out.Size)
	if err := i.out.Download(raw); err != nil {
		return nil, fmt.Errorf("read back: %w", err)
	}
	bad, first := 0, -1
	var got0, want0 uint32
	// The prediction depends on g only through x0 for float chains; the
	// integer chains are replayed for a sample of invocations plus every
	// one whose result repeats the pattern (all of them for small grids).
	step := uint32(1)
	if (i.cfg.dtype == int32MAD || i.cfg.dtype == int8Dot) && i.inv > 1<<12 {
		step = 61 // co-prime to the workgroup size: samples every lane position
	}
	checked := 0
	for g := uint32(0); g < i.inv; g += step {
		got, want := binary.LittleEndian.Uint32(raw[4*g:]), i.want(g)
		checked++
		if got != want {
			if first < 0 {
				first, got0, want0 = int(g), got, want
			}
			bad++
		}
	}
	if step > 1 { // always include the last invocation
		g := i.inv - 1
		if got, want := binary.LittleEndian.Uint32(raw[4*g:]), i.want(g); got != want {
			if first < 0 {
				first, got0, want0 = int(g), got, want
			}
			bad++
		}
		checked++
	}
	figs := map[string]float64{"checked_invocations": float64(checked), "invocations": float64(i.inv), "mismatches": float64(bad), "chain_steps": iters}
	if bad > 0 {
		return figs, fmt.Errorf("%d of %d checked invocations wrong; first: invocation %d wrote %#08x, want %#08x", bad, checked, first, got0, want0)
	}
	return figs, nil
}

func (i *instance) Extra(float64) map[string]float64 {
	return map[string]float64{"ops_per_dispatch": i.Work(), "invocations": float64(i.inv), "chains_per_invocation": float64(i.cfg.acc * max(i.cfg.vec, 1))}
}

func (i *instance) Close() {
	i.pipe.Close()
	i.out.Close()
}
