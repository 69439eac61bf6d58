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
// culled ones included, over the pass's GPU time, timed by the runner);
// Extra adds the time per pass and meshlets per second from the same
// samples. The classic pipeline drawing the same triangles in the same
// order is the "vertex" variant, a result of its own.
package mesh

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/graphics"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/shaders"
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
	metric := kernel.Metric{Name: "primitives", Unit: "Mprim/s", Better: resultsfile.HigherIsBetter, Scale: 1e3}
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
	colorFormat = gpu.FormatR32Uint
	depthFormat = gpu.FormatD32Sfloat
	pushSize    = 48
	taskGroup   = 32 // TASK_GROUP in mesh_common.glsl
)

func supported(d *gpu.PhysicalDevice, v kernel.Variant) (bool, string) {
	c := v.Data.(config)
	if !graphics.HasQueue(d) {
		return false, "the device's compute queue family has no graphics (offscreen passes need it)"
	}
	if !graphics.SupportsAttachment(d, colorFormat, false) || !graphics.SupportsAttachment(d, depthFormat, true) {
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

// getScene returns the scene of a size, shared by the variants of the
// size (with its meshlet builds) through the runner's per-size state.
func getScene(sh *kernel.Shared, kind string, w, h int) *scene {
	return kernel.Share(sh, fmt.Sprintf("%s/%d/%d", kind, w, h), func() *scene {
		if kind == "dense" {
			return denseScene(w, h)
		}
		return instancesScene(w, h)
	})
}

type instance struct {
	cfg     config
	sc      *scene
	ml      *meshlets
	rt      *graphics.RenderTarget
	pipe    *graphics.Pipeline // the variant's pipeline
	classic *graphics.Pipeline // the classic baseline (pipe for the classic variant)
	pos     *gpu.Buffer
	insts   *gpu.Buffer
	index   *gpu.Buffer
	push    []byte
	items   int
	gx, gy  uint32
	query   *graphics.PrimitivesQueryPool
	// queryPending: the next Record (the runner's verification pass)
	// counts the primitives the mesh shaders generate; queryDone: it did.
	queryPending, queryDone bool
	generated               uint64
	own                     gpu.Owned
}

// setup checks the size against the device, takes the size's scene and
// meshlets from the cache and builds the instance in named steps: the
// dispatch shape, the render target, the scene's buffers, the pipelines,
// the primitives query and the push constants.
func setup(kernelName string, d *gpu.Device, v kernel.Variant, p kernel.Params, o kernel.Options) (kernel.Instance, error) {
	c := v.Data.(config)
	w, h, err := checkSize(d, c, p)
	if err != nil {
		return nil, err
	}
	sc := getScene(o.Shared, kernelName, w, h)
	ml, err := sc.split(c.maxV, c.maxP)
	if err != nil {
		return nil, err
	}
	inst := &instance{cfg: c, sc: sc, ml: ml, items: len(ml.list) * len(sc.inst)}
	if err := inst.build(d, v.Name); err != nil {
		inst.Close()
		return nil, err
	}
	return inst, nil
}

// checkSize reads W and H and skips what the device cannot run: a
// framebuffer beyond its limits, mesh or task stages it did not enable.
func checkSize(d *gpu.Device, c config, p kernel.Params) (w, h int, err error) {
	w, h = int(p["W"]), int(p["H"])
	if w <= 0 || h <= 0 {
		return 0, 0, fmt.Errorf("size needs W and H, got %v", p)
	}
	lim := d.Phys.Limits
	if uint32(w) > lim.MaxFramebufferWidth || uint32(h) > lim.MaxFramebufferHeight {
		return 0, 0, kernel.Skipf("%dx%d exceeds the device's maximum framebuffer %dx%d", w, h, lim.MaxFramebufferWidth, lim.MaxFramebufferHeight)
	}
	if c.kind != classic {
		if !d.Features.MeshShader || (c.kind != meshOnly && !d.Features.TaskShader) {
			return 0, 0, kernel.Skipf("mesh or task shaders were not enabled on the device")
		}
	}
	return w, h, nil
}

func (i *instance) build(d *gpu.Device, name string) error {
	if err := i.dispatchShape(d); err != nil {
		return err
	}
	var err error
	if i.rt, err = gpu.Own[*graphics.RenderTarget](&i.own)(graphics.NewRenderTarget(d, graphics.RenderTargetSpec{
		Width: uint32(i.sc.w), Height: uint32(i.sc.h), ColorFormat: colorFormat, DepthFormat: depthFormat, ClearDepth: 1,
	})); err != nil {
		return err
	}
	meshBufs, err := i.uploadScene(d)
	if err != nil {
		return err
	}
	if err := i.newPipelines(d, name, meshBufs); err != nil {
		return err
	}
	if i.cfg.kind != classic && d.Features.MeshPipelineStatistics {
		if i.query, err = gpu.Own[*graphics.PrimitivesQueryPool](&i.own)(graphics.NewPrimitivesQueryPool(d, 1)); err != nil {
			return err
		}
		i.queryPending = true
	}
	i.push = i.pushConstants()
	return nil
}

// dispatchShape sets the mesh-task grid: mesh workgroups (one per item)
// or task workgroups (taskGroup items each), split over two dimensions
// when needed, within the device's limits.
func (i *instance) dispatchShape(d *gpu.Device) error {
	if i.cfg.kind == classic {
		return nil
	}
	mp := d.Phys.MeshProperties()
	n, maxC, total, what := i.items, mp.MaxMeshWorkGroupCount, mp.MaxMeshWorkGroupTotalCount, "mesh"
	if i.cfg.kind != meshOnly {
		n, maxC, total, what = (i.items+taskGroup-1)/taskGroup, mp.MaxTaskWorkGroupCount, mp.MaxTaskWorkGroupTotalCount, "task"
	}
	gx := uint32(min(n, int(maxC[0])))
	gy := uint32((n + int(gx) - 1) / int(gx))
	if gy > maxC[1] || uint64(gx)*uint64(gy) > uint64(total) {
		return kernel.Skipf("%d %s workgroups exceed the device's limits (%v, total %d)", n, what, maxC, total)
	}
	i.gx, i.gy = gx, gy
	return nil
}

// upload creates a device-local buffer holding data (a skip when it does
// not fit the device).
func (i *instance) upload(d *gpu.Device, name string, data []byte, usage gpu.BufferUsage) (*gpu.Buffer, error) {
	if len(data) == 0 {
		data = make([]byte, 4)
	}
	if err := d.CheckStorageSize(uint64(len(data))); err != nil {
		return nil, kernel.Skipf("%s: %v", name, err)
	}
	b, err := gpu.Own[*gpu.Buffer](&i.own)(d.NewBufferUsage(uint64(len(data)), gpu.DeviceLocal, usage))
	if err != nil {
		return nil, fmt.Errorf("allocate %s (%d bytes): %w", name, len(data), err)
	}
	if err := b.Upload(data); err != nil {
		return nil, fmt.Errorf("upload %s: %w", name, err)
	}
	return b, nil
}

// uploadScene uploads positions, instances and the index buffer (which
// serve both as storage for mesh and task shaders and as vertex input for
// the classic pipeline) and, for mesh variants, the meshlets; it returns
// the mesh pipeline's storage buffers in binding order.
func (i *instance) uploadScene(d *gpu.Device) ([]*gpu.Buffer, error) {
	sc, ml := i.sc, i.ml
	vec4s := make([]float32, 4*len(sc.obj.pos))
	for k, q := range sc.obj.pos {
		copy(vec4s[4*k:], q[:])
	}
	instData := make([]byte, 32*len(sc.inst))
	for k, in := range sc.inst {
		for c := 0; c < 3; c++ {
			binary.LittleEndian.PutUint32(instData[32*k+4*c:], math.Float32bits(in.off[c]))
		}
		binary.LittleEndian.PutUint32(instData[32*k+16:], in.id)
	}
	var err error
	if i.pos, err = i.upload(d, "positions", gpu.BytesOf(vec4s), gpu.UsageVertex); err != nil {
		return nil, err
	}
	if i.insts, err = i.upload(d, "instances", instData, gpu.UsageVertex); err != nil {
		return nil, err
	}
	if i.index, err = i.upload(d, "index buffer", gpu.BytesOf(ml.index), gpu.UsageIndex); err != nil {
		return nil, err
	}
	var meshBufs []*gpu.Buffer
	if i.cfg.kind != classic {
		descs := make([]uint32, 0, 4*len(ml.list))
		for _, m := range ml.list {
			descs = append(descs, m.vOff, m.vCount, m.pOff, m.pCount)
		}
		bnds := make([]float32, 0, 8*len(ml.bounds))
		for _, b := range ml.bounds {
			bnds = append(bnds, b.center[0], b.center[1], b.center[2], b.radius, b.axis[0], b.axis[1], b.axis[2], b.cutoff)
		}
		meshBufs = []*gpu.Buffer{i.pos}
		for _, u := range []struct {
			name string
			data []byte
		}{
			{"meshlets", gpu.BytesOf(descs)},
			{"meshlet bounds", gpu.BytesOf(bnds)},
			{"meshlet vertex indices", gpu.BytesOf(ml.vidx)},
			{"meshlet triangles", gpu.BytesOf(ml.prims)},
		} {
			b, err := i.upload(d, u.name, u.data, 0)
			if err != nil {
				return nil, err
			}
			meshBufs = append(meshBufs, b)
		}
		meshBufs = append(meshBufs, i.insts)
	}
	if err := d.Run(func(cb *gpu.CommandBuffer) error { graphics.InputBarrier(cb); return nil }); err != nil {
		return nil, fmt.Errorf("upload barrier: %w", err)
	}
	return meshBufs, nil
}

func stage(s gpu.ShaderStage, name string, spec ...uint32) (graphics.Stage, error) {
	spirv, err := shaders.Get(name)
	return graphics.Stage{Stage: s, Name: name, SPIRV: spirv, SpecConstants: spec}, err
}

// newPipelines builds the classic baseline always and the variant's
// pipeline (task and/or mesh stages bound to meshBufs) when it is not.
func (i *instance) newPipelines(d *gpu.Device, name string, meshBufs []*gpu.Buffer) error {
	frag, err := stage(gpu.StageFragment, "mesh_id.frag")
	if err != nil {
		return err
	}
	vert, err := stage(gpu.StageVertex, "mesh_classic.vert")
	if err != nil {
		return err
	}
	if i.classic, err = gpu.Own[*graphics.Pipeline](&i.own)(graphics.NewPipeline(d, graphics.PipelineSpec{
		Name: "classic", Target: i.rt, Stages: []graphics.Stage{vert, frag}, PushSize: pushSize,
		VertexBindings: []graphics.VertexBinding{
			{Binding: 0, Stride: 16},
			{Binding: 1, Stride: 32, PerInstance: true},
		},
		VertexAttributes: []graphics.VertexAttribute{
			{Location: 0, Binding: 0, Format: gpu.FormatR32G32B32A32Sfloat},
			{Location: 1, Binding: 1, Format: gpu.FormatR32G32B32A32Sfloat},
			{Location: 2, Binding: 1, Format: gpu.FormatR32Uint, Offset: 16},
		},
		CullBack: true, DepthTest: true,
	})); err != nil {
		return err
	}
	i.pipe = i.classic
	c := i.cfg
	if c.kind == classic {
		return nil
	}
	ms, err := stage(gpu.StageMesh, c.meshShader(), c.wg)
	if err != nil {
		return err
	}
	stages := []graphics.Stage{ms, frag}
	if c.kind != meshOnly {
		cull := uint32(0)
		if c.kind == taskCull {
			cull = 1
		}
		ts, err := stage(gpu.StageTask, "mesh_cull.task", cull)
		if err != nil {
			return err
		}
		stages = append([]graphics.Stage{ts}, stages...)
	}
	if i.pipe, err = gpu.Own[*graphics.Pipeline](&i.own)(graphics.NewPipeline(d, graphics.PipelineSpec{
		Name: name, Target: i.rt, Stages: stages, Buffers: len(meshBufs), PushSize: pushSize,
		CullBack: true, DepthTest: true,
	})); err != nil {
		return err
	}
	i.pipe.Bind(meshBufs...)
	return nil
}

// pushConstants is the block mesh_common.glsl declares: framebuffer size,
// depth range, direction to the camera, meshlets per instance, items and
// the dispatch's row width.
func (i *instance) pushConstants() []byte {
	push := make([]byte, pushSize)
	for k, f := range []float32{float32(i.sc.w), float32(i.sc.h), depthRange, 0, float32(toCamera[0]), float32(toCamera[1]), float32(toCamera[2]), 0} {
		binary.LittleEndian.PutUint32(push[4*k:], math.Float32bits(f))
	}
	binary.LittleEndian.PutUint32(push[32:], uint32(len(i.ml.list)))
	binary.LittleEndian.PutUint32(push[36:], uint32(i.items))
	binary.LittleEndian.PutUint32(push[40:], i.gx)
	return push
}

// pass records one pass with pipeline p: clear, draw everything, store.
func (i *instance) pass(cb *gpu.CommandBuffer, p *graphics.Pipeline, query bool) {
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

// TimedPipelines is the pipeline Record draws with: the variant's own
// (the classic pipeline is built for every variant, timed only in the
// classic one).
func (i *instance) TimedPipelines() []string { return []string{i.pipe.Name} }

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

// Extra derives the per-pass figures from the runner's median pass time
// (the suite keeps no timing loop of its own): the time per pass and
// meshlets per second, with the primitives per pass and the primitives
// the mesh shaders generated. The classic pipeline's figures for the same
// scene and size are the "vertex" variant's result.
func (i *instance) Extra(medianNS float64) map[string]float64 {
	out := map[string]float64{"primitives_per_pass": float64(i.sc.primitives())}
	if i.cfg.kind != classic {
		out["meshlets_per_pass"] = float64(i.items)
	}
	if i.queryDone {
		out["primitives_generated"] = float64(i.generated)
	}
	if medianNS <= 0 {
		return out
	}
	out["pass_ns"] = medianNS
	if i.cfg.kind != classic {
		out["meshlets_per_s"] = float64(i.items) / medianNS * 1e9
	}
	return out
}

func (i *instance) Close() { i.own.Close() }
