// Package rayquery is the ray-query suite: acceleration-structure builds
// (BLAS and TLAS, prefer-fast-trace and prefer-fast-build, compaction,
// TLAS refit with moved instances) and ray-query traversal in compute
// shaders (coherent primary rays, incoherent ambient-occlusion and bounce
// rays, closest hit and terminate-on-first-hit, opaque and non-opaque
// geometry with candidate processing) over scenes generated from a seed.
// Every instance is verified against a CPU reference (Möller–Trumbore over
// a BVH in float64) before it is timed; rays the tolerance band leaves
// open are counted and reported. Devices without VK_KHR_ray_query and
// VK_KHR_acceleration_structure skip with the reason.
package rayquery

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/accel"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/shaders"
)

const traceShader = "rayquery_trace.comp"

func shaderSPIRV() ([]byte, error) { return shaders.Get(traceShader) }

func skipf(format string, args ...any) error { return kernel.Skipf(format, args...) }

// traceVariant is a traversal variant's typed form.
type traceVariant struct {
	rays  rayKind
	first bool // terminate on first hit
	alpha uint32
	wg    uint32
	rpi   uint32
}

func (v traceVariant) config() traceConfig {
	c := traceConfig{wg: v.wg, rpi: v.rpi, alpha: v.alpha}
	if v.first {
		c.flags |= flagTerminateOnFirst
	}
	if v.alpha > 0 {
		c.flags |= flagNoOpaque
	}
	return c
}

// alphaCut is the cut-out of the non-opaque variants: one triangle in 4
// is rejected by the shader's candidate processing.
const alphaCut = 4

func tv(rk rayKind, first, nonOpaque bool, wg, rpi uint32) kernel.Variant {
	v := traceVariant{rays: rk, first: first, wg: wg, rpi: rpi}
	hitMode, geom := "closest", "opaque"
	if first {
		hitMode = "first"
	}
	if nonOpaque {
		v.alpha = alphaCut
		geom = "nonopaque"
	}
	name := fmt.Sprintf("%s-%s-%s-wg%d-r%d", rk, hitMode, geom, wg, rpi)
	return kernel.Variant{
		Name: name,
		Params: map[string]string{
			"rays": rk.String(), "hit": hitMode, "geometry": geom,
			"wg": strconv.Itoa(int(wg)), "rpi": strconv.Itoa(int(rpi)),
		},
		Data: v,
	}
}

// buildVariant is a build variant's typed form.
type buildVariant struct {
	top    bool
	flags  accel.Flags
	update bool
}

func bv(name string, top bool, flags accel.Flags, update bool) kernel.Variant {
	level, pref := "blas", "fast-trace"
	if top {
		level = "tlas"
	}
	if flags&accel.PreferFastBuild != 0 {
		pref = "fast-build"
	}
	mode := "build"
	if update {
		mode = "update"
	}
	return kernel.Variant{
		Name:   name,
		Params: map[string]string{"level": level, "prefer": pref, "mode": mode},
		Data:   buildVariant{top: top, flags: flags, update: update},
	}
}

func init() {
	mrays := kernel.Metric{Name: "throughput", Unit: "Mrays/s", Better: resultsfile.HigherIsBetter, Scale: 1e3}
	trace := func(kind sceneKind, desc string, vs ...kernel.Variant) *kernel.Kernel {
		return &kernel.Kernel{
			Name: kind.String(), Description: desc, Shaders: []string{traceShader}, Metric: mrays,
			Variants: vs, Sizes: traceSizes, ParseSize: ParseSize, Supported: supported,
			SharedGroup: sceneGroup(kind),
			Setup: func(d *gpu.Device, v kernel.Variant, p kernel.Params, o kernel.Options) (kernel.Instance, error) {
				return setupTrace(d, kind, v, p, o)
			},
		}
	}
	kernel.Register(&kernel.Suite{
		Name:        "rayquery",
		Description: "acceleration-structure builds and ray-query traversal (rays/s), verified against a CPU reference",
		Kernels: []*kernel.Kernel{
			{
				Name: "build", Description: "BLAS/TLAS build and TLAS refit time of a sphere-grid scene; sizes before and after compaction",
				Shaders: []string{traceShader},
				Metric:  kernel.Metric{Name: "build time", Unit: "µs", Better: resultsfile.LowerIsBetter, Scale: 1e-3, Time: true},
				Variants: []kernel.Variant{
					bv("blas-fast-trace", false, accel.PreferFastTrace, false),
					bv("blas-fast-build", false, accel.PreferFastBuild, false),
					bv("tlas-fast-trace", true, accel.PreferFastTrace, false),
					bv("tlas-fast-build", true, accel.PreferFastBuild, false),
					bv("tlas-refit", true, accel.PreferFastTrace, true),
				},
				Sizes: buildSizes, ParseSize: ParseSize, Supported: supported, Setup: setupBuild,
				SharedGroup: sceneGroup(spheres),
			},
			trace(spheres, "grid of instances of one sphere BLAS: ray-query traversal",
				tv(primary, false, false, 64, 1),
				tv(primary, false, false, 32, 1),
				tv(primary, false, false, 64, 4),
				tv(primary, true, false, 64, 1),
				tv(primary, false, true, 64, 1),
				tv(ao, false, false, 64, 1),
				tv(ao, true, false, 64, 1),
				tv(ao, true, true, 64, 1)),
			trace(terrain, "tiles of one height-field BLAS: ray-query traversal",
				tv(primary, false, false, 64, 1),
				tv(ao, true, false, 64, 1)),
			trace(room, "closed room with sphere objects inside: ray-query traversal",
				tv(primary, false, false, 64, 1),
				tv(bounce, false, false, 64, 1),
				tv(ao, true, false, 64, 1)),
		},
	})
}

