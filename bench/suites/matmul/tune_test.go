package matmul

import (
	"slices"
	"testing"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/coopmat"
	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	"github.com/radvbench/radvbench/bench/kernel"
)

// limitsDevice is a device with the compute limits and features the
// matmul families check (no cooperative matrices: that table comes from
// the driver).
func limitsDevice(shared, subgroup uint32) *gpu.PhysicalDevice {
	d := &gpu.PhysicalDevice{Info: vkshim.DeviceInfo{
		SubgroupSize: subgroup, SubgroupOps: 1 << 3, SubgroupStages: 1 << 5,
		ShaderInt64: true, BufferDeviceAddress: true, StorageBuffer16Bit: true, ShaderFloat16: true,
	}}
	d.Limits.MaxComputeSharedMemorySize = shared
	d.Limits.MaxComputeWorkGroupInvocations = 1024
	d.Limits.MaxComputeWorkGroupSize = [3]uint32{1024, 1024, 64}
	return d
}

// The devices of the table: lavapipe (32 KiB of shared memory, subgroups
// of 8 with AVX2, 4 with SSE), RDNA3 (64 KiB, wave64 by default) and
// NVIDIA (48 KiB, 32).
var tuneDevices = map[string]*gpu.PhysicalDevice{
	"lavapipe":     limitsDevice(32<<10, 8),
	"lavapipe-sse": limitsDevice(32<<10, 4),
	"rdna3":        limitsDevice(64<<10, 64),
	"nvidia":       limitsDevice(48<<10, 32),
}

func matmulKernel(t *testing.T, name string) *kernel.Kernel {
	t.Helper()
	ss, err := kernel.Lookup([]string{"matmul"})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range ss[0].Kernels {
		if k.Name == name {
			return k
		}
	}
	t.Fatalf("no matmul kernel %s", name)
	return nil
}

// TestSpaceFits: which configurations fit which device's limits.
func TestSpaceFits(t *testing.T) {
	big := kernel.Point{"wx": 32, "wy": 16, "tm": 8, "tn": 8, "bk": 32} // 48 KiB of fp32 tiles
	mid := kernel.Point{"wx": 16, "wy": 16, "tm": 8, "tn": 8, "bk": 32} // 32 KiB
	for _, tc := range []struct {
		kernel string
		p      kernel.Point
		fits   map[string]bool
	}{
		{"regblock", big, map[string]bool{"lavapipe": false, "nvidia": true, "rdna3": true}},
		{"regblock", mid, map[string]bool{"lavapipe": true, "nvidia": true, "rdna3": true}},
		{"f16storage", big, map[string]bool{"lavapipe": false, "nvidia": true, "rdna3": true}},
		{"f16arith", big, map[string]bool{"lavapipe": true, "nvidia": true, "rdna3": true}}, // fp16 tiles: 24 KiB
		{"naive", kernel.Point{"wx": 32, "wy": 32}, map[string]bool{"lavapipe": true, "nvidia": true, "rdna3": true}},
		{"lanes", kernel.Point{"wx": 64, "tm8": 2, "tn4": 2}, map[string]bool{"lavapipe": true, "lavapipe-sse": false, "nvidia": true, "rdna3": true}},
		{"coopmat-f16", kernel.Point{"wm": 1, "wn": 1, "tm": 1, "tn": 1, "ks": 1}, map[string]bool{"lavapipe": false, "nvidia": false}},
	} {
		k := matmulKernel(t, tc.kernel)
		for dev, want := range tc.fits {
			_, ok, why := kernel.Fits(k, tuneDevices[dev], tc.p)
			if ok != want {
				t.Errorf("%s %s on %s: fits=%v (%s), want %v", tc.kernel, tc.p, dev, ok, why, want)
			}
		}
	}
}

// TestSpacePointsWithinLimits: on each device, every configuration of
// every tunable family that Fits accepts is within the device's shared
// memory and workgroup limits.
func TestSpacePointsWithinLimits(t *testing.T) {
	ss, err := kernel.Lookup([]string{"matmul"})
	if err != nil {
		t.Fatal(err)
	}
	for name, d := range tuneDevices {
		fit := 0
		for _, k := range ss[0].Kernels {
			if k.Space == nil {
				continue
			}
			for _, p := range k.Space.Points() {
				v, ok, _ := kernel.Fits(k, d, p)
				if !ok {
					continue
				}
				fit++
				c, isFloat := v.Data.(config)
				if !isFloat {
					t.Errorf("%s: %s/%s fits without cooperative matrices", name, k.Name, v.Name)
					continue
				}
				if c.shared > d.Limits.MaxComputeSharedMemorySize || c.wx*c.wy > d.Limits.MaxComputeWorkGroupInvocations {
					t.Errorf("%s: %s/%s fits with %d bytes of shared memory and %d invocations", name, k.Name, v.Name, c.shared, c.wx*c.wy)
				}
			}
		}
		if fit == 0 {
			t.Errorf("%s: nothing fits", name)
		}
	}
}

