package codecompare

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/radvbench/radvbench/core/amdchip"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/verdict"
)

// The compiler's side of a timing comparison: beside each verdict, what
// the driver compiled the benchmark into on each side, compared exactly
// as CompareISA compares isa files (compareEntry, the same isa policy per
// statistic). The figures come from the runs themselves where the run
// captured them (resultsfile.File.Capture) or from isa files given with the
// runs (reports/compare's Options.ISA), matched by benchmark and target
// (Figures).

// Code sources.
const (
	CodeCaptured = "captured"
	CodeISA      = "isa"
)

// Code is what changed in the compiled code of one benchmark between the
// baseline and a group.
type Code struct {
	// Source is CodeCaptured (the runs' own capture) or CodeISA (isa
	// files given with the runs); Target the isa target the figures are
	// of ("" for captured ones: the runs' device).
	Source string `json:"source"`
	Target string `json:"target,omitempty"`
	// Unchanged is set when every statistic is equal on both sides and
	// the SPIR-V is too (where both sides' files record its hash): the
	// timing change, if any, is not the compiler's.
	Unchanged bool `json:"unchanged"`
	// SPIRVChanged is set when the shader's SPIR-V hash differs.
	SPIRVChanged bool `json:"spirv_changed,omitempty"`
	// Changes are the statistics that differ, each with its isa verdict,
	// in the order Text lists them (codeOrder: timed pipelines first,
	// the largest effect first).
	Changes []ISAChange `json:"changes,omitempty"`
	// Device is where the figures come from: the isa target and RADV's
	// Mesa ("navi31, RADV Mesa 25.0.7"; "… → Mesa 26.1.6" when the two
	// sides' differ) or the device that captured them.
	Device string `json:"device,omitempty"`
	// OtherDevice is set when the figures are not of the device the runs
	// timed (isa files of another chip than the runs' GPU, lavapipe's
	// runs beside RADV's figures).
	OtherDevice bool `json:"other_device,omitempty"`
}

// codeShown is how many changed statistics Text lists before "+N more".
const codeShown = 3

// Text is the line printed beside a verdict, with where the figures come
// from in brackets: "code unchanged", or the changed statistics grouped
// by executable, the timed pipeline's first, each group named by its
// stage ("mesh: VGPRs 40→56, Latency 9959→13488"), the largest effect
// first (codeOrder), or that only the SPIR-V changed. A pipeline the
// benchmark does not time is named "untimed PIPELINE" and comes last.
func (c *Code) Text() string {
	if c == nil {
		return ""
	}
	var body string
	switch {
	case c.Unchanged:
		body = "code unchanged"
	case len(c.Changes) == 0 && c.SPIRVChanged:
		body = "SPIR-V changed, same statistics"
	case len(c.Changes) == 0:
		return ""
	default:
		body = c.items()
	}
	if o := c.origin(); o != "" {
		body += " [" + o + "]"
	}
	return body
}

// origin says where the figures come from, and when they are not the
// timed device's.
func (c *Code) origin() string {
	o := c.Device
	if c.Source == CodeISA {
		o = "static " + o
	}
	if c.OtherDevice {
		o += "; not the device that ran"
	}
	return strings.TrimSpace(o)
}

// items lists the changes, codeShown of them, grouped by executable.
func (c *Code) items() string {
	pipes := map[string]bool{}
	for _, ch := range c.Changes {
		if ch.Pipeline != "" && !ch.Untimed {
			pipes[ch.Pipeline] = true
		}
	}
	var groups []string
	last := "\x00"
	for _, ch := range c.Changes[:min(len(c.Changes), codeShown)] {
		label := ""
		switch {
		case ch.Untimed:
			label = "untimed " + ch.Pipeline
			if ch.Executable != "" {
				label += " " + ch.Executable
			}
		case len(pipes) > 1:
			label = strings.TrimSpace(ch.Pipeline + " " + ch.Executable)
		default:
			label = ch.Executable
		}
		item := changeItem(ch)
		if label == last {
			groups[len(groups)-1] += ", " + item
			continue
		}
		last = label
		if label != "" {
			item = label + ": " + item
		}
		groups = append(groups, item)
	}
	out := strings.Join(groups, "; ")
	if n := len(c.Changes) - codeShown; n > 0 {
		out += fmt.Sprintf(", +%d more", n)
	}
	return out
}