func size(tris, instances, rays int64) kernel.Params {
	return kernel.Params{"tris": tris, "instances": instances, "rays": rays}
}

// traceSizes: triangles of the instanced mesh, instances, rays. Quick runs
// use one small scene; CPU implementations a moderate sweep; GPUs up to a
// 1M-triangle BLAS and 1M rays.
func traceSizes(o kernel.Options) []kernel.Params {
	if len(o.Sizes) > 0 {
		return o.Sizes
	}
	switch {
	case o.Quick:
		return []kernel.Params{size(1024, 16, 16384)}
	case o.CPU:
		return []kernel.Params{size(4096, 64, 65536), size(65536, 16, 65536)}
	default:
		return []kernel.Params{size(1024, 4096, 1<<20), size(65536, 256, 1<<20), size(1<<20, 16, 1<<20)}
	}
}

// buildSizes are traceSizes without the ray count.
func buildSizes(o kernel.Options) []kernel.Params {
	var out []kernel.Params
	for _, p := range traceSizes(o) {
		out = append(out, kernel.Params{"tris": p["tris"], "instances": p["instances"]})
	}
	return out
}

// ParseSize parses TRIS[xINSTANCES[xRAYS]] (defaults: 16 instances,
// 65536 rays), e.g. 65536x256x1048576.
func ParseSize(s string) (kernel.Params, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	parts := strings.Split(s, "x")
	if len(parts) > 3 {
		return nil, fmt.Errorf("malformed size %q: use TRIS[xINSTANCES[xRAYS]], e.g. 65536x256x1048576", s)
	}
	v := [3]int64{0, 16, 65536}
	limits := [3]int64{1 << 26, 1 << 24, 1 << 26}
	names := [3]string{"triangle count", "instance count", "ray count"}
	for i, part := range parts {
		n, err := strconv.ParseInt(part, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("malformed size %q: %q is not a whole number; use TRIS[xINSTANCES[xRAYS]], e.g. 65536x256x1048576", s, part)
		}
		if n <= 0 || n > limits[i] {
			return nil, fmt.Errorf("size %q: %s %d must be between 1 and %d", s, names[i], n, limits[i])
		}
		v[i] = n
	}
	if v[0] < 32 {
		return nil, fmt.Errorf("size %q: at least 32 triangles", s)
	}
	return size(v[0], v[1], v[2]), nil
}

func supported(d *gpu.PhysicalDevice, v kernel.Variant) (bool, string) {
	if why := d.RayQuerySupport(); why != "" {
		return false, why
	}
	if t, ok := v.Data.(traceVariant); ok {
		if t.wg > d.Limits.MaxComputeWorkGroupInvocations || t.wg > d.Limits.MaxComputeWorkGroupSize[0] {
			return false, fmt.Sprintf("workgroup of %d exceeds the device's limits", t.wg)
		}
	}
	return true, ""
}

// problem is a scene with its rays and reference, shared by the variants
// of one size.
type problem struct {
	scene *scene
	rays  []ray
	refs  *refSet
}

// getScene returns the scene of a spec, shared by the variants of a size
// through the runner's per-size state.
func getScene(sh *kernel.Shared, sp sceneSpec) *scene {
	return kernel.Share(sh, fmt.Sprint(sp), func() *scene { return genScene(sp) })
}

// getProblem returns the rays of kind rk over the scene and the reference
// for closest hits with the given cut-out (first-hit checks use the same).
func getProblem(sh *kernel.Shared, sp sceneSpec, rk rayKind, n int, alpha int) *problem {
	return kernel.Share(sh, fmt.Sprint(sp, rk, n, alpha), func() *problem {
		s := getScene(sh, sp)
		rays := genRays(s, sp.Kind, rk, n, sp.Seed)
		return &problem{scene: s, rays: rays, refs: newRefSet(s, rays, alpha, sp.Seed)}
	})
}

// sceneGroup names a size's shared state after its scene, so the build
// kernel and the sphere-trace kernel (and every ray count) share a scene.
func sceneGroup(kind sceneKind) func(p kernel.Params) string {
	return func(p kernel.Params) string {
		sp := specOf(kind, p, kernel.Options{})
		return fmt.Sprintf("%v/%d/%d", sp.Kind, sp.Tris, sp.Instances)
	}
}

func specOf(kind sceneKind, p kernel.Params, o kernel.Options) sceneSpec {
	return sceneSpec{Kind: kind, Tris: int(p["tris"]), Instances: max(1, int(p["instances"])), Seed: o.Seed}
}
