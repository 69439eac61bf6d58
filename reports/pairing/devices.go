package pairing

// Another GPU model is not a regression: a comparison across models is
// refused unless the caller means it (CheckDevices).

import (
	"errors"
	"fmt"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/termtext"
)

// ErrDeviceChange is what a DeviceError matches.
var ErrDeviceChange = errors.New("different device")

// DeviceError: an input ran on another GPU model (PCI vendor and device
// ID; the name where a file has no IDs) than the baseline. Another GPU is
// not a regression: grouping by device, or an explicit allowance, says
// the caller means it.
type DeviceError struct {
	Base, Other       string // input names
	BaseDev, OtherDev string // device descriptions
}

func (e *DeviceError) Error() string {
	return fmt.Sprintf("the inputs ran on a different device: %s on %s, the baseline %s on %s; a different GPU model is not a regression", termtext.Escape(e.Other), termtext.Escape(e.OtherDev), termtext.Escape(e.Base), termtext.Escape(e.BaseDev))
}

func (e *DeviceError) Is(t error) bool { return t == ErrDeviceChange }

// deviceIdentity is what tells GPU models apart: the PCI vendor and
// device ID when the file has them, else the device name (files rebuilt
// from the history store carry only the name).
func deviceIdentity(d resultsfile.Device) (id string, hasID bool) {
	if d.VendorID != 0 || d.DeviceID != 0 {
		return fmt.Sprintf("%04x:%04x", d.VendorID, d.DeviceID), true
	}
	return d.Name, false
}

// CheckDevices is a *DeviceError when an input's device differs from the
// first input's of the baseline (groups[0]): by ID where both have one,
// else by name.
func CheckDevices(groups []*Group) error {
	if len(groups) == 0 || len(groups[0].Inputs) == 0 {
		return nil
	}
	base := groups[0].Inputs[0]
	bid, bHas := deviceIdentity(base.File.Device)
	for _, g := range groups {
		for _, in := range g.Inputs {
			id, has := deviceIdentity(in.File.Device)
			differ := id != bid
			if has != bHas {
				differ = in.File.Device.Name != base.File.Device.Name
			}
			if differ {
				return &DeviceError{Base: base.Name, Other: in.Name, BaseDev: describeDevice(base.File.Device), OtherDev: describeDevice(in.File.Device)}
			}
		}
	}
	return nil
}

func describeDevice(d resultsfile.Device) string {
	id, has := deviceIdentity(d)
	if !has {
		return fmt.Sprintf("%q", d.Name)
	}
	return fmt.Sprintf("%q [%s]", strings.TrimSpace(d.Name), id)
}