// changeItem is one change: "VGPRs 40→56", "wave64→wave32", "code hash
// changed", "VOPD new 3", "Spilled VGPRs gone (was 4)".
func changeItem(ch ISAChange) string {
	switch {
	case ch.Stat == "":
		return ch.Note
	case ch.Stat == WaveStat && !ch.Base.NaN() && !ch.New.NaN():
		return fmt.Sprintf("wave%s→wave%s", ValueText(ch.Base), ValueText(ch.New))
	case ch.Hash && ch.Stat == "Hash" && !ch.Base.NaN() && !ch.New.NaN():
		return "code hash changed"
	case ch.Hash && !ch.Base.NaN() && !ch.New.NaN():
		return ch.Stat + " changed"
	case ch.Base.NaN():
		return fmt.Sprintf("%s new %s", ch.Stat, ValueText(ch.New))
	case ch.New.NaN():
		return fmt.Sprintf("%s gone (was %s)", ch.Stat, ValueText(ch.Base))
	}
	return fmt.Sprintf("%s %s→%s", ch.Stat, ValueText(ch.Base), ValueText(ch.New))
}

// effectRank orders statistics by how directly they change a kernel's
// time: the wave size (it changes what every other figure means), then
// occupancy (subgroups per SIMD), spills and scratch, the VGPRs and LDS
// that set occupancy (limiting: the executable's occupancy changed too),
// ACO's latency and throughput estimates, VGPRs and LDS that did not
// change occupancy, instruction counts and code size, the rest (SGPRs
// among them: they do not bound occupancy on GFX10 and later), and last
// the code hash (new code, nothing else said).
func effectRank(ch *ISAChange, limiting bool) int {
	stat := strings.TrimPrefix(ch.Stat, verdict.DerivedPrefix)
	switch {
	case ch.Stat == "":
		return 0
	case ch.Stat == WaveStat:
		return 1
	case stat == "Subgroups per SIMD":
		return 2
	case stat == "Spilled VGPRs", stat == "Spilled SGPRs", stat == "Scratch size", stat == "scratch_loads", stat == "scratch_stores":
		return 3
	case (stat == "VGPRs" || stat == "LDS size") && limiting:
		return 4
	case stat == "Latency", stat == "Inverse Throughput":
		return 5
	case stat == "VGPRs", stat == "LDS size":
		return 6
	case stat == "Instructions", stat == "instructions", stat == "Code size":
		return 7
	case ch.Hash:
		return 9
	}
	return 8
}

// relative is the size of a change relative to its baseline (a
// statistic new or gone counts as large).
func relative(ch *ISAChange) float64 {
	if ch.Base.NaN() || ch.New.NaN() || ch.Hash {
		return math.Inf(1)
	}
	b, n := float64(ch.Base), float64(ch.New)
	if b == 0 {
		if n == 0 {
			return 0
		}
		return math.Inf(1)
	}
	return math.Abs(n/b - 1)
}

// codeOrder sorts changes for Text: timed pipelines before untimed ones,
// then by effectRank, then the larger relative change first, then in the
// comparison's order (executables as the driver lists them).
func codeOrder(changes []ISAChange) {
	occupancy := map[string]bool{} // executables whose occupancy changed
	for _, ch := range changes {
		if ch.Stat == "Subgroups per SIMD" {
			occupancy[ch.Pipeline+"\x00"+ch.Executable] = true
		}
	}
	slices.SortStableFunc(changes, func(a, b ISAChange) int {
		if a.Untimed != b.Untimed {
			if a.Untimed {
				return 1
			}
			return -1
		}
		ra := effectRank(&a, occupancy[a.Pipeline+"\x00"+a.Executable])
		rb := effectRank(&b, occupancy[b.Pipeline+"\x00"+b.Executable])
		if ra != rb {
			return ra - rb
		}
		return cmp.Compare(relative(&b), relative(&a))
	})
}

// ValueText formats a statistic exactly ("—" when absent).
func ValueText(f verdict.Float) string {
	if f.NaN() {
		return "—"
	}
	return fmt.Sprintf("%g", float64(f))
}

