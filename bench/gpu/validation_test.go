package gpu

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestValidationLayerCatchesMisuse is the negative control for every
// "validation clean" test: the same layer setup must report a real misuse.
// The test re-runs itself in a child process with the Khronos validation
// layer enabled; the child asks for the device address of a buffer created
// without VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT.
func TestValidationLayerCatchesMisuse(t *testing.T) {
	if os.Getenv("RADVBENCH_MISUSE_CHILD") == "1" {
		misuseBufferAddress(t)
		return
	}
	found := false
	for _, dir := range []string{"/usr/share/vulkan/explicit_layer.d", "/etc/vulkan/explicit_layer.d"} {
		if _, err := os.Stat(filepath.Join(dir, "VkLayer_khronos_validation.json")); err == nil {
			found = true
		}
	}
	if !found {
		t.Fatal("the Khronos validation layer is not installed: run 'make deps' (package vulkan-validationlayers)")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestValidationLayerCatchesMisuse$", "-test.count=1")
	cmd.Env = append(os.Environ(), "RADVBENCH_MISUSE_CHILD=1", "VK_INSTANCE_LAYERS=VK_LAYER_KHRONOS_validation")
	out, _ := cmd.CombinedOutput()
	if !strings.Contains(string(out), "VUID-VkBufferDeviceAddressInfo-buffer-02601") {
		t.Fatalf("the validation layer did not report a buffer address taken without the usage flag:\n%s", out)
	}
}

func misuseBufferAddress(t *testing.T) {
	inst, d, err := OpenSelected("")
	if err != nil {
		t.Fatal(err)
	}
	defer inst.Close()
	defer d.Close()
	if !d.Features.BufferDeviceAddress {
		t.Skip("device without bufferDeviceAddress")
	}
	b, err := d.NewBuffer(256, DeviceLocal) // no UsageDeviceAddress
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	_ = b.DeviceAddress()
}
