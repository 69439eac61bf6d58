package sysreport

import (
	"fmt"
	"io"
	"strings"

	"github.com/radvbench/radvbench/bench/gpumetrics"
	"github.com/radvbench/radvbench/bench/sysinfo"
)

// writeMetrics prints a card's gpu_metrics table (bench/gpumetrics) when
// it has one: the firmware's current clocks, power and energy
// accumulator, and its throttle status with the bits named.
func writeMetrics(w io.Writer, g *sysinfo.GPU) {
	m := g.GPUMetrics
	if m == nil {
		return
	}
	item := func(label, format string, a ...any) {
		fmt.Fprintf(w, "  %-12s%s\n", label, fmt.Sprintf(format, a...))
	}
	if !m.Known {
		item("gpu_metrics", "v%s: a revision radvbench does not decode (no figures)", m.Revision)
		return
	}
	var parts []string
	clock := func(name string, cur, avg *float64) {
		switch {
		case cur != nil && avg != nil:
			parts = append(parts, fmt.Sprintf("%s %.0f MHz (average %.0f)", name, *cur, *avg))
		case cur != nil:
			parts = append(parts, fmt.Sprintf("%s %.0f MHz", name, *cur))
		case avg != nil:
			parts = append(parts, fmt.Sprintf("%s %.0f MHz average", name, *avg))
		}
	}
	clock("gfx", m.GfxclkMHz, m.AverageGfxclkMHz)
	clock("mem", m.UclkMHz, m.AverageUclkMHz)
	if m.PowerW != nil {
		parts = append(parts, fmt.Sprintf("%.1f W (%s)", *m.PowerW, m.PowerField))
	}
	if m.EnergyJ != nil {
		parts = append(parts, fmt.Sprintf("energy accumulator %.1f J", *m.EnergyJ))
	}
	if m.GfxActivityPct != nil {
		parts = append(parts, fmt.Sprintf("gfx activity %.0f%%", *m.GfxActivityPct))
	}
	if len(parts) == 0 {
		parts = append(parts, "no clock, power or energy figure supported")
	}
	item("gpu_metrics", "v%s: %s", m.Revision, strings.Join(parts, ", "))
	if t := throttleSummary(m); t != "" {
		item("throttle", "%s", t)
	}
}

// throttleSummary is the table's throttle status in words: the
// ASIC-independent bits by name, else the ASIC-dependent word in hex, else
// v3_0's residency counters; "" when the table carries none.
func throttleSummary(m *gpumetrics.Metrics) string {
	switch {
	case m.IndepThrottleStatus != nil && *m.IndepThrottleStatus == 0:
		return "none (indep_throttle_status 0)"
	case m.IndepThrottleStatus != nil:
		v := *m.IndepThrottleStatus
		return fmt.Sprintf("THROTTLING: %s (indep_throttle_status 0x%x)", strings.Join(gpumetrics.ThrottlerNames(v), ", "), v)
	case m.ThrottleStatus != nil && *m.ThrottleStatus == 0:
		return "none (throttle_status 0)"
	case m.ThrottleStatus != nil:
		return fmt.Sprintf("THROTTLING: throttle_status 0x%x (bits specific to the ASIC)", *m.ThrottleStatus)
	case len(m.ThrottleResidency) > 0:
		var rs []string
		for _, k := range sortedKeys(m.ThrottleResidency) {
			rs = append(rs, fmt.Sprintf("%s %d", k, m.ThrottleResidency[k]))
		}
		return "residency counters " + strings.Join(rs, ", ")
	}
	return ""
}
