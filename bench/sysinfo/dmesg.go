package sysinfo

// The kernel log: read from a --dmesg file or by running dmesg.

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

func collectLog(opts Options, s *System) {
	lg := &s.Log
	var data []byte
	switch {
	case opts.DmesgFile != "":
		lg.Source, lg.Path = "file", opts.DmesgFile
		d, err := os.ReadFile(opts.DmesgFile)
		if err != nil {
			st, detail := classify(err)
			lg.Status, lg.Missing, lg.Detail = st, LogFileUnreadable, strings.TrimSpace(st+" "+detail)
			lg.Note = fmt.Sprintf("cannot read the kernel log file %s (%s)", opts.DmesgFile, lg.Detail)
			return
		}
		data = d
	case opts.RunDmesg:
		lg.Source = "dmesg"
		run := opts.Dmesg
		if run == nil {
			run = ReadKernelLog
		}
		d, err := run()
		if err != nil {
			lg.Status, lg.Missing, lg.Detail, lg.Note = dmesgFailure(err)
			return
		}
		data = d
	default:
		lg.Status, lg.Missing = LogNotRead, LogNoFile
		lg.Note = "no kernel log file given (dmesg runs only on the live system, root /)"
		return
	}
	lg.Status = StatusOK
	lg.LogInfo = ParseDmesg(string(data))
}

// DmesgError is a dmesg run that failed (Options.Dmesg fakes return it
// too). Restricted is true when the kernel refuses the read to this
// process: kernel.dmesg_restrict is 1 and it is not root.
type DmesgError struct {
	Err        error  // from running the command
	Stderr     string // what dmesg said, trimmed
	Restricted bool
}

func (e *DmesgError) Error() string {
	if e.Stderr == "" {
		return e.Err.Error()
	}
	return e.Err.Error() + ": " + e.Stderr
}

func (e *DmesgError) Unwrap() error { return e.Err }

// ReadKernelLog runs dmesg: the one reader of the live kernel log (the
// fingerprint and the supervisor's GPU-fault lines both use it).
func ReadKernelLog() ([]byte, error) {
	cmd := exec.Command("dmesg")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, &DmesgError{Err: err, Stderr: strings.TrimSpace(stderr.String()), Restricted: dmesgRestricted()}
	}
	return out, nil
}

// dmesgRestricted reports whether this machine's kernel refuses the log to
// this process (kernel.dmesg_restrict=1 and not root).
func dmesgRestricted() bool {
	b, err := os.ReadFile("/proc/sys/kernel/dmesg_restrict")
	return err == nil && strings.TrimSpace(string(b)) == "1" && geteuid() != 0
}

// dmesgFailure classifies a failed dmesg run by the error's type, never
// its text.
func dmesgFailure(err error) (status string, missing LogMissing, detail, note string) {
	var de *DmesgError
	switch {
	case errors.Is(err, exec.ErrNotFound):
		return StatusMissing, LogNoDmesg, "", "dmesg is not installed"
	case errors.Is(err, os.ErrPermission) || errors.As(err, &de) && de.Restricted:
		return StatusDenied, LogDmesgDenied, "", "dmesg is not permitted (kernel.dmesg_restrict=1)"
	default:
		d := oneLine(err.Error())
		return StatusError, LogDmesgFailed, d, "dmesg failed (" + d + ")"
	}
}

func oneLine(s string) string { return Clip(strings.Join(strings.Fields(s), " "), 160) }
