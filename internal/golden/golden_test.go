package golden

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// fakeT records errors instead of failing the test.
type fakeT struct {
	testing.TB
	errors, fatals int
}

func (f *fakeT) Helper()               {}
func (f *fakeT) Errorf(string, ...any) { f.errors++ }
func (f *fakeT) Fatalf(string, ...any) { f.fatals++; runtime.Goexit() }
func (f *fakeT) Fatal(...any)          { f.fatals++; runtime.Goexit() }

func TestCheck(t *testing.T) {
	if Update() {
		t.Skip("-update rewrites instead of comparing")
	}
	path := filepath.Join(t.TempDir(), "x.golden")
	if err := os.WriteFile(path, []byte("a\nb\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		path   string
		got    string
		errors int
		fatals int
	}{
		{"equal", path, "a\nb\n", 0, 0},
		{"different line", path, "a\nc\n", 1, 0},
		{"missing newline", path, "a\nb", 1, 0},
		{"longer", path, "a\nb\nc\n", 1, 0},
		{"no file", path + ".missing", "a\n", 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &fakeT{}
			done := make(chan struct{})
			go func() { // Fatal ends this goroutine, as it ends a test's
				defer close(done)
				Check(f, tc.path, []byte(tc.got))
			}()
			<-done
			if f.errors != tc.errors || f.fatals != tc.fatals {
				t.Errorf("errors %d fatals %d, want %d %d", f.errors, f.fatals, tc.errors, tc.fatals)
			}
		})
	}
}

func TestFirstDiff(t *testing.T) {
	for _, tc := range []struct{ got, want, diff string }{
		{"a\nb", "a\nc", `line 2: got "b", want "c"`},
		{"a", "a\nb", `line 2: got "", want "b"`},
		{"a\r\n", "a\n", `line 1: got "a\r", want "a"`},
	} {
		if d := firstDiff(tc.got, tc.want); d != tc.diff {
			t.Errorf("firstDiff(%q, %q) = %s, want %s", tc.got, tc.want, d, tc.diff)
		}
	}
}
