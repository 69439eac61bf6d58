// Package mesh is the mesh-shader suite: offscreen passes (an R32_UINT
// colour and a D32_SFLOAT depth attachment, 1920×1080 by default) drawn
// with mesh shaders, with task + mesh shaders (amplification, optionally
// culling meshlets against the camera's frustum and by their normal cone),
// and with the classic indexed vertex pipeline as the baseline — all of the
// same geometry. Two scenes, generated deterministically: "dense", a
// heightfield of 2-pixel quads with a hidden back layer, about half of it
// outside the view, split into meshlets of 64 vertices / 124 triangles and
// 128 / 256; and "instances", a lattice of many small overlapping objects,
// part of them off screen.
//
// Verification is exact: every quad lies on whole pixels under an
// orthographic camera and each pixel stores the flat ID of the quad's
// provoking vertex, so the CPU knows which quad covers every pixel (the
// nearest one, where instances overlap at distinct depths). Where the
// device has meshShaderQueries, the primitives the mesh shaders generated
// are counted and compared with the scene's (all of them without culling,
// the CPU's replay of the task shader's culling with it — which must be
// fewer while the image stays the same).
//
// The metric is scene primitives per second (all triangles of a pass,
// culled ones included, over the pass's GPU time); Extra adds the time per
// pass, meshlets per second and the classic-pipeline ratio from an
// interleaved timing of this pipeline and the classic draw of the same
// triangles in the same order.
package mesh

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/radvbench/radvbench/bench/gpu"
	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/reports/results"
	"github.com/radvbench/radvbench/shaders"

	vk "github.com/vulkan-go/vulkan"
)

// pipeKind is how a variant draws.
type pipeKind int

const (
	classic  pipeKind = iota // indexed vertex-shader draw
	meshOnly                 // mesh shader, one workgroup per meshlet and instance
	task                     // task shader launching every meshlet
	taskCull                 // task shader culling meshlets (frustum, normal cone)
)

var kindNames = [...]string{classic: "vertex", meshOnly: "mesh", task: "task", taskCull: "taskcull"}

// config is a variant's typed form.
type config struct {
	kind       pipeKind
	maxV, maxP int
	// wg is the mesh shader's workgroup size.
	wg uint32
}

func (c config) meshShader() string {
	if c.kind == task || c.kind == taskCull {
		return fmt.Sprintf("mesh_task_v%dp%d.mesh", c.maxV, c.maxP)
	}
	return fmt.Sprintf("mesh_v%dp%d.mesh", c.maxV, c.maxP)
}

func variant(kind pipeKind, maxV, maxP int, suffix bool) kernel.Variant {
	name := kindNames[kind]
	if suffix {
		name += fmt.Sprintf("-v%dp%d", maxV, maxP)
	}
	params := map[string]string{"pipeline": kindNames[kind], "meshlet": fmt.Sprintf("%dv/%dp", maxV, maxP)}
	if kind == classic {
		// The classic draw has no meshlets; its triangles come in the
		// order of these meshlets' blocks.
		params = map[string]string{"pipeline": kindNames[kind], "order": fmt.Sprintf("%dv/%dp", maxV, maxP)}
	}
	wg := uint32(64)
	if maxV > 64 {
		wg = 128
	}
	return kernel.Variant{Name: name, Params: params, Data: config{kind: kind, maxV: maxV, maxP: maxP, wg: wg}}
}

func init() {
	metric := kernel.Metric{Name: "primitives", Unit: "Mprim/s", Better: results.HigherIsBetter, Scale: 1e3}
	allShaders := []string{"mesh_v64p124.mesh", "mesh_v128p256.mesh", "mesh_task_v64p124.mesh",
		"mesh_task_v128p256.mesh", "mesh_cull.task", "mesh_classic.vert", "mesh_id.frag"}
	mk := func(name, desc string, vs ...kernel.Variant) *kernel.Kernel {
		return &kernel.Kernel{
			Name: name, Description: desc, Shaders: allShaders, Metric: metric, Variants: vs,
			Sizes: sizes, ParseSize: ParseSize, Supported: supported,
			Setup: func(d *gpu.Device, v kernel.Variant, p kernel.Params, o kernel.Options) (kernel.Instance, error) {
				return setup(name, d, v, p, o)
			},
		}
	}
	kernel.Register(&kernel.Suite{
		Name:        "mesh",
		Description: "offscreen mesh- and task-shader passes (meshlets, amplification, per-meshlet culling) against the classic vertex pipeline",
		Kernels: []*kernel.Kernel{
			mk("dense", "dense heightfield of 2-pixel quads with a back-facing layer, half outside the view",
				variant(classic, 64, 124, false),
				variant(meshOnly, 64, 124, true), variant(meshOnly, 128, 256, true),
				variant(task, 64, 124, true), variant(task, 128, 256, true),
				variant(taskCull, 64, 124, true), variant(taskCull, 128, 256, true)),
			mk("instances", "many small overlapping objects (32 triangles, one meshlet each), part off screen",
				variant(classic, 64, 124, false), variant(meshOnly, 64, 124, false),
				variant(task, 64, 124, false), variant(taskCull, 64, 124, false)),
		},
	})
}

