package supervise

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestSelfExecutable(t *testing.T) {
	noProc := errors.New("readlink /proc/self/exe: no such file or directory")
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		exe     string
		exeErr  error
		arg0    string
		want    string
		wantErr bool
	}{
		{"os.Executable", "/usr/bin/radvbench", nil, "radvbench", "/usr/bin/radvbench", false},
		{"no /proc, relative path", "", noProc, "./bin/radvbench", filepath.Join(cwd, "bin/radvbench"), false},
		{"no /proc, absolute path", "", noProc, "/opt/radvbench", "/opt/radvbench", false},
		{"no /proc, found on PATH", "", noProc, "radvbench", "", true},
	} {
		got, err := selfExecutable(func() (string, error) { return tc.exe, tc.exeErr }, tc.arg0)
		if got != tc.want || (err != nil) != tc.wantErr {
			t.Errorf("%s: %q, %v; want %q (error %v)", tc.name, got, err, tc.want, tc.wantErr)
		}
	}
	if exe, err := SelfExecutable(); err != nil || !filepath.IsAbs(exe) {
		t.Errorf("SelfExecutable() = %q, %v", exe, err)
	}
}
