package matmul

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/coopmat"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/shaders"
)

// coopType is one cooperative-matrix type combination of the one table
// (coopmat.Types), as the matmul suite runs it.
type coopType struct{ coopmat.Type }

func (t coopType) shader() string { return t.Shader("matmul") }

// ch is how many A/B elements one 16-byte vector load holds.
func (t coopType) ch() uint32 { return uint32(16 / t.InBytes()) }

// coopConfig is a cooperative-matrix variant: wm×wn subgroups per
// workgroup, each with tm×tn accumulator tiles, ks tiles of K per
// shared-memory step. The tile shape itself comes from the device.
type coopConfig struct {
	t                  coopType
	wm, wn, tm, tn, ks uint32
}

func coopVariant(t coopType, wm, wn, tm, tn, ks uint32) kernel.Variant {
	return kernel.Variant{
		Name: fmt.Sprintf("sg%dx%d-t%dx%d-k%d", wm, wn, tm, tn, ks),
		Params: map[string]string{
			"type": t.In.String() + "->" + t.Acc.String(), "subgroups": fmt.Sprintf("%dx%d", wm, wn),
			"tiles": fmt.Sprintf("%dx%d", tm, tn), "ksteps": strconv.Itoa(int(ks)),
		},
		Data: coopConfig{t: t, wm: wm, wn: wn, tm: tm, tn: tn, ks: ks},
	}
}

// coopKernel is the GEMM kernel of one type combination, with a small
// sweep of workgroup shapes and tile counts. K-steps of 8 tiles
// (sg1x1-t4x4-k8, sg2x2-t2x4-k8: lavapipe's fastest) are not
// registered: on RADV the first keeps its 16 accumulators in scratch
// at one or two subgroups per SIMD, the second needs 53-55 KiB of
// shared memory for fp16 and bf16 (NVIDIA has 48 KiB) for the block
// that coopblock-<type>/sg2x2-t2x4 computes with a depth chosen per
// device. tune still sweeps them where they fit (coopSpace).
func coopKernel(t coopType, desc string, metric kernel.Metric) *kernel.Kernel {
	metric.Roofline = "peak/" + t.Kernel() // the matrix cores' own peak, same types
	v := func(wm, wn, tm, tn, ks uint32) kernel.Variant { return coopVariant(t, wm, wn, tm, tn, ks) }
	return &kernel.Kernel{
		Name: t.Kernel(), Description: desc, Shaders: []string{t.shader()}, Metric: metric,
		Variants:  []kernel.Variant{v(2, 2, 2, 2, 2), v(1, 1, 2, 2, 2), v(2, 2, 1, 1, 2), v(2, 1, 4, 2, 1), v(4, 2, 2, 4, 2)},
		Sizes:     func(o kernel.Options) []kernel.Params { return defaultSizes(o) },
		ParseSize: ParseSize, Supported: coopSupported, Setup: coopSetup,
	}
}

// coopKernels are the matmul suite's cooperative-matrix kernels, one per
// type combination.
func coopKernels() []*kernel.Kernel {
	gops := kernel.Metric{Name: "throughput", Unit: "GOP/s", Better: resultsfile.HigherIsBetter, Scale: 1, Peak: "int8"}
	// RDNA3/4 run bf16 WMMA at the fp16 rate (docs/facts.md#peak-rates-per-cu-and-clock); the device
	// table has no fp8 figure, so fp8 has no % of peak.
	about := map[string]struct {
		desc   string
		metric kernel.Metric
	}{
		"f16":     {"cooperative matrices (VK_KHR_cooperative_matrix): fp16 A, B, fp32 accumulation and C; shared-memory staging, 16-byte loads", gflops("fp16")},
		"f16acc":  {"cooperative matrices: fp16 A, B, fp16 accumulation and C", gflops("fp16")},
		"int8":    {"cooperative matrices: int8 A, B, int32 accumulation and C (exact)", gops},
		"bf16":    {"cooperative matrices: bf16 A, B, fp32 accumulation and C (VK_KHR_shader_bfloat16; RADV on GFX12)", gflops("fp16")},
		"fp8e4m3": {"cooperative matrices: fp8 E4M3 A, B, fp32 accumulation and C (VK_EXT_shader_float8)", gflops("")},
		"fp8e5m2": {"cooperative matrices: fp8 E5M2 A, B, fp32 accumulation and C (VK_EXT_shader_float8)", gflops("")},
	}
	var out []*kernel.Kernel
	for _, t := range coopmat.Types {
		a := about[t.Suffix]
		out = append(out, coopKernel(coopType{t}, a.desc, a.metric))
	}
	for _, t := range coopmat.Types {
		a := about[t.Suffix]
		desc := "GPU-grade block GEMM, " + strings.TrimSuffix(a.desc, "; shared-memory staging, 16-byte loads") +
			"; B held transposed (N×K); 16-byte chunks straight to shared memory, two stages, K-step and stages chosen to fit the device"
		out = append(out, coopBlockKernel(coopType{t}, desc, a.metric))
	}
	return out
}

