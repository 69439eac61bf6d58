package sysreport

import (
	"fmt"
	"io"

	"github.com/radvbench/radvbench/bench/doctor"
	"github.com/radvbench/radvbench/bench/sysinfo"
)

// Doctor is a system's findings (doctor.Diagnose) with how many are ok,
// warn and fail; as JSON it is the doctor's record.
type Doctor struct {
	Findings []doctor.Finding `json:"findings"`
	OK       int              `json:"ok"`
	Warn     int              `json:"warn"`
	Fail     int              `json:"fail"`
}

// NewDoctor counts the findings.
func NewDoctor(findings []doctor.Finding) Doctor {
	d := Doctor{Findings: findings}
	for _, f := range findings {
		switch f.Status {
		case doctor.OK:
			d.OK++
		case doctor.Warn:
			d.Warn++
		case doctor.Fail:
			d.Fail++
		}
	}
	return d
}

// WriteDoctor writes the findings for people: title (the caller's name
// for the check) with the GPU, the Vulkan device runs use (when opened),
// kernel and root checked, one line per
// finding (status, check, reason) with its fix below it, then the counts.
func WriteDoctor(w io.Writer, title string, s *sysinfo.System, d Doctor) {
	subject := "no AMD GPU"
	if g := s.PrimaryGPU(); g != nil {
		subject = g.Name + " (" + g.Card + ")"
	}
	if v := s.Vulkan; v != nil {
		subject += ", runs on " + v.DeviceName
	}
	fmt.Fprintf(w, "%s: %s on Linux %s, root %s\n\n", title, subject, OrNA(s.Kernel.Release), s.Root)
	width := 0
	for _, f := range d.Findings {
		width = max(width, len(f.Check))
	}
	for _, f := range d.Findings {
		fmt.Fprintf(w, "%-5s %-*s  %s\n", f.Status, width, f.Check, f.Reason)
		if f.Fix != "" {
			fmt.Fprintf(w, "      %-*s  fix: %s\n", width, "", f.Fix)
		}
	}
	fmt.Fprintf(w, "\n%d ok, %d warn, %d fail\n", d.OK, d.Warn, d.Fail)
}
