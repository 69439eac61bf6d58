// Package isa compiles radvbench's benchmarks for AMD GPUs that are not
// there and records what RADV made of them: per pipeline and executable,
// RADV's statistics (VGPRs, SGPRs, spills, LDS, scratch, subgroups per
// SIMD, code size, instruction counts, ACO's latency estimate ...),
// counts taken from the assembly (matrix instructions, waits, LDS and
// memory operations) and the assembly itself. Mesa emulates a GPU for
// RADV in two ways: its no-op DRM shim (LD_PRELOAD of
// libamdgpu_noop_drm_shim.so with AMDGPU_GPU_ID=chip; Debian package
// mesa-drm-shim), which RADV cannot tell from a real amdgpu kernel driver
// except that nothing executes, and, before Mesa 26.1, RADV's null winsys
// (RADV_FORCE_FAMILY=chip), a "Null hardware" device with hard-coded chip
// facts and no queue. Both must be chosen before the Vulkan loader starts,
// and an unknown chip aborts the process, so every target is compiled in
// a process of its own started with Plan.Environ; this package has no
// process supervision (the CLI runs one child per target and calls
// RunTarget in it).
//
// The files: targets.go (which chips, what the installed Mesa can
// emulate, the environment of a target), compile.go (the child side),
// asm.go (counts from the assembly), asmfile.go (where assembly is saved),
// file.go (the isa results file). See docs/isa.md.
package isa

