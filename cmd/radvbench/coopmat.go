package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/radvbench/radvbench/reports/results"
)

// writeCoopMat prints a device's subgroup sizes and its cooperative-matrix
// property table, one entry a line, each line after prefix (devices, list
// and sysinfo share it).
func writeCoopMat(w io.Writer, prefix string, sg, minSG, maxSG uint32, table []results.CoopMatrix) {
	line := fmt.Sprintf("subgroup size %d", sg)
	if maxSG > 0 {
		line += fmt.Sprintf(" (size control: %d..%d)", minSG, maxSG)
	}
	lines := []string{line}
	if len(table) == 0 {
		lines = append(lines, "cooperative matrix: none (no VK_KHR_cooperative_matrix)")
	} else {
		lines = append(lines, fmt.Sprintf("cooperative matrix: %d shapes (MxNxK A*B+C->Result scope)", len(table)))
		for _, c := range table {
			lines = append(lines, "  "+c.String())
		}
	}
	for _, l := range lines {
		fmt.Fprintln(w, strings.TrimRight(prefix+l, " "))
	}
}

// writeCoopMatDevice is writeCoopMat for a device record.
func writeCoopMatDevice(w io.Writer, prefix string, d results.Device) {
	writeCoopMat(w, prefix, d.SubgroupSize, uint32(d.Limits["minSubgroupSize"]), uint32(d.Limits["maxSubgroupSize"]), d.CooperativeMatrix)
}
