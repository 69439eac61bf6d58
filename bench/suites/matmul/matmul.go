// Package matmul is the GEMM suite: C = A·B, row-major, in five kernel
// families — naive, shared-memory tiled, register-blocked (with and without
// shared memory), fp16 storage with fp32 accumulation and fp16 arithmetic.
// Tile sizes and workgroup shapes are specialization constants, so a sweep
// over them finds the best tile on each device. Every instance is verified
// against a float64 CPU reference before it is timed.
package matmul

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/narrowfloat"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/shaders"
)

// dtype is how a kernel stores and computes.
type dtype int

const (
	fp32 dtype = iota
	fp16Storage
	fp16Arith
)

// config is a variant's typed form: shader, spec constants, tile shape.
type config struct {
	shader string
	dtype  dtype
	// wx, wy: workgroup shape; bm, bn: the block of C a workgroup computes.
	wx, wy, bm, bn uint32
	spec           []uint32
	shared         uint32 // bytes of shared memory
	// subgroup: needs subgroups of >= 8 invocations with ballot ops.
	subgroup bool
	// int64: needs shaderInt64 (64-bit loads) and bufferDeviceAddress.
	int64 bool
	// block: the fp32 block kernel, whose spec constants and shared
	// memory are chosen per device (blockFit); spec and shared are unset.
	block *blockShape
}

func naive(wx, wy uint32) kernel.Variant {
	return kernel.Variant{
		Name:   fmt.Sprintf("wg%dx%d", wx, wy),
		Params: map[string]string{"wg": fmt.Sprintf("%dx%d", wx, wy)},
		Data:   config{shader: "matmul_naive.comp", wx: wx, wy: wy, bm: wy, bn: wx, spec: []uint32{wx, wy}},
	}
}

func tiled(t uint32) kernel.Variant {
	return kernel.Variant{
		Name:   fmt.Sprintf("tile%d", t),
		Params: map[string]string{"tile": strconv.Itoa(int(t))},
		Data:   config{shader: "matmul_tiled.comp", wx: t, wy: t, bm: t, bn: t, spec: []uint32{t}, shared: 2 * 4 * t * t},
	}
}

func regblock(shader string, dt dtype, wx, wy, tm, tn, bk uint32) kernel.Variant {
	elem := uint32(4)
	if dt == fp16Arith {
		elem = 2
	}
	return kernel.Variant{
		Name: fmt.Sprintf("wg%dx%d-t%dx%d-k%d", wx, wy, tm, tn, bk),
		Params: map[string]string{
			"wg": fmt.Sprintf("%dx%d", wx, wy), "tm": strconv.Itoa(int(tm)), "tn": strconv.Itoa(int(tn)),
			"bk": strconv.Itoa(int(bk)),
		},
		Data: config{shader: shader, dtype: dt, wx: wx, wy: wy, bm: wy * tm, bn: wx * tn,
			spec: []uint32{wx, wy, tm, tn, bk}, shared: elem * bk * (wy*tm + wx*tn)},
	}
}

func direct(wx, wy, tm, tn uint32) kernel.Variant {
	return kernel.Variant{
		Name: fmt.Sprintf("wg%dx%d-t%dx%d", wx, wy, tm, tn),
		Params: map[string]string{
			"wg": fmt.Sprintf("%dx%d", wx, wy), "tm": strconv.Itoa(int(tm)), "tn": strconv.Itoa(int(tn)),
		},
		Data: config{shader: "matmul_direct.comp", wx: wx, wy: wy, bm: wy * tm, bn: wx * tn, spec: []uint32{wx, wy, tm, tn}},
	}
}

func lanes(wx, tm8, tn4 uint32) kernel.Variant {
	return kernel.Variant{
		Name: fmt.Sprintf("wg%d-t%dx%d", wx, 8*tm8, 4*tn4),
		Params: map[string]string{
			"wg": fmt.Sprintf("%dx1", wx), "tm": strconv.Itoa(int(8 * tm8)), "tn": strconv.Itoa(int(4 * tn4)),
		},
		// spec[2] (WIDE) is set per size in setup; spec[3] is TM8.
		Data: config{shader: "matmul_lanes.comp", wx: wx, wy: 1, bm: 8 * tm8, bn: 4 * wx * tn4, spec: []uint32{wx, tn4, 1, tm8}, subgroup: true, int64: true},
	}
}

