package rayquery

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/accel"
)

// gpuScene is a scene's acceleration structures on the device: a vertex
// and an index buffer and a BLAS per mesh, an instance buffer and a TLAS.
type gpuScene struct {
	dev      *gpu.Device
	meshes   []gpuMesh
	inst     *gpu.Buffer
	instGeom accel.Geometry
	tlas     *accel.Struct
	// tlasSizes are the TLAS's build sizes; scratch fits every build here.
	tlasSizes accel.Sizes
	scratch   *gpu.Buffer
	own       gpu.Owned
}

type gpuMesh struct {
	geom  accel.Geometry
	blas  *accel.Struct
	sizes accel.Sizes
}

func (g *gpuScene) Close() { g.own.Close() }

// checkAccel turns sizes beyond the device into a skip.
func checkAccel(d *gpu.Device, what string, sizes accel.Sizes) error {
	for _, s := range []uint64{sizes.Accel, sizes.BuildScratch} {
		if err := d.CheckAllocation(s); err != nil {
			return skipf("%s: %v", what, err)
		}
	}
	return nil
}

// upload creates a device-local buffer for build inputs holding data.
func (g *gpuScene) upload(what string, data []byte) (*gpu.Buffer, error) {
	b, err := g.dev.NewBufferUsage(uint64(len(data)), gpu.DeviceLocal, gpu.UsageAccelInput)
	if err != nil {
		return nil, fmt.Errorf("%s buffer (%d bytes): %w", what, len(data), err)
	}
	g.own.Add(b.Close)
	if err := b.Upload(data); err != nil {
		return nil, fmt.Errorf("upload %s: %w", what, err)
	}
	return b, nil
}

// encodeInstances encodes instances referencing the BLAS addresses.
func encodeInstances(list []instance, blas func(mesh int) uint64) []byte {
	out := make([]byte, accel.InstanceSize*len(list))
	for i, in := range list {
		accel.EncodeInstance(out[accel.InstanceSize*i:], in.Transform, uint32(i), 0xff, accel.InstanceCullDisable, blas(in.Mesh))
	}
	return out
}

// newGPUScene uploads s and builds its BLASes with blasFlags and its TLAS
// with tlasFlags.
func newGPUScene(d *gpu.Device, s *scene, blasFlags, tlasFlags accel.Flags) (*gpuScene, error) {
	g := &gpuScene{dev: d}
	fail := func(err error) (*gpuScene, error) {
		g.Close()
		return nil, err
	}
	lim, err := accel.DeviceLimits(d)
	if err != nil {
		return nil, skipf("%v", err)
	}
	if uint64(len(s.Instances)) > lim.MaxInstanceCount {
		return nil, skipf("%d instances exceed maxInstanceCount %d", len(s.Instances), lim.MaxInstanceCount)
	}
	var scratch uint64
	for mi, m := range s.Meshes {
		if uint64(m.tris()) > lim.MaxPrimitiveCount {
			return fail(skipf("%d triangles exceed maxPrimitiveCount %d", m.tris(), lim.MaxPrimitiveCount))
		}
		gm := gpuMesh{geom: accel.Geometry{VertexCount: uint32(len(m.Verts) / 3), Count: uint32(m.tris()), Opaque: true}}
		if gm.sizes, err = accel.BuildSizes(d, gm.geom, blasFlags); err != nil {
			return fail(err)
		}
		if err := checkAccel(d, fmt.Sprintf("the BLAS of %d triangles", m.tris()), gm.sizes); err != nil {
			return fail(err)
		}
		for _, sz := range []uint64{uint64(4 * len(m.Verts)), uint64(4 * len(m.Idx))} {
			if err := d.CheckStorageSize(sz); err != nil {
				return fail(skipf("mesh %d: %v", mi, err))
			}
		}
		if gm.geom.Vertices, err = g.upload("vertex", gpu.BytesOf(m.Verts)); err != nil {
			return fail(err)
		}
		if gm.geom.Indices, err = g.upload("index", gpu.BytesOf(m.Idx)); err != nil {
			return fail(err)
		}
		if gm.blas, err = accel.New(d, false, gm.sizes.Accel); err != nil {
			return fail(fmt.Errorf("BLAS: %w", err))
		}
		g.own.Add(gm.blas.Close)
		scratch = max(scratch, gm.sizes.BuildScratch, gm.sizes.UpdateScratch)
		g.meshes = append(g.meshes, gm)
	}
	g.instGeom = accel.Geometry{Top: true, Count: uint32(len(s.Instances))}
	if g.tlasSizes, err = accel.BuildSizes(d, g.instGeom, tlasFlags); err != nil {
		return fail(err)
	}
	if err := checkAccel(d, fmt.Sprintf("the TLAS of %d instances", len(s.Instances)), g.tlasSizes); err != nil {
		return fail(err)
	}
	scratch = max(scratch, g.tlasSizes.BuildScratch, g.tlasSizes.UpdateScratch)
	if g.tlas, err = accel.New(d, true, g.tlasSizes.Accel); err != nil {
		return fail(fmt.Errorf("TLAS: %w", err))
	}
	g.own.Add(g.tlas.Close)
	if g.scratch, err = accel.NewScratch(d, scratch); err != nil {
		return fail(fmt.Errorf("scratch: %w", err))
	}
	g.own.Add(g.scratch.Close)
	if g.instGeom.Instances, err = g.upload("instance", encodeInstances(s.Instances, g.blasAddress)); err != nil {
		return fail(err)
	}
	err = d.Run(func(cb *gpu.CommandBuffer) error {
		for _, m := range g.meshes {
			if err := accel.RecordBuild(cb, accel.Build{Dst: m.blas, Geometry: m.geom, Flags: blasFlags, Scratch: g.scratch}); err != nil {
				return err
			}
		}
		return accel.RecordBuild(cb, accel.Build{Dst: g.tlas, Geometry: g.instGeom, Flags: tlasFlags, Scratch: g.scratch})
	})
	if err != nil {
		return fail(fmt.Errorf("build acceleration structures: %w", err))
	}
	return g, nil
}