// tunedFamilies must have a tunable space (a family added later declares
// its own in spaceOf).
var tunedFamilies = []string{"naive", "tiled", "regblock", "direct", "lanes", "f16storage", "f16arith", "coopmat-f16", "coopmat-f16acc", "coopmat-int8", "coopmat-bf16", "coopmat-fp8e4m3", "coopmat-fp8e5m2",
	"block", "coopblock-f16", "coopblock-f16acc", "coopblock-int8", "coopblock-bf16", "coopblock-fp8e4m3", "coopblock-fp8e5m2"}

// TestRegisteredVariantsInSpace: every registered variant of a tunable
// kernel is a point of its space with the same name and parameters, so a
// tuned result pairs with a run's result of the same configuration.
func TestRegisteredVariantsInSpace(t *testing.T) {
	ss, err := kernel.Lookup([]string{"matmul"})
	if err != nil {
		t.Fatal(err)
	}
	tuned := 0
	for _, k := range ss[0].Kernels {
		if k.Space == nil {
			if slices.Contains(tunedFamilies, k.Name) {
				t.Errorf("%s has no tunable space", k.Name)
			}
			continue
		}
		tuned++
		// Distinct configurations have distinct names (the search and the
		// tuning file know a candidate by its name).
		names := map[string]kernel.Point{}
		for _, p := range k.Space.Points() {
			v, ok := k.Space.Variant(p)
			if !ok {
				continue
			}
			if q, dup := names[v.Name]; dup {
				t.Errorf("%s: points %s and %s are both named %s", k.Name, q, p, v.Name)
			}
			names[v.Name] = p
		}
		for _, v := range k.Variants {
			p := k.Space.PointOf(v.Name)
			if p == nil {
				t.Errorf("%s/%s is not a point of the kernel's space", k.Name, v.Name)
				continue
			}
			w, _ := k.Space.Variant(p)
			for key, val := range v.Params {
				if w.Params[key] != val {
					t.Errorf("%s/%s: parameter %s is %q from the space, %q registered", k.Name, v.Name, key, w.Params[key], val)
				}
			}
		}
	}
	if tuned == 0 {
		t.Fatal("no tunable matmul kernel")
	}
}

// TestCoopSpaceFits: the cooperative-matrix space on the tile shapes,
// subgroup sizes and limits of RDNA3 (16×16×16, wave32, 64 KiB), NVIDIA
// (16×16×16, 32, 48 KiB) and lavapipe from Mesa 26.1 (8×8×8, 8, 32 KiB):
// every configuration accepted is within the device's limits, and the
// ones that need more shared memory than NVIDIA's 48 KiB are not
// candidates there.
func TestCoopSpaceFits(t *testing.T) {
	f16 := coopType{coopmat.Types[0]}
	devs := []struct {
		name   string
		tile   uint32
		sg     uint32
		lim    coopLimits
		sample map[string]bool // variant name → fits
	}{
		{"rdna3", 16, 32, coopLimits{64 << 10, 1024, 1024}, map[string]bool{"sg2x2-t2x4-k8": true, "sg2x2-t2x2-k2": true}},
		{"nvidia", 16, 32, coopLimits{48 << 10, 1024, 1024}, map[string]bool{"sg2x2-t2x4-k8": false, "sg2x2-t2x2-k2": true}},
		{"lavapipe-26.1", 8, 8, coopLimits{32 << 10, 1024, 1024}, map[string]bool{"sg2x2-t2x4-k8": true, "sg2x2-t2x2-k2": true}},
	}
	space := coopSpace(f16)
	for _, d := range devs {
		row := coopmat.Properties{M: d.tile, N: d.tile, K: d.tile, A: f16.In, B: f16.In, C: f16.Acc, Result: f16.Acc}
		fit, unfit := 0, 0
		for _, p := range space.Points() {
			v, _ := space.Variant(p)
			g, ok, why := coopGeomOn(v.Data.(coopConfig), row, d.sg, d.lim)
			if want, listed := d.sample[v.Name]; listed && ok != want {
				t.Errorf("%s: %s fits=%v (%s), want %v", d.name, v.Name, ok, why, want)
			}
			if !ok {
				unfit++
				continue
			}
			fit++
			if g.shared > d.lim.shared || g.lx > d.lim.invocations {
				t.Errorf("%s: %s accepted with %d bytes of shared memory and %d invocations", d.name, v.Name, g.shared, g.lx)
			}
		}
		if fit == 0 || (d.name == "nvidia" && unfit == 0) {
			t.Errorf("%s: %d configurations fit, %d do not", d.name, fit, unfit)
		}
	}
}