// gflops is a GEMM's metric: a share of the device table's peak, and of
// the same run's peak/<peak> (fp32, fp16: the ALU peak of that type).
func gflops(peak string) kernel.Metric {
	m := kernel.Metric{Name: "throughput", Unit: "GFLOP/s", Better: resultsfile.HigherIsBetter, Scale: 1, Peak: peak}
	if peak != "" {
		m.Roofline = "peak/" + peak
	}
	return m
}

func init() {
	sizes := func(o kernel.Options) []kernel.Params { return defaultSizes(o) }
	mk := func(name, desc string, shader string, metric kernel.Metric, vs ...kernel.Variant) *kernel.Kernel {
		return &kernel.Kernel{
			Name: name, Description: desc, Shaders: []string{shader}, Metric: metric, Variants: vs,
			Sizes: sizes, ParseSize: ParseSize, Supported: supported, Setup: setup,
		}
	}
	kernel.Register(&kernel.Suite{
		Name:        "matmul",
		Description: "GEMM C = A·B (row-major): naive, tiled, register-blocked (shared memory, direct, subgroup lanes), GPU-grade double-buffered blocks (fp32 and cooperative matrices), fp16 storage and fp16 arithmetic, cooperative matrices",
		Kernels: append([]*kernel.Kernel{
			mk("naive", "one invocation per element of C, no data reuse", "matmul_naive.comp", gflops("fp32"),
				naive(16, 16)),
			mk("tiled", "TILE×TILE shared-memory tiles, one element per invocation", "matmul_tiled.comp", gflops("fp32"),
				tiled(16)),
			mk("regblock", "shared-memory blocks, TM×TN register micro-tile per invocation", "matmul_regblock.comp", gflops("fp32"),
				regblock("matmul_regblock.comp", fp32, 16, 16, 4, 4, 16),
				regblock("matmul_regblock.comp", fp32, 16, 16, 8, 8, 8),
				regblock("matmul_regblock.comp", fp32, 8, 8, 8, 4, 32),
				regblock("matmul_regblock.comp", fp32, 32, 8, 4, 4, 16)),
			mk("direct", "TM×TN register micro-tile per invocation straight from memory, no barriers", "matmul_direct.comp", gflops("fp32"),
				direct(8, 8, 4, 4),
				direct(8, 8, 4, 8),
				direct(16, 4, 4, 4),
				direct(8, 1, 8, 4)),
			mk("lanes", "8 rows per workgroup, A shared by subgroup broadcast, 64-bit loads: fewest memory instructions per FMA", "matmul_lanes.comp", gflops("fp32"),
				lanes(8, 1, 1), lanes(8, 2, 1), lanes(8, 2, 2), lanes(64, 2, 1), lanes(64, 2, 2)),
			blockKernel(mk("block", "GPU-grade fp32 GEMM: BM×BN block double-buffered through shared memory (A transposed, padded), 16-byte loads, 8×8 register micro-tile; K-step and stages chosen to fit the device's shared memory; -splitk: K split over 2-8 workgroups a block, partial products added in order by a second dispatch, where the blocks underfill the device", "matmul_block.comp", gflops("fp32"),
				blockVariants()...)),
			mk("f16storage", "register-blocked, A and B stored as fp16, fp32 accumulation", "matmul_f16storage.comp", gflops("fp32"),
				regblock("matmul_f16storage.comp", fp16Storage, 16, 16, 4, 4, 16)),
			mk("f16arith", "register-blocked, fp16 storage, fp16 FMA and fp16 C", "matmul_f16arith.comp", gflops("fp16"),
				regblock("matmul_f16arith.comp", fp16Arith, 16, 16, 4, 4, 16)),
		}, coopKernels()...),
	})
}