func size(w, h int64) kernel.Params { return kernel.Params{"W": w, "H": h} }

// sizes: the framebuffer, 1920×1080 by default (and 3840×2160 on a GPU),
// 256×256 with --quick.
func sizes(o kernel.Options) []kernel.Params {
	if len(o.Sizes) > 0 {
		return o.Sizes
	}
	if o.Quick {
		return []kernel.Params{size(256, 256)}
	}
	if o.CPU {
		return []kernel.Params{size(1920, 1080)}
	}
	return []kernel.Params{size(1920, 1080), size(3840, 2160)}
}

// ParseSize parses the framebuffer size "WxH" (e.g. 1920x1080) or "N"
// (N×N).
func ParseSize(s string) (kernel.Params, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	parts := strings.Split(s, "x")
	if len(parts) > 2 {
		return nil, fmt.Errorf("malformed size %q: use WxH (framebuffer pixels), e.g. 1920x1080", s)
	}
	var v [2]int64
	for i, part := range parts {
		n, err := strconv.ParseInt(part, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("malformed size %q: %q is not a whole number; use WxH, e.g. 1920x1080", s, part)
		}
		if n < 16 || n > 16384 {
			return nil, fmt.Errorf("size %q: width and height must be between 16 and 16384 pixels", s)
		}
		v[i] = n
	}
	if len(parts) == 1 {
		v[1] = v[0]
	}
	return size(v[0], v[1]), nil
}

const (
	colorFormat = vk.FormatR32Uint
	depthFormat = vk.FormatD32Sfloat
	pushSize    = 48
	taskGroup   = 32 // TASK_GROUP in mesh_common.glsl
)

func supported(d *gpu.PhysicalDevice, v kernel.Variant) (bool, string) {
	c := v.Data.(config)
	if !d.HasGraphicsQueue() {
		return false, "the device's compute queue family has no graphics (offscreen passes need it)"
	}
	if !d.SupportsAttachment(colorFormat, false) || !d.SupportsAttachment(depthFormat, true) {
		return false, "device cannot render to R32_UINT colour with a D32_SFLOAT depth attachment"
	}
	if c.kind == classic {
		return true, ""
	}
	if !d.Info.MeshShader {
		return false, "device lacks mesh shaders (VK_EXT_mesh_shader meshShader)"
	}
	if (c.kind == task || c.kind == taskCull) && !d.Info.TaskShader {
		return false, "device lacks task shaders (VK_EXT_mesh_shader taskShader)"
	}
	mp := d.MeshProperties()
	if uint32(c.maxV) > mp.MaxMeshOutputVertices || uint32(c.maxP) > mp.MaxMeshOutputPrimitives {
		return false, fmt.Sprintf("meshlets of %d vertices / %d primitives exceed the device's mesh output limits (%d / %d)",
			c.maxV, c.maxP, mp.MaxMeshOutputVertices, mp.MaxMeshOutputPrimitives)
	}
	if c.wg > mp.MaxMeshWorkGroupInvocations {
		return false, fmt.Sprintf("mesh workgroup of %d invocations exceeds maxMeshWorkGroupInvocations %d", c.wg, mp.MaxMeshWorkGroupInvocations)
	}
	return true, ""
}

// scenes caches the most recent scene: the variants of one size share it
// (and its meshlet builds).
var scenes struct {
	sync.Mutex
	key string
	s   *scene
}

func getScene(kind string, w, h int) *scene {
	key := fmt.Sprintf("%s/%d/%d", kind, w, h)
	scenes.Lock()
	defer scenes.Unlock()
	if scenes.key != key {
		scenes.s = nil // let the old one go before building
		if kind == "dense" {
			scenes.s = denseScene(w, h)
		} else {
			scenes.s = instancesScene(w, h)
		}
		scenes.key = key
	}
	return scenes.s
}

