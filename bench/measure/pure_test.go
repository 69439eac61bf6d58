package measure

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

// module is this repository's module path.
const module = "github.com/radvbench/radvbench"

// TestPure: the measurement policy reads no file. Neither the package nor
// any non-standard package it depends on imports the standard library's
// file-system packages, and of this repository's packages it depends on
// core/stats only (bench/sysinfo and the host observer,
// bench/observer, read /proc and sysfs). The standard library's own
// imports are not judged: fmt imports os to print to os.Stdout, so os is
// always among the dependencies, and time pulls in syscall.
func TestPure(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	cmd := exec.Command(goTool, "list", "-deps", "-f", "{{.ImportPath}}\t{{.Standard}}\t{{join .Imports \" \"}}", module+"/bench/measure")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, stderr.Bytes())
	}
	fileSystem := map[string]bool{"os": true, "io/fs": true, "io/ioutil": true, "path/filepath": true, "os/exec": true}
	allowed := map[string]bool{module + "/bench/measure": true, module + "/core/stats": true}
	seen := false
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			t.Fatalf("go list -deps: unexpected line %q", line)
		}
		path, std, imports := f[0], f[1] == "true", strings.Fields(f[2])
		if std {
			continue
		}
		if path == module+"/bench/measure" {
			seen = true
		}
		if (path == module || strings.HasPrefix(path, module+"/")) && !allowed[path] {
			t.Errorf("bench/measure depends on %s; of this repository's packages only core/stats is allowed", path)
		}
		for _, imp := range imports {
			if fileSystem[imp] {
				t.Errorf("%s imports %s: bench/measure must read no file (readings come through its Observer)", path, imp)
			}
		}
	}
	if !seen {
		t.Fatalf("go list -deps did not list bench/measure itself:\n%s", out)
	}
}
