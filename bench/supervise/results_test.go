package supervise

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestRunForResults: a child that writes its results file, one that
// fails after writing it, one that fails without, one that refuses its
// arguments (exit 2), and one whose file is not a results file.
func TestRunForResults(t *testing.T) {
	dir := t.TempDir()
	child := filepath.Join(dir, "child.sh")
	// child.sh FIXTURE CODE OUT: copy FIXTURE (if any) to OUT, say so on
	// stderr and exit CODE.
	script := "#!/bin/sh\n[ -n \"$1\" ] && cp \"$1\" \"$3\"\necho child stderr >&2\nexit \"$2\"\n"
	if err := os.WriteFile(child, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	fixture, err := filepath.Abs("../../reports/compare/testdata/base.json")
	if err != nil {
		t.Fatal(err)
	}
	garbage := filepath.Join(dir, "garbage.json")
	os.WriteFile(garbage, []byte("not json"), 0o644)
	var seen string
	for _, tc := range []struct {
		name, fixture, code  string
		file, failed, refuse bool
		err                  bool
	}{
		{name: "ok", fixture: fixture, code: "0", file: true},
		{name: "failed after writing", fixture: fixture, code: "1", file: true, failed: true},
		{name: "failed without a file", code: "1", err: true},
		{name: "refused", code: "2", err: true, refuse: true},
		{name: "not a results file", fixture: garbage, code: "0", err: true},
	} {
		var stderr bytes.Buffer
		f, failed, err := RunForResults(context.Background(), child, func(out string) []string {
			seen = out
			return []string{tc.fixture, tc.code, out}
		}, &stderr)
		var re *RefusedError
		if (f != nil) != tc.file || (failed != nil) != tc.failed || (err != nil) != tc.err || errors.As(err, &re) != tc.refuse {
			t.Errorf("%s: file %v, failed %v, err %v; want file %v, failed %v, error %v (refused %v)", tc.name, f != nil, failed, err, tc.file, tc.failed, tc.err, tc.refuse)
		}
		if stderr.String() != "child stderr\n" {
			t.Errorf("%s: stderr %q", tc.name, stderr.String())
		}
		if _, err := os.Stat(filepath.Dir(seen)); !os.IsNotExist(err) {
			t.Errorf("%s: the temporary directory %s is left (%v)", tc.name, filepath.Dir(seen), err)
		}
	}
}
