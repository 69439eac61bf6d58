package isa

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
)

func TestAsmPath(t *testing.T) {
	r := &resultsfile.Result{Suite: "matmul", Kernel: "coopmat-f16", Config: "navi31",
		Variant: map[string]string{"name": "sg2x2-t2x2-k2", "type": "fp16->fp32"}, Params: map[string]int64{"M": 256, "N": 256, "K": 256}}
	if got, want := AsmPath(r, "matmul_coopmat_f16.comp", "compute"),
		"navi31/matmul/coopmat-f16/sg2x2-t2x2-k2/K=256,M=256,N=256.matmul_coopmat_f16.comp.compute.s"; got != want {
		t.Errorf("AsmPath = %q, want %q", got, want)
	}
	odd := &resultsfile.Result{Suite: "s", Kernel: "../k", Config: "..", Variant: map[string]string{"x": "a/b"}}
	got := AsmPath(odd, "p q", "vertex + geometry")
	if want := "__/s/.._k/x=a_b/default.p_q.vertex_+_geometry.s"; got != want || !filepath.IsLocal(got) {
		t.Errorf("AsmPath of odd names = %q, want %q (one component each, local)", got, want)
	}
}

func TestWriteAsm(t *testing.T) {
	dir := t.TempDir()
	rel := "navi31/s/k/v/default.p.compute.s"
	for _, text := range []string{"first\n", "second\n"} {
		if err := WriteAsm(dir, rel, text); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(filepath.Join(dir, rel)); string(got) != text {
			t.Errorf("read %q, want %q", got, text)
		}
	}
	// Never anything but a regular file: a directory, a link or a FIFO
	// in the way is an error, and it stays as it was.
	if err := os.MkdirAll(filepath.Join(dir, "d.s"), 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "elsewhere")
	if err := os.WriteFile(target, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(dir, "l.s")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "f.s"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"d.s", "l.s", "f.s"} {
		if err := WriteAsm(dir, name, "x"); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("%s: err %v, want one saying it is not a regular file", name, err)
		}
	}
	if got, _ := os.ReadFile(target); string(got) != "keep" {
		t.Errorf("the link's target became %q", got)
	}
	if err := WriteAsm(dir, "../out.s", "x"); err == nil {
		t.Error("a path outside the directory was written")
	}
}
