// Package devtable is the table of GFX11 (RDNA3) and GFX12 (RDNA4) SKUs that
// radvbench knows: names for PCI IDs, and the peak figures that "% of peak"
// is computed against. The data and its public sources (libdrm's
// amdgpu.ids, ROCm's GPU specification table, AMD spec sheets) are in
// docs/facts.md#device-table; the Vulkan deviceID of an AMD GPU is its PCI
// device ID, and the PCI revision tells SKUs sharing a die apart.
package devtable

import (
	"fmt"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// VendorAMD is the PCI (and Vulkan) vendor ID of AMD/ATI.
const VendorAMD = 0x1002

// SKU is one known part.
type SKU struct {
	Name      string `json:"name"`
	PCIDevice uint16 `json:"pci_device"`
	// Revision is the PCI revision that identifies the SKU, or -1 when the
	// table has none for it (any revision of PCIDevice matches).
	Revision int `json:"revision"`
	// GFX is the gfx target, e.g. "gfx1100".
	GFX      string `json:"gfx"`
	CUs      int    `json:"cus"`
	BoostMHz int    `json:"boost_mhz"`
	// BandwidthGBs is the peak memory bandwidth in GB/s; 0 for APUs whose
	// memory is shared with the CPU (the figure depends on the system RAM).
	BandwidthGBs float64 `json:"bandwidth_gbs"`
	L2MiB        float64 `json:"l2_mib"`
	// InfinityCacheMiB is the last-level (MALL) cache; 0 when there is none.
	InfinityCacheMiB float64 `json:"infinity_cache_mib"`
	// FP32TFLOPS counts dual issue (256 FLOP per CU per clock).
	FP32TFLOPS float64 `json:"fp32_tflops"`
	// FP16TFLOPS and INT8TOPS are the WMMA (matrix) peaks.
	FP16TFLOPS float64 `json:"fp16_tflops"`
	INT8TOPS   float64 `json:"int8_tops"`
}

// table is the device table of docs/facts.md#device-table, row for row.
var table = []SKU{
	{Name: "RX 7900 XTX", PCIDevice: 0x744C, Revision: 0xC8, GFX: "gfx1100", CUs: 96, BoostMHz: 2500, BandwidthGBs: 960, L2MiB: 6, InfinityCacheMiB: 96, FP32TFLOPS: 61.4, FP16TFLOPS: 122.9, INT8TOPS: 122.9},
	{Name: "RX 7900 XT", PCIDevice: 0x744C, Revision: 0xCC, GFX: "gfx1100", CUs: 84, BoostMHz: 2400, BandwidthGBs: 800, L2MiB: 6, InfinityCacheMiB: 80, FP32TFLOPS: 51.6, FP16TFLOPS: 103.2, INT8TOPS: 103.2},
	{Name: "RX 7800 XT", PCIDevice: 0x747E, Revision: 0xC8, GFX: "gfx1101", CUs: 60, BoostMHz: 2430, BandwidthGBs: 624, L2MiB: 4, InfinityCacheMiB: 64, FP32TFLOPS: 37.3, FP16TFLOPS: 74.6, INT8TOPS: 74.6},
	{Name: "RX 7600", PCIDevice: 0x7480, Revision: 0xCF, GFX: "gfx1102", CUs: 32, BoostMHz: 2655, BandwidthGBs: 288, L2MiB: 2, InfinityCacheMiB: 32, FP32TFLOPS: 21.75, FP16TFLOPS: 43.5, INT8TOPS: 43.5},
	{Name: "Radeon 890M (Strix Point)", PCIDevice: 0x150E, Revision: -1, GFX: "gfx1150", CUs: 16, BoostMHz: 2900, BandwidthGBs: 0, L2MiB: 2, InfinityCacheMiB: 0, FP32TFLOPS: 11.9, FP16TFLOPS: 23.8, INT8TOPS: 23.8},
	{Name: "RX 9070 XT", PCIDevice: 0x7550, Revision: 0xC0, GFX: "gfx1201", CUs: 64, BoostMHz: 2970, BandwidthGBs: 640, L2MiB: 8, InfinityCacheMiB: 64, FP32TFLOPS: 48.7, FP16TFLOPS: 194.6, INT8TOPS: 389},
	{Name: "RX 9070", PCIDevice: 0x7550, Revision: 0xC3, GFX: "gfx1201", CUs: 56, BoostMHz: 2520, BandwidthGBs: 640, L2MiB: 8, InfinityCacheMiB: 64, FP32TFLOPS: 36.1, FP16TFLOPS: 144.5, INT8TOPS: 289},
	{Name: "RX 9060 XT", PCIDevice: 0x7590, Revision: 0xC0, GFX: "gfx1200", CUs: 32, BoostMHz: 3130, BandwidthGBs: 320, L2MiB: 4, InfinityCacheMiB: 32, FP32TFLOPS: 25.6, FP16TFLOPS: 102.6, INT8TOPS: 205},
}

// All returns a copy of the whole table, in table order.
func All() []SKU {
	out := make([]SKU, len(table))
	copy(out, table)
	return out
}

// Candidates returns every SKU with the PCI device ID deviceID (several when
// only the revision tells them apart), in table order; nil when none.
func Candidates(deviceID uint32) []SKU {
	var out []SKU
	for _, s := range table {
		if uint32(s.PCIDevice) == deviceID {
			out = append(out, s)
		}
	}
	return out
}

// Lookup finds the SKU of an AMD device. revision is the PCI revision, or -1
// when unknown (Vulkan does not report it): then a SKU is returned only when
// the device ID alone is unambiguous. A row without a revision matches any
// revision. Other vendors never match.
func Lookup(vendorID, deviceID uint32, revision int) (SKU, bool) {
	if vendorID != VendorAMD {
		return SKU{}, false
	}
	cands := Candidates(deviceID)
	if revision < 0 {
		if len(cands) == 1 {
			return cands[0], true
		}
		return SKU{}, false
	}
	for _, s := range cands {
		if s.Revision == revision {
			return s, true
		}
	}
	// A row without a revision covers every revision of its device ID.
	for _, s := range cands {
		if s.Revision < 0 {
			return s, true
		}
	}
	return SKU{}, false
}

// ID renders the SKU's PCI ID as "744C:C8" (or "150E" without a revision).
func (s SKU) ID() string {
	if s.Revision < 0 {
		return fmt.Sprintf("%04X", s.PCIDevice)
	}
	return fmt.Sprintf("%04X:%02X", s.PCIDevice, s.Revision)
}

// ToResults converts the SKU to the results file's view of it.
func (s SKU) ToResults() *resultsfile.SKU {
	return &resultsfile.SKU{
		Name:        s.Name,
		GFX:         s.GFX,
		CUs:         s.CUs,
		BoostMHz:    s.BoostMHz,
		BandwidthGB: s.BandwidthGBs,
		FP32TFLOPS:  s.FP32TFLOPS,
		FP16TFLOPS:  s.FP16TFLOPS,
		INT8TOPS:    s.INT8TOPS,
	}
}
