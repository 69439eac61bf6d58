package resulttable

import (
	"bytes"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/golden"
)

// TestWriteDevices: 'radvbench devices' for a GPU in the device table, an
// emulated chip and lavapipe, the chosen one marked.
func TestWriteDevices(t *testing.T) {
	devs := []resultsfile.Device{
		{Index: 0, Name: "AMD Radeon RX 7900 XTX (RADV NAVI31)", Type: "discrete-gpu", DriverName: "radv", DriverInfo: "Mesa 25.0.7", APIVersion: "1.4.305",
			SubgroupSize: 64, Limits: map[string]uint64{"minSubgroupSize": 32, "maxSubgroupSize": 64},
			Features:          map[string]bool{"shaderFloat16": true, "storageBuffer16BitAccess": true, "rayQuery": true, "meshShader": true},
			SKU:               &resultsfile.SKU{Name: "Radeon RX 7900 XTX", GFX: "gfx1100", CUs: 96},
			CooperativeMatrix: []resultsfile.CoopMatrix{{M: 16, N: 16, K: 16, A: "fp16", B: "fp16", C: "fp32", Result: "fp32", Scope: "subgroup"}}},
		{Index: 1, Name: "AMD Radeon RX 9070 XT (RADV GFX1201)", Type: "discrete-gpu", DriverName: "radv", DriverInfo: "Mesa 26.1.6", APIVersion: "1.4.318",
			SubgroupSize: 64, Features: map[string]bool{"shaderFloat16": true}, Emulated: &resultsfile.Emulation{Mechanism: resultsfile.EmulationDRMShim, Target: "gfx1201"}},
		{Index: 2, Name: "llvmpipe (LLVM 19.1.7, 256 bits)", Type: "cpu", DriverName: "llvmpipe", DriverInfo: "Mesa 25.0.7 (LLVM 19.1.7)", APIVersion: "1.4.305",
			SubgroupSize: 8, CPU: true, Features: map[string]bool{"storageBuffer16BitAccess": true, "rayQuery": true}},
	}
	var b bytes.Buffer
	if err := WriteDevices(&b, devs, 0); err != nil {
		t.Fatal(err)
	}
	b.WriteString("---\n")
	if err := WriteDevices(&b, nil, -1); err != nil {
		t.Fatal(err)
	}
	b.WriteString("---\n")
	for _, d := range devs[:2] {
		WriteDeviceSummary(&b, d, "EMULATED-NOTE")
	}
	golden.Check(t, "testdata/devices.txt", b.Bytes())
}
