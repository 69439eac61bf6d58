package rayquery

import (
	"fmt"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/accel"
	"github.com/radvbench/radvbench/bench/kernel"
)

// buildInstance times one BLAS or TLAS build, or a TLAS refit with moved
// instances, of the sphere-grid scene. Verification traces primary and
// ambient-occlusion rays through the result (and through its compacted
// copy) against the CPU reference.
type buildInstance struct {
	v     buildVariant
	cpu   *scene // the scene as the timed build leaves it
	g     *gpuScene
	build accel.Build
	sizes accel.Sizes
	prims int
	moved *gpu.Buffer
	tr    *tracer
	rays  []ray
	refs  *refSet
	extra map[string]float64
	own   gpu.Owned
	// compaction: the compacted copy, and the TLAS that reaches it (the
	// copy itself for a TLAS, a TLAS over the compacted BLAS otherwise).
	compact, compactTLAS *accel.Struct
}

// verifyRays is the size of each verification ray set (primary and AO).
const verifyRays = 4096

func setupBuild(d *gpu.Device, v kernel.Variant, p kernel.Params, o kernel.Options) (kernel.Instance, error) {
	bvar := v.Data.(buildVariant)
	sp := specOf(spheres, p, o)
	s := getScene(o.Shared, sp)
	blasFlags, tlasFlags := accel.PreferFastTrace, accel.PreferFastTrace
	if bvar.top {
		tlasFlags = bvar.flags
		if bvar.update {
			tlasFlags |= accel.AllowUpdate
		}
	} else {
		blasFlags = bvar.flags
	}
	b := &buildInstance{v: bvar, cpu: s, extra: map[string]float64{}}
	var err error
	if b.g, err = newGPUScene(d, s, blasFlags, tlasFlags); err != nil {
		return nil, err
	}
	b.own.Add(b.g.Close)
	fail := func(err error) (kernel.Instance, error) {
		b.Close()
		return nil, err
	}
	switch {
	case !bvar.top:
		m := b.g.meshes[0]
		b.build = accel.Build{Dst: m.blas, Geometry: m.geom, Flags: blasFlags, Scratch: b.g.scratch}
		b.sizes, b.prims = m.sizes, int(m.geom.Count)
	case bvar.update:
		moved := &scene{Meshes: s.Meshes, Instances: movedInstances(s, o.Seed)}
		moved.prepare()
		b.cpu = moved
		if b.moved, err = b.g.upload("moved instance", encodeInstances(moved.Instances, b.g.blasAddress)); err != nil {
			return fail(err)
		}
		geom := b.g.instGeom
		geom.Instances = b.moved
		b.build = accel.Build{Dst: b.g.tlas, Src: b.g.tlas, Geometry: geom, Flags: tlasFlags, Scratch: b.g.scratch}
		b.sizes, b.prims = b.g.tlasSizes, len(s.Instances)
	default:
		b.build = accel.Build{Dst: b.g.tlas, Geometry: b.g.instGeom, Flags: tlasFlags, Scratch: b.g.scratch}
		b.sizes, b.prims = b.g.tlasSizes, len(s.Instances)
	}
	b.extra["accel_bytes"] = float64(b.sizes.Accel)
	b.extra["build_scratch_bytes"] = float64(b.sizes.BuildScratch)
	b.extra["update_scratch_bytes"] = float64(b.sizes.UpdateScratch)
	b.extra["primitives"] = float64(b.prims)
	if !bvar.update {
		if err := b.compaction(d, blasFlags, tlasFlags); err != nil {
			return fail(err)
		}
	}
	b.rays = append(genRays(b.cpu, spheres, primary, verifyRays, o.Seed), genRays(b.cpu, spheres, ao, verifyRays, o.Seed)...)
	b.refs = newRefSet(b.cpu, b.rays, 0, o.Seed)
	if b.tr, err = newTracer(d, traceConfig{wg: 64, rpi: 1}, b.rays); err != nil {
		return fail(err)
	}
	b.own.Add(b.tr.Close)
	return b, nil
}

