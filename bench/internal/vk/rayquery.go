package vk

/*
#include <stdlib.h>
#include "rayquery.h"
*/
import "C"

import (
	"fmt"
	"unsafe"

	vulkan "github.com/vulkan-go/vulkan"
)

// RayQuery is the table of VK_KHR_acceleration_structure entry points of
// one device (loaded with vkGetDeviceProcAddr) and the device's
// acceleration-structure limits. Release it with Free.
type RayQuery struct {
	t *C.rb_rq
	// Limits from VkPhysicalDeviceAccelerationStructurePropertiesKHR.
	MaxGeometryCount, MaxInstanceCount, MaxPrimitiveCount uint64
	MinScratchAlignment                                   uint32
}

// AccelHandle is a VkAccelerationStructureKHR.
type AccelHandle struct{ h C.VkAccelerationStructureKHR }

// IsNull reports a null handle.
func (a AccelHandle) IsNull() bool { return a.h == nil }

// Raw values of the Vulkan enumerants the ray-query code uses with
// vulkan-go (whose headers predate VK_KHR_acceleration_structure).
const (
	BufferUsageShaderDeviceAddress        = 0x00020000
	BufferUsageAccelStructureBuildInputRO = 0x00080000
	BufferUsageAccelStructureStorage      = 0x00100000
	DescriptorTypeAccelerationStructure   = 1000150000
	QueryTypeAccelStructureCompactedSize  = 1000150000
	BuildPreferFastTrace                  = 0x4
	BuildPreferFastBuild                  = 0x8
	BuildAllowUpdate                      = 0x1
	BuildAllowCompaction                  = 0x2
	GeometryOpaque                        = 0x1
	InstanceTriangleFacingCullDisable     = 0x1
	InstanceForceOpaque                   = 0x4
	InstanceForceNoOpaque                 = 0x8
	AccelStructureInstanceSize            = 64
)

// LoadRayQuery loads the entry points for dev (whose table must outlive
// the result); it fails, naming the missing function, when the device
// does not expose them.
func LoadRayQuery(inst *InstanceFuncs, phys vulkan.PhysicalDevice, dev *DeviceFuncs) (*RayQuery, error) {
	var t *C.rb_rq
	var missing [256]C.char
	r := C.rb_rq_load(inst.t, C.VkPhysicalDevice(unsafe.Pointer(phys)), dev.t, &t, &missing[0], C.int(len(missing)))
	if r != C.VK_SUCCESS {
		return nil, fmt.Errorf("load acceleration-structure entry points: %s unavailable (VkResult %d)", C.GoString(&missing[0]), int32(r))
	}
	return &RayQuery{
		t:                   t,
		MaxGeometryCount:    uint64(t.max_geometry_count),
		MaxInstanceCount:    uint64(t.max_instance_count),
		MaxPrimitiveCount:   uint64(t.max_primitive_count),
		MinScratchAlignment: uint32(t.min_scratch_alignment),
	}, nil
}

// Free releases the table.
func (q *RayQuery) Free() {
	if q != nil && q.t != nil {
		C.rb_rq_free(q.t)
		q.t = nil
	}
}

// CreateAccel creates an acceleration structure of size bytes at offset 0
// of b; top selects a top-level one.
func (q *RayQuery) CreateAccel(b vulkan.Buffer, size uint64, top bool) (AccelHandle, vulkan.Result) {
	var h C.VkAccelerationStructureKHR
	typ := C.uint32_t(0)
	if top {
		typ = 1
	}
	r := C.rb_rq_create(q.t, C.VkBuffer(unsafe.Pointer(b)), C.uint64_t(size), typ, &h)
	return AccelHandle{h}, vulkan.Result(r)
}

// DestroyAccel destroys a (non-null) acceleration structure.
func (q *RayQuery) DestroyAccel(a AccelHandle) {
	if a.h != nil {
		C.rb_rq_destroy(q.t, a.h)
	}
}

// AccelAddress is vkGetAccelerationStructureDeviceAddressKHR.
func (q *RayQuery) AccelAddress(a AccelHandle) uint64 { return uint64(C.rb_rq_address(q.t, a.h)) }