type instance struct {
	dev     *gpu.Device
	cfg     config
	quick   bool
	sc      *scene
	ml      *meshlets
	rt      *gpu.RenderTarget
	pipe    *gpu.GraphicsPipeline // the variant's pipeline
	classic *gpu.GraphicsPipeline // the classic baseline (pipe for the classic variant)
	pos     *gpu.Buffer
	insts   *gpu.Buffer
	index   *gpu.Buffer
	push    []byte
	items   int
	gx, gy  uint32
	query   *gpu.QueryPool
	// queryPending: the next Record (the runner's verification pass)
	// counts the primitives the mesh shaders generate; queryDone: it did.
	queryPending, queryDone bool
	generated               uint64
	closeAll                []func()
}

func setup(kernelName string, d *gpu.Device, v kernel.Variant, p kernel.Params, o kernel.Options) (kernel.Instance, error) {
	c := v.Data.(config)
	w, h := int(p["W"]), int(p["H"])
	if w <= 0 || h <= 0 {
		return nil, fmt.Errorf("size needs W and H, got %v", p)
	}
	lim := d.Phys.Limits
	if uint32(w) > lim.MaxFramebufferWidth || uint32(h) > lim.MaxFramebufferHeight {
		return nil, kernel.Skipf("%dx%d exceeds the device's maximum framebuffer %dx%d", w, h, lim.MaxFramebufferWidth, lim.MaxFramebufferHeight)
	}
	if c.kind != classic {
		if !d.Features.MeshShader || (c.kind != meshOnly && !d.Features.TaskShader) {
			return nil, kernel.Skipf("mesh or task shaders were not enabled on the device")
		}
	}
	sc := getScene(kernelName, w, h)
	ml, err := sc.split(c.maxV, c.maxP)
	if err != nil {
		return nil, err
	}
	inst := &instance{dev: d, cfg: c, quick: o.Quick, sc: sc, ml: ml, items: len(ml.list) * len(sc.inst)}
	fail := func(err error) (kernel.Instance, error) {
		inst.Close()
		return nil, err
	}
	// Dispatch shape: mesh workgroups (one per item) or task workgroups
	// (taskGroup items each), split over two dimensions when needed.
	if c.kind != classic {
		mp := d.Phys.MeshProperties()
		n, maxC, total, what := inst.items, mp.MaxMeshWorkGroupCount, mp.MaxMeshWorkGroupTotalCount, "mesh"
		if c.kind != meshOnly {
			n, maxC, total, what = (inst.items+taskGroup-1)/taskGroup, mp.MaxTaskWorkGroupCount, mp.MaxTaskWorkGroupTotalCount, "task"
		}
		gx := uint32(min(n, int(maxC[0])))
		gy := uint32((n + int(gx) - 1) / int(gx))
		if gy > maxC[1] || uint64(gx)*uint64(gy) > uint64(total) {
			return nil, kernel.Skipf("%d %s workgroups exceed the device's limits (%v, total %d)", n, what, maxC, total)
		}
		inst.gx, inst.gy = gx, gy
	}
	if inst.rt, err = d.NewRenderTarget(gpu.RenderTargetSpec{
		Width: uint32(w), Height: uint32(h), ColorFormat: colorFormat, DepthFormat: depthFormat, ClearDepth: 1,
	}); err != nil {
		return fail(err)
	}
	inst.closeAll = append(inst.closeAll, inst.rt.Close)

	// Buffers. Positions and instances serve both as storage (mesh and
	// task shaders) and as vertex buffers (classic).
	vec4s := make([]float32, 4*len(sc.obj.pos))
	for i, q := range sc.obj.pos {
		copy(vec4s[4*i:], q[:])
	}
	instData := make([]byte, 32*len(sc.inst))
	for i, in := range sc.inst {
		for k := 0; k < 3; k++ {
			binary.LittleEndian.PutUint32(instData[32*i+4*k:], math.Float32bits(in.off[k]))
		}
		binary.LittleEndian.PutUint32(instData[32*i+16:], in.id)
	}
	upload := func(name string, data []byte, usage vk.BufferUsageFlagBits) (*gpu.Buffer, error) {
		if err := d.CheckStorageSize(uint64(len(data))); err != nil {
			return nil, kernel.Skipf("%s: %v", name, err)
		}
		b, err := d.NewBufferUsage(uint64(len(data)), gpu.DeviceLocal, usage)
		if err != nil {
			return nil, fmt.Errorf("allocate %s (%d bytes): %w", name, len(data), err)
		}
		inst.closeAll = append(inst.closeAll, b.Close)
		if err := b.Upload(data); err != nil {
			return nil, fmt.Errorf("upload %s: %w", name, err)
		}
		return b, nil
	}
	if inst.pos, err = upload("positions", f32Bytes(vec4s), vk.BufferUsageVertexBufferBit); err != nil {
		return fail(err)
	}
	if inst.insts, err = upload("instances", instData, vk.BufferUsageVertexBufferBit); err != nil {
		return fail(err)
	}
	if inst.index, err = upload("index buffer", u32Bytes(ml.index), vk.BufferUsageIndexBufferBit); err != nil {
		return fail(err)
	}
	var meshBufs []*gpu.Buffer
	if c.kind != classic {
		descs := make([]uint32, 0, 4*len(ml.list))
		for _, m := range ml.list {
			descs = append(descs, m.vOff, m.vCount, m.pOff, m.pCount)
		}
		bnds := make([]float32, 0, 8*len(ml.bounds))
		for _, b := range ml.bounds {
			bnds = append(bnds, b.center[0], b.center[1], b.center[2], b.radius, b.axis[0], b.axis[1], b.axis[2], b.cutoff)
		}
		mb, err := upload("meshlets", u32Bytes(descs), 0)
		if err != nil {
			return fail(err)
		}
		bb, err := upload("meshlet bounds", f32Bytes(bnds), 0)
		if err != nil {
			return fail(err)
		}
		vb, err := upload("meshlet vertex indices", u32Bytes(ml.vidx), 0)
		if err != nil {
			return fail(err)
		}
		pb, err := upload("meshlet triangles", u32Bytes(ml.prims), 0)
		if err != nil {
			return fail(err)
		}
		meshBufs = []*gpu.Buffer{inst.pos, mb, bb, vb, pb, inst.insts}
	}
	if err := d.Run(func(cb *gpu.CommandBuffer) error { cb.InputBarrier(); return nil }); err != nil {
		return fail(fmt.Errorf("upload barrier: %w", err))
	}

	// Pipelines: the classic baseline always, the variant's when it is not.
	stage := func(bit vk.ShaderStageFlagBits, name string, spec ...uint32) (gpu.GraphicsStage, error) {
		spirv, err := shaders.Get(name)
		return gpu.GraphicsStage{Stage: bit, Name: name, SPIRV: spirv, SpecConstants: spec}, err
	}
	frag, err := stage(vk.ShaderStageFragmentBit, "mesh_id.frag")
	if err != nil {
		return fail(err)
	}
	vert, err := stage(vk.ShaderStageVertexBit, "mesh_classic.vert")
	if err != nil {
		return fail(err)
	}
	if inst.classic, err = d.NewGraphicsPipeline(gpu.GraphicsSpec{
		Name: "classic", Target: inst.rt, Stages: []gpu.GraphicsStage{vert, frag}, PushSize: pushSize,
		VertexBindings: []vk.VertexInputBindingDescription{
			{Binding: 0, Stride: 16, InputRate: vk.VertexInputRateVertex},
			{Binding: 1, Stride: 32, InputRate: vk.VertexInputRateInstance},
		},
		VertexAttributes: []vk.VertexInputAttributeDescription{
			{Location: 0, Binding: 0, Format: vk.FormatR32g32b32a32Sfloat},
			{Location: 1, Binding: 1, Format: vk.FormatR32g32b32a32Sfloat},
			{Location: 2, Binding: 1, Format: vk.FormatR32Uint, Offset: 16},
		},
		CullBack: true, DepthTest: true,
	}); err != nil {
		return fail(err)
	}
	inst.closeAll = append(inst.closeAll, inst.classic.Close)
	inst.pipe = inst.classic
	if c.kind != classic {
		ms, err := stage(vkshim.ShaderStageMeshBitEXT, c.meshShader(), c.wg)
		if err != nil {
			return fail(err)
		}
		stages := []gpu.GraphicsStage{ms, frag}
		if c.kind != meshOnly {
			cull := uint32(0)
			if c.kind == taskCull {
				cull = 1
			}
			ts, err := stage(vkshim.ShaderStageTaskBitEXT, "mesh_cull.task", cull)
			if err != nil {
				return fail(err)
			}
			stages = append([]gpu.GraphicsStage{ts}, stages...)
		}
		if inst.pipe, err = d.NewGraphicsPipeline(gpu.GraphicsSpec{
			Name: v.Name, Target: inst.rt, Stages: stages, Buffers: len(meshBufs), PushSize: pushSize,
			CullBack: true, DepthTest: true,
		}); err != nil {
			return fail(err)
		}
		inst.closeAll = append(inst.closeAll, inst.pipe.Close)
		inst.pipe.Bind(meshBufs...)
		if d.Features.MeshPipelineStatistics {
			if inst.query, err = d.NewMeshPrimitivesQueryPool(1); err != nil {
				return fail(err)
			}
			inst.closeAll = append(inst.closeAll, inst.query.Close)
			inst.queryPending = true
		}
	}
	inst.push = make([]byte, pushSize)
	for k, f := range []float32{float32(w), float32(h), depthRange, 0, float32(toCamera[0]), float32(toCamera[1]), float32(toCamera[2]), 0} {
		binary.LittleEndian.PutUint32(inst.push[4*k:], math.Float32bits(f))
	}
	binary.LittleEndian.PutUint32(inst.push[32:], uint32(len(ml.list)))
	binary.LittleEndian.PutUint32(inst.push[36:], uint32(inst.items))
	binary.LittleEndian.PutUint32(inst.push[40:], inst.gx)
	return inst, nil
}

