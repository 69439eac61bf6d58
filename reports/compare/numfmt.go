package compare

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// FormatPercent renders a fraction as a percentage with two significant
// decimals where it matters: 0.0312 -> "3.1%", 0.5 -> "50%".
func FormatPercent(f float64) string {
	switch {
	case math.IsNaN(f):
		return "?"
	case math.IsInf(f, 0):
		return "∞"
	}
	v := f * 100
	a := math.Abs(v)
	switch {
	case a >= 10:
		return fmt.Sprintf("%.0f%%", v)
	case a >= 1:
		return strings.TrimSuffix(fmt.Sprintf("%.1f", v), ".0") + "%"
	default:
		return fmt.Sprintf("%.2f%%", v)
	}
}

// FormatValue renders a figure with four significant digits and no
// exponent: 1234.5 -> "1235", 12.345 -> "12.35", 0.0012345 -> "0.001235".
func FormatValue(v float64) string {
	switch {
	case math.IsNaN(v):
		return "?"
	case math.IsInf(v, 1):
		return "∞"
	case math.IsInf(v, -1):
		return "-∞"
	case v == 0:
		return "0"
	}
	mag := int(math.Floor(math.Log10(math.Abs(v))))
	dec := 3 - mag
	if dec < 0 {
		dec = 0
	}
	return strconv.FormatFloat(v, 'f', dec, 64)
}

// FormatChange renders a fractional change as a signed percentage ("" when
// missing).
func FormatChange(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return ""
	}
	return fmt.Sprintf("%+.2f%%", f*100)
}

// FormatInterval renders a change's interval as "[-5.10%, +1.20%]" ("" when
// missing).
func FormatInterval(lo, hi float64) string {
	if math.IsNaN(lo) || math.IsNaN(hi) {
		return ""
	}
	return "[" + FormatChange(lo) + ", " + FormatChange(hi) + "]"
}

// FormatP renders a p-value ("" when missing).
func FormatP(p float64) string {
	if math.IsNaN(p) {
		return ""
	}
	return fmt.Sprintf("p=%.3f", p)
}

// FormatFloor renders a noise floor or effective threshold ("—" when
// none).
func FormatFloor(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "—"
	}
	return "±" + FormatPercent(f)
}