// AccelBuild describes one build or update with a single geometry:
// triangles for a bottom level, instances for a top level. Addresses are
// buffer device addresses.
type AccelBuild struct {
	Top           bool
	Flags         uint32 // Build* flags
	Update        bool
	GeometryFlags uint32 // Geometry* flags
	Src, Dst      AccelHandle
	Scratch       uint64
	// Triangles: R32G32B32_SFLOAT vertices, uint32 indices.
	VertexAddress uint64
	VertexStride  uint32
	MaxVertex     uint32
	IndexAddress  uint64
	// Instances: VkAccelerationStructureInstanceKHR array.
	InstanceAddress uint64
	// PrimitiveCount is the number of triangles or instances.
	PrimitiveCount uint32
}

func (b *AccelBuild) c() C.rb_as_build {
	var top, upd C.uint32_t
	if b.Top {
		top = 1
	}
	if b.Update {
		upd = 1
	}
	return C.rb_as_build{
		_type: top, flags: C.uint32_t(b.Flags), update: upd, geometry_flags: C.uint32_t(b.GeometryFlags),
		src: b.Src.h, dst: b.Dst.h, scratch: C.uint64_t(b.Scratch),
		vertex_address: C.uint64_t(b.VertexAddress), vertex_stride: C.uint32_t(b.VertexStride),
		max_vertex: C.uint32_t(b.MaxVertex), index_address: C.uint64_t(b.IndexAddress),
		instance_address: C.uint64_t(b.InstanceAddress), primitive_count: C.uint32_t(b.PrimitiveCount),
	}
}

// BuildSizes is vkGetAccelerationStructureBuildSizesKHR for b.
func (q *RayQuery) BuildSizes(b *AccelBuild) (accel, buildScratch, updateScratch uint64) {
	cb := b.c()
	var a, bs, us C.uint64_t
	C.rb_rq_build_sizes(q.t, &cb, &a, &bs, &us)
	return uint64(a), uint64(bs), uint64(us)
}

// CmdBuild records vkCmdBuildAccelerationStructuresKHR for b.
func (q *RayQuery) CmdBuild(cmd vulkan.CommandBuffer, b *AccelBuild) {
	cb := b.c()
	C.rb_rq_cmd_build(q.t, C.VkCommandBuffer(unsafe.Pointer(cmd)), &cb)
}

// CmdBarrier records a barrier from acceleration-structure, shader and
// transfer writes to acceleration-structure builds, ray queries in compute
// shaders and transfers.
func (q *RayQuery) CmdBarrier(cmd vulkan.CommandBuffer) {
	C.rb_rq_cmd_barrier(q.t, C.VkCommandBuffer(unsafe.Pointer(cmd)))
}

// CmdWriteCompactedSize records a compacted-size query of a into query i
// of pool.
func (q *RayQuery) CmdWriteCompactedSize(cmd vulkan.CommandBuffer, a AccelHandle, pool vulkan.QueryPool, i uint32) {
	C.rb_rq_cmd_write_compacted_size(q.t, C.VkCommandBuffer(unsafe.Pointer(cmd)), a.h, C.VkQueryPool(unsafe.Pointer(pool)), C.uint32_t(i))
}

// CmdCopy records an acceleration-structure copy (compacting when compact).
func (q *RayQuery) CmdCopy(cmd vulkan.CommandBuffer, src, dst AccelHandle, compact bool) {
	var c C.uint32_t
	if compact {
		c = 1
	}
	C.rb_rq_cmd_copy(q.t, C.VkCommandBuffer(unsafe.Pointer(cmd)), src.h, dst.h, c)
}

// WriteDescriptor points binding of set at the acceleration structure a.
func (q *RayQuery) WriteDescriptor(set vulkan.DescriptorSet, binding uint32, a AccelHandle) {
	C.rb_rq_write_descriptor(q.t, C.VkDescriptorSet(unsafe.Pointer(set)), C.uint32_t(binding), a.h)
}
