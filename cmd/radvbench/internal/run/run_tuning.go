package run

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/describe"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/launch"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/advice"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/core/tuning"
)

// runTuning is what 'run --tuning FILE' read: the file, and the entries
// it could not use with why.
type runTuning struct {
	file   *tuning.File
	unused []string
}

// applyTuning reads the tuning file path and pins each tuned kernel of
// p's suites to its tuned variant at each tuned size (kernel.Options.
// Pinned): those kernels run exactly their tuned configurations, the
// others as without --tuning. An entry that names no selected kernel, or
// whose point the kernel no longer builds as the same variant, is not
// used (listed in unused); a file none of whose entries is usable is a
// usage error.
func applyTuning(p *launch.Plan, path string, sizes []string) (*runTuning, error) {
	if len(sizes) > 0 {
		return nil, base.Usagef("--tuning runs the sizes the tuning file holds: drop --sizes (or 'radvbench tune --sizes ...' for other sizes)")
	}
	f, err := tuning.Read(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, base.Usagef("--tuning %s: no such file: name the tuning file 'radvbench tune' wrote (its .tuning.json)", path)
	case err != nil:
		return nil, base.Usagef("--tuning %v: name the tuning file 'radvbench tune' wrote, not its results file", err)
	}
	kernels := map[string]*kernel.Kernel{}
	for _, s := range p.Suites {
		for _, k := range s.Kernels {
			kernels[k.Suite+"/"+k.Name] = k
		}
	}
	t := &runTuning{file: f}
	pins := map[string][]kernel.Pin{}
	for _, e := range f.Entries {
		key := e.Suite + "/" + e.Kernel
		k := kernels[key]
		switch {
		case k == nil:
			t.unused = append(t.unused, fmt.Sprintf("%s: not a kernel of the selected suites", e.ID()))
			continue
		case k.Space == nil:
			t.unused = append(t.unused, fmt.Sprintf("%s: the kernel has no tunable space", e.ID()))
			continue
		}
		pt := kernel.Point(e.Point)
		v, ok := k.Space.Variant(pt)
		if err := k.Space.Check(pt); err != nil || !ok || v.Name != e.Variant["name"] {
			t.unused = append(t.unused, fmt.Sprintf("%s: %s is no longer the configuration %s of this radvbench", e.ID(), pt, e.Variant["name"]))
			continue
		}
		pins[key] = append(pins[key], kernel.Pin{Params: kernel.Params(e.Params), Variant: v})
	}
	if len(pins) == 0 {
		return nil, base.Usagef("--tuning %s: none of its %d entries is usable here (%s): tune again with this radvbench", path, len(f.Entries), firstOr(t.unused, "no entries"))
	}
	for key := range pins {
		sort.SliceStable(pins[key], func(i, j int) bool { return sizeLess(pins[key][i].Params, pins[key][j].Params) })
	}
	p.Kernel.Pinned = pins
	return t, nil
}

// checkDevice refuses a tuning file found on another device than the
// run's (a usage error), and notes a different driver and the entries
// not used.
func (t *runTuning) checkDevice(spec, path string, stderr io.Writer) error {
	inst, pd, err := gpu.SelectPhysical(spec)
	if err != nil {
		return advice.VulkanError(err)
	}
	here := tuning.DeviceOf(describe.Device(pd))
	inst.Close()
	there := t.file.Device
	if !there.Same(here) {
		return base.Usagef("--tuning: the file was tuned on %s (%04x:%04x), this run's device is %s (%04x:%04x): run 'radvbench tune' on this device", there.Name, there.VendorID, there.DeviceID, here.Name, here.VendorID, here.DeviceID)
	}
	if there.DriverInfo != here.DriverInfo || there.DriverVersion != here.DriverVersion {
		fmt.Fprintf(stderr, "note: --tuning: tuned with driver %s %s, this run has %s %s ('compare --best' judges best against best across drivers)\n", there.DriverName, there.DriverInfo, here.DriverName, here.DriverInfo)
	}
	if t.file.Partial {
		fmt.Fprintf(stderr, "note: --tuning %s comes from an interrupted sweep: its choices are the best of what finished\n", path)
	}
	for _, u := range t.unused {
		fmt.Fprintf(stderr, "note: --tuning: not used: %s\n", u)
	}
	return nil
}

func firstOr(xs []string, def string) string {
	if len(xs) == 0 {
		return def
	}
	return xs[0]
}

// sizeLess orders sizes by their parameters (M, N, K, ...), smaller first.
func sizeLess(a, b kernel.Params) bool {
	keys := make([]string, 0, len(a))
	for k := range a {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if a[k] != b[k] {
			return a[k] < b[k]
		}
	}
	return len(a) < len(b)
}
