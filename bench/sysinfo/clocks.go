package sysinfo

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// amdCards returns the sysfs device directories (host paths) of the AMD DRM
// cards under root, keyed by card name.
func amdCards(root string) map[string]string {
	if root == "" {
		root = "/"
	}
	drm := filepath.Join(root, "sys/class/drm")
	ents, err := os.ReadDir(drm)
	if err != nil {
		return nil
	}
	out := map[string]string{}
	for _, e := range ents {
		if !cardName.MatchString(e.Name()) {
			continue
		}
		dev := filepath.Join(drm, e.Name(), "device")
		raw, err := os.ReadFile(filepath.Join(dev, "vendor"))
		if err != nil {
			continue
		}
		if v, err := ParseHex(string(raw)); err == nil && v == 0x1002 {
			out[e.Name()] = dev
		}
	}
	return out
}

// AMDCards returns the sysfs device directories (host paths) of the AMD
// DRM cards under root ("" or "/" for the running system), keyed by card
// name (card0, ...).
func AMDCards(root string) map[string]string { return amdCards(root) }

// CurrentMHz reads a pp_dpm_* file (host path) and returns the clock of
// its current level; ok is false when the file cannot be read or marks no
// single level current. Cheap enough to call around every sample.
func CurrentMHz(path string) (mhz int, ok bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	levels, _ := ParseDPM(string(b))
	l, ok := CurrentLevel(levels)
	return l.MHz, ok
}

// ReadClocks returns the clock and power state of every AMD card under
// root, cheap enough to call before and after each benchmark. Keys are
// CARD.perf_level, CARD.sclk_mhz, CARD.mclk_mhz (the current DPM level, or
// hwmon's frequency), CARD.busy_percent, CARD.power_w, CARD.temp.LABEL_c
// (edge, junction, mem). Unreadable values are left out; no AMD card gives
// an empty map.
func ReadClocks(root string) map[string]string {
	out := map[string]string{}
	for card, dev := range amdCards(root) {
		read := func(name string) (string, bool) {
			b, err := os.ReadFile(filepath.Join(dev, name))
			if err != nil {
				return "", false
			}
			return strings.TrimSpace(string(b)), true
		}
		put := func(k, v string) { out[card+"."+k] = v }
		if v, ok := read("power_dpm_force_performance_level"); ok && v != "" {
			put("perf_level", v)
		}
		for _, c := range []struct{ file, key string }{{"pp_dpm_sclk", "sclk_mhz"}, {"pp_dpm_mclk", "mclk_mhz"}} {
			if mhz, ok := CurrentMHz(filepath.Join(dev, c.file)); ok {
				put(c.key, strconv.Itoa(mhz))
			}
		}
		if v, ok := read("gpu_busy_percent"); ok {
			if _, err := strconv.Atoi(v); err == nil {
				put("busy_percent", v)
			}
		}
		hw, _ := os.ReadDir(filepath.Join(dev, "hwmon"))
		for _, h := range hw {
			dir := filepath.Join("hwmon", h.Name())
			if name, _ := read(filepath.Join(dir, "name")); name != "amdgpu" {
				continue
			}
			num := func(name string, div float64) (string, bool) {
				raw, ok := read(filepath.Join(dir, name))
				if !ok {
					return "", false
				}
				v, err := strconv.ParseFloat(raw, 64)
				if err != nil {
					return "", false
				}
				return strconv.FormatFloat(v/div, 'f', -1, 64), true
			}
			if v, ok := num("power1_average", 1e6); ok {
				put("power_w", v)
			} else if v, ok := num("power1_input", 1e6); ok {
				put("power_w", v)
			}
			for i := 1; i <= 9; i++ {
				v, ok := num(fmt.Sprintf("temp%d_input", i), 1000)
				if !ok {
					continue
				}
				label, _ := read(filepath.Join(dir, fmt.Sprintf("temp%d_label", i)))
				if label == "" || strings.ContainsAny(label, " .=") {
					label = fmt.Sprintf("temp%d", i)
				}
				put("temp."+label+"_c", v)
			}
			if _, ok := out[card+".sclk_mhz"]; !ok {
				if v, ok := num("freq1_input", 1e6); ok {
					put("sclk_mhz", v)
				}
			}
			if _, ok := out[card+".mclk_mhz"]; !ok {
				if v, ok := num("freq2_input", 1e6); ok {
					put("mclk_mhz", v)
				}
			}
			break
		}
	}
	return out
}

// PinLevels are the performance levels PinClocks accepts: both disable
// clock and power gating, for stable clocks.
var PinLevels = []string{"profile_standard", "profile_peak"}

// PinClocks's errors that the caller may want to advise on (errors.Is).
var (
	ErrPinNeedsRoot = errors.New("needs root")
	ErrNoAMDGPU     = errors.New("no AMD GPU")
)

// geteuid is replaced in tests.
var geteuid = os.Geteuid

// PinClocks sets power_dpm_force_performance_level of every AMD card under
// root to level and returns a function that restores each card's previous
// level (safe to call more than once). It needs root; on any error nothing
// stays changed.
func PinClocks(root, level string) (restore func() error, err error) {
	valid := false
	for _, l := range PinLevels {
		valid = valid || l == level
	}
	if !valid {
		return nil, fmt.Errorf("unknown performance level %q: use %s", level, strings.Join(PinLevels, " or "))
	}
	if geteuid() != 0 {
		return nil, fmt.Errorf("pinning clocks to %s writes power_dpm_force_performance_level, which %w", level, ErrPinNeedsRoot)
	}
	cards := amdCards(root)
	if len(cards) == 0 {
		return nil, fmt.Errorf("%w (vendor 0x1002) under %s: nothing to pin", ErrNoAMDGPU, filepath.Join(orRoot(root), "sys/class/drm"))
	}
	names := make([]string, 0, len(cards))
	for c := range cards {
		names = append(names, c)
	}
	sort.Strings(names)
	type saved struct{ path, prev string }
	var done []saved
	undo := func() error {
		var errs []error
		for i := len(done) - 1; i >= 0; i-- {
			if err := writeSysfs(done[i].path, done[i].prev); err != nil {
				errs = append(errs, fmt.Errorf("restore %s to %s: %w", done[i].path, done[i].prev, err))
			}
		}
		return errors.Join(errs...)
	}
	for _, c := range names {
		p := filepath.Join(cards[c], "power_dpm_force_performance_level")
		b, err := os.ReadFile(p)
		if err != nil {
			uerr := undo()
			return nil, errors.Join(fmt.Errorf("read %s: %w", p, err), uerr)
		}
		prev := strings.TrimSpace(string(b))
		if err := writeSysfs(p, level); err != nil {
			uerr := undo()
			return nil, errors.Join(fmt.Errorf("set %s to %s: %w", p, level, err), uerr)
		}
		done = append(done, saved{p, prev})
	}
	var once sync.Once
	var rerr error
	return func() error {
		once.Do(func() { rerr = undo() })
		return rerr
	}, nil
}

// writeSysfs writes a value to an existing sysfs attribute (never creates).
func writeSysfs(p, v string) error {
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(v + "\n"); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func orRoot(root string) string {
	if root == "" {
		return "/"
	}
	return root
}
