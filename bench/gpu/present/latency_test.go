package present

import (
	"slices"
	"testing"
)

// TestLatencyBook drives the frame-latency bookkeeping through scripts of
// presents, completed waits, failed presents and recreations.
func TestLatencyBook(t *testing.T) {
	type op struct {
		kind string // present, done, drop, recreate
		id   uint64 // done, drop: the id; present: the id expected
		ns   int64  // present: start; done: when the wait returned
	}
	for _, tc := range []struct {
		name        string
		ops         []op
		wantLat     []float64
		wantDropped int
		wantPending []uint64
	}{
		{"in order", []op{
			{"present", 1, 100}, {"present", 2, 200}, {"done", 1, 150}, {"done", 2, 290},
		}, []float64{50, 90}, 0, nil},
		{"a wait for a later id completes the earlier ones without a latency", []op{
			{"present", 1, 0}, {"present", 2, 10}, {"present", 3, 20}, {"done", 2, 40},
		}, []float64{30}, 1, []uint64{3}},
		{"a present that failed (out of date) is dropped", []op{
			{"present", 1, 0}, {"present", 2, 10}, {"drop", 2, 0}, {"present", 3, 20}, {"done", 1, 5}, {"done", 3, 60},
		}, []float64{5, 40}, 1, nil},
		{"recreation drops the retired swapchain's ids and restarts at 1", []op{
			{"present", 1, 0}, {"present", 2, 10}, {"done", 1, 30}, {"recreate", 0, 0},
			{"present", 1, 100}, {"done", 1, 130},
		}, []float64{30, 30}, 1, nil},
		{"a wait returning for an id already dropped changes nothing", []op{
			{"present", 1, 0}, {"drop", 1, 0}, {"done", 1, 50}, {"present", 2, 60},
		}, nil, 1, []uint64{2}},
		{"dropping an unknown id changes nothing", []op{
			{"present", 1, 0}, {"drop", 7, 0},
		}, nil, 0, []uint64{1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b latencyBook
			for i, o := range tc.ops {
				switch o.kind {
				case "present":
					if id := b.present(o.ns); id != o.id {
						t.Fatalf("op %d: present got id %d, want %d", i, id, o.id)
					}
				case "done":
					b.presented(o.id, o.ns)
				case "drop":
					b.drop(o.id)
				case "recreate":
					b.recreated()
				}
			}
			var pending []uint64
			for _, p := range b.pending {
				pending = append(pending, p.id)
			}
			if !slices.Equal(b.latNS, tc.wantLat) || b.dropped != tc.wantDropped || !slices.Equal(pending, tc.wantPending) {
				t.Errorf("latencies %v dropped %d pending %v; want %v, %d, %v", b.latNS, b.dropped, pending, tc.wantLat, tc.wantDropped, tc.wantPending)
			}
			if id, _, ok := b.next(); ok != (len(tc.wantPending) > 0) || ok && id != tc.wantPending[0] {
				t.Errorf("next = %d, %v; want the oldest pending of %v", id, ok, tc.wantPending)
			}
		})
	}
}

// TestLatencyBookGenerations: a recreation makes waits begun before it
// stale (the waiter compares generations).
func TestLatencyBookGenerations(t *testing.T) {
	var b latencyBook
	b.present(0)
	g := b.gen
	b.recreated()
	if b.gen == g {
		t.Errorf("generation %d unchanged by a recreation", b.gen)
	}
}

func TestExpired(t *testing.T) {
	for _, tc := range []struct {
		start, now, limit int64
		want              bool
	}{{0, 10, 20, false}, {0, 20, 20, false}, {0, 21, 20, true}, {100, 50, 20, false}} {
		if got := expired(tc.start, tc.now, tc.limit); got != tc.want {
			t.Errorf("expired(%d, %d, %d) = %v, want %v", tc.start, tc.now, tc.limit, got, tc.want)
		}
	}
}

func TestLatencyMissing(t *testing.T) {
	both := map[string]bool{"VK_KHR_present_id": true, "VK_KHR_present_wait": true}
	for _, tc := range []struct {
		name     string
		exts     map[string]bool
		id, wait bool
		want     string
	}{
		{"lavapipe: neither extension", map[string]bool{"VK_KHR_swapchain": true}, false, false,
			"the device lacks VK_KHR_present_id and VK_KHR_present_wait"},
		{"present id only", map[string]bool{"VK_KHR_present_id": true}, true, false, "the device lacks VK_KHR_present_wait"},
		{"extensions without the wait feature", both, true, false,
			"the device offers VK_KHR_present_id and VK_KHR_present_wait but not the feature presentWait"},
		{"everything", both, true, true, ""},
	} {
		if got := presentWaitMissing(tc.exts, tc.id, tc.wait); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
