package gpu

import (
	"bytes"
	"errors"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/internal/vktest"
	vk "github.com/vulkan-go/vulkan"
)

func TestBytesOf(t *testing.T) {
	tests := []struct {
		name string
		got  []byte
		want []byte
	}{
		{"uint32 little-endian", BytesOf([]uint32{0x04030201, 0x08070605}), []byte{1, 2, 3, 4, 5, 6, 7, 8}},
		{"float32 bits", BytesOf([]float32{1}), []byte{0, 0, 0x80, 0x3f}},
		{"uint16", BytesOf([]uint16{0xbeef}), []byte{0xef, 0xbe}},
		{"uint64", BytesOf([]uint64{math.MaxUint64}), bytes.Repeat([]byte{0xff}, 8)},
		{"empty", BytesOf([]uint32{}), nil},
		{"nil", BytesOf[float64](nil), nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if !bytes.Equal(tc.got, tc.want) {
				t.Errorf("got % x, want % x", tc.got, tc.want)
			}
		})
	}
	// The view aliases the slice (no copy).
	xs := []uint32{0}
	BytesOf(xs)[0] = 7
	if xs[0] != 7 {
		t.Error("BytesOf copied instead of viewing")
	}
}

func TestOwnedClosesInReverseOnce(t *testing.T) {
	var o Owned
	var order []int
	for i := range 3 {
		o.Add(func() { order = append(order, i) })
	}
	failed := errors.New("no")
	if _, err := Own[*fakeCloser](&o)(&fakeCloser{&order, 10}, failed); err != failed {
		t.Fatalf("Own changed the error: %v", err)
	}
	if c, err := Own[*fakeCloser](&o)(&fakeCloser{&order, 3}, nil); err != nil || c.id != 3 {
		t.Fatalf("Own = %v, %v", c, err)
	}
	o.Close()
	o.Close()
	if want := []int{3, 2, 1, 0}; !slices.Equal(order, want) {
		t.Errorf("close order %v, want %v (the failed constructor's object must not be closed)", order, want)
	}
}

type fakeCloser struct {
	log *[]int
	id  int
}

func (f *fakeCloser) Close() { *f.log = append(*f.log, f.id) }

// TestBufferCopiesInAndOut: typed Write and Read round-trip through both
// memory kinds, and a closed buffer refuses copies instead of touching
// freed memory.
func TestBufferCopiesInAndOut(t *testing.T) {
	inst, d, err := OpenSelected("")
	if err != nil {
		t.Fatalf("Vulkan is required for this test (run 'make deps'): %v", err)
	}
	defer inst.Close()
	defer d.Close()
	for _, kind := range []MemoryKind{HostVisible, DeviceLocal} {
		b, err := d.NewBuffer(16, kind)
		if err != nil {
			t.Fatal(err)
		}
		in := []float32{1.5, -2, 3.25, 1e-3}
		if err := Write(b, in); err != nil {
			t.Fatal(err)
		}
		got, err := Read[float32](b, 4)
		if err != nil || len(got) != 4 || got[0] != 1.5 || got[3] != 1e-3 {
			t.Errorf("kind %d: Read = %v, %v; want %v", kind, got, err, in)
		}
		if _, err := Read[uint32](b, 5); err == nil {
			t.Errorf("kind %d: reading 20 bytes of a 16-byte buffer succeeded", kind)
		}
		b.Close()
		if err := Write(b, in); err == nil {
			t.Errorf("kind %d: Write into a closed buffer succeeded", kind)
		}
		if _, err := Read[uint32](b, 1); err == nil {
			t.Errorf("kind %d: Read from a closed buffer succeeded", kind)
		}
		if b.mappedBytes() != nil {
			t.Errorf("kind %d: a closed buffer still hands out its mapping", kind)
		}
	}
}

