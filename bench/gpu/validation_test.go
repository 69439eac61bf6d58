package gpu

import (
	"os"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/internal/vktest"
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
	out := vktest.Rerun(t, "^TestValidationLayerCatchesMisuse$", true, "RADVBENCH_MISUSE_CHILD=1")
	if !strings.Contains(out, "VUID-VkBufferDeviceAddressInfo-buffer-02601") {
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