// Figures are one side's compiler figures: by benchmark ID, the result
// that carries its pipelines. reports/compare gathers them for each group
// of runs, from the runs' capture or from an isa file given with them.
type Figures struct {
	// Source is CodeCaptured or CodeISA; Target the isa target the
	// figures are of ("" for captured ones).
	Source, Target string
	// Device names where the figures come from (Code.Device); Other is
	// set when that is not the device the group's runs timed.
	Device string
	Other  bool
	ByID   map[string]*resultsfile.Result
	// SPIRV maps a shader module to its SPIR-V hash, from the group's
	// run files (nil when they record none).
	SPIRV map[string]string
}

// CapturedDevice names the device that captured a run's figures:
// "captured on NAME, Mesa X.Y.Z".
func CapturedDevice(d resultsfile.Device) string {
	s := strings.TrimSpace("captured on " + d.Name + ", " + mesaOf(d.DriverInfo))
	return strings.TrimSuffix(s, ",")
}

// ISATarget picks the isa file's target for a group of runs on devices
// (the runs' GPU names, in input order): the one whose chip the runs' GPU
// is, else the file's only or first target, with a note saying so.
func ISATarget(f *resultsfile.File, devices []string) (target, note string) {
	var targets []string
	for _, c := range f.Configs {
		targets = append(targets, c.Name)
	}
	for _, name := range devices {
		if chip, ok := amdchip.FromDeviceName(name); ok {
			for _, t := range targets {
				if tc, ok := amdchip.Lookup(t); ok && tc.Family == chip.Family {
					return t, ""
				}
			}
		}
	}
	if len(targets) == 0 {
		return "", "it has no targets"
	}
	dev := ""
	if len(devices) > 0 {
		dev = devices[0]
	}
	if len(targets) == 1 {
		return targets[0], fmt.Sprintf("its only target; the runs' device is %s", dev)
	}
	return targets[0], fmt.Sprintf("its first target of %s; the runs' device %s is none of them", strings.Join(targets, ", "), dev)
}

// CodeOf compares one benchmark's compiled code between the baseline's
// figures and a group's, b and g being the benchmark's result on each
// side (nil where a side lacks it); nil when either side has no figures
// for it.
func CodeOf(p *verdict.Policy, key string, bs, gs *Figures, b, g *resultsfile.Result) *Code {
	if bs == nil || gs == nil || b == nil || g == nil {
		return nil
	}
	br, gr := bs.ByID[b.ID()], gs.ByID[g.ID()]
	if br == nil || gr == nil || br.Status != resultsfile.StatusOK && gr.Status != resultsfile.StatusOK {
		return nil // nothing compiled on either side (a skip on both: the reason is the verdict's)
	}
	c := &Code{Source: bs.Source, Target: bs.Target, Device: bs.Device, OtherDevice: bs.Other || gs.Other}
	if bs.Target != gs.Target {
		c.Target = bs.Target + " vs " + gs.Target
	}
	if gs.Device != bs.Device {
		c.Device = bs.Device + " → " + gs.Device
		if bs.Target == gs.Target && bs.Target != "" && strings.HasPrefix(gs.Device, bs.Target+", RADV ") {
			c.Device = bs.Device + " → " + strings.TrimPrefix(gs.Device, bs.Target+", RADV ")
		}
	}
	var rep ISAReport
	unchanged := compareEntry(&rep, p, key, "", br, gr)
	c.Changes = rep.Changes
	codeOrder(c.Changes)
	bh, gh := bs.SPIRV[b.Shader], gs.SPIRV[g.Shader]
	c.SPIRVChanged = bh != "" && gh != "" && bh != gh
	c.Unchanged = len(c.Changes) == 0 && !c.SPIRVChanged && unchanged > 0
	for i := range c.Changes {
		c.Changes[i].Fail = c.Changes[i].Fails()
	}
	return c
}

// ISADevice names an isa file's target and its driver: "navi31, RADV
// Mesa 25.0.7".
func ISADevice(target string, f *resultsfile.File) string {
	d := "RADV"
	if m := mesaOf(f.Device.DriverInfo); m != "" {
		d += " " + m
	}
	if target == "" {
		return d
	}
	return target + ", " + d
}

// mesaOf shortens a driver's version text to "Mesa X.Y.Z" (Debian's
// package suffix dropped); other drivers' text is kept.
func mesaOf(info string) string {
	f := strings.Fields(info)
	if len(f) >= 2 && f[0] == "Mesa" {
		v, _, _ := strings.Cut(f[1], "-")
		return "Mesa " + v
	}
	return info
}
