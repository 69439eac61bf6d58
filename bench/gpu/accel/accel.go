// Package accel owns radvbench's ray-tracing acceleration structures
// (VK_KHR_acceleration_structure) on a bench/gpu Device: bottom-level
// structures of triangles and top-level ones of instances, their build
// sizes and scratch memory, builds, updates, compacting copies and
// compacted-size queries, the instance records a top level reads, and
// binding a structure to a ray-query pipeline (gpu.Device's
// NewRayQueryPipeline). Everything goes through the cgo shim's entry-point
// table (gpu.Device.RayQuery); it holds the shim's handles and never C
// types (cgo lives only in bench/internal/vk). Like bench/gpu, every
// object has an idempotent Close and errors wrap a named VkResult.
package accel

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/radvbench/radvbench/bench/gpu"
	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
)

// Flags are VkBuildAccelerationStructureFlagsKHR.
type Flags uint32

// Build flags.
const (
	AllowUpdate     Flags = vkshim.BuildAllowUpdate
	AllowCompaction Flags = vkshim.BuildAllowCompaction
	PreferFastTrace Flags = vkshim.BuildPreferFastTrace
	PreferFastBuild Flags = vkshim.BuildPreferFastBuild
)

// Instance flags (VkGeometryInstanceFlagsKHR) for EncodeInstance.
const (
	InstanceCullDisable   = vkshim.InstanceTriangleFacingCullDisable
	InstanceForceOpaque   = vkshim.InstanceForceOpaque
	InstanceForceNoOpaque = vkshim.InstanceForceNoOpaque
)

// InstanceSize is the size of one VkAccelerationStructureInstanceKHR.
const InstanceSize = vkshim.AccelStructureInstanceSize

// Limits are the device's acceleration-structure limits.
type Limits struct {
	MaxGeometryCount, MaxInstanceCount, MaxPrimitiveCount uint64
	MinScratchAlignment                                   uint32
}

// DeviceLimits reports d's limits, or an error when d has no
// acceleration structures enabled.
func DeviceLimits(d *gpu.Device) (Limits, error) {
	q, err := d.RayQuery()
	if err != nil {
		return Limits{}, err
	}
	return Limits{q.MaxGeometryCount, q.MaxInstanceCount, q.MaxPrimitiveCount, q.MinScratchAlignment}, nil
}

// Struct is an acceleration structure with its own buffer.
type Struct struct {
	Top bool
	// Size is the size of its storage in bytes.
	Size uint64
	// Address is its device address (the reference instances use).
	Address uint64
	dev     *gpu.Device
	buf     *gpu.Buffer
	h       vkshim.AccelHandle
	closed  bool
}

// New creates a top- or bottom-level acceleration structure of size bytes
// in device-local memory on d.
func New(d *gpu.Device, top bool, size uint64) (*Struct, error) {
	q, err := d.RayQuery()
	if err != nil {
		return nil, err
	}
	a := &Struct{Top: top, Size: size, dev: d}
	if d.CompileOnly() {
		// A stand-in: no storage, no handle, an address of its own.
		a.Address = d.StandInAddress(size)
		return a, nil
	}
	if a.buf, err = d.NewBufferUsage(size, gpu.DeviceLocal, gpu.UsageAccelStorage); err != nil {
		return nil, fmt.Errorf("acceleration-structure storage: %w", err)
	}
	h, r := q.CreateAccel(a.buf.Handle(), size, top)
	if err := d.Check("create acceleration structure", r); err != nil {
		a.Close()
		return nil, err
	}
	a.h = h
	a.Address = q.AccelAddress(h)
	return a, nil
}

// Close destroys the acceleration structure and frees its buffer; safe
// to call twice.
func (a *Struct) Close() {
	if a == nil || a.closed {
		return
	}
	a.closed = true
	if !a.dev.Release() {
		return
	}
	if !a.h.IsNull() {
		if q, err := a.dev.RayQuery(); err == nil {
			q.DestroyAccel(a.h)
		}
	}
	a.buf.Close()
}

// Geometry is the single geometry of a build: triangles (bottom level:
// Vertices of packed float32 xyz, Indices of uint32 triples) or instances
// (top level: Count VkAccelerationStructureInstanceKHR records).
type Geometry struct {
	Top         bool
	Vertices    *gpu.Buffer
	VertexCount uint32
	Indices     *gpu.Buffer
	Instances   *gpu.Buffer
	// Count is the number of triangles or instances.
	Count uint32
	// Opaque sets VK_GEOMETRY_OPAQUE_BIT_KHR on a triangle geometry.
	Opaque bool
}

