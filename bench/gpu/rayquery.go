package gpu

// Ray queries (VK_KHR_acceleration_structure, VK_KHR_ray_query): whether a
// device has them, their entry points, ray-query compute pipelines and
// buffer device addresses. Devices open these extensions, with
// bufferDeviceAddress, whenever they offer all of them; acceleration
// structures are bench/gpu/accel's.

import (
	"fmt"

	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
)

// RayQuery returns the device's acceleration-structure entry points,
// loading them once, or why the device has none.
func (d *Device) RayQuery() (*vkshim.RayQuery, error) {
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

// NewRayQueryPipeline builds a compute pipeline like NewComputePipeline
// whose descriptor set 0 has spec.Buffers storage buffers at bindings
// 0..Buffers-1 followed by accels acceleration structures at bindings
// Buffers..Buffers+accels-1. Bind the buffers with Bind and the
// acceleration structures with bench/gpu/accel's Bind.
func (d *Device) NewRayQueryPipeline(spec ComputeSpec, accels int) (*ComputePipeline, error) {
	if _, err := d.RayQuery(); err != nil {
		return nil, fmt.Errorf("create pipeline %s: %w", spec.Name, err)
	}
	spec.Accels = accels
	return d.NewComputePipeline(spec)
}