func f32Bytes(xs []float32) []byte {
	if len(xs) == 0 {
		return make([]byte, 4)
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(xs))), 4*len(xs))
}

func u32Bytes(xs []uint32) []byte {
	if len(xs) == 0 {
		return make([]byte, 4)
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(xs))), 4*len(xs))
}

// pass records one pass with pipeline p: clear, draw everything, store.
func (i *instance) pass(cb *gpu.CommandBuffer, p *gpu.GraphicsPipeline, query bool) {
	if query {
		i.query.Reset(cb)
	}
	i.rt.Begin(cb)
	if query {
		i.query.Begin(cb, 0)
	}
	p.Use(cb, i.push)
	if p == i.classic {
		p.DrawIndexed(cb, i.index, uint32(len(i.ml.index)), uint32(len(i.sc.inst)), i.pos, i.insts)
	} else {
		p.DrawMeshTasks(cb, i.gx, i.gy, 1)
	}
	if query {
		i.query.End(cb, 0)
	}
	i.rt.End(cb)
}

// Record records one pass. The first one (the runner's verification
// pass) also counts the primitives the mesh shaders generate.
func (i *instance) Record(cb *gpu.CommandBuffer) {
	q := i.queryPending
	i.pass(cb, i.pipe, q)
	if q {
		i.queryPending, i.queryDone = false, true
	}
}