import (
	"bytes"
	"debug/elf"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/radvbench/radvbench/bench/gpu/describe"
	"github.com/radvbench/radvbench/core/amdchip"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// ShimPackage is the Debian package with Mesa's no-op DRM shim.
const ShimPackage = "mesa-drm-shim"

// DefaultTargets are compiled when none are named: one chip per way RADV
// compiles differently — GFX11 with 1536 VGPRs per SIMD (navi31) and with
// 1024 (navi33), GFX11.5 (gfx1150) and GFX12 (gfx1201).
var DefaultTargets = []string{"navi31", "navi33", "gfx1150", "gfx1201"}

// Targets lists every chip radvbench can compile for (amdchip's table):
// GFX11, GFX11.5 and GFX12, and GFX10 and GFX10.3 (only when named).
func Targets() []amdchip.Chip { return amdchip.All() }

// onRequest reports chips compiled only when named (GFX10 and GFX10.3).
func onRequest(c amdchip.Chip) bool { return c.Level == amdchip.GFX10 || c.Level == amdchip.GFX10_3 }

// Installation is what the installed Mesa can emulate, read from its
// files (no process is started, nothing is loaded): RADV's library and
// Mesa version, the shim's chip table and whether RADV still has the
// null winsys and which family names it accepts.
type Installation struct {
	// Root is the file-system root the paths are under ("/" normally; a
	// chroot's directory for another Mesa).
	Root string
	// RADV is the path (under Root) of libvulkan_radeon.so; Mesa the
	// version it reports ("25.0.7-2~bpo12+1").
	RADV, Mesa string
	// Shim is the path (under Root; as the process there sees it) of
	// libamdgpu_noop_drm_shim.so, ""
	// when mesa-drm-shim is not installed; ShimChips the chip names of
	// its table that radvbench knows, as the shim spells them.
	Shim      string
	ShimChips []string
	// NullWinsys: RADV has the null winsys (RADV_FORCE_FAMILY; removed
	// in Mesa 26.1). NullFamilies are the family names it accepts that
	// radvbench knows (lower case).
	NullWinsys   bool
	NullFamilies []string

	// radvStrings and shimStrings are the libraries' read-only strings
	// (every family and chip name they know, radvbench's or not).
	radvStrings, shimStrings map[string]bool
}

// libDirs are searched, under the root, for Mesa's libraries when the
// Vulkan ICD manifest does not name RADV's.
var libDirs = []string{"/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/lib", "/usr/local/lib/x86_64-linux-gnu", "/usr/local/lib64", "/usr/local/lib"}

// ErrNoRADV reports an installation without RADV.
var ErrNoRADV = errors.New("RADV (libvulkan_radeon.so) is not installed: install the Debian package mesa-vulkan-drivers")

// Detect reads the Mesa installed under root ("" is "/").
func Detect(root string) (*Installation, error) {
	if root == "" {
		root = "/"
	}
	in := &Installation{Root: root}
	in.RADV = findRADV(root)
	if in.RADV == "" {
		return nil, ErrNoRADV
	}
	radv, err := rodataStrings(filepath.Join(root, in.RADV))
	if err != nil {
		return nil, fmt.Errorf("read RADV %s: %w", in.RADV, err)
	}
	in.Mesa = mesaVersion(radv)
	in.radvStrings = radv
	removed := false
	for s := range radv {
		if strings.Contains(s, "RADV_FORCE_FAMILY") && strings.Contains(s, "removed") {
			removed = true
		}
	}
	in.NullWinsys = radv["RADV_FORCE_FAMILY"] && !removed
	if in.NullWinsys {
		for _, c := range amdchip.All() {
			if radv[strings.ToUpper(c.Family)] {
				in.NullFamilies = append(in.NullFamilies, c.Family)
			}
		}
	}
	dirs := append([]string{filepath.Dir(in.RADV)}, libDirs...)
	for _, d := range dirs {
		p := filepath.Join(d, describe.ShimLibrary)
		if fi, err := os.Stat(filepath.Join(root, p)); err == nil && fi.Mode().IsRegular() {
			in.Shim = p
			break
		}
	}
	if in.Shim != "" {
		shim, err := rodataStrings(filepath.Join(root, in.Shim))
		if err != nil {
			return nil, fmt.Errorf("read the DRM shim %s: %w", in.Shim, err)
		}
		in.shimStrings = shim
		names := append([]string(nil), amdchip.Aliases()...)
		for _, c := range amdchip.All() {
			names = append(names, c.Family)
		}
		for _, n := range names {
			if shim[n] {
				in.ShimChips = append(in.ShimChips, n)
			}
		}
	}
	return in, nil
}

// findRADV returns RADV's library path under root: the one the Vulkan
// loader's ICD manifest names, else the first in the library directories.
func findRADV(root string) string {
	manifests, _ := filepath.Glob(filepath.Join(root, "usr/share/vulkan/icd.d/radeon_icd*.json"))
	for _, m := range manifests {
		data, err := os.ReadFile(m)
		if err != nil {
			continue
		}
		var icd struct {
			ICD struct {
				LibraryPath string `json:"library_path"`
			} `json:"ICD"`
		}
		if json.Unmarshal(data, &icd) != nil || !filepath.IsAbs(icd.ICD.LibraryPath) {
			continue
		}
		if fi, err := os.Stat(filepath.Join(root, icd.ICD.LibraryPath)); err == nil && fi.Mode().IsRegular() {
			return icd.ICD.LibraryPath
		}
	}
	for _, d := range libDirs {
		p := filepath.Join(d, "libvulkan_radeon.so")
		if fi, err := os.Stat(filepath.Join(root, p)); err == nil && fi.Mode().IsRegular() {
			return p
		}
	}
	return ""
}

// rodataStrings returns the NUL-terminated strings of an ELF file's
// read-only data: the chip table's names in the shim, the family names
// and messages in RADV.
func rodataStrings(path string) (map[string]bool, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sec := f.Section(".rodata")
	if sec == nil {
		return nil, fmt.Errorf("no .rodata section")
	}
	data, err := sec.Data()
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, s := range bytes.Split(data, []byte{0}) {
		if len(s) > 0 {
			out[string(s)] = true
		}
	}
	return out, nil
}

var mesaRE = regexp.MustCompile(`^Mesa ([0-9]+\.[0-9]+\.[0-9]+[^%\s]*)`)

// mesaVersion finds "Mesa X.Y.Z..." (RADV's driverInfo format string).
func mesaVersion(strs map[string]bool) string {
	var found []string
	for s := range strs {
		if m := mesaRE.FindStringSubmatch(s); m != nil {
			found = append(found, m[1])
		}
	}
	sort.Strings(found)
	if len(found) == 0 {
		return "unknown"
	}
	return found[0]
}

// Plan is one target ready to compile: the chip, the mechanism that
// emulates it and the environment the child process must start with.
type Plan struct {
	// Target is the chip's family name ("navi31"): the target's name in
	// results (Config.Name, Result.Config) and assembly paths.
	Target string
	Chip   amdchip.Chip
	// Mechanism is resultsfile.EmulationDRMShim or resultsfile.EmulationNullWinsys.
	Mechanism string
	// Env are the variables the plan sets (Config.Env).
	Env map[string]string
}

// Environ returns base (a process environment, "KEY=value" entries, such
// as os.Environ()) with the plan's variables set: for the shim,
// LD_PRELOAD gets the shim first (what was preloaded stays after it) and
// AMDGPU_GPU_ID the chip, and RADV_FORCE_FAMILY is removed (it would pick
// the null winsys); for the null winsys, RADV_FORCE_FAMILY is set and the
// shim and AMDGPU_GPU_ID are removed. Everything else is left alone.
func (p Plan) Environ(base []string) []string {
	var out []string
	preload := ""
	for _, kv := range base {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "LD_PRELOAD":
			preload = v
			continue
		case "AMDGPU_GPU_ID", "RADV_FORCE_FAMILY":
			continue
		}
		out = append(out, kv)
	}
	// The shim leaves the preload list in every case; a shim plan puts
	// it back first.
	var keep []string
	for _, lib := range strings.FieldsFunc(preload, func(r rune) bool { return r == ':' || r == ' ' }) {
		if !strings.Contains(filepath.Base(lib), strings.TrimSuffix(describe.ShimLibrary, ".so")) {
			keep = append(keep, lib)
		}
	}
	if v, ok := p.Env["LD_PRELOAD"]; ok {
		keep = append([]string{v}, keep...)
	}
	if len(keep) > 0 {
		out = append(out, "LD_PRELOAD="+strings.Join(keep, ":"))
	}
	for _, k := range []string{"AMDGPU_GPU_ID", "RADV_FORCE_FAMILY"} {
		if v, ok := p.Env[k]; ok {
			out = append(out, k+"="+v)
		}
	}
	return out
}