func (g Geometry) build(flags Flags) vkshim.AccelBuild {
	b := vkshim.AccelBuild{Top: g.Top, Flags: uint32(flags), PrimitiveCount: g.Count}
	if g.Opaque {
		b.GeometryFlags |= vkshim.GeometryOpaque
	}
	if g.Top {
		if g.Instances != nil {
			b.InstanceAddress = g.Instances.DeviceAddress()
		}
		return b
	}
	b.VertexStride = 12
	b.MaxVertex = max(g.VertexCount, 1) - 1
	if g.Vertices != nil {
		b.VertexAddress = g.Vertices.DeviceAddress()
	}
	if g.Indices != nil {
		b.IndexAddress = g.Indices.DeviceAddress()
	}
	return b
}

// Sizes are what a build needs.
type Sizes struct {
	Accel, BuildScratch, UpdateScratch uint64
}

// BuildSizes asks d's driver how large the acceleration structure of g
// and its scratch memory are.
func BuildSizes(d *gpu.Device, g Geometry, flags Flags) (Sizes, error) {
	q, err := d.RayQuery()
	if err != nil {
		return Sizes{}, err
	}
	b := g.build(flags)
	a, bs, us := q.BuildSizes(&b)
	return Sizes{a, bs, us}, nil
}

// NewScratch allocates scratch memory of size bytes for builds on d,
// padded so that an address aligned to the device's
// minAccelerationStructureScratchOffsetAlignment fits.
func NewScratch(d *gpu.Device, size uint64) (*gpu.Buffer, error) {
	q, err := d.RayQuery()
	if err != nil {
		return nil, err
	}
	return d.NewBufferUsage(max(size, 1)+uint64(q.MinScratchAlignment), gpu.DeviceLocal, gpu.UsageDeviceAddress)
}

func alignUp(x, a uint64) uint64 {
	if a == 0 {
		return x
	}
	return (x + a - 1) / a * a
}

// Build is one build (Src nil) or update (Src set; may equal Dst, and
// must have been built with AllowUpdate) of Dst from Geometry.
type Build struct {
	Dst, Src *Struct
	Geometry Geometry
	Flags    Flags
	// Scratch comes from NewScratch, at least BuildScratch (or
	// UpdateScratch) bytes.
	Scratch *gpu.Buffer
}

// RecordBuild records the build b and a barrier that makes the result
// visible to later builds, copies, ray queries and transfers.
func RecordBuild(cb *gpu.CommandBuffer, b Build) error {
	q, err := cb.Device().RayQuery()
	if err != nil {
		return err
	}
	vb := b.Geometry.build(b.Flags)
	vb.Dst = b.Dst.h
	if b.Src != nil {
		vb.Update, vb.Src = true, b.Src.h
	}
	if !cb.Records() {
		return nil
	}
	vb.Scratch = alignUp(b.Scratch.DeviceAddress(), uint64(q.MinScratchAlignment))
	q.CmdBuild(cb.Handle(), &vb)
	q.CmdBarrier(cb.Handle())
	return nil
}

// Barrier records the barrier RecordBuild ends with.
func Barrier(cb *gpu.CommandBuffer) error {
	q, err := cb.Device().RayQuery()
	if err != nil || !cb.Records() {
		return err
	}
	q.CmdBarrier(cb.Handle())
	return nil
}

// Copy records a copy of src into dst (compacting when compact) and a
// barrier.
func Copy(cb *gpu.CommandBuffer, src, dst *Struct, compact bool) error {
	q, err := cb.Device().RayQuery()
	if err != nil || !cb.Records() {
		return err
	}
	q.CmdCopy(cb.Handle(), src.h, dst.h, compact)
	q.CmdBarrier(cb.Handle())
	return nil
}

// EncodeInstance writes one VkAccelerationStructureInstanceKHR into dst
// (InstanceSize bytes): a row-major 3×4 object-to-world transform, the
// 24-bit custom index, the 8-bit visibility mask, the instance flags and
// the bottom level's device address. The shader-binding-table offset is 0.
func EncodeInstance(dst []byte, transform [12]float32, customIndex uint32, mask uint8, flags uint8, blas uint64) {
	for i, v := range transform {
		binary.LittleEndian.PutUint32(dst[4*i:], math.Float32bits(v))
	}
	binary.LittleEndian.PutUint32(dst[48:], customIndex&0xffffff|uint32(mask)<<24)
	binary.LittleEndian.PutUint32(dst[52:], uint32(flags)<<24)
	binary.LittleEndian.PutUint64(dst[56:], blas)
}

// Bind points binding of p (a ray-query pipeline: gpu.Device's
// NewRayQueryPipeline) at the acceleration structure a.
func Bind(p *gpu.ComputePipeline, binding uint32, a *Struct) error {
	q, err := a.dev.RayQuery()
	if err != nil || a.dev.CompileOnly() {
		return err // a compile-only stand-in has no handle to point at
	}
	q.WriteDescriptor(p.DescriptorSet(), binding, a.h)
	return nil
}
