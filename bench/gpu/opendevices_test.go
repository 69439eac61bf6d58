package gpu

import "testing"

// TestOpenDevices: on lavapipe the instance lists at least one device,
// each with its index, and SelectPhysical picks among the same devices.
func TestOpenDevices(t *testing.T) {
	inst, devs, err := OpenDevices()
	if err != nil {
		t.Skipf("no Vulkan: %v", err)
	}
	defer inst.Close()
	if len(devs) == 0 {
		t.Fatal("no devices")
	}
	for i, d := range devs {
		if d.Index != i || d.Name == "" {
			t.Errorf("device %d: index %d, name %q", i, d.Index, d.Name)
		}
	}
	inst2, pd, err := SelectPhysical("0")
	if err != nil {
		t.Fatal(err)
	}
	defer inst2.Close()
	if pd.Name != devs[0].Name {
		t.Errorf("SelectPhysical(0) = %s, want %s", pd.Name, devs[0].Name)
	}
}
