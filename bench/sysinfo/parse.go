package sysinfo

import (
	"bufio"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// CmdArg is one word of the kernel command line.
type CmdArg struct {
	Key      string `json:"key"`
	Value    string `json:"value,omitempty"`
	HasValue bool   `json:"has_value,omitempty"`
}

// ParseCmdline splits a kernel command line the way the kernel does:
// words separated by white space, double quotes protect spaces and are
// removed (`key="a b"` gives key and `a b`). An unbalanced quote runs to the
// end of the line and is reported as an error; the words are still returned.
func ParseCmdline(s string) ([]CmdArg, error) {
	var args []CmdArg
	var err error
	i := 0
	for i < len(s) {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if i >= len(s) {
			break
		}
		var word strings.Builder
		inQuote := false
		for i < len(s) && (inQuote || !isSpace(s[i])) {
			if s[i] == '"' {
				inQuote = !inQuote
			} else {
				word.WriteByte(s[i])
			}
			i++
		}
		if inQuote && err == nil {
			err = fmt.Errorf("unbalanced double quote")
		}
		w := word.String()
		if k, v, ok := strings.Cut(w, "="); ok {
			args = append(args, CmdArg{Key: k, Value: v, HasValue: true})
		} else {
			args = append(args, CmdArg{Key: w})
		}
	}
	return args, err
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// ModuleArgs returns the parameters given to module mod on the command line
// (`mod.param=value`), keyed by parameter name with dashes turned into
// underscores as the kernel does; the last occurrence wins.
func ModuleArgs(args []CmdArg, mod string) map[string]string {
	out := map[string]string{}
	prefix := mod + "."
	for _, a := range args {
		name := strings.ReplaceAll(a.Key, "-", "_")
		if strings.HasPrefix(name, prefix) && len(name) > len(prefix) {
			out[name[len(prefix):]] = a.Value
		}
	}
	return out
}

// DPMLevel is one line of a pp_dpm_* file.
type DPMLevel struct {
	// Index is the level's label: usually a number, "S" for a sleep level.
	Index string `json:"index"`
	// Label is what sits between the index and the clock, e.g. the link
	// "16.0GT/s, x16" of pp_dpm_pcie; empty for clock files.
	Label   string `json:"label,omitempty"`
	MHz     int    `json:"mhz"`
	Current bool   `json:"current,omitempty"`
}

var dpmLine = regexp.MustCompile(`^([0-9A-Za-z]+):\s*(.*?)\s*([0-9]+)\s*[Mm][Hh][Zz]\s*(\*)?\s*$`)

// ParseDPM parses a pp_dpm_sclk / mclk / socclk / fclk / pcie file: lines
// `N: <MHz>Mhz`, the current level marked ` *`, trailing spaces allowed,
// pcie lines `N: 16.0GT/s, x16 623Mhz *`. Lines that do not parse make the
// error non-nil; the levels that did parse are returned.
func ParseDPM(s string) ([]DPMLevel, error) {
	var out []DPMLevel
	var bad []string
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		m := dpmLine.FindStringSubmatch(line)
		if m == nil {
			bad = append(bad, line)
			continue
		}
		mhz, err := strconv.Atoi(m[3])
		if err != nil {
			bad = append(bad, line)
			continue
		}
		out = append(out, DPMLevel{Index: m[1], Label: m[2], MHz: mhz, Current: m[4] == "*"})
	}
	if len(bad) > 0 {
		return out, fmt.Errorf("%d unparsable line(s), first %q", len(bad), Clip(bad[0], 40))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no levels")
	}
	return out, nil
}

// CurrentLevel returns the level marked current, if exactly one is.
func CurrentLevel(levels []DPMLevel) (DPMLevel, bool) {
	var cur DPMLevel
	n := 0
	for _, l := range levels {
		if l.Current {
			cur = l
			n++
		}
	}
	return cur, n == 1
}

// ParseKFDProperties parses a KFD topology node's properties file: lines
// `key value` with an unsigned integer value. Bad lines make the error
// non-nil; the good ones are returned.
func ParseKFDProperties(s string) (map[string]uint64, error) {
	out := map[string]uint64{}
	var bad []string
	for _, line := range strings.Split(s, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if len(f) != 2 {
			bad = append(bad, line)
			continue
		}
		v, err := strconv.ParseUint(f[1], 10, 64)
		if err != nil {
			bad = append(bad, line)
			continue
		}
		out[f[0]] = v
	}
	if len(bad) > 0 {
		return out, fmt.Errorf("%d unparsable line(s), first %q", len(bad), Clip(strings.TrimSpace(bad[0]), 40))
	}
	return out, nil
}

// GFXTarget turns a KFD gfx_target_version (major*10000 + minor*100 +
// stepping) into the target name: 110000 -> gfx1100, 90402 -> gfx942,
// 90010 -> gfx90a (the stepping is written in hex). 0 gives "".
func GFXTarget(v uint64) string {
	if v == 0 {
		return ""
	}
	major, minor, step := v/10000, (v/100)%100, v%100
	return fmt.Sprintf("gfx%d%d%x", major, minor, step)
}

// Kernel config values beyond a literal value.
const (
	ConfigNotSet = "not set" // `# CONFIG_X is not set`
	ConfigAbsent = "absent"  // the option does not appear at all
)

var configNotSet = regexp.MustCompile(`^# (CONFIG_[A-Za-z0-9_]+) is not set$`)

// ParseKernelConfig parses a kernel .config: `CONFIG_X=y|m|value` and
// `# CONFIG_X is not set` (recorded as ConfigNotSet); other comments and
// blank lines are skipped. Quoted string values keep their quotes. Bad lines
// make the error non-nil; the good ones are returned.
func ParseKernelConfig(s string) (map[string]string, error) {
	out := map[string]string{}
	var bad []string
	sc := bufio.NewScanner(strings.NewReader(s))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if m := configNotSet.FindStringSubmatch(line); m != nil {
			out[m[1]] = ConfigNotSet
			continue
		}
		if strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok || !strings.HasPrefix(k, "CONFIG_") || !validConfigName(k) {
			bad = append(bad, line)
			continue
		}
		out[k] = v
	}
	if err := sc.Err(); err != nil {
		return out, err
	}
	if len(bad) > 0 {
		return out, fmt.Errorf("%d unparsable line(s), first %q", len(bad), Clip(bad[0], 40))
	}
	if len(out) == 0 {
		return out, fmt.Errorf("no CONFIG_ options")
	}
	return out, nil
}

