package present

import "strings"

// latencyNote is the result's note on frame latency: "" when measured.
func latencyNote(measured bool, missing string) string {
	switch {
	case measured:
		return ""
	case missing == "":
		missing = "the window's device did not enable them"
	}
	return "frame latency not measured (needs VK_KHR_present_id and VK_KHR_present_wait): " + missing
}

// joinNotes joins the non-empty notes with "; ".
func joinNotes(notes ...string) string {
	var out []string
	for _, n := range notes {
		if n != "" {
			out = append(out, n)
		}
	}
	return strings.Join(out, "; ")
}
