package isa

import (
	"fmt"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// NewFile starts the isa results file of a compilation for plans with the
// Mesa of in: schema SchemaISA, one Config per target (name, environment;
// SetDevice adds the device its child reported) and a summary Device —
// RADV, emulated, with the Mesa version as DriverInfo ("Mesa 25.0.7-..."),
// the key 'compare --by driver' pairs two isa files of different Mesa
// versions on. The caller fills Tool, Command, Suites, Quick, Labels and
// appends the results.
func NewFile(in *Installation, plans []Plan) *resultsfile.File {
	f := &resultsfile.File{Schema: resultsfile.SchemaISA, Started: time.Now().UTC(), Results: []resultsfile.Result{}}
	for _, p := range plans {
		env := make(map[string]string, len(p.Env))
		for k, v := range p.Env {
			env[k] = v
		}
		f.Configs = append(f.Configs, resultsfile.Config{Name: p.Target, Env: env})
	}
	f.Device = resultsfile.Device{
		Name:       "RADV (emulated)",
		Type:       "emulated",
		DriverID:   "MESA_RADV",
		DriverName: "radv",
		DriverInfo: "Mesa " + in.Mesa,
	}
	return f
}

// SetDevice records the device target's child reported (describe.Device of
// the emulated device: chip, features, cooperative-matrix table,
// Emulated) in the target's Config, and RADV's own driver figures in the
// summary Device.
func SetDevice(f *resultsfile.File, target string, d resultsfile.Device) error {
	for i := range f.Configs {
		if f.Configs[i].Name == target {
			dc := d
			f.Configs[i].Device = &dc
			f.Device.DriverInfo = d.DriverInfo
			f.Device.DriverVersion = d.DriverVersion
			f.Device.APIVersion = d.APIVersion
			return nil
		}
	}
	return fmt.Errorf("isa file has no target %s", target)
}
