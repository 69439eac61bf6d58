package sysinfo

// Collectors for the host and its kernel: /proc, the amdgpu module's
// parameters, the kernel config and transparent hugepages.

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"regexp"
	"strconv"
	"strings"
)

func collectHost(r *reader, s *System) {
	s.Host.Name, _ = r.str("/proc/sys/kernel/hostname")
	if data, ok := r.read("/proc/cpuinfo"); ok {
		for _, line := range strings.Split(string(data), "\n") {
			k, v, ok := strings.Cut(line, ":")
			if !ok {
				continue
			}
			switch strings.TrimSpace(k) {
			case "processor":
				s.Host.CPUs++
			case "model name":
				if s.Host.CPUModel == "" {
					s.Host.CPUModel = strings.TrimSpace(v)
				}
			}
		}
	}
	if data, ok := r.read("/proc/meminfo"); ok {
		for _, line := range strings.Split(string(data), "\n") {
			if rest, ok := strings.CutPrefix(line, "MemTotal:"); ok {
				f := strings.Fields(rest)
				if len(f) > 0 {
					if v, err := strconv.ParseUint(f[0], 10, 64); err == nil {
						s.Host.MemTotalKiB = v
						continue
					}
				}
				r.malformed("/proc/meminfo", "MemTotal: "+strings.TrimSpace(rest))
			}
		}
	}
}

func collectKernel(r *reader, s *System) {
	s.Kernel.Release, _ = r.str("/proc/sys/kernel/osrelease")
	s.Kernel.Version, _ = r.str("/proc/sys/kernel/version")
	if s.Kernel.Release != "" && !kernelRelease.MatchString(s.Kernel.Release) {
		r.malformed("/proc/sys/kernel/osrelease", "not a kernel release: "+s.Kernel.Release)
	}
	raw, ok := r.str("/proc/cmdline")
	if !ok {
		return
	}
	s.Cmdline.Raw = raw
	args, err := ParseCmdline(raw)
	if err != nil {
		r.malformed("/proc/cmdline", err.Error())
	}
	if m := ModuleArgs(args, "amdgpu"); len(m) > 0 {
		s.Cmdline.AMDGPU = m
	}
}

var kernelRelease = regexp.MustCompile(`^\d+\.\d+`)

// KernelVersion returns the major and minor version of a release string
// such as "6.8.0-45-generic"; ok is false when it does not start so.
func KernelVersion(release string) (major, minor int, ok bool) {
	m := regexp.MustCompile(`^(\d+)\.(\d+)`).FindStringSubmatch(release)
	if m == nil {
		return 0, 0, false
	}
	major, _ = strconv.Atoi(m[1])
	minor, _ = strconv.Atoi(m[2])
	return major, minor, true
}

const paramDir = "/sys/module/amdgpu/parameters"

func collectModule(r *reader, s *System) {
	names := r.list(paramDir)
	if names == nil {
		return
	}
	s.Module.Loaded = true
	s.Module.Params = map[string]string{}
	for _, n := range names {
		if v, ok := r.str(join(paramDir, n)); ok {
			s.Module.Params[n] = v
		}
	}
	typed := func(name string) *int64 {
		raw, ok := s.Module.Params[name]
		if !ok {
			return nil
		}
		v, err := ParseInt(raw)
		if err != nil {
			r.malformed(join(paramDir, name), "not an integer: "+raw)
			return nil
		}
		return &v
	}
	m := &s.Module
	m.VMFragmentSize = typed("vm_fragment_size")
	m.VMSize = typed("vm_size")
	m.VMBlockSize = typed("vm_block_size")
	m.NoRetry = typed("noretry")
	m.GPURecovery = typed("gpu_recovery")
	m.SchedPolicy = typed("sched_policy")
	m.SVMDefaultGranularity = typed("svm_default_granularity")
	if raw, ok := m.Params["ppfeaturemask"]; ok {
		if v, err := ParseHex(raw); err == nil {
			m.PPFeatureMask = &v
		} else {
			r.malformed(join(paramDir, "ppfeaturemask"), "not a hex mask: "+raw)
		}
	}
}

func collectConfig(r *reader, s *System) {
	var text []byte
	if data, ok := r.read("/proc/config.gz"); ok {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err == nil {
			text, err = io.ReadAll(io.LimitReader(zr, 64<<20))
		}
		if err != nil {
			r.malformed("/proc/config.gz", "not gzip: "+err.Error())
			text = nil
		} else {
			s.Config.Source = "/proc/config.gz"
		}
	}
	if s.Config.Source == "" && s.Kernel.Release != "" && !strings.ContainsAny(s.Kernel.Release, "/") {
		p := "/boot/config-" + s.Kernel.Release
		if data, ok := r.read(p); ok {
			text = data
			s.Config.Source = p
		}
	}
	if s.Config.Source == "" {
		return
	}
	sum := sha256.Sum256(text)
	s.Config.SHA256 = hex.EncodeToString(sum[:])
	opts, err := ParseKernelConfig(string(text))
	if err != nil {
		r.malformed(s.Config.Source, err.Error())
	}
	s.Config.Count = len(opts)
	if len(opts) == 0 {
		return
	}
	s.Config.Options = map[string]string{}
	for _, k := range ConfigOptions {
		v, ok := opts[k]
		if !ok {
			v = ConfigAbsent
		}
		s.Config.Options[k] = v
	}
}

func collectTHP(r *reader, s *System) {
	const dir = "/sys/kernel/mm/transparent_hugepage"
	for _, f := range []struct {
		name string
		dst  *string
	}{{"enabled", &s.THP.Enabled}, {"defrag", &s.THP.Defrag}} {
		p := join(dir, f.name)
		raw, ok := r.str(p)
		if !ok {
			continue
		}
		sel, _, err := ParseSelected(raw)
		if err != nil {
			r.malformed(p, err.Error())
			continue
		}
		*f.dst = sel
	}
}
