package gpu

import (
	"sync"

	"github.com/radvbench/radvbench/bench/gpu/compiled"
	vk "github.com/vulkan-go/vulkan"
)

// A device compiles each compute pipeline once (ComputeSpec.Key: the same
// SPIR-V, specialization constants, subgroup size and layout) and hands
// the same VkPipeline to every later NewComputePipeline of that key, each
// with a descriptor set of its own: the sizes of one kernel that share
// their constants share their pipeline, as a driver's own pipeline cache
// would give them the same code anyway. What that saves is the compile a
// cache does not: under the validation layer's GPU-assisted validation
// every shader module is instrumented with a serial number of its own
// (Vulkan-ValidationLayers, layers/gpuav/instrumentation/
// gpuav_shader_instrumentor.cpp: unique_shader_module_id_), so each
// creation is new SPIR-V to the driver, which lavapipe compiles with LLVM
// again (a cooperative-matrix block GEMM: 35-45 s each). A capturing
// device reports the pipeline to its hook at every creation, reused or
// not, so each benchmark's set-up still sees what it uses.

// sharedPipeline is what a device's compute pipelines of one key share:
// the objects CreateLayouts, AddShaderModule and CreatePipeline made, and
// what the capture read from them.
type sharedPipeline struct {
	modules   []vk.ShaderModule
	setLayout vk.DescriptorSetLayout
	layout    vk.PipelineLayout
	pipeline  vk.Pipeline
	captured  *compiled.Pipeline
}

// pipelineCache is a device's compute pipelines by key.
type pipelineCache struct {
	mu    sync.Mutex
	byKey map[string]*sharedPipeline
}

// cachedPipeline returns a core sharing the pipeline of key, nil when the
// device has none yet.
func (d *Device) cachedPipeline(key string) *PipelineCore {
	d.pipelines.mu.Lock()
	s := d.pipelines.byKey[key]
	d.pipelines.mu.Unlock()
	if s == nil {
		return nil
	}
	if d.capture != nil && s.captured != nil {
		d.capture(*s.captured)
	}
	return &PipelineCore{dev: d, setLayout: s.setLayout, layout: s.layout, pipeline: s.pipeline, shared: true}
}

// keepPipeline hands c's pipeline, layouts and modules to the device's
// cache under key: c (and every later core of the key) then owns only its
// descriptor set, and Device.Close destroys the rest. When another
// goroutine kept one of the key first, c keeps its own.
func (d *Device) keepPipeline(key string, c *PipelineCore) {
	d.pipelines.mu.Lock()
	defer d.pipelines.mu.Unlock()
	if d.pipelines.byKey[key] != nil {
		return
	}
	if d.pipelines.byKey == nil {
		d.pipelines.byKey = map[string]*sharedPipeline{}
	}
	d.pipelines.byKey[key] = &sharedPipeline{modules: c.modules, setLayout: c.setLayout, layout: c.layout, pipeline: c.pipeline, captured: c.captured}
	c.modules, c.shared = nil, true
}

// closePipelines destroys the cached pipelines (Close, after the device
// is idle).
func (d *Device) closePipelines() {
	d.pipelines.mu.Lock()
	defer d.pipelines.mu.Unlock()
	for key, s := range d.pipelines.byKey {
		vk.DestroyPipeline(d.h, s.pipeline, nil)
		vk.DestroyPipelineLayout(d.h, s.layout, nil)
		vk.DestroyDescriptorSetLayout(d.h, s.setLayout, nil)
		for _, m := range s.modules {
			vk.DestroyShaderModule(d.h, m, nil)
		}
		delete(d.pipelines.byKey, key)
	}
}