// defaultSizes: a sweep of squares plus non-square and odd shapes; on a
// GPU up to 4096³ and 4096×14336×4096. On a CPU implementation the squares
// stop at 1024³ (a 2048³ naive GEMM takes
// ~20 s a dispatch on lavapipe); --sizes runs anything.
func defaultSizes(o kernel.Options) []kernel.Params {
	if len(o.Sizes) > 0 {
		return o.Sizes
	}
	cube := func(n int64) kernel.Params { return kernel.Params{"M": n, "N": n, "K": n} }
	shape := func(m, n, k int64) kernel.Params { return kernel.Params{"M": m, "N": n, "K": k} }
	// Each full list has a tall-K shape (K far beyond M and N), whose
	// blocks underfill the device: what block's split-K variants are for.
	// The quick list, a check of every kernel at a few seconds a
	// benchmark, leaves it out: it would add a size to every kernel (a
	// quarter more benchmarks, in every test and gpu-check that runs the
	// suite quick) for the split-K variants alone, which their own tests
	// verify at tall-K sizes (TestSplitKVerifies, TestSplitKChosen).
	if o.Quick {
		return []kernel.Params{cube(64), shape(100, 37, 129), cube(256)}
	}
	if o.CPU {
		return []kernel.Params{cube(256), cube(512), cube(1024), shape(2048, 512, 1024), shape(999, 1001, 997), shape(128, 128, 8192)}
	}
	// A GPU: squares up to 4096³ and an LLM-like 4096×14336×4096 (a
	// 7-8B model's feed-forward projection over 4096 tokens), which fill
	// a discrete GPU.
	return []kernel.Params{cube(256), cube(512), cube(1024), cube(2048), cube(4096), shape(4096, 14336, 4096), shape(2048, 512, 1024), shape(999, 1001, 997), shape(256, 256, 16384)}
}

// ParseSize parses "N" (an N×N×N cube) or "MxNxK".
func ParseSize(s string) (kernel.Params, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	parts := strings.Split(s, "x")
	if len(parts) != 1 && len(parts) != 3 {
		return nil, fmt.Errorf("malformed size %q: use N (a cube) or MxNxK, e.g. 1024 or 2048x512x4096", s)
	}
	var v [3]int64
	for i, part := range parts {
		n, err := strconv.ParseInt(part, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("malformed size %q: %q is not a whole number; use N or MxNxK, e.g. 2048x512x4096", s, part)
		}
		if n <= 0 {
			return nil, fmt.Errorf("size %q: dimensions must be positive", s)
		}
		if n > 1<<20 {
			return nil, fmt.Errorf("size %q: dimension %d is larger than 1048576", s, n)
		}
		v[i] = n
	}
	if len(parts) == 1 {
		v[1], v[2] = v[0], v[0]
	}
	return kernel.Params{"M": v[0], "N": v[1], "K": v[2]}, nil
}

func supported(d *gpu.PhysicalDevice, v kernel.Variant) (bool, string) {
	c := v.Data.(config)
	if c.block != nil {
		_, ok, why := blockFit(*c.block, limitsOf(d))
		return ok, why
	}
	lim := d.Limits
	if c.wx*c.wy > lim.MaxComputeWorkGroupInvocations || c.wx > lim.MaxComputeWorkGroupSize[0] || c.wy > lim.MaxComputeWorkGroupSize[1] {
		return false, fmt.Sprintf("workgroup %dx%d exceeds the device's limits", c.wx, c.wy)
	}
	if c.shared > lim.MaxComputeSharedMemorySize {
		return false, fmt.Sprintf("needs %d bytes of shared memory, the device has %d", c.shared, lim.MaxComputeSharedMemorySize)
	}
	if c.subgroup {
		const ballot = 1 << 3  // VK_SUBGROUP_FEATURE_BALLOT_BIT
		const compute = 1 << 5 // VK_SHADER_STAGE_COMPUTE_BIT
		if d.Info.SubgroupSize < 8 || d.Info.SubgroupOps&ballot == 0 || d.Info.SubgroupStages&compute == 0 {
			return false, fmt.Sprintf("needs compute subgroups of >= 8 invocations with ballot operations (device: size %d)", d.Info.SubgroupSize)
		}
	}
	if c.int64 && !d.Info.ShaderInt64 {
		return false, "device lacks shaderInt64 (64-bit loads)"
	}
	if c.int64 && !d.Info.BufferDeviceAddress {
		return false, "device lacks bufferDeviceAddress"
	}
	switch c.dtype {
	case fp16Storage:
		if !d.Info.StorageBuffer16Bit {
			return false, "device lacks storageBuffer16BitAccess (fp16 storage)"
		}
		if !d.Info.ShaderFloat16 {
			return false, "device lacks shaderFloat16 (needed to convert fp16 loads)"
		}
	case fp16Arith:
		if !d.Info.ShaderFloat16 {
			return false, "device lacks shaderFloat16 (fp16 arithmetic)"
		}
		if !d.Info.StorageBuffer16Bit {
			return false, "device lacks storageBuffer16BitAccess (fp16 storage)"
		}
	}
	return true, ""
}