// coopGeometry is a variant on a device: the device's tile shape, the
// subgroup size it runs with and the block of C a workgroup computes.
type coopGeometry struct {
	row                coopmat.Properties
	sg, lx, bm, bn, bk uint32
	shared             uint32
}

func coopGeom(d *gpu.PhysicalDevice, c coopConfig) (g coopGeometry, ok bool, why string) {
	row, ok, why := coopmat.Shape(d, c.t.In, c.t.Acc)
	if !ok {
		return g, false, why
	}
	lim := d.Limits
	return coopGeomOn(c, row, coopmat.SubgroupSize(d), coopLimits{lim.MaxComputeSharedMemorySize, lim.MaxComputeWorkGroupInvocations, lim.MaxComputeWorkGroupSize[0]})
}

// coopLimits are the device limits a cooperative-matrix configuration
// must fit: shared memory (bytes), workgroup invocations and width.
type coopLimits struct{ shared, invocations, width uint32 }

// coopGeomOn is coopGeom for a device whose tile shape (row), subgroup
// size and limits are given (the tables of RADV, NVIDIA and lavapipe in
// tests).
func coopGeomOn(c coopConfig, row coopmat.Properties, sg uint32, lim coopLimits) (g coopGeometry, ok bool, why string) {
	g.row, g.sg = row, sg
	g.lx = g.sg * c.wm * c.wn
	g.bm, g.bn, g.bk = c.wm*c.tm*g.row.M, c.wn*c.tn*g.row.N, c.ks*g.row.K
	// As (BM × (BK+CH)), Bs (BK × (BN+CH)) and one C tile per subgroup.
	g.shared = uint32(c.t.InBytes())*(g.bm*(g.bk+c.t.ch())+g.bk*(g.bn+c.t.ch())) + uint32(c.t.AccBytes())*c.wm*c.wn*g.row.M*g.row.N
	switch {
	case g.lx > lim.invocations || g.lx > lim.width:
		return g, false, fmt.Sprintf("workgroup of %d invocations (%dx%d subgroups of %d) exceeds the device's limits", g.lx, c.wm, c.wn, g.sg)
	case g.shared > lim.shared:
		return g, false, fmt.Sprintf("needs %d bytes of shared memory, the device has %d", g.shared, lim.shared)
	}
	return g, true, ""
}

func coopSupported(d *gpu.PhysicalDevice, v kernel.Variant) (bool, string) {
	_, ok, why := coopGeom(d, v.Data.(coopConfig))
	return ok, why
}

// coopInstance is a cooperative-matrix GEMM set up for one size; it shares
// the float instances' buffers, problem data and verification.
type coopInstance struct {
	instance
	t coopType
}

func coopSetup(d *gpu.Device, v kernel.Variant, p kernel.Params, o kernel.Options) (kernel.Instance, error) {
	c := v.Data.(coopConfig)
	g, ok, why := coopGeom(d.Phys, c)
	if !ok {
		return nil, kernel.Skipf("%s", why)
	}
	spec := func(k, n uint32) []uint32 {
		// 16-byte loads need every row of A and B to start on a 16-byte boundary.
		ch := c.t.ch()
		vec := b2u(k%ch == 0 && n%ch == 0 && g.bk%ch == 0 && g.bn%ch == 0)
		return []uint32{g.lx, c.wm, c.wn, c.tm, c.tn, c.ks, g.row.M, g.row.N, g.row.K, vec}
	}
	return asInstance(newCoopInstance(d, c.t, c.t.shader(), g.bm, g.bn, g.sg, spec, false, p, o))
}

// asInstance keeps a failed setup's instance a nil interface, not a typed nil.
func asInstance(i *coopInstance, err error) (kernel.Instance, error) {
	if err != nil {
		return nil, err
	}
	return i, nil
}