// Work is the scene's primitives per pass (culled ones included).
func (i *instance) Work() float64 { return float64(i.sc.primitives()) }

func (i *instance) Verify() (map[string]float64, error) {
	sc := i.sc
	raw := make([]byte, i.rt.ColorBytes())
	if err := i.rt.ReadColor(raw); err != nil {
		return nil, err
	}
	bad, first := 0, ""
	for p, want := range sc.expect {
		got := binary.LittleEndian.Uint32(raw[4*p:])
		if got != want {
			if bad == 0 {
				first = fmt.Sprintf("pixel (%d,%d) has ID %d, want %d", p%sc.w, p/sc.w, got, want)
			}
			bad++
		}
	}
	figures := map[string]float64{
		"pixels":            float64(len(sc.expect)),
		"covered_pixels":    float64(sc.coveredPixels),
		"mismatched_pixels": float64(bad),
		"scene_primitives":  float64(sc.primitives()),
	}
	if i.cfg.kind != classic {
		figures["meshlets_per_pass"] = float64(i.items)
	}
	if bad > 0 {
		return figures, fmt.Errorf("%d of %d pixels differ from the expected image; first: %s", bad, len(sc.expect), first)
	}
	if sc.coveredPixels == 0 {
		return figures, fmt.Errorf("scene check: no pixel is covered at %dx%d", sc.w, sc.h)
	}
	if !i.queryDone {
		return figures, nil
	}
	res, err := i.query.Results()
	if err != nil {
		return figures, err
	}
	i.generated = res[0]
	gen := int(res[0])
	figures["primitives_generated"] = float64(gen)
	lo, hi := sc.primitives(), sc.primitives()
	if i.cfg.kind == taskCull {
		items, prims, unsureItems, unsurePrims := sc.expectCull(i.ml)
		lo, hi = prims, prims+unsurePrims
		figures["visible_meshlets_expected"] = float64(items)
		figures["meshlets_near_cull_threshold"] = float64(unsureItems)
		if gen >= sc.primitives() {
			return figures, fmt.Errorf("task-shader culling culled nothing: %d primitives generated of %d in the scene", gen, sc.primitives())
		}
	}
	figures["primitives_expected"] = float64(lo)
	if gen < lo || gen > hi {
		if lo == hi {
			return figures, fmt.Errorf("mesh shaders generated %d primitives, want %d", gen, lo)
		}
		return figures, fmt.Errorf("mesh shaders generated %d primitives, want %d to %d", gen, lo, hi)
	}
	return figures, nil
}

