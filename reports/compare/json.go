package compare

import (
	"encoding/json"
	"io"
)

// WriteJSON writes the report as JSON (schema JSONSchema): the Report
// type itself, with missing figures as null.
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