func validConfigName(k string) bool {
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') {
			return false
		}
	}
	return true
}

// ParseSelected parses a sysfs choice file such as THP's enabled
// (`always [madvise] never`): the bracketed word and all the choices.
func ParseSelected(s string) (selected string, choices []string, err error) {
	for _, f := range strings.Fields(s) {
		if strings.HasPrefix(f, "[") && strings.HasSuffix(f, "]") && len(f) > 2 {
			if selected != "" {
				return "", nil, fmt.Errorf("more than one selected value")
			}
			f = f[1 : len(f)-1]
			selected = f
		}
		choices = append(choices, f)
	}
	if selected == "" {
		return "", choices, fmt.Errorf("no [selected] value")
	}
	return selected, choices, nil
}

// ParsePowerProfile returns the active profile of pp_power_profile_mode:
// the line `N NAME*:` (or `N NAME *`) carrying the asterisk.
func ParsePowerProfile(s string) (index int, name string, err error) {
	for _, line := range strings.Split(s, "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		n, err := strconv.Atoi(f[0])
		if err != nil {
			continue
		}
		head := f[1]
		if len(f) > 2 && strings.HasPrefix(f[2], "*") {
			head += f[2]
		}
		if !strings.Contains(head, "*") {
			continue
		}
		name = strings.TrimRight(head, "*: ")
		if name == "" {
			continue
		}
		return n, name, nil
	}
	return -1, "", fmt.Errorf("no active profile marked with *")
}

// LogInfo is what the kernel log says about amdgpu and KFD.
type LogInfo struct {
	// FragmentBits maps a device (PCI slot, or "" when the line names
	// none) to the last "fragment size is N-bit" it logged.
	FragmentBits map[string]int `json:"fragment_bits,omitempty"`
	// VMLines are the "vm size is ..." lines, as logged.
	VMLines        []string `json:"vm_lines,omitempty"`
	SVMInitialized bool     `json:"svm_initialized"`
	// AddedDevices are the KFD "added device VVVV:DDDD" IDs.
	AddedDevices     []string `json:"added_devices,omitempty"`
	GPUResets        int      `json:"gpu_resets"`
	RingTimeouts     int      `json:"ring_timeouts"`
	RecoveryDisabled bool     `json:"recovery_disabled,omitempty"`
	OverDriveEnabled bool     `json:"overdrive_enabled,omitempty"`
	// Events are the GPU hang, reset and fault lines (IsGPUFaultLine), at
	// most 20, as logged.
	Events []string `json:"events,omitempty"`
	// Bad are matching lines whose figures made no sense (e.g. a fragment
	// size outside 0..31).
	Bad []string `json:"bad,omitempty"`
}