// newCoopInstance sets a cooperative-matrix GEMM up for one size: a
// workgroup computes a bm×bn block of C with subgroups of sg; spec gives
// the specialization constants for K and N. transB uploads B transposed
// (N×K row-major, k-contiguous); the product and its check are the same.
func newCoopInstance(d *gpu.Device, t coopType, shader string, bm, bn, sg uint32, spec func(k, n uint32) []uint32,
	transB bool, p kernel.Params, o kernel.Options) (*coopInstance, error) {
	m, n, k := int(p["M"]), int(p["N"]), int(p["K"])
	sizes := []uint64{uint64(m) * uint64(k) * t.InBytes(), uint64(k) * uint64(n) * t.InBytes(), uint64(m) * uint64(n) * t.AccBytes()}
	for _, s := range sizes {
		if err := d.CheckStorageSize(s); err != nil {
			return nil, kernel.Skipf("%v", err)
		}
	}
	if int64(m)*int64(k) > math.MaxUint32 || int64(k)*int64(n) > math.MaxUint32 || int64(m)*int64(n) > math.MaxUint32 {
		return nil, kernel.Skipf("matrix of more than 2^32 elements: 32-bit indices in the shader")
	}
	gx, gy := (uint32(n)+bn-1)/bn, (uint32(m)+bm-1)/bm
	if gx > d.Phys.Limits.MaxComputeWorkGroupCount[0] || gy > d.Phys.Limits.MaxComputeWorkGroupCount[1] {
		return nil, kernel.Skipf("needs %dx%d workgroups, more than maxComputeWorkGroupCount", gx, gy)
	}
	spirv, err := shaders.Get(shader)
	if err != nil {
		return nil, err
	}
	inst := &coopInstance{t: t, instance: instance{gx: gx, gy: gy, cBytes: sizes[2]}}
	// Quantized inputs (multiples of 1/4 in [-1, 1]) are exact in fp16;
	// int8 stores them times 4, so C is 16× the reference, exactly.
	inst.prob = getProblem(o.Shared, m, n, k, o.Seed, true)
	fail := func(err error) (*coopInstance, error) {
		inst.Close()
		return nil, err
	}
	req := uint32(0)
	if d.Phys.Info.SubgroupSizeControl {
		req = sg
	}
	if inst.pipe, err = d.NewComputePipeline(gpu.ComputeSpec{
		Name: shader, SPIRV: spirv, Buffers: 3, PushSize: 12, SpecConstants: spec(uint32(k), uint32(n)), RequiredSubgroupSize: req,
	}); err != nil {
		return fail(err)
	}
	inst.own.Add(inst.pipe.Close)
	bufs := make([]*gpu.Buffer, 3)
	for i, size := range sizes {
		// Round up to whole 16-byte vectors for the vector path's view.
		if bufs[i], err = d.NewBufferUsage((size+15)&^15, gpu.DeviceLocal, 0); err != nil {
			return fail(fmt.Errorf("allocate matrix %c (%d bytes): %w", "ABC"[i], size, err))
		}
		inst.own.Add(bufs[i].Close)
	}
	inst.a, inst.b, inst.c = bufs[0], bufs[1], bufs[2]
	if err := inst.a.Upload(t.encode(inst.prob.A)); err != nil {
		return fail(fmt.Errorf("upload A: %w", err))
	}
	bHost := inst.prob.B
	if transB {
		bHost = transpose(bHost, k, n)
	}
	if err := inst.b.Upload(t.encode(bHost)); err != nil {
		return fail(fmt.Errorf("upload B: %w", err))
	}
	// Poison C so that elements a kernel fails to write are caught.
	if err := d.Run(func(cb *gpu.CommandBuffer) error { cb.Fill(inst.c, 0x7fc07fc0); return nil }); err != nil {
		return fail(fmt.Errorf("clear C: %w", err))
	}
	inst.pipe.Bind(inst.a, inst.b, inst.c)
	inst.push = make([]byte, 12)
	binary.LittleEndian.PutUint32(inst.push[0:], uint32(m))
	binary.LittleEndian.PutUint32(inst.push[4:], uint32(n))
	binary.LittleEndian.PutUint32(inst.push[8:], uint32(k))
	return inst, nil
}

// encode stores quantized inputs as the type's A/B elements; int8 holds
// them times 4 (exactly), so C is 16× the reference.
func (t coopType) encode(xs []float32) []byte {
	if t.Integer() {
		scaled := make([]float32, len(xs))
		for i, x := range xs {
			scaled[i] = 4 * x
		}
		xs = scaled
	}
	return t.EncodeIn(xs)
}

func (i *coopInstance) Verify() (map[string]float64, error) {
	raw := make([]byte, i.cBytes)
	if err := i.c.Download(raw); err != nil {
		return nil, fmt.Errorf("read back C: %w", err)
	}
	scale := 1.0
	if i.t.Integer() {
		scale = 16 // int8 inputs were scaled by 4
	}
	at := func(idx int) float64 { return i.t.AccAt(raw, idx) / scale }
	stats, bad, worst := i.prob.check(at, i.t.UnitRoundoff())
	if bad > 0 {
		return stats, fmt.Errorf("%d of %d checked elements outside tolerance; first: %s", bad, int(stats["checked_elements"]), worst)
	}
	return stats, nil
}

// transpose returns the rows×cols row-major matrix x as cols×rows.
func transpose(x []float32, rows, cols int) []float32 {
	out := make([]float32, len(x))
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			out[c*rows+r] = x[r*cols+c]
		}
	}
	return out
}
