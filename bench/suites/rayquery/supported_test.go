package rayquery

import (
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/gpu"
	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
)

// TestSupportedSkipsWithReason: devices without the extensions or
// features are skipped, naming what is missing.
func TestSupportedSkipsWithReason(t *testing.T) {
	full := vkshim.DeviceInfo{AccelerationStructure: true, RayQuery: true, BufferDeviceAddress: true}
	exts := map[string]bool{"VK_KHR_acceleration_structure": true, "VK_KHR_ray_query": true}
	v := tv(primary, false, false, 64, 1)
	for _, tc := range []struct {
		name string
		info vkshim.DeviceInfo
		exts map[string]bool
		want string
	}{
		{"everything", full, exts, ""},
		{"no extensions", vkshim.DeviceInfo{BufferDeviceAddress: true}, map[string]bool{}, "VK_KHR_acceleration_structure and VK_KHR_ray_query"},
		{"no ray query feature", vkshim.DeviceInfo{AccelerationStructure: true, BufferDeviceAddress: true}, exts, "VK_KHR_ray_query"},
		{"no buffer device address", vkshim.DeviceInfo{AccelerationStructure: true, RayQuery: true}, exts, "bufferDeviceAddress"},
	} {
		d := &gpu.PhysicalDevice{Info: tc.info, Extensions: tc.exts}
		d.Limits.MaxComputeWorkGroupInvocations = 1024
		d.Limits.MaxComputeWorkGroupSize = [3]uint32{1024, 1024, 64}
		ok, why := supported(d, v)
		if tc.want == "" {
			if !ok {
				t.Errorf("%s: unsupported: %s", tc.name, why)
			}
			continue
		}
		if ok || !strings.Contains(why, tc.want) {
			t.Errorf("%s: ok=%v reason %q, want one naming %s", tc.name, ok, why, tc.want)
		}
	}
}
