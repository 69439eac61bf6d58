package accel

import (
	"os"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/internal/vktest"
)

// TestCompileOnlyCompaction: a compacted-size query on a compile-only
// device reads the structure's full size, the one figure Setup must read
// back; the Khronos validation layer reports nothing (the test runs
// itself in a child with the layer on).
func TestCompileOnlyCompaction(t *testing.T) {
	if os.Getenv("RADVBENCH_ACCEL_COMPILEONLY_CHILD") == "1" {
		compileOnlyCompaction(t)
		return
	}
	out := vktest.Rerun(t, "^TestCompileOnlyCompaction$", false, "RADVBENCH_ACCEL_COMPILEONLY_CHILD=1")
	for _, marker := range []string{"SIGSEGV", "--- FAIL"} {
		if strings.Contains(out, marker) {
			t.Fatalf("the child reported %q:\n%s", marker, out)
		}
	}
	if !strings.Contains(out, "compile-only compaction: done") {
		t.Fatalf("the child did not finish:\n%s", out)
	}
}

func compileOnlyCompaction(t *testing.T) {
	inst, pd, err := gpu.SelectPhysical("")
	if err != nil {
		t.Fatalf("Vulkan is required for this test (run 'make deps'): %v", err)
	}
	defer inst.Close()
	d, err := pd.OpenWithOptions(gpu.OpenOptions{CompileOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if !d.Features.AccelerationStructure || !d.Features.RayQuery {
		t.Log("compile-only compaction: done (no ray queries on this device)")
		return
	}
	geom := Geometry{VertexCount: 3, Count: 1}
	sizes, err := BuildSizes(d, geom, AllowCompaction)
	if err != nil {
		t.Fatal(err)
	}
	a, err := New(d, false, sizes.Accel)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	pool, err := NewSizePool(d, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if err := d.Run(func(cb *gpu.CommandBuffer) error { return pool.Write(cb, a, 0) }); err != nil {
		t.Fatal(err)
	}
	res, err := pool.Results()
	if err != nil || len(res) != 1 || res[0] != sizes.Accel {
		t.Errorf("compile-only compacted size = %v, %v; want [%d] (the full size)", res, err, sizes.Accel)
	}
	t.Log("compile-only compaction: done")
}
