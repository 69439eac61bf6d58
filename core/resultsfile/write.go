package resultsfile

// Writing a results file (atomically) and its content identity.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/radvbench/radvbench/internal/outfile"
)

// Encode writes f as indented JSON.
func Encode(w io.Writer, f *File) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(f)
}

// WriteFileAtomic writes data to path atomically, and only to a regular
// file or a new path: it is internal/outfile.WriteFile, kept under this
// name for its callers.
func WriteFileAtomic(path string, data []byte, perm os.FileMode) error {
	return outfile.WriteFile(path, data, perm)
}

// Save writes f to path atomically (internal/outfile: only a regular file
// or a new path, nothing else at the path is replaced).
func Save(path string, f *File) error {
	var buf bytes.Buffer
	if err := Encode(&buf, f); err != nil {
		return fmt.Errorf("encode results: %w", err)
	}
	return outfile.WriteFile(path, buf.Bytes(), 0o644)
}

// ContentID is the identity of a results file: the SHA-256 of its
// canonical JSON (encoding/json writes struct fields in order, map keys
// sorted and embedded JSON compacted), so the same results re-indented or
// copied under another name have the same ID. The history store keys
// files by it; compare drops a file given twice by it.
func ContentID(f *File) (string, error) {
	data, err := json.Marshal(f)
	if err != nil {
		return "", fmt.Errorf("encode results for its content ID: %w", err)
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:16]), nil
}
