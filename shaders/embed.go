// Package shaders embeds radvbench's precompiled SPIR-V (shaders/spv,
// built from the GLSL beside this file by 'make shaders'), so the binary
// runs without a shader compiler, and names each module's SHA-256 for the
// results file.
package shaders

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

//go:embed spv/*.spv
var spv embed.FS

// Get returns the SPIR-V of a shader by source name ("matmul_naive.comp").
func Get(name string) ([]byte, error) {
	b, err := spv.ReadFile("spv/" + name + ".spv")
	if err != nil {
		return nil, fmt.Errorf("shader %s is not embedded (run 'make shaders'): %w", name, err)
	}
	return b, nil
}

// Hash is the hex SHA-256 of a shader's SPIR-V.
func Hash(name string) (string, error) {
	b, err := Get(name)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// Names lists the embedded shaders by source name.
func Names() []string {
	entries, _ := fs.ReadDir(spv, "spv")
	var out []string
	for _, e := range entries {
		out = append(out, strings.TrimSuffix(e.Name(), ".spv"))
	}
	sort.Strings(out)
	return out
}
