package gpu

// Acceleration structures and ray-query pipelines (VK_KHR_acceleration_structure,
// VK_KHR_ray_query), on top of the cgo shim's entry-point table. Devices open
// these extensions, with bufferDeviceAddress, whenever they offer all of
// them; AccelSupport says whether this one did.

import (
	"encoding/binary"
	"fmt"
	"math"

	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	vk "github.com/vulkan-go/vulkan"
)

// AccelFlags are VkBuildAccelerationStructureFlagsKHR.
type AccelFlags uint32

// Build flags.
const (
	AccelAllowUpdate     AccelFlags = vkshim.BuildAllowUpdate
	AccelAllowCompaction AccelFlags = vkshim.BuildAllowCompaction
	AccelPreferFastTrace AccelFlags = vkshim.BuildPreferFastTrace
	AccelPreferFastBuild AccelFlags = vkshim.BuildPreferFastBuild
)

// Instance flags (VkGeometryInstanceFlagsKHR) for EncodeInstance.
const (
	InstanceCullDisable   = vkshim.InstanceTriangleFacingCullDisable
	InstanceForceOpaque   = vkshim.InstanceForceOpaque
	InstanceForceNoOpaque = vkshim.InstanceForceNoOpaque
)

// InstanceSize is the size of one VkAccelerationStructureInstanceKHR.
const InstanceSize = vkshim.AccelStructureInstanceSize

// rayQuery returns the device's acceleration-structure entry points,
// loading them once.
func (d *Device) rayQuery() (*vkshim.RayQuery, error) {
	if !(d.Features.AccelerationStructure && d.Features.RayQuery && d.Features.BufferDeviceAddress) {
		why := d.Phys.RayQuerySupport()
		if why == "" {
			why = "ray query is not enabled on this device"
		}
		return nil, fmt.Errorf("device %q: %s", d.Phys.Name, why)
	}
	if d.rq == nil {
		q, err := vkshim.LoadRayQuery(d.Phys.inst.fns, d.Phys.h, d.fns)
		if err != nil {
			return nil, err
		}
		d.rq = q
	}
	return d.rq, nil
}

// RayQuerySupport says why a physical device cannot run ray queries
// ("" when it can): the extensions and features the device would enable.
func (p *PhysicalDevice) RayQuerySupport() string {
	var miss []string
	if !p.Extensions["VK_KHR_acceleration_structure"] || !p.Info.AccelerationStructure {
		miss = append(miss, "VK_KHR_acceleration_structure")
	}
	if !p.Extensions["VK_KHR_ray_query"] || !p.Info.RayQuery {
		miss = append(miss, "VK_KHR_ray_query")
	}
	if !p.Info.BufferDeviceAddress {
		miss = append(miss, "bufferDeviceAddress")
	}
	if len(miss) == 0 {
		return ""
	}
	s := "device lacks " + miss[0]
	for _, m := range miss[1:] {
		s += " and " + m
	}
	return s
}

// AccelLimits are the device's acceleration-structure limits.
type AccelLimits struct {
	MaxGeometryCount, MaxInstanceCount, MaxPrimitiveCount uint64
	MinScratchAlignment                                   uint32
}

// AccelLimits reports the device's limits, or an error when the device
// has no acceleration structures enabled.
func (d *Device) AccelLimits() (AccelLimits, error) {
	q, err := d.rayQuery()
	if err != nil {
		return AccelLimits{}, err
	}
	return AccelLimits{q.MaxGeometryCount, q.MaxInstanceCount, q.MaxPrimitiveCount, q.MinScratchAlignment}, nil
}

// DeviceAddress is the buffer's device address (the buffer needs
// UsageDeviceAddress, UsageAccelInput or UsageAccelStorage).
func (b *Buffer) DeviceAddress() uint64 {
	if !b.dev.Features.BufferDeviceAddress {
		return 0
	}
	if b.dev.compileOnly {
		return b.standInAddress
	}
	return b.dev.fns.BufferDeviceAddress(b.h)
}