// getProblem returns the data and reference of a size, shared by the
// variants of the size through the runner's per-size state.
func getProblem(sh *kernel.Shared, m, n, k int, seed uint64, quantized bool) *problem {
	key := fmt.Sprintf("%d/%d/%d/%d/%v", m, n, k, seed, quantized)
	return kernel.Share(sh, key, func() *problem { return newProblem(m, n, k, seed, quantized) })
}

type instance struct {
	cfg     config
	prob    *problem
	pipe    *gpu.ComputePipeline
	a, b, c *gpu.Buffer
	push    []byte
	gx, gy  uint32
	cBytes  uint64
	own     gpu.Owned
	// depth: the K-step and stages the chooser gave a block kernel.
	depth depth
	// split: a split-K block kernel's reduction (nil: none).
	split *splitReduce
}

func setup(d *gpu.Device, v kernel.Variant, p kernel.Params, o kernel.Options) (kernel.Instance, error) {
	c := v.Data.(config)
	m, n, k := int(p["M"]), int(p["N"]), int(p["K"])
	inElem, outElem := uint64(4), uint64(4)
	if c.dtype != fp32 {
		inElem = 2
	}
	if c.dtype == fp16Arith {
		outElem = 2
	}
	sizes := []uint64{uint64(m) * uint64(k) * inElem, uint64(k) * uint64(n) * inElem, uint64(m) * uint64(n) * outElem}
	for _, s := range sizes {
		if err := d.CheckStorageSize(s); err != nil {
			return nil, kernel.Skipf("%v", err)
		}
	}
	if int64(m)*int64(k) > math.MaxUint32 || int64(k)*int64(n) > math.MaxUint32 || int64(m)*int64(n) > math.MaxUint32 {
		return nil, kernel.Skipf("matrix of more than 2^32 elements: 32-bit indices in the shader")
	}
	gx, gy := (uint32(n)+c.bn-1)/c.bn, (uint32(m)+c.bm-1)/c.bm
	if gx > d.Phys.Limits.MaxComputeWorkGroupCount[0] || gy > d.Phys.Limits.MaxComputeWorkGroupCount[1] {
		return nil, kernel.Skipf("needs %dx%d workgroups, more than maxComputeWorkGroupCount", gx, gy)
	}
	spirv, err := shaders.Get(c.shader)
	if err != nil {
		return nil, err
	}
	inst := &instance{cfg: c, gx: gx, gy: gy, cBytes: sizes[2]}
	inst.prob = getProblem(o.Shared, m, n, k, o.Seed, c.dtype != fp32)
	fail := func(err error) (kernel.Instance, error) {
		inst.Close()
		return nil, err
	}
	spec := c.spec
	slices := uint32(1)
	if c.block != nil {
		g, ok, why := blockFit(*c.block, limitsOf(d.Phys))
		if !ok {
			return nil, kernel.Skipf("%s", why)
		}
		if slices, err = splitFor(d.Phys, *c.block, uint32(m), uint32(n), uint32(k)); err != nil {
			return nil, err
		}
		inst.depth = g.depth
		spec = append(g.spec, b2u(k%4 == 0 && n%4 == 0), slices) // VEC: 16-byte rows; SPLIT
	}
	if c.int64 {
		// The 64-bit path needs 8-byte aligned pairs: K even, N % 4 == 0.
		spec = append([]uint32(nil), spec...)
		spec[2] = b2u(k%2 == 0 && n%4 == 0)
	}
	if inst.pipe, err = d.NewComputePipeline(gpu.ComputeSpec{
		Name: c.shader, SPIRV: spirv, Buffers: 3, PushSize: uint32(pushSize(c)), SpecConstants: spec,
	}); err != nil {
		return fail(err)
	}
	inst.own.Add(inst.pipe.Close)
	for i, size := range sizes {
		buf, err := d.NewBufferUsage(size, gpu.DeviceLocal, c.usage())
		if err != nil {
			return fail(fmt.Errorf("allocate matrix %c (%d bytes): %w", "ABC"[i], size, err))
		}
		inst.own.Add(buf.Close)
		switch i {
		case 0:
			inst.a = buf
		case 1:
			inst.b = buf
		case 2:
			inst.c = buf
		}
	}
	if err := inst.a.Upload(encode(inst.prob.A, c.dtype != fp32)); err != nil {
		return fail(fmt.Errorf("upload A: %w", err))
	}
	if err := inst.b.Upload(encode(inst.prob.B, c.dtype != fp32)); err != nil {
		return fail(fmt.Errorf("upload B: %w", err))
	}
	// Poison C so that elements a kernel fails to write are caught.
	if err := d.Run(func(cb *gpu.CommandBuffer) error { cb.Fill(inst.c, 0x7fc00000); return nil }); err != nil {
		return fail(fmt.Errorf("clear C: %w", err))
	}
	if slices > 1 {
		if inst.split, err = newSplitReduce(d, slices, m, n, inst.c); err != nil {
			return fail(err)
		}
		inst.own.Add(inst.split.Close)
		inst.pipe.Bind(inst.a, inst.b, inst.split.part)
	} else {
		inst.pipe.Bind(inst.a, inst.b, inst.c)
	}
	inst.push = make([]byte, pushSize(c))
	if c.int64 {
		aAddr, bAddr := inst.a.DeviceAddress(), inst.b.DeviceAddress()
		if aAddr == 0 || bAddr == 0 {
			return fail(fmt.Errorf("no buffer device address for A or B (vkGetBufferDeviceAddress missing?)"))
		}
		binary.LittleEndian.PutUint64(inst.push[16:], aAddr)
		binary.LittleEndian.PutUint64(inst.push[24:], bAddr)
	}
	binary.LittleEndian.PutUint32(inst.push[0:], uint32(m))
	binary.LittleEndian.PutUint32(inst.push[4:], uint32(n))
	binary.LittleEndian.PutUint32(inst.push[8:], uint32(k))
	return inst, nil
}

