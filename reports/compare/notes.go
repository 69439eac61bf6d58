package compare

import (
	"fmt"
	"maps"
	"sort"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/note"
	"github.com/radvbench/radvbench/reports/pairing"
)

// notes states what the reader must know before trusting the table.
func notes(groups []*pairing.Group, opt Options) []note.Note {
	by := opt.By
	var out []note.Note
	type ident struct{ device, driver string }
	idOf := func(f *resultsfile.File) ident {
		d := f.Device
		drv := strings.TrimSpace(d.DriverName + " " + d.DriverInfo)
		if drv == "" {
			drv = d.DriverVersion
		}
		return ident{d.Name, drv}
	}
	if len(groups[0].Inputs) == 0 {
		return nil
	}
	first := &groups[0].Inputs[0]
	base := idOf(first.File)
	seenDev := map[string]bool{}
	seenDrv := map[string]bool{}
	cpu := false
	for _, g := range groups {
		for _, in := range g.Inputs {
			id := idOf(in.File)
			cpu = cpu || in.File.Device.CPU
			if id.device != base.device && !seenDev[id.device] && by != "device" {
				seenDev[id.device] = true
				out = append(out, note.Note{Kind: NoteDeviceDiffers, Message: fmt.Sprintf("device differs: %s has %q, baseline %s has %q", in.Name, id.device, first.Name, base.device)})
			}
			if id.driver != base.driver && !seenDrv[id.driver] && by != "driver" && by != "driver.info" {
				seenDrv[id.driver] = true
				out = append(out, note.Note{Kind: NoteDriverDiffers, Message: fmt.Sprintf("driver differs: %s has %q, baseline %s has %q", in.Name, id.driver, first.Name, base.driver)})
			}
		}
	}
	// The kernel is part of what is measured (allowed, but named).
	const kernelKey = "kernel.release"
	baseKernel, seenKernel := first.File.Fingerprint[kernelKey], map[string]bool{}
	for _, g := range groups {
		for _, in := range g.Inputs {
			k, ok := in.File.Fingerprint[kernelKey]
			if ok && k != baseKernel && !seenKernel[k] && by != kernelKey {
				seenKernel[k] = true
				out = append(out, note.Note{Kind: NoteKernelDiffers, Message: fmt.Sprintf("kernel differs: %s has %q, baseline %s has %q", in.Name, k, first.Name, baseKernel)})
			}
		}
	}
	// The measurement method is part of what a figure reads.
	baseMethod, seenMethod := first.File.Tool.MeasurementMethod(), map[int]bool{}
	for _, g := range groups {
		for _, in := range g.Inputs {
			m := in.File.Tool.MeasurementMethod()
			if m != baseMethod && !seenMethod[m] {
				seenMethod[m] = true
				out = append(out, note.Note{Kind: NoteMethodDiffers, Message: fmt.Sprintf("measurement method differs: %s was measured by method %d, baseline %s by method %d (docs/measuring.md, \"Method versions\"): a change between them can be the method's, not the code's", in.Name, m, first.Name, baseMethod)})
			}
		}
	}
	for _, g := range groups {
		for _, in := range g.Inputs {
			if in.File.Partial {
				out = append(out, note.Note{Kind: NotePartialRun, Message: fmt.Sprintf("%s is a partial run (interrupted): it holds only the benchmarks that finished", in.Name)})
			}
		}
	}
	out = append(out, clockNotes(groups, first, by)...)
	out = append(out, envNotes(groups, by)...)
	if cpu {
		out = append(out, note.Note{Kind: NoteCPUFigures, Message: "figures come from a CPU implementation (lavapipe): they describe the host processor, not a GPU"})
	}
	// Shaders whose hash changed: the code measured is not the same.
	baseSh := map[string]string{}
	for _, in := range groups[0].Inputs {
		for k, v := range in.File.Shaders {
			baseSh[k] = v
		}
	}
	changed := map[string]bool{}
	for _, g := range groups[1:] {
		for _, in := range g.Inputs {
			for k, v := range in.File.Shaders {
				if b, ok := baseSh[k]; ok && b != v {
					changed[k] = true
				}
			}
		}
	}
	if len(changed) > 0 {
		names := make([]string, 0, len(changed))
		for k := range changed {
			names = append(names, k)
		}
		sort.Strings(names)
		out = append(out, note.Note{Kind: NoteShadersDiffer, Message: "shaders differ from the baseline's (the code measured changed): " + strings.Join(names, ", ")})
	}
	quick := map[bool]bool{}
	for _, g := range groups {
		for _, in := range g.Inputs {
			quick[in.File.Quick] = true
		}
	}
	if len(quick) > 1 {
		out = append(out, note.Note{Kind: NoteQuickMixed, Message: "some runs used quick sizes and others did not: problem sizes and budgets differ", Advice: note.Advice{Kind: note.AdviceQuick}})
	}
	if opt.Noise != nil {
		if mm := opt.Noise.Mismatch(first.File); len(mm) > 0 {
			out = append(out, note.Note{Kind: NoteNoiseElsewhere, Message: fmt.Sprintf("noise floors in %s were measured elsewhere (%s): they may not describe this machine", displayNoise(opt.NoiseName), strings.Join(mm, "; ")), Advice: note.Advice{Kind: note.AdviceNoiseElsewhere}})
		}
	}
	return out
}