// AccelStruct is an acceleration structure with its own buffer.
type AccelStruct struct {
	Top bool
	// Size is the size of its storage in bytes.
	Size uint64
	// Address is its device address (the reference instances use).
	Address uint64
	dev     *Device
	buf     *Buffer
	h       vkshim.AccelHandle
	closed  bool
}

// NewAccelStruct creates a top- or bottom-level acceleration structure of
// size bytes in device-local memory.
func (d *Device) NewAccelStruct(top bool, size uint64) (*AccelStruct, error) {
	q, err := d.rayQuery()
	if err != nil {
		return nil, err
	}
	a := &AccelStruct{Top: top, Size: size, dev: d}
	if d.compileOnly {
		// A stand-in: no storage, no handle, an address of its own.
		a.Address = d.standInAddress(size)
		return a, nil
	}
	if a.buf, err = d.NewBufferUsage(size, DeviceLocal, UsageAccelStorage); err != nil {
		return nil, fmt.Errorf("acceleration-structure storage: %w", err)
	}
	h, r := q.CreateAccel(a.buf.h, size, top)
	if err := d.check("create acceleration structure", r); err != nil {
		a.Close()
		return nil, err
	}
	a.h = h
	a.Address = q.AccelAddress(h)
	return a, nil
}

// Close destroys the acceleration structure and frees its buffer; safe
// to call twice.
func (a *AccelStruct) Close() {
	if a == nil || a.closed {
		return
	}
	a.closed = true
	if !a.dev.release() {
		return
	}
	if !a.h.IsNull() {
		if q, err := a.dev.rayQuery(); err == nil {
			q.DestroyAccel(a.h)
		}
	}
	a.buf.Close()
}

// AccelGeometry is the single geometry of a build: triangles (bottom
// level: Vertices of packed float32 xyz, Indices of uint32 triples) or
// instances (top level: Count VkAccelerationStructureInstanceKHR records).
type AccelGeometry struct {
	Top         bool
	Vertices    *Buffer
	VertexCount uint32
	Indices     *Buffer
	Instances   *Buffer
	// Count is the number of triangles or instances.
	Count uint32
	// Opaque sets VK_GEOMETRY_OPAQUE_BIT_KHR on a triangle geometry.
	Opaque bool
}

