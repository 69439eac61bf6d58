package gpu

import (
	"os"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/gpu/compiled"
	"github.com/radvbench/radvbench/internal/vktest"
	"github.com/radvbench/radvbench/shaders"
)

// TestCompileOnlyDeviceRunsNothing: on a compile-only device a suite's
// Setup path (buffers, uploads, fills, dispatches, queries, pipelines)
// succeeds while nothing reaches the queue — a fill and a dispatch that a
// normal device executes (the control) leave a download at zero — and the
// Khronos validation layer reports nothing (the test runs itself in a
// child with the layer on).
func TestCompileOnlyDeviceRunsNothing(t *testing.T) {
	if os.Getenv("RADVBENCH_COMPILEONLY_CHILD") == "1" {
		compileOnlyChild(t)
		return
	}
	out := vktest.Rerun(t, "^TestCompileOnlyDeviceRunsNothing$", false, "RADVBENCH_COMPILEONLY_CHILD=1")
	requireCleanChild(t, out, "compile-only: done", "a compile-only device")
}

// defaultDevice is the device Select picks (lavapipe here) on an
// instance closed at the end of the test.
func defaultDevice(t *testing.T) *PhysicalDevice {
	t.Helper()
	inst, err := NewInstance()
	if err != nil {
		t.Fatalf("Vulkan is required for this test (run 'make deps'): %v", err)
	}
	t.Cleanup(inst.Close)
	devs, err := inst.Devices()
	if err != nil {
		t.Fatal(err)
	}
	pd, err := Select(devs, "")
	if err != nil {
		t.Fatal(err)
	}
	return pd
}

func compileOnlyChild(t *testing.T) {
	pd := defaultDevice(t)
	spirv, err := shaders.Get("mem_write.comp")
	if err != nil {
		t.Fatal(err)
	}
	// fillAndRead fills a device-local buffer with 7, dispatches a write
	// kernel over a second one and reads both back.
	fillAndRead := func(d *Device) (fill, written uint32) {
		t.Helper()
		a, err := d.NewBuffer(256, DeviceLocal)
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		b, err := d.NewBuffer(256, HostVisible)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		p, err := d.NewComputePipeline(ComputeSpec{Name: "mem_write.comp", SPIRV: spirv, Buffers: 1, PushSize: 12, SpecConstants: []uint32{64, 1}})
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		p.Bind(b)
		ts, err := d.NewTimestampPool(2)
		if err != nil {
			t.Fatal(err)
		}
		defer ts.Close()
		push := BytesOf([]uint32{64, 64, 0x5eed})
		if err := d.Run(func(cb *CommandBuffer) error {
			ts.Reset(cb)
			cb.Fill(a, 7)
			ts.WriteTop(cb, 0)
			p.Dispatch(cb, push, 1, 1, 1)
			ts.Write(cb, 1)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		ticks, err := ts.Ticks()
		if err != nil || len(ticks) != 2 {
			t.Fatalf("timestamps: %v, %v", ticks, err)
		}
		if d.CompileOnly() && (ticks[0] != 0 || ticks[1] != 0) {
			t.Errorf("compile-only timestamps read %v, want zeros (nothing ran)", ticks)
		}
		got, err := Read[uint32](a, 1)
		if err != nil {
			t.Fatal(err)
		}
		w, err := Read[uint32](b, 64)
		if err != nil {
			t.Fatal(err)
		}
		var any uint32
		for _, x := range w {
			any |= x
		}
		return got[0], any
	}
	normal, err := pd.Open()
	if err != nil {
		t.Fatal(err)
	}
	if f, w := fillAndRead(normal); f != 7 || w == 0 {
		t.Fatalf("control: a normal device read fill %d and written bits %#x, want 7 and non-zero", f, w)
	}
	normal.Close()

	d, err := pd.OpenWithOptions(OpenOptions{CompileOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if !d.CompileOnly() {
		t.Fatal("CompileOnly() is false on a device opened compile-only")
	}
	if f, w := fillAndRead(d); f != 0 || w != 0 {
		t.Errorf("compile-only device read fill %d and written bits %#x: work reached the queue", f, w)
	}
	if err := d.Submit(); err != nil {
		t.Errorf("compile-only Submit: %v", err)
	}
	if err := d.Wait(); err != nil {
		t.Errorf("compile-only Wait: %v", err)
	}
	cb, err := d.NewCommandBuffer()
	if err != nil {
		t.Fatal(err)
	}
	s, err := d.NewSubmitter(cb)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SubmitWait(); err != nil {
		t.Errorf("compile-only SubmitWait: %v", err)
	}
	if err := s.SubmitPoll(1); err != nil {
		t.Errorf("compile-only SubmitPoll: %v", err)
	}
	s.Close()
	cb.Close()
	if d.Features.BufferDeviceAddress {
		// Stand-ins with a device-address usage have addresses of their
		// own (a Setup may check that one is set); others have none.
		x, err1 := d.NewBufferUsage(100, DeviceLocal, UsageDeviceAddress)
		y, err2 := d.NewBufferUsage(8, DeviceLocal, UsageAccelInput)
		z, err3 := d.NewBuffer(8, DeviceLocal)
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatal(err1, err2, err3)
		}
		ax, ay := x.DeviceAddress(), y.DeviceAddress()
		if ax == 0 || ay < ax+100 || z.DeviceAddress() != 0 {
			t.Errorf("stand-in addresses %#x (100 bytes), %#x, %#x: want two non-zero, non-overlapping and a zero", ax, ay, z.DeviceAddress())
		}
		x.Close()
		y.Close()
		z.Close()
	}
	d.Close()
	t.Log("compile-only: done")
}

// TestCaptureNeedsPipelineExecutableProperties: capturing on a device
// without VK_KHR_pipeline_executable_properties is refused at open, naming
// the extension; where the device has it, a pipeline's executables reach
// the hook with statistics.
func TestCaptureNeedsPipelineExecutableProperties(t *testing.T) {
	pd := defaultDevice(t)
	var got []compiled.Pipeline
	d, err := pd.OpenWithOptions(OpenOptions{Capture: func(p compiled.Pipeline) { got = append(got, p) }})
	if !pd.Extensions["VK_KHR_pipeline_executable_properties"] || !pd.Info.PipelineExecutableInfo {
		if err == nil || !strings.Contains(err.Error(), "VK_KHR_pipeline_executable_properties") {
			d.Close()
			t.Fatalf("capture on %s (no pipeline executable properties): err %v, want one naming the extension", pd.Name, err)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	spirv, err := shaders.Get("mem_write.comp")
	if err != nil {
		t.Fatal(err)
	}
	p, err := d.NewComputePipeline(ComputeSpec{Name: "mem_write.comp", SPIRV: spirv, Buffers: 1, PushSize: 12, SpecConstants: []uint32{64, 1}})
	if err != nil {
		t.Fatal(err)
	}
	p.Close()
	if len(got) != 1 || got[0].Name != "mem_write.comp" || len(got[0].Executables) == 0 || len(got[0].Executables[0].Statistics) == 0 {
		t.Fatalf("captured %+v, want mem_write.comp with statistics", got)
	}
}
