package resulttable

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// WriteDevices writes device records as a table: index, name, type (and
// how an emulated device is emulated), driver, API version, subgroup
// size, the features the suites need and the SKU, the device whose Index
// is best marked '*'; then each device's subgroup sizes and
// cooperative-matrix shapes (WriteDeviceCoopMat).
func WriteDevices(w io.Writer, devs []resultsfile.Device, best int) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "\tINDEX\tNAME\tTYPE\tDRIVER\tAPI\tSUBGROUP\tFP16\tRAYQUERY\tMESH\tSKU")
	for _, d := range devs {
		mark := ""
		if d.Index == best {
			mark = "*"
		}
		sku := "-"
		if d.SKU != nil {
			sku = d.SKU.Name
		}
		typ := d.Type
		if e := d.Emulated; e != nil {
			typ += " (emulated: " + e.Mechanism + ")"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s %s\t%s\t%d\t%s\t%s\t%s\t%s\n", mark, d.Index, d.Name, typ, d.DriverName, d.DriverInfo, d.APIVersion, d.SubgroupSize,
			yesNo(d.Features["shaderFloat16"] && d.Features["storageBuffer16BitAccess"]), yesNo(d.Features["rayQuery"]), yesNo(d.Features["meshShader"]), sku)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, d := range devs {
		fmt.Fprintf(w, "\ndevice %d (%s):\n", d.Index, d.Name)
		WriteDeviceCoopMat(w, "  ", d)
	}
	return nil
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// WriteDeviceSummary writes the device a listing is for: its name and
// driver, how it is emulated with the caller's note on what that means
// (emulatedNote), its subgroup sizes and cooperative-matrix shapes, then
// a blank line.
func WriteDeviceSummary(w io.Writer, d resultsfile.Device, emulatedNote string) {
	fmt.Fprintf(w, "device: %s (%s %s)\n", d.Name, d.DriverName, d.DriverInfo)
	if e := d.Emulated; e != nil {
		fmt.Fprintf(w, "note:   emulated (%s, target %s): %s\n", e.Mechanism, e.Target, emulatedNote)
	}
	WriteDeviceCoopMat(w, "  ", d)
	fmt.Fprintln(w)
}
