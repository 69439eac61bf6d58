package gpu

import "sync"

// A device compiles each compute pipeline once per key (ComputeSpec.Key)
// and every later NewComputePipeline of the key shares it, with a
// descriptor set of its own: the sizes of a kernel with the same constants
// get the same code, as from the driver's cache, but without a compile
// the cache cannot spare under GPU-assisted validation, which makes each
// shader module new SPIR-V (Vulkan-ValidationLayers,
// gpuav_shader_instrumentor.cpp: unique_shader_module_id_). A capturing
// device reports the pipeline at every reuse, as at its creation.

// cachedPipeline returns a core sharing the pipeline of key, nil when the
// device has none yet.
func (d *Device) cachedPipeline(key string) *PipelineCore {
	d.pipelines.mu.Lock()
	o := d.pipelines.byKey[key]
	d.pipelines.mu.Unlock()
	if o == nil {
		return nil
	}
	if d.capture != nil && o.captured != nil {
		d.capture(*o.captured)
	}
	return &PipelineCore{dev: d, setLayout: o.setLayout, layout: o.layout, pipeline: o.pipeline, shared: true}
}

// pipelineCache holds, by key, a core that owns the key's pipeline,
// layouts and modules (no descriptor set).
type pipelineCache struct {
	mu    sync.Mutex
	byKey map[string]*PipelineCore
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
		d.pipelines.byKey = map[string]*PipelineCore{}
	}
	d.pipelines.byKey[key] = &PipelineCore{dev: d, modules: c.modules, setLayout: c.setLayout, layout: c.layout, pipeline: c.pipeline, captured: c.captured}
	c.modules, c.shared = nil, true
}

// closePipelines destroys the cached pipelines (Close, the device idle).
func (d *Device) closePipelines() {
	d.pipelines.mu.Lock()
	defer d.pipelines.mu.Unlock()
	for _, o := range d.pipelines.byKey {
		o.Close()
	}
	d.pipelines.byKey = nil
}