// pushSize: M, N, K, and for the lanes kernel a pad word and the device
// addresses of A and B.
func pushSize(c config) int {
	if c.int64 {
		return 32
	}
	return 12
}

// usage: the lanes kernel reads A and B through buffer device addresses.
func (c config) usage() gpu.BufferUsage {
	if c.int64 {
		return gpu.UsageDeviceAddress
	}
	return 0
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

func encode(xs []float32, half bool) []byte {
	if half {
		out := make([]byte, 2*len(xs))
		for i, x := range xs {
			binary.LittleEndian.PutUint16(out[2*i:], narrowfloat.Float16(x))
		}
		return out
	}
	return gpu.BytesOf(xs)
}

// Record records the GEMM: with split-K, the block kernel's S layers of
// partial products and their reduction into C.
func (i *instance) Record(cb *gpu.CommandBuffer) {
	if i.split != nil {
		i.pipe.Dispatch(cb, i.push, i.gx, i.gy, i.split.slices)
		i.split.record(cb)
		return
	}
	i.pipe.Dispatch(cb, i.push, i.gx, i.gy, 1)
}

func (i *instance) Work() float64 {
	return 2 * float64(i.prob.M) * float64(i.prob.N) * float64(i.prob.K)
}

func (i *instance) Verify() (map[string]float64, error) {
	raw := make([]byte, i.cBytes)
	if err := i.c.Download(raw); err != nil {
		return nil, fmt.Errorf("read back C: %w", err)
	}
	at := func(idx int) float64 { return float64(math.Float32frombits(binary.LittleEndian.Uint32(raw[4*idx:]))) }
	unit := math.Ldexp(1, -24)
	if i.cfg.dtype == fp16Arith {
		at = func(idx int) float64 {
			return float64(narrowfloat.Float16ToFloat32(binary.LittleEndian.Uint16(raw[2*idx:])))
		}
		unit = math.Ldexp(1, -11)
	}
	stats, bad, worst := i.prob.check(at, unit)
	if bad > 0 {
		return stats, fmt.Errorf("%d of %d checked elements outside tolerance; first: %s", bad, int(stats["checked_elements"]), worst)
	}
	return stats, nil
}

func fmtMismatch(row, col int, got, want, tol float64) string {
	return fmt.Sprintf("C[%d][%d] = %g, want %g ± %.3g", row, col, got, want, tol)
}

func (i *instance) Close() { i.own.Close() }
