package present

import "testing"

func TestLatencyNote(t *testing.T) {
	for _, tc := range []struct {
		measured bool
		missing  string
		want     string
	}{
		{true, "", ""},
		{false, "the device lacks VK_KHR_present_id and VK_KHR_present_wait",
			"frame latency not measured (needs VK_KHR_present_id and VK_KHR_present_wait): the device lacks VK_KHR_present_id and VK_KHR_present_wait"},
		{false, "", "frame latency not measured (needs VK_KHR_present_id and VK_KHR_present_wait): the window's device did not enable them"},
	} {
		if got := latencyNote(tc.measured, tc.missing); got != tc.want {
			t.Errorf("latencyNote(%v, %q) = %q, want %q", tc.measured, tc.missing, got, tc.want)
		}
	}
}

func TestJoinNotes(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want string
	}{{nil, ""}, {[]string{"", ""}, ""}, {[]string{"a", ""}, "a"}, {[]string{"", "b"}, "b"}, {[]string{"a", "b"}, "a; b"}} {
		if got := joinNotes(tc.in...); got != tc.want {
			t.Errorf("joinNotes(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
