package gpu

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestVulkanStaysInsideGPU walks the module: only bench/internal/vk uses
// cgo; outside bench/gpu and its sibling packages (bench/gpu/graphics,
// bench/gpu/present, ...) no package imports vulkan-go or the cgo shim
// (tests may); and no benchmark suite imports them or unsafe (what
// suites need is a bench/gpu method, gpu.BytesOf included).
func TestVulkanStaysInsideGPU(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	suiteBanned := map[string]bool{
		"github.com/vulkan-go/vulkan":                      true,
		"github.com/radvbench/radvbench/bench/internal/vk": true,
		"unsafe": true,
	}
	checked := 0
	err = filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && (strings.HasPrefix(e.Name(), ".") || e.Name() == "testdata") && path != root {
			return filepath.SkipDir
		}
		if e.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		checked++
		test := strings.HasSuffix(rel, "_test.go")
		inSuites := strings.HasPrefix(rel, "bench/suites/") && !test
		outsideGPU := !strings.HasPrefix(rel, "bench/gpu/") && !strings.HasPrefix(rel, "bench/internal/vk/") && !test
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if p == "C" && !strings.HasPrefix(rel, "bench/internal/vk/") {
				t.Errorf("%s uses cgo; cgo lives only in bench/internal/vk", rel)
			}
			switch {
			case inSuites && suiteBanned[p]:
				t.Errorf("%s imports %s; suites reach Vulkan only through bench/gpu", rel, p)
			case outsideGPU && p != "unsafe" && suiteBanned[p]:
				t.Errorf("%s imports %s; Vulkan handles stay in bench/gpu and its sibling packages", rel, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 50 {
		t.Fatalf("only %d Go files found under %s", checked, root)
	}
}