// plan picks the mechanism for chip c: the shim when its table has the
// chip, else the null winsys when RADV has it and accepts the family.
func (in *Installation) plan(c amdchip.Chip) (Plan, bool) {
	names := []string{c.Family}
	for _, a := range amdchip.Aliases() {
		if ac, _ := amdchip.Lookup(a); ac.Family == c.Family {
			names = append(names, a)
		}
	}
	for _, n := range names {
		if in.Shim != "" && slices.Contains(in.ShimChips, n) {
			return Plan{Target: c.Family, Chip: c, Mechanism: resultsfile.EmulationDRMShim,
				Env: map[string]string{"LD_PRELOAD": in.Shim, "AMDGPU_GPU_ID": n}}, true
		}
	}
	if in.NullWinsys && slices.Contains(in.NullFamilies, c.Family) {
		return Plan{Target: c.Family, Chip: c, Mechanism: resultsfile.EmulationNullWinsys,
			Env: map[string]string{"RADV_FORCE_FAMILY": c.Family}}, true
	}
	return Plan{}, false
}

// Available lists a plan for every chip this installation can emulate
// (GFX10 chips included), in amdchip's order.
func (in *Installation) Available() []Plan {
	var out []Plan
	for _, c := range amdchip.All() {
		if p, ok := in.plan(c); ok {
			out = append(out, p)
		}
	}
	return out
}

