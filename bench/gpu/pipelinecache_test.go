package gpu

import (
	"os"
	"testing"

	"github.com/radvbench/radvbench/internal/vktest"
	"github.com/radvbench/radvbench/shaders"
)

// TestComputePipelinesShareByKey: a device compiles a compute pipeline
// once per key and every NewComputePipeline of the key gets that
// VkPipeline with a descriptor set of its own. Two pipelines of one key,
// bound to different buffers, write each its own buffer in one
// submission; a pipeline closed before the other is used again destroys
// nothing the other needs (the child runs under the validation layer,
// which reports a destroyed pipeline or set in use); a key that differs
// in a specialization constant compiles its own.
func TestComputePipelinesShareByKey(t *testing.T) {
	if os.Getenv("RADVBENCH_PIPECACHE_CHILD") == "1" {
		sharePipelines(t)
		return
	}
	out := vktest.Rerun(t, "^TestComputePipelinesShareByKey$", false, "RADVBENCH_PIPECACHE_CHILD=1")
	requireCleanChild(t, out, "pipeline cache: done", "pipelines shared by key")
}

func sharePipelines(t *testing.T) {
	inst, d, err := OpenSelected("")
	if err != nil {
		t.Fatal(err)
	}
	defer inst.Close()
	defer d.Close()
	spirv, err := shaders.Get("mem_write.comp")
	if err != nil {
		t.Fatal(err)
	}
	spec := ComputeSpec{Name: "mem_write.comp", SPIRV: spirv, Buffers: 1, PushSize: 12, SpecConstants: []uint32{64, 1}}
	newPipe := func(s ComputeSpec) *ComputePipeline {
		t.Helper()
		p, err := d.NewComputePipeline(s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	first, second := newPipe(spec), newPipe(spec)
	defer second.Close()
	other := spec
	other.SpecConstants = []uint32{32, 1}
	third := newPipe(other)
	defer third.Close()
	if first.core.pipeline != second.core.pipeline {
		t.Errorf("two pipelines of one key have VkPipelines %p and %p, want one", first.core.pipeline, second.core.pipeline)
	}
	if first.core.set == second.core.set {
		t.Errorf("two pipelines of one key share descriptor set %p, want one each", first.core.set)
	}
	if third.core.pipeline == first.core.pipeline {
		t.Errorf("a pipeline of other specialization constants reuses %p, want its own", first.core.pipeline)
	}
	if n := len(d.pipelines.byKey); n != 2 {
		t.Errorf("the device holds %d compiled pipelines, want 2 (two keys)", n)
	}

	const words = 64
	bufs := make([]*Buffer, 2)
	for i := range bufs {
		if bufs[i], err = d.NewBuffer(4*words, HostVisible); err != nil {
			t.Fatal(err)
		}
		defer bufs[i].Close()
	}
	first.Bind(bufs[0])
	second.Bind(bufs[1])
	push := func(seed uint32) []byte { return BytesOf([]uint32{words, words, seed}) }
	if err := d.Run(func(cb *CommandBuffer) error {
		first.Dispatch(cb, push(1), 1, 1, 1)
		second.Dispatch(cb, push(2), 1, 1, 1)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	// mem_write.comp: word w becomes x ^ (x >> 15), x = w*0x9E3779B1 + seed.
	want := func(w, seed uint32) uint32 { x := w*0x9E3779B1 + seed; return x ^ (x >> 15) }
	check := func(b *Buffer, seed uint32, what string) {
		t.Helper()
		got, err := Read[uint32](b, words)
		if err != nil {
			t.Fatal(err)
		}
		for w, v := range got {
			if v != want(uint32(w), seed) {
				t.Fatalf("%s: word %d is %#x, want %#x (seed %d): the pipelines' sets are not their own", what, w, v, want(uint32(w), seed), seed)
			}
		}
	}
	check(bufs[0], 1, "the first pipeline's buffer")
	check(bufs[1], 2, "the second pipeline's buffer")

	first.Close()
	if err := d.Run(func(cb *CommandBuffer) error {
		second.Dispatch(cb, push(3), 1, 1, 1)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	check(bufs[1], 3, "the second pipeline's buffer after the first closed")
	os.Stdout.WriteString("pipeline cache: done\n")
}