// TestHungDeviceFailsFast: a lean submission that runs out of polls is a
// timeout (errors.Is ErrTimeout, never matched by text); the device is
// then marked unusable and later work fails fast with the same error.
func TestHungDeviceFailsFast(t *testing.T) {
	inst, d, err := OpenSelected("")
	if err != nil {
		t.Fatalf("Vulkan is required for this test (run 'make deps'): %v", err)
	}
	defer inst.Close()
	defer d.Close()
	buf, err := d.NewBuffer(64<<20, DeviceLocal)
	if err != nil {
		t.Fatal(err)
	}
	defer buf.Close()
	cb, err := d.NewCommandBuffer()
	if err != nil {
		t.Fatal(err)
	}
	defer cb.Close()
	if err := cb.Begin(); err != nil {
		t.Fatal(err)
	}
	cb.Fill(buf, 1)
	if err := cb.End(); err != nil {
		t.Fatal(err)
	}
	sub, err := d.NewSubmitter(cb)
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	err = sub.SubmitPoll(0)
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("SubmitPoll(0) = %v, want a wrapped ErrTimeout", err)
	}
	if !errors.Is(d.Lost(), ErrTimeout) || !d.hung() {
		t.Fatalf("device not marked hung after a timeout: Lost() = %v", d.Lost())
	}
	if err := d.Submit(cb); !errors.Is(err, ErrTimeout) {
		t.Errorf("Submit on a hung device = %v, want the same timeout", err)
	}
	if err := sub.SubmitWait(); !errors.Is(err, ErrTimeout) {
		t.Errorf("SubmitWait on a hung device = %v, want the same timeout", err)
	}
	if d.release() {
		t.Error("release reports destroying as safe while the GPU may still run the work")
	}
	// Let the work finish and clear the mark, so the deferred closes
	// destroy everything (a hung device leaks its objects on purpose).
	if r := vk.QueueWaitIdle(d.queue); r != vk.Success {
		t.Fatalf("vkQueueWaitIdle: %v", r)
	}
	d.lost, d.inflight = nil, false
}

// TestCloseWaitsForSubmittedWork re-runs itself under the validation layer:
// the child submits a fill of a buffer without waiting and closes the
// buffer and the command buffer at once. Close must wait for the GPU, so
// the layer reports nothing (destroying a buffer in use is
// VUID-vkDestroyBuffer-buffer-00922).
func TestCloseWaitsForSubmittedWork(t *testing.T) {
	if os.Getenv("RADVBENCH_CLOSE_CHILD") == "1" {
		closeWhileInFlight(t)
		return
	}
	out := vktest.Rerun(t, "^TestCloseWaitsForSubmittedWork$", false, "RADVBENCH_CLOSE_CHILD=1")
	requireCleanChild(t, out, "child closed in-flight objects", "closing objects of a submitted command buffer")
}

// requireCleanChild fails unless the child's output has done and no
// crash or failure (vktest.Rerun has checked the layer's reports).
func requireCleanChild(t *testing.T, out, done, what string) {
	t.Helper()
	for _, marker := range []string{"SIGSEGV", "--- FAIL"} {
		if strings.Contains(out, marker) {
			t.Fatalf("%s: the child reported %q:\n%s", what, marker, out)
		}
	}
	if !strings.Contains(out, done) {
		t.Fatalf("%s: the child did not finish:\n%s", what, out)
	}
}

func closeWhileInFlight(t *testing.T) {
	inst, d, err := OpenSelected("")
	if err != nil {
		t.Fatal(err)
	}
	defer inst.Close()
	defer d.Close()
	buf, err := d.NewBuffer(64<<20, DeviceLocal)
	if err != nil {
		t.Fatal(err)
	}
	pool, err := d.NewTimestampPool(2)
	if err != nil {
		t.Fatal(err)
	}
	cb, err := d.NewCommandBuffer()
	if err != nil {
		t.Fatal(err)
	}
	if err := cb.Begin(); err != nil {
		t.Fatal(err)
	}
	pool.Reset(cb)
	pool.Write(cb, 0)
	cb.Fill(buf, 0xabcdef)
	pool.Write(cb, 1)
	if err := cb.End(); err != nil {
		t.Fatal(err)
	}
	if err := d.SubmitAsync(cb); err != nil {
		t.Fatal(err)
	}
	buf.Close()
	if d.inflight {
		t.Error("Buffer.Close returned with the submission still in flight")
	}
	pool.Close()
	cb.Close()
	if err := d.Wait(); err != nil {
		t.Errorf("Wait after the closes: %v", err)
	}
	os.Stdout.WriteString("child closed in-flight objects\n")
}
