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
			lg.Status = st
			lg.Note = fmt.Sprintf("cannot read --dmesg file %s (%s)", opts.DmesgFile, strings.TrimSpace(st+" "+detail))
			return
		}
		data = d
	case opts.RunDmesg:
		lg.Source = "dmesg"
		run := opts.Dmesg
		if run == nil {
			run = runDmesg
		}
		d, err := run()
		if err != nil {
			lg.Status, lg.Note = dmesgFailure(err)
			return
		}
		data = d
	default:
		lg.Status = LogNotRead
		lg.Note = "no --dmesg FILE given (dmesg runs only for --sysroot /)"
		return
	}
	lg.Status = StatusOK
	lg.LogInfo = ParseDmesg(string(data))
}

func runDmesg() ([]byte, error) {
	cmd := exec.Command("dmesg")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return nil, fmt.Errorf("%w: %s", err, msg)
		}
		return nil, err
	}
	return out, nil
}

func dmesgFailure(err error) (status, note string) {
	msg := err.Error()
	switch {
	case errors.Is(err, exec.ErrNotFound):
		return StatusMissing, "dmesg is not installed: pass --dmesg FILE"
	case errors.Is(err, os.ErrPermission) || strings.Contains(msg, "not permitted") || strings.Contains(msg, "ermission denied"):
		return StatusDenied, "dmesg is not permitted (kernel.dmesg_restrict=1): run as root or pass --dmesg FILE (e.g. from journalctl -k)"
	default:
		return StatusError, "dmesg failed (" + oneLine(msg) + "): pass --dmesg FILE"
	}
}

func oneLine(s string) string { return clip(strings.Join(strings.Fields(s), " "), 160) }
