package rayquery

import (
	"fmt"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/accel"
	"github.com/radvbench/radvbench/bench/kernel"
)

// traceInstance times one traversal dispatch over all rays.
type traceInstance struct {
	v     traceVariant
	prob  *problem
	scene *gpuScene
	tr    *tracer
	edge  map[string]float64
}

func setupTrace(d *gpu.Device, kind sceneKind, v kernel.Variant, p kernel.Params, o kernel.Options) (kernel.Instance, error) {
	tv := v.Data.(traceVariant)
	nrays := int(p["rays"])
	if nrays <= 0 {
		nrays = 65536
	}
	prob := getProblem(o.Shared, specOf(kind, p, o), tv.rays, nrays, int(tv.alpha))
	inst := &traceInstance{v: tv, prob: prob}
	var err error
	if inst.scene, err = newGPUScene(d, prob.scene, accel.PreferFastTrace, accel.PreferFastTrace); err != nil {
		return nil, err
	}
	if inst.tr, err = newTracer(d, tv.config(), prob.rays); err != nil {
		inst.Close()
		return nil, err
	}
	if err := inst.tr.bind(inst.scene.tlas); err != nil {
		inst.Close()
		return nil, err
	}
	if err := inst.tr.poison(); err != nil {
		inst.Close()
		return nil, err
	}
	return inst, nil
}

func (i *traceInstance) Record(cb *gpu.CommandBuffer) { i.tr.record(cb) }

func (i *traceInstance) Work() float64 { return float64(len(i.prob.rays)) }

func (i *traceInstance) Verify() (map[string]float64, error) {
	hits, err := i.tr.download()
	if err != nil {
		return nil, err
	}
	fig, err := compare(i.prob.scene, i.prob.rays, i.prob.refs, hits, i.v.first, int(i.v.alpha))
	i.edge = map[string]float64{}
	for _, k := range []string{"grazing_rays", "tie_rays", "inside_rays", "alternate_hits", "checked_rays"} {
		i.edge["verify."+k] = fig[k]
	}
	if err != nil {
		return fig, fmt.Errorf("%s rays: %w", i.v.rays, err)
	}
	return fig, nil
}

func (i *traceInstance) Extra(medianNS float64) map[string]float64 {
	out := map[string]float64{
		"rays":       float64(len(i.prob.rays)),
		"triangles":  float64(totalTris(i.prob.scene)),
		"instances":  float64(len(i.prob.scene.Instances)),
		"tlas_bytes": float64(i.scene.tlas.Size),
	}
	for _, m := range i.scene.meshes {
		out["blas_bytes"] += float64(m.blas.Size)
	}
	if medianNS > 0 {
		out["ns_per_ray"] = medianNS / float64(len(i.prob.rays))
	}
	for k, v := range i.edge {
		out[k] = v
	}
	return out
}

// totalTris counts the scene's instanced triangles.
func totalTris(s *scene) int {
	n := 0
	for _, in := range s.Instances {
		n += s.Meshes[in.Mesh].tris()
	}
	return n
}

func (i *traceInstance) Close() {
	if i.tr != nil {
		i.tr.Close()
	}
	if i.scene != nil {
		i.scene.Close()
	}
}
