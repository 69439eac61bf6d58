package isa

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/golden"
)

// fixtureFilter is what the isa fixtures of the reports packages hold: a
// few matmul kernels, the cooperative-matrix one included.
const fixtureFilter = "^matmul/(naive/|tiled/|regblock/wg16x16-t4x4-k16$|lanes/wg8-t16x8$|coopmat-f16/sg2x2-t2x2-k2$)"

// TestWriteISAFixtures (with -update only) compiles fixtureFilter at 256³
// for navi31 and gfx1201 with the host's Mesa 25.0 and the Debian 13
// root's Mesa 26.1 and writes real isa files and their assembly to
// reports/compare/testdata/isa, where the compare, chart, report and
// history tests read them.
func TestWriteISAFixtures(t *testing.T) {
	if !golden.Update() {
		t.Skip("writes fixtures with -update only")
	}
	root := trixieRoot(t)
	if root == "" {
		t.Fatal("the fixtures need the Debian 13 root with mesa-drm-shim (ci/trixie-root.sh, as root)")
	}
	out := "../../reports/compare/testdata/isa"
	for _, m := range []struct{ root, name string }{{"", "mesa-25.0"}, {root, "mesa-26.1"}} {
		in, err := Detect(m.root)
		if err != nil {
			t.Fatal(err)
		}
		plans, _, err := in.Resolve([]string{"navi31", "gfx1201"})
		if err != nil {
			t.Fatal(err)
		}
		f := NewFile(in, plans)
		f.Tool = resultsfile.Tool{Name: "radvbench", Version: "test"}
		f.Suites, f.Quick = []string{"matmul"}, true
		asm := filepath.Join(out, "asm-"+m.name)
		if err := os.RemoveAll(asm); err != nil {
			t.Fatal(err)
		}
		for _, p := range plans {
			ans := runChild(t, m.root, p, childJob{Do: "compile", Suites: "matmul", Filter: fixtureFilter, Sizes: testSizes, AsmDir: "asm"}, false)
			if err := SetDevice(f, p.Target, ans.Device); err != nil {
				t.Fatal(err)
			}
			f.Results = append(f.Results, ans.Results...)
			// The child wrote the assembly under its own directory.
			src := ans.asmDir
			if err := os.MkdirAll(asm, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := exec.Command("cp", "-r", filepath.Join(src, p.Target), asm).Run(); err != nil {
				t.Fatal(err)
			}
		}
		// Keep the assembly of two kernels (the diff tests need a pair,
		// not a megabyte): drop the others' files and paths.
		for i := range f.Results {
			r := &f.Results[i]
			if r.Kernel == "naive" || r.Kernel == "coopmat-f16" {
				continue
			}
			for _, p := range r.Pipelines {
				for j := range p.Executables {
					if a := p.Executables[j].Asm; a != "" {
						if err := os.Remove(filepath.Join(asm, a)); err != nil {
							t.Fatal(err)
						}
						p.Executables[j].Asm = ""
					}
				}
			}
		}
		if err := exec.Command("find", asm, "-type", "d", "-empty", "-delete").Run(); err != nil {
			t.Fatal(err)
		}
		f.Finished = f.Started
		if err := resultsfile.Save(filepath.Join(out, m.name+".json"), f); err != nil {
			t.Fatal(err)
		}
	}
}