// availableNames lists the targets this installation can emulate, with
// their mechanism: "navi31 (drm-shim), gfx1201 (null-winsys)".
func (in *Installation) availableNames() string {
	var names []string
	for _, p := range in.Available() {
		names = append(names, p.Target+" ("+p.Mechanism+")")
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// UnknownTargetError is a target name radvbench does not know.
type UnknownTargetError struct {
	Name string
	// Available lists what the installed Mesa can emulate.
	Available string
}

func (e *UnknownTargetError) Error() string {
	return fmt.Sprintf("unknown target %q: the installed Mesa can emulate %s ('all' compiles for every GFX11 and GFX12 one)", e.Name, e.Available)
}

// UnavailableError is a chip radvbench knows that the installed Mesa
// cannot emulate.
type UnavailableError struct {
	Name, Mesa string
	// NoShim: mesa-drm-shim is not installed (it might know the chip).
	NoShim    bool
	Available string
}

func (e *UnavailableError) Error() string {
	if e.NoShim {
		return fmt.Sprintf("Mesa %s cannot emulate %s without its no-op DRM shim: install the Debian package %s in the version of mesa-vulkan-drivers (%s); it can emulate %s now",
			e.Mesa, e.Name, ShimPackage, e.Mesa, e.Available)
	}
	return fmt.Sprintf("Mesa %s cannot emulate %s (neither its DRM shim's chip table nor its null winsys has it): it can emulate %s; a newer Mesa (another root) may",
		e.Mesa, e.Name, e.Available)
}

// NoShimError reports an installation that can emulate nothing because
// mesa-drm-shim is missing (and RADV has no null winsys).
type NoShimError struct{ Mesa string }

func (e *NoShimError) Error() string {
	return fmt.Sprintf("Mesa's no-op DRM shim (%s) is not installed: install the Debian package %s in the version of mesa-vulkan-drivers (Mesa %s)", describe.ShimLibrary, ShimPackage, e.Mesa)
}

// Resolve turns target names into plans. No names means DefaultTargets,
// less those this installation cannot emulate; "all" is every GFX11 and
// GFX12 chip it can emulate; a GFX10 chip is compiled only when named.
// An unknown name is an *UnknownTargetError, a known chip the installed
// Mesa cannot emulate an *UnavailableError; an installation that can
// emulate nothing at all is a *NoShimError when the shim is missing.
// skipped says which default targets were left out and why.
func (in *Installation) Resolve(names []string) (plans []Plan, skipped []string, err error) {
	if len(in.Available()) == 0 && in.Shim == "" {
		return nil, nil, &NoShimError{Mesa: in.Mesa}
	}
	explicit := len(names) > 0
	if !explicit {
		names = DefaultTargets
	}
	seen := map[string]bool{}
	add := func(p Plan) {
		if !seen[p.Target] {
			seen[p.Target] = true
			plans = append(plans, p)
		}
	}
	for _, raw := range names {
		n := strings.ToLower(strings.TrimSpace(raw))
		if n == "all" {
			for _, p := range in.Available() {
				if !onRequest(p.Chip) {
					add(p)
				}
			}
			continue
		}
		c, ok := amdchip.Lookup(n)
		if !ok {
			return nil, nil, &UnknownTargetError{Name: raw, Available: in.availableNames()}
		}
		p, ok := in.plan(c)
		if !ok {
			if !explicit {
				skipped = append(skipped, fmt.Sprintf("%s: Mesa %s cannot emulate it", c.Family, in.Mesa))
				continue
			}
			return nil, nil, &UnavailableError{Name: c.Family, Mesa: in.Mesa, NoShim: in.Shim == "", Available: in.availableNames()}
		}
		add(p)
	}
	if len(plans) == 0 {
		return nil, skipped, &UnavailableError{Name: strings.Join(names, ", "), Mesa: in.Mesa, NoShim: in.Shim == "", Available: in.availableNames()}
	}
	return plans, skipped, nil
}

// EnvProblem is what is wrong with an emulation environment (EnvError).
type EnvProblem string

// The problems CheckEnv finds.
const (
	// EnvNoNullWinsys: RADV_FORCE_FAMILY is set, but the installed Mesa
	// has no null winsys (removed in 26.1).
	EnvNoNullWinsys EnvProblem = "no-null-winsys"
	// EnvUnknownFamily: RADV_FORCE_FAMILY names a family the null
	// winsys does not know.
	EnvUnknownFamily EnvProblem = "unknown-family"
	// EnvUnknownShimChip: the DRM shim is preloaded with an
	// AMDGPU_GPU_ID its chip table does not have.
	EnvUnknownShimChip EnvProblem = "unknown-shim-chip"
)

// EnvError is an emulation environment that would make the installed
// Mesa abort on load. Its message says what is wrong and what to unset;
// how else to compile for a chip (Available names what the Mesa can
// emulate) is the caller's to say.
type EnvError struct {
	Problem EnvProblem
	// Var and Value are the variable at fault and its value.
	Var, Value string
	Mesa       string
	// Available lists what the installed Mesa can emulate.
	Available string
}

func (e *EnvError) Error() string {
	switch e.Problem {
	case EnvNoNullWinsys:
		return fmt.Sprintf("%s=%s: Mesa %s has no null winsys (removed in 26.1; it would abort): unset it", e.Var, e.Value, e.Mesa)
	case EnvUnknownFamily:
		return fmt.Sprintf("%s=%s is not a family Mesa %s's null winsys knows (it would abort the driver): unset it", e.Var, e.Value, e.Mesa)
	}
	return fmt.Sprintf("%s=%s is not a chip Mesa %s's DRM shim knows (it would abort): unset LD_PRELOAD and %s", e.Var, e.Value, e.Mesa, e.Var)
}

// CheckProcessEnv is CheckEnv for the Mesa installed under "/", done only
// when an emulation variable (RADV_FORCE_FAMILY, AMDGPU_GPU_ID) is set,
// before the Vulkan loader starts: without RADV nothing can abort, and it
// passes.
func CheckProcessEnv(getenv func(string) string) error {
	if getenv("RADV_FORCE_FAMILY") == "" && getenv("AMDGPU_GPU_ID") == "" {
		return nil
	}
	in, err := Detect("")
	if err != nil {
		return nil // no RADV: nothing to abort
	}
	return in.CheckEnv(getenv)
}

// CheckEnv refuses an environment that would make the installed Mesa
// abort on load, with an *EnvError: RADV_FORCE_FAMILY naming a family its
// null winsys does not know (or a Mesa without the null winsys), or the
// DRM shim preloaded with an AMDGPU_GPU_ID its chip table does not have.
// getenv reads the process's environment (os.Getenv).
func (in *Installation) CheckEnv(getenv func(string) string) error {
	if fam := getenv("RADV_FORCE_FAMILY"); fam != "" {
		e := &EnvError{Var: "RADV_FORCE_FAMILY", Value: fam, Mesa: in.Mesa, Available: in.availableNames()}
		if !in.NullWinsys {
			e.Problem = EnvNoNullWinsys
			return e
		}
		if !in.radvStrings[strings.ToUpper(fam)] {
			e.Problem = EnvUnknownFamily
			return e
		}
	}
	if strings.Contains(getenv("LD_PRELOAD"), strings.TrimSuffix(describe.ShimLibrary, ".so")) {
		if id := getenv("AMDGPU_GPU_ID"); id != "" && !in.shimStrings[id] {
			return &EnvError{Problem: EnvUnknownShimChip, Var: "AMDGPU_GPU_ID", Value: id, Mesa: in.Mesa, Available: in.availableNames()}
		}
	}
	return nil
}
