package comparefmt

import (
	"encoding/json"
	"io"

	"github.com/radvbench/radvbench/reports/compare"
)

// WriteJSON writes the report as JSON (schema compare.JSONSchema): the
// compare.Report type itself, with missing figures as null.
func WriteJSON(w io.Writer, r *compare.Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