// heldClocks says how a run held the GPU's clocks, "" when it did not:
// through the profiling lock (fingerprint clocks.stable=profiling-lock,
// with RADV's clocks.pstate: 'run' with stable clocks, bench/launch), or
// at a pinned performance level (clocks.stable=pinned, or a profile_*
// perf_level however it was set, files before clocks.stable included).
func heldClocks(f *resultsfile.File) string {
	fp := f.Fingerprint
	level := fp["perf_level"]
	switch fp["clocks.stable"] {
	case "profiling-lock":
		return "with RADV's stable power state " + fp["clocks.pstate"] + " (profiling lock)"
	case "pinned":
		return "pinned at " + level
	}
	if strings.HasPrefix(level, "profile_") {
		return "pinned at " + level
	}
	return ""
}

// clockNotes warns where runs held the GPU's clocks differently from the
// baseline's (held and not, or held another way): a change between them
// can be the clocks', not the code's. Nothing when grouping by the keys
// that say so.
func clockNotes(groups []*pairing.Group, first *pairing.Input, by string) []note.Note {
	if by == "clocks.stable" || by == "clocks.pstate" || by == "perf_level" {
		return nil
	}
	base := heldClocks(first.File)
	seen := map[string]bool{base: true}
	var out []note.Note
	for _, g := range groups {
		for _, in := range g.Inputs {
			h := heldClocks(in.File)
			if seen[h] {
				continue
			}
			seen[h] = true
			switch {
			case base == "":
				out = append(out, note.Note{Kind: NoteClocksDiffer, Message: fmt.Sprintf("clocks differ: %s ran %s, baseline %s did not hold them: a change between them can be the clocks', not the code's", in.Name, h, first.Name)})
			case h == "":
				out = append(out, note.Note{Kind: NoteClocksDiffer, Message: fmt.Sprintf("clocks differ: %s did not hold them, baseline %s ran %s: a change between them can be the clocks', not the code's", in.Name, first.Name, base)})
			default:
				out = append(out, note.Note{Kind: NoteClocksDiffer, Message: fmt.Sprintf("clocks differ: %s ran %s, baseline %s ran %s", in.Name, h, first.Name, base)})
			}
		}
	}
	return out
}

func displayNoise(name string) string {
	if name == "" {
		return "the noise file"
	}
	return name
}

// envNotes names where a group's driver environment (resultsfile.File
// DriverEnv: RADV_PERFTEST, ACO_DEBUG, MESA_*, LP_*, the loader's driver
// selection, ...) differs from the baseline group's: the driver compiled
// or ran differently there, a candidate cause of any change in the
// figures or the code. A group's environment is its first input's; with
// By "config" its configuration's own, and for isa files each target's.
// A variable the comparison groups by (env.NAME) is its point, not a note.
func envNotes(groups []*pairing.Group, by string) []note.Note {
	if len(groups) < 2 || len(groups[0].Inputs) == 0 {
		return nil
	}
	isa := groups[0].Inputs[0].File.Kind() == resultsfile.KindISA
	// emulation: the variables with which an isa target emulates its
	// chip (Config.Env: RADV_FORCE_FAMILY, or LD_PRELOAD and
	// AMDGPU_GPU_ID), which two Mesa versions do differently for the same
	// chip; the target's name says the chip.
	emulation := map[string]bool{}
	for _, g := range groups {
		for _, in := range g.Inputs {
			for _, c := range in.File.Configs {
				for k := range c.Env {
					emulation[k] = isa
				}
			}
		}
	}
	envOf := func(g *pairing.Group, config string) map[string]string {
		f := g.Inputs[0].File
		if by == "config" {
			config = g.Name
		}
		env := maps.Clone(f.DriverEnv(config))
		if name, ok := strings.CutPrefix(by, "env."); ok {
			delete(env, name)
		}
		maps.DeleteFunc(env, func(k, _ string) bool { return emulation[k] })
		return env
	}
	// The configurations to compare: for isa files each target (the
	// first file's), else the file's own environment.
	targets := []string{""}
	if f := groups[0].Inputs[0].File; isa && by != "config" {
		targets = targets[:0]
		for _, c := range f.Configs {
			targets = append(targets, c.Name)
		}
	}
	var out []note.Note
	base := groups[0]
	for _, g := range groups[1:] {
		if len(g.Inputs) == 0 {
			continue
		}
		for _, t := range targets {
			diff := resultsfile.EnvDiff(envOf(base, t), envOf(g, t))
			if len(diff) == 0 {
				continue
			}
			if len(diff) > 6 {
				diff = append(diff[:6], fmt.Sprintf("and %d more", len(diff)-6))
			}
			of := ""
			if t != "" {
				of = " (target " + t + ")"
			}
			out = append(out, note.Note{Kind: NoteEnvDiffers, Message: fmt.Sprintf("driver environment differs%s: %s has %s against baseline %s: the driver compiled or ran differently there, a candidate cause of any change",
				of, g.DisplayName(), strings.Join(diff, ", "), base.DisplayName())})
		}
	}
	return out
}