// Extra times this pipeline and the classic draw of the same triangles,
// interleaved (A B, B A, ...), and reports the median time per pass of
// each, their ratio (classic / this: above 1, this pipeline is faster),
// meshlets per second and the primitives the mesh shaders generated.
func (i *instance) Extra(float64) map[string]float64 {
	out := map[string]float64{"primitives_per_pass": float64(i.sc.primitives())}
	if i.cfg.kind != classic {
		out["meshlets_per_pass"] = float64(i.items)
	}
	if i.queryDone {
		out["primitives_generated"] = float64(i.generated)
	}
	a, b, err := i.paired()
	if err != nil || a <= 0 {
		return out
	}
	out["pass_ns"] = a
	if i.cfg.kind != classic {
		out["meshlets_per_s"] = float64(i.items) / a * 1e9
		if b > 0 {
			out["classic_pass_ns"] = b
			out["classic_ratio"] = b / a
		}
	}
	return out
}

// paired returns the median GPU nanoseconds per pass of the variant's
// pipeline and of the classic one (0 for the classic variant itself).
func (i *instance) paired() (float64, float64, error) {
	ts, err := i.dev.NewTimestampPool(3)
	if err != nil {
		return 0, 0, err
	}
	defer ts.Close()
	cb, err := i.dev.NewCommandBuffer()
	if err != nil {
		return 0, 0, err
	}
	defer cb.Close()
	both := i.pipe != i.classic
	round := func(reps int, swap bool) (float64, float64, error) {
		if err := cb.Begin(); err != nil {
			return 0, 0, err
		}
		first, second := i.pipe, i.classic
		if swap {
			first, second = second, first
		}
		ts.Reset(cb)
		ts.Write(cb, 0)
		for range reps {
			i.pass(cb, first, false)
		}
		ts.Write(cb, 1)
		if both {
			for range reps {
				i.pass(cb, second, false)
			}
		}
		ts.Write(cb, 2)
		if err := cb.End(); err != nil {
			return 0, 0, err
		}
		if err := i.dev.Submit(cb); err != nil {
			return 0, 0, err
		}
		t, err := ts.Ticks()
		if err != nil {
			return 0, 0, err
		}
		x, y := ts.DeltaNS(t[0], t[1])/float64(reps), ts.DeltaNS(t[1], t[2])/float64(reps)
		if swap {
			x, y = y, x
		}
		return x, y, nil
	}
	one, _, err := round(1, false)
	if err != nil {
		return 0, 0, err
	}
	reps := int(math.Ceil(float64(time.Millisecond) / math.Max(one, 1)))
	reps = max(1, min(reps, 64))
	budget, minRounds := 300*time.Millisecond, 6
	if i.quick {
		budget, minRounds = 60*time.Millisecond, 3
	}
	var as, bs []float64
	start := time.Now()
	for r := 0; r < 41 && (r < minRounds || time.Since(start) < budget); r++ {
		a, b, err := round(reps, r%2 == 1)
		if err != nil {
			return 0, 0, err
		}
		as, bs = append(as, a), append(bs, b)
	}
	if !both {
		return median(as), 0, nil
	}
	return median(as), median(bs), nil
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func (i *instance) Close() {
	for j := len(i.closeAll) - 1; j >= 0; j-- {
		i.closeAll[j]()
	}
	i.closeAll = nil
}