func (g AccelGeometry) build(flags AccelFlags) vkshim.AccelBuild {
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

// AccelSizes are what a build needs.
type AccelSizes struct {
	Accel, BuildScratch, UpdateScratch uint64
}

// AccelBuildSizes asks the driver how large the acceleration structure of
// g and its scratch memory are.
func (d *Device) AccelBuildSizes(g AccelGeometry, flags AccelFlags) (AccelSizes, error) {
	q, err := d.rayQuery()
	if err != nil {
		return AccelSizes{}, err
	}
	b := g.build(flags)
	a, bs, us := q.BuildSizes(&b)
	return AccelSizes{a, bs, us}, nil
}

// NewAccelScratch allocates scratch memory of size bytes for builds,
// padded so that an address aligned to the device's
// minAccelerationStructureScratchOffsetAlignment fits.
func (d *Device) NewAccelScratch(size uint64) (*Buffer, error) {
	q, err := d.rayQuery()
	if err != nil {
		return nil, err
	}
	return d.NewBufferUsage(max(size, 1)+uint64(q.MinScratchAlignment), DeviceLocal, UsageDeviceAddress)
}

func alignUp(x, a uint64) uint64 {
	if a == 0 {
		return x
	}
	return (x + a - 1) / a * a
}

// AccelBuild is one build (Src nil) or update (Src set; may equal Dst,
// and must have been built with AccelAllowUpdate) of Dst from Geometry.
type AccelBuild struct {
	Dst, Src *AccelStruct
	Geometry AccelGeometry
	Flags    AccelFlags
	// Scratch comes from NewAccelScratch, at least BuildScratch (or
	// UpdateScratch) bytes.
	Scratch *Buffer
}

// BuildAccel records the build and a barrier that makes the result
// visible to later builds, copies, ray queries and transfers.
func (c *CommandBuffer) BuildAccel(b AccelBuild) error {
	q, err := c.dev.rayQuery()
	if err != nil {
		return err
	}
	vb := b.Geometry.build(b.Flags)
	vb.Dst = b.Dst.h
	if b.Src != nil {
		vb.Update, vb.Src = true, b.Src.h
	}
	if !c.records() {
		return nil
	}
	vb.Scratch = alignUp(b.Scratch.DeviceAddress(), uint64(q.MinScratchAlignment))
	q.CmdBuild(c.h, &vb)
	q.CmdBarrier(c.h)
	return nil
}

// AccelBarrier records the barrier BuildAccel ends with.
func (c *CommandBuffer) AccelBarrier() error {
	q, err := c.dev.rayQuery()
	if err != nil || !c.records() {
		return err
	}
	q.CmdBarrier(c.h)
	return nil
}

// CopyAccel records a copy of src into dst (compacting when compact) and
// a barrier.
func (c *CommandBuffer) CopyAccel(src, dst *AccelStruct, compact bool) error {
	q, err := c.dev.rayQuery()
	if err != nil || !c.records() {
		return err
	}
	q.CmdCopy(c.h, src.h, dst.h, compact)
	q.CmdBarrier(c.h)
	return nil
}

// AccelSizePool is a query pool of compacted acceleration-structure sizes.
type AccelSizePool struct{ queryPool }

// NewCompactedSizePool creates a pool of count compacted-size queries.
func (d *Device) NewCompactedSizePool(count uint32) (*AccelSizePool, error) {
	if _, err := d.rayQuery(); err != nil {
		return nil, err
	}
	q, err := d.newQueryPool("compacted-size", vk.QueryType(vkshim.QueryTypeAccelStructureCompactedSize), count)
	if err != nil {
		return nil, err
	}
	return &AccelSizePool{q}, nil
}

// Write records the compacted-size query of a (built with
// AccelAllowCompaction, after its build barrier) into query i. On a
// compile-only device nothing is built: query i then reads a's full size,
// a valid compacted size (never larger than the structure), so that
// Setup can go on to create a compacted copy.
func (p *AccelSizePool) Write(cb *CommandBuffer, a *AccelStruct, i uint32) error {
	q, err := p.dev.rayQuery()
	if err != nil {
		return err
	}
	if !cb.records() {
		if i >= p.Count {
			return fmt.Errorf("compacted-size query %d of a pool of %d", i, p.Count)
		}
		p.standIn[i] = a.Size
		return nil
	}
	q.CmdWriteCompactedSize(cb.h, a.h, p.h, i)
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

// NewRayQueryPipeline builds a compute pipeline like NewComputePipeline
// whose descriptor set 0 has spec.Buffers storage buffers at bindings
// 0..Buffers-1 followed by accels acceleration structures at bindings
// Buffers..Buffers+accels-1. Bind the buffers with Bind and the
// acceleration structures with BindAccel.
func (d *Device) NewRayQueryPipeline(spec ComputeSpec, accels int) (*ComputePipeline, error) {
	if _, err := d.rayQuery(); err != nil {
		return nil, fmt.Errorf("create pipeline %s: %w", spec.Name, err)
	}
	spec.Accels = accels
	return d.NewComputePipeline(spec)
}

// BindAccel points binding at the acceleration structure a.
func (p *ComputePipeline) BindAccel(binding uint32, a *AccelStruct) error {
	q, err := p.dev.rayQuery()
	if err != nil || p.dev.compileOnly {
		return err // a compile-only stand-in has no handle to point at
	}
	q.WriteDescriptor(p.set, binding, a.h)
	return nil
}