var (
	logFragment = regexp.MustCompile(`fragment size is (\d+)-bit`)
	logDevice   = regexp.MustCompile(`amdgpu ([0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7])`)
	logAdded    = regexp.MustCompile(`added device ([0-9a-fA-F]{4}:[0-9a-fA-F]{4})`)
	logRing     = regexp.MustCompile(`ring \S+ timeout`)
	logReset    = regexp.MustCompile(`GPU reset begin|GPU reset\(\d+\) (succeeded|failed)|GPU reset (succeeded|failed)`)
	// logGPUFault is the one pattern of a kernel log line about a GPU
	// hang, reset or fault: ring timeouts, resets, page faults and VM
	// protection faults from amdgpu, resets and hangs from the DRM core.
	logGPUFault = regexp.MustCompile(`(?i)amdgpu.*(reset|ring .*timeout|timeout|hang|page fault|gpu fault|VM_L2_PROTECTION)|drm.*(reset|hang)|` + logRing.String() + `|` + logReset.String())
)

// IsGPUFaultLine reports whether a kernel log line is about a GPU hang,
// reset or fault.
func IsGPUFaultLine(line string) bool { return logGPUFault.MatchString(line) }

// GPUFaultLines is the kernel log's GPU hang, reset and fault lines,
// trimmed, in order.
func GPUFaultLines(log string) []string {
	var out []string
	for _, l := range strings.Split(log, "\n") {
		if l = strings.TrimSpace(l); l != "" && IsGPUFaultLine(l) {
			out = append(out, l)
		}
	}
	return out
}

const maxEvents = 20

// ParseDmesg reads a kernel log (dmesg output or a saved file, with or
// without timestamps) and extracts what matters to amdgpu benchmarking.
func ParseDmesg(s string) LogInfo {
	var li LogInfo
	event := func(line string) {
		if len(li.Events) < maxEvents {
			li.Events = append(li.Events, Clip(line, 200))
		}
	}
	begins, ends := 0, 0
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if m := logFragment.FindStringSubmatch(line); m != nil {
			bits, err := strconv.Atoi(m[1])
			if err != nil || bits > 31 {
				if len(li.Bad) < maxEvents {
					li.Bad = append(li.Bad, Clip(line, 200))
				}
			} else {
				dev := ""
				if d := logDevice.FindStringSubmatch(line); d != nil {
					dev = d[1]
				}
				if li.FragmentBits == nil {
					li.FragmentBits = map[string]int{}
				}
				li.FragmentBits[dev] = bits
				if len(li.VMLines) < maxEvents {
					li.VMLines = append(li.VMLines, Clip(line, 200))
				}
			}
		}
		if strings.Contains(line, "SVM initialized") {
			li.SVMInitialized = true
		}
		if m := logAdded.FindStringSubmatch(line); m != nil && strings.Contains(line, "kfd") {
			li.AddedDevices = append(li.AddedDevices, strings.ToLower(m[1]))
		}
		if logRing.MatchString(line) {
			li.RingTimeouts++
		}
		if logReset.MatchString(line) {
			if strings.Contains(line, "GPU reset begin") {
				begins++
			} else if strings.Contains(line, "GPU reset") {
				ends++
			}
		}
		if IsGPUFaultLine(line) {
			event(line)
		}
		if strings.Contains(line, "GPU recovery disabled") {
			li.RecoveryDisabled = true
		}
		if strings.Contains(line, "Overdrive is enabled") {
			li.OverDriveEnabled = true
		}
	}
	// A reset logs "GPU reset begin!" and then "GPU reset(N) succeeded!";
	// count whichever of the two the log kept more of.
	li.GPUResets = max(begins, ends)
	return li
}

// ParseInt parses a sysfs integer: decimal, or hex with 0x.
func ParseInt(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		v, err := strconv.ParseUint(s[2:], 16, 64)
		return int64(v), err
	}
	return strconv.ParseInt(s, 10, 64)
}

// ParseHex parses a sysfs hex ID such as "0x744c" (the 0x is optional).
func ParseHex(s string) (uint64, error) {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	if s == "" {
		return 0, fmt.Errorf("empty")
	}
	return strconv.ParseUint(s, 16, 64)
}

// ParseUevent parses a sysfs uevent file (KEY=VALUE lines).
func ParseUevent(s string) map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(s, "\n") {
		if k, v, ok := strings.Cut(strings.TrimSpace(line), "="); ok && k != "" {
			out[k] = v
		}
	}
	return out
}

// Clip cuts s to its first n bytes, marked with "...", for one-line
// messages that quote what was read.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