// compaction builds the target level again with ALLOW_COMPACTION, reads
// its compacted size, and copies it into a compacted acceleration
// structure that Verify traces too.
func (b *buildInstance) compaction(d *gpu.Device, blasFlags, tlasFlags accel.Flags) error {
	flags, geom := blasFlags, b.build.Geometry
	if b.v.top {
		flags = tlasFlags
	}
	flags |= accel.AllowCompaction
	sizes, err := accel.BuildSizes(d, geom, flags)
	if err != nil {
		return err
	}
	full, err := accel.New(d, b.v.top, sizes.Accel)
	if err != nil {
		return fmt.Errorf("compactable copy: %w", err)
	}
	defer full.Close()
	scratch, err := accel.NewScratch(d, sizes.BuildScratch)
	if err != nil {
		return err
	}
	defer scratch.Close()
	pool, err := accel.NewSizePool(d, 1)
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := d.Run(func(cb *gpu.CommandBuffer) error {
		pool.Reset(cb)
		if err := accel.RecordBuild(cb, accel.Build{Dst: full, Geometry: geom, Flags: flags, Scratch: scratch}); err != nil {
			return err
		}
		return pool.Write(cb, full, 0)
	}); err != nil {
		return fmt.Errorf("build for compaction: %w", err)
	}
	res, err := pool.Results()
	if err != nil {
		return err
	}
	compacted := res[0]
	if compacted == 0 || compacted > sizes.Accel {
		return fmt.Errorf("compacted size %d bytes is not in (0, %d]", compacted, sizes.Accel)
	}
	if b.compact, err = accel.New(d, b.v.top, compacted); err != nil {
		return fmt.Errorf("compacted copy: %w", err)
	}
	b.own.Add(b.compact.Close)
	b.compactTLAS = b.compact
	var inst *gpu.Buffer
	if !b.v.top {
		// A TLAS over the compacted BLAS, with the scene's instances.
		if b.compactTLAS, err = accel.New(d, true, b.g.tlasSizes.Accel); err != nil {
			return err
		}
		b.own.Add(b.compactTLAS.Close)
		if inst, err = b.g.upload("instance", encodeInstances(b.cpu.Instances, func(int) uint64 { return b.compact.Address })); err != nil {
			return err
		}
	}
	if err := d.Run(func(cb *gpu.CommandBuffer) error {
		if err := accel.Copy(cb, full, b.compact, true); err != nil {
			return err
		}
		if b.v.top {
			return nil
		}
		geom := b.g.instGeom
		geom.Instances = inst
		return accel.RecordBuild(cb, accel.Build{Dst: b.compactTLAS, Geometry: geom, Flags: accel.PreferFastTrace, Scratch: b.g.scratch})
	}); err != nil {
		return fmt.Errorf("compacting copy: %w", err)
	}
	b.extra["compactable_bytes"] = float64(sizes.Accel)
	b.extra["compacted_bytes"] = float64(compacted)
	b.extra["compaction_ratio"] = float64(compacted) / float64(sizes.Accel)
	return nil
}

func (b *buildInstance) Record(cb *gpu.CommandBuffer) {
	// The geometry and scratch were checked in Setup; BuildAccel only
	// fails without ray-query support, which Setup established.
	_ = accel.RecordBuild(cb, b.build)
}

func (b *buildInstance) Work() float64 { return float64(b.prims) }

// trace runs the verification rays through tlas (rebuilding the scene's
// TLAS first after a BLAS build) and compares them with the reference.
func (b *buildInstance) trace(tlas *accel.Struct, rebuildTLAS bool) (map[string]float64, error) {
	if err := b.tr.bind(tlas); err != nil {
		return nil, err
	}
	if err := b.tr.poison(); err != nil {
		return nil, err
	}
	if err := b.tr.dev.Run(func(cb *gpu.CommandBuffer) error {
		if rebuildTLAS {
			if err := accel.RecordBuild(cb, accel.Build{Dst: b.g.tlas, Geometry: b.g.instGeom, Flags: accel.PreferFastTrace, Scratch: b.g.scratch}); err != nil {
				return err
			}
		}
		b.tr.record(cb)
		return nil
	}); err != nil {
		return nil, fmt.Errorf("trace verification rays: %w", err)
	}
	hits, err := b.tr.download()
	if err != nil {
		return nil, err
	}
	return compare(b.cpu, b.rays, b.refs, hits, false, 0)
}

func (b *buildInstance) Verify() (map[string]float64, error) {
	fig, err := b.trace(b.g.tlas, !b.v.top)
	if err != nil {
		return fig, fmt.Errorf("rays through the built acceleration structure: %w", err)
	}
	for _, k := range []string{"grazing_rays", "tie_rays", "inside_rays", "alternate_hits", "checked_rays"} {
		b.extra["verify."+k] = fig[k]
	}
	if b.compactTLAS != nil {
		cfig, err := b.trace(b.compactTLAS, false)
		for k, v := range cfig {
			fig["compacted."+k] = v
		}
		if err != nil {
			return fig, fmt.Errorf("rays through the compacted acceleration structure: %w", err)
		}
	}
	return fig, nil
}

func (b *buildInstance) Extra(medianNS float64) map[string]float64 {
	out := map[string]float64{}
	for k, v := range b.extra {
		out[k] = v
	}
	if medianNS > 0 {
		out["mprims_per_s"] = 1e3 * float64(b.prims) / medianNS
	}
	return out
}

func (b *buildInstance) Close() { b.own.Close() }
