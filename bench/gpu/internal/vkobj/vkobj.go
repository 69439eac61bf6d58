// Package vkobj creates the plain Vulkan objects a pipeline is built from
// (shader module, descriptor set layout and pipeline layout, a descriptor
// pool with its one set, specialization info), each from its create info
// alone. It keeps no state and marks nothing: a failed call is a *Failed
// error with the call's name and VkResult, which bench/gpu turns into its
// own (Device.check, which records a lost device).
package vkobj

import (
	"encoding/binary"
	"fmt"
	"unsafe"

	"github.com/radvbench/radvbench/bench/gpu/internal/cgorules"
	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	vk "github.com/vulkan-go/vulkan"
)

// Failed names a Vulkan call that did not return VK_SUCCESS.
type Failed struct {
	Op     string
	Result vk.Result
}

func (f *Failed) Error() string { return fmt.Sprintf("%s: VkResult %d", f.Op, f.Result) }

// ShaderModule creates a shader module from SPIR-V bytes.
func ShaderModule(h vk.Device, name string, spirv []byte) (m vk.ShaderModule, err error) {
	if len(spirv)%4 != 0 || len(spirv) == 0 {
		return vk.NullShaderModule, fmt.Errorf("shader %s: SPIR-V size %d is not a positive multiple of 4", name, len(spirv))
	}
	words := make([]uint32, len(spirv)/4)
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(spirv[4*i:])
	}
	defer cgorules.Pin(words)()
	if r := vk.CreateShaderModule(h, &vk.ShaderModuleCreateInfo{
		SType:    vk.StructureTypeShaderModuleCreateInfo,
		CodeSize: uint(len(spirv)),
		PCode:    words,
	}, nil, &m); r != vk.Success {
		return vk.NullShaderModule, &Failed{"create shader module " + name, r}
	}
	return m, nil
}

// Layouts creates a descriptor set layout with one binding per entry of
// types (bindings 0..len-1, visible to stages) and a pipeline layout with
// that set and, when pushSize > 0, one push-constant range.
func Layouts(h vk.Device, types []vk.DescriptorType, stages vk.ShaderStageFlags, pushSize uint32) (vk.DescriptorSetLayout, vk.PipelineLayout, error) {
	bindings := make([]vk.DescriptorSetLayoutBinding, len(types))
	for i, t := range types {
		bindings[i] = vk.DescriptorSetLayoutBinding{Binding: uint32(i), DescriptorType: t, DescriptorCount: 1, StageFlags: stages}
	}
	var setLayout vk.DescriptorSetLayout
	if r := vk.CreateDescriptorSetLayout(h, &vk.DescriptorSetLayoutCreateInfo{
		SType:        vk.StructureTypeDescriptorSetLayoutCreateInfo,
		BindingCount: uint32(len(bindings)),
		PBindings:    bindings,
	}, nil, &setLayout); r != vk.Success {
		return vk.NullDescriptorSetLayout, vk.NullPipelineLayout, &Failed{"create descriptor set layout", r}
	}
	setLayouts := []vk.DescriptorSetLayout{setLayout}
	defer cgorules.Pin(setLayouts)()
	plci := vk.PipelineLayoutCreateInfo{
		SType:          vk.StructureTypePipelineLayoutCreateInfo,
		SetLayoutCount: 1,
		PSetLayouts:    setLayouts,
	}
	if pushSize > 0 {
		plci.PushConstantRangeCount = 1
		plci.PPushConstantRanges = []vk.PushConstantRange{{StageFlags: stages, Size: pushSize}}
	}
	var layout vk.PipelineLayout
	if r := vk.CreatePipelineLayout(h, &plci, nil, &layout); r != vk.Success {
		vk.DestroyDescriptorSetLayout(h, setLayout, nil)
		return vk.NullDescriptorSetLayout, vk.NullPipelineLayout, &Failed{"create pipeline layout", r}
	}
	return setLayout, layout, nil
}

// Set creates a descriptor pool sized for one set of layout and
// allocates that set.
func Set(h vk.Device, layout vk.DescriptorSetLayout, sizes []vk.DescriptorPoolSize) (vk.DescriptorPool, vk.DescriptorSet, error) {
	var pool vk.DescriptorPool
	if r := vk.CreateDescriptorPool(h, &vk.DescriptorPoolCreateInfo{
		SType:         vk.StructureTypeDescriptorPoolCreateInfo,
		MaxSets:       1,
		PoolSizeCount: uint32(len(sizes)),
		PPoolSizes:    sizes,
	}, nil, &pool); r != vk.Success {
		return vk.NullDescriptorPool, vk.NullDescriptorSet, &Failed{"create descriptor pool", r}
	}
	var set vk.DescriptorSet
	layouts := []vk.DescriptorSetLayout{layout}
	defer cgorules.Pin(layouts)()
	if r := vk.AllocateDescriptorSets(h, &vk.DescriptorSetAllocateInfo{
		SType:              vk.StructureTypeDescriptorSetAllocateInfo,
		DescriptorPool:     pool,
		DescriptorSetCount: 1,
		PSetLayouts:        layouts,
	}, &set); r != vk.Success {
		vk.DestroyDescriptorPool(h, pool, nil)
		return vk.NullDescriptorPool, vk.NullDescriptorSet, &Failed{"allocate descriptor set", r}
	}
	return pool, set, nil
}

// Specialization maps constants[i] to constant_id i (32-bit each). The
// data lives in C memory (vulkan-go passes the pointer through); call
// free after the pipeline is created.
func Specialization(constants []uint32) ([]vk.SpecializationInfo, func()) {
	n := len(constants)
	if n == 0 {
		return nil, func() {}
	}
	entries := make([]vk.SpecializationMapEntry, n)
	for i := range entries {
		entries[i] = vk.SpecializationMapEntry{ConstantID: uint32(i), Offset: uint32(4 * i), Size: 4}
	}
	data := vkshim.Calloc(4 * n)
	copy(unsafe.Slice((*byte)(data), 4*n), unsafe.Slice((*byte)(unsafe.Pointer(&constants[0])), 4*n))
	return []vk.SpecializationInfo{{MapEntryCount: uint32(n), PMapEntries: entries, DataSize: uint(4 * n), PData: data}},
		func() { vkshim.Free(data) }
}
