// Package tuning is the tuning file 'radvbench tune' writes and 'run
// --tuning' reads: the best configuration of each tuned kernel at each
// size, as a point of the kernel's tunable space, with the device and
// driver it was found on and its figure. Best picks the entries from a
// tuning sweep's results file: the fastest verified result of each
// kernel and size.
package tuning

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/outfile"
)

// Schema names the format of a tuning file.
const Schema = "radvbench-tuning/1"

// File is a tuning file.
type File struct {
	Schema  string           `json:"schema"`
	Tool    resultsfile.Tool `json:"tool"`
	Created time.Time        `json:"created"`
	// Device is the device the sweep ran on; a run on another device
	// cannot use the file.
	Device Device `json:"device"`
	// Results is the path of the sweep's results file (every candidate).
	Results string `json:"results,omitempty"`
	// Partial is set when the sweep was interrupted: the entries are the
	// best of what finished.
	Partial bool `json:"partial,omitempty"`
	// Budget is the sweep's time budget in seconds; Exhausted says it was
	// spent before the search ran out of candidates.
	Budget    float64 `json:"budget_s,omitempty"`
	Exhausted bool    `json:"budget_exhausted,omitempty"`
	Entries   []Entry `json:"entries"`
}

// Device identifies the device and driver of a sweep.
type Device struct {
	Name          string `json:"name"`
	VendorID      uint32 `json:"vendor_id"`
	DeviceID      uint32 `json:"device_id"`
	DriverName    string `json:"driver_name,omitempty"`
	DriverInfo    string `json:"driver_info,omitempty"`
	DriverVersion string `json:"driver_version,omitempty"`
}

// DeviceOf is the tuning file's view of a results file's device.
func DeviceOf(d resultsfile.Device) Device {
	return Device{Name: d.Name, VendorID: d.VendorID, DeviceID: d.DeviceID, DriverName: d.DriverName, DriverInfo: d.DriverInfo, DriverVersion: d.DriverVersion}
}

// Same reports whether d and o are the same device (the driver may
// differ: that is what a comparison across driver versions asks).
func (d Device) Same(o Device) bool {
	return d.Name == o.Name && d.VendorID == o.VendorID && d.DeviceID == o.DeviceID
}

// Entry is one kernel's best configuration at one size.
type Entry struct {
	Suite  string           `json:"suite"`
	Kernel string           `json:"kernel"`
	Params map[string]int64 `json:"params"`
	// Variant is the best result's variant as recorded in the results
	// file (its name and parameters); Point its point in the kernel's
	// tunable space, from which 'run --tuning' rebuilds it.
	Variant map[string]string `json:"variant"`
	Point   map[string]int    `json:"point"`
	// Metric is the best result's metric: name, unit, direction, value.
	Metric resultsfile.Metric `json:"metric"`
	// Candidates is how many verified candidates were timed at this size.
	Candidates int `json:"candidates"`
}

// ID is the entry's kernel and size, as "suite/kernel/size".
func (e *Entry) ID() string {
	return e.Suite + "/" + e.Kernel + "/" + resultsfile.FormatParams(e.Params)
}

// Best is the best verified result of each kernel and size in f (status
// ok, verified, with a figure), in the metric's direction: a wrong or
// failed result is never a candidate. point maps a result to its point
// in its kernel's space (ok false: not a tuned kernel, left out).
func Best(f *resultsfile.File, point func(r *resultsfile.Result) (map[string]int, bool)) []Entry {
	type key struct{ kernel, size string }
	best := map[key]*Entry{}
	var order []key
	for i := range f.Results {
		r := &f.Results[i]
		if r.Status != resultsfile.StatusOK || !r.Verified || len(r.Metric.Samples) == 0 {
			continue
		}
		pt, ok := point(r)
		if !ok {
			continue
		}
		k := key{r.Suite + "/" + r.Kernel, resultsfile.FormatParams(r.Params)}
		b, seen := best[k]
		if !seen {
			order = append(order, k)
			b = &Entry{Suite: r.Suite, Kernel: r.Kernel, Params: r.Params}
			best[k] = b
		}
		b.Candidates++
		if b.Candidates == 1 || beats(r.Metric, b.Metric) {
			b.Variant, b.Point = r.Variant, pt
			b.Metric = resultsfile.Metric{Name: r.Metric.Name, Unit: r.Metric.Unit, Better: r.Metric.Better, Value: r.Metric.Value}
		}
	}
	sort.SliceStable(order, func(i, j int) bool {
		if order[i].kernel != order[j].kernel {
			return order[i].kernel < order[j].kernel
		}
		return order[i].size < order[j].size
	})
	out := make([]Entry, len(order))
	for i, k := range order {
		out[i] = *best[k]
	}
	return out
}

// beats reports whether a's figure is better than b's.
func beats(a, b resultsfile.Metric) bool {
	if a.Better == resultsfile.LowerIsBetter {
		return a.Value < b.Value
	}
	return a.Value > b.Value
}

// Write writes f to path atomically (never over anything but a regular
// file).
func Write(path string, f *File) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return fmt.Errorf("encode tuning file: %w", err)
	}
	return outfile.WriteFile(path, buf.Bytes(), 0o644)
}

// ErrNotTuning reports a file that is not a tuning file.
var ErrNotTuning = errors.New("not a radvbench tuning file")

// Read reads and checks a tuning file.
func Read(path string) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return Decode(fh, path)
}

// Decode reads a tuning file from r (name for messages).
func Decode(r io.Reader, name string) (*File, error) {
	var f File
	dec := json.NewDecoder(r)
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("%s: %w (%v)", name, ErrNotTuning, err)
	}
	if f.Schema != Schema {
		return nil, fmt.Errorf("%s: %w (schema %q, want %q)", name, ErrNotTuning, f.Schema, Schema)
	}
	for i, e := range f.Entries {
		if e.Suite == "" || e.Kernel == "" || len(e.Params) == 0 || len(e.Point) == 0 || e.Variant["name"] == "" {
			return nil, fmt.Errorf("%s: entry %d lacks its suite, kernel, size, variant or point", name, i+1)
		}
	}
	return &f, nil
}