func (g *gpuScene) blasAddress(mesh int) uint64 { return g.meshes[mesh].blas.Address }

// tracer is the traversal pipeline with its ray and hit buffers.
type tracer struct {
	dev        *gpu.Device
	pipe       *gpu.ComputePipeline
	rays, hits *gpu.Buffer
	count      uint32
	groups     uint32
	push       []byte
	own        gpu.Owned
}

type traceConfig struct {
	wg, rpi, flags, alpha uint32
}

// Ray flags (gl_RayFlags*EXT).
const (
	flagOpaque           = 1
	flagNoOpaque         = 2
	flagTerminateOnFirst = 4
)

func newTracer(d *gpu.Device, c traceConfig, rays []ray) (*tracer, error) {
	t := &tracer{dev: d, count: uint32(len(rays))}
	fail := func(err error) (*tracer, error) {
		t.Close()
		return nil, err
	}
	spirv, err := shaderSPIRV()
	if err != nil {
		return nil, err
	}
	perGroup := uint64(c.wg) * uint64(c.rpi)
	groups := (uint64(len(rays)) + perGroup - 1) / perGroup
	if groups > uint64(d.Phys.Limits.MaxComputeWorkGroupCount[0]) {
		return nil, skipf("%d workgroups exceed maxComputeWorkGroupCount[0]", groups)
	}
	t.groups = uint32(max(groups, 1))
	for _, sz := range []uint64{32 * uint64(len(rays)), 16 * uint64(len(rays))} {
		if err := d.CheckStorageSize(sz); err != nil {
			return nil, skipf("%v", err)
		}
	}
	if t.pipe, err = d.NewRayQueryPipeline(gpu.ComputeSpec{
		Name: traceShader, SPIRV: spirv, Buffers: 2, PushSize: 4,
		SpecConstants: []uint32{c.wg, c.rpi, c.flags, c.alpha},
	}, 1); err != nil {
		return fail(err)
	}
	t.own.Add(t.pipe.Close)
	raw := make([]byte, 32*len(rays))
	for i, r := range rays {
		w := raw[32*i:]
		for k, v := range []float32{r.O[0], r.O[1], r.O[2], r.Tmin, r.D[0], r.D[1], r.D[2], r.Tmax} {
			binary.LittleEndian.PutUint32(w[4*k:], math.Float32bits(v))
		}
	}
	if t.rays, err = d.NewBuffer(uint64(len(raw)), gpu.DeviceLocal); err != nil {
		return fail(fmt.Errorf("ray buffer: %w", err))
	}
	t.own.Add(t.rays.Close)
	if err := t.rays.Upload(raw); err != nil {
		return fail(fmt.Errorf("upload rays: %w", err))
	}
	if t.hits, err = d.NewBuffer(16*uint64(len(rays)), gpu.DeviceLocal); err != nil {
		return fail(fmt.Errorf("hit buffer: %w", err))
	}
	t.own.Add(t.hits.Close)
	t.pipe.Bind(t.rays, t.hits)
	t.push = binary.LittleEndian.AppendUint32(nil, t.count)
	return t, nil
}

// poison fills the hits so that rays the shader skips fail the check.
func (t *tracer) poison() error {
	return t.dev.Run(func(cb *gpu.CommandBuffer) error { cb.Fill(t.hits, 0x7fc00000); return nil })
}

// bind points the pipeline at tlas (not while a dispatch is in flight).
func (t *tracer) bind(tlas *accel.Struct) error { return accel.Bind(t.pipe, 2, tlas) }

func (t *tracer) record(cb *gpu.CommandBuffer) { t.pipe.Dispatch(cb, t.push, t.groups, 1, 1) }

func (t *tracer) download() ([]byte, error) {
	out := make([]byte, 16*int(t.count))
	if err := t.hits.Download(out); err != nil {
		return nil, fmt.Errorf("read back hits: %w", err)
	}
	return out, nil
}

func (t *tracer) Close() { t.own.Close() }
