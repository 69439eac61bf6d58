package gpu

import (
	"os"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/radvbench/radvbench/internal/vktest"
	"github.com/radvbench/radvbench/shaders"
)

// TestPipelinesSurviveCollections creates pipelines while another goroutine
// allocates garbage without pause (collections run back to back), in a child process under the validation
// layer (each a workgroup size of its own, so each is compiled: a device
// reuses a pipeline of the same key): vulkan-go frees the C copy of a create info from a finalizer, so
// a collection during the driver's compile must not be able to run it
// (cgorules.WithoutGC). A use after free shows as a crash or a validation message.
func TestPipelinesSurviveCollections(t *testing.T) {
	if os.Getenv("RADVBENCH_GC_CHILD") == "1" {
		createUnderGC(t)
		return
	}
	out := vktest.Rerun(t, "^TestPipelinesSurviveCollections$", false, "RADVBENCH_GC_CHILD=1")
	requireCleanChild(t, out, "child created pipelines", "pipeline creation under garbage collection")
}

func createUnderGC(t *testing.T) {
	inst, d, err := OpenSelected("")
	if err != nil {
		t.Fatal(err)
	}
	defer inst.Close()
	defer d.Close()
	spirv, err := shaders.Get("lat_empty.comp")
	if err != nil {
		t.Fatal(err)
	}
	var stop atomic.Bool
	done := make(chan struct{})
	go func() {
		defer close(done)
		var keep [][]byte
		for !stop.Load() {
			keep = append(keep, make([]byte, 64<<10))
			if len(keep) > 16 {
				keep = keep[:0]
			}
			runtime.Gosched()
		}
	}()
	for i := range 40 {
		p, err := d.NewComputePipeline(ComputeSpec{Name: "lat_empty.comp", SPIRV: spirv, Buffers: 1, PushSize: 8, SpecConstants: []uint32{uint32(1 + i), 0}})
		if err != nil {
			t.Fatal(err)
		}
		p.Close()
	}
	stop.Store(true)
	<-done
	os.Stdout.WriteString("child created pipelines\n")
}
