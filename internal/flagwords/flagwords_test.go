package flagwords

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// flagParsing are files of flag-parsing code, not looked at: the
// supervisor's protocol flags (ChildFlags.Define). They may name flags,
// or not.
var flagParsing = map[string]bool{"bench/supervise/flags.go": true}

// allowed are the library literals that may name a flag or a command, each
// with its reason. Every entry must still match a literal (a stale entry
// fails), and an entry allows only the literals of its file that contain
// its text ("" : every literal of the file), so a new message in the same
// file is still caught where the text is given. Nothing else is pending:
// every library message that told the user what to type is now a typed
// error or an advice kind that cmd/radvbench words (issue 34).
var allowed = []struct {
	file, contains, reason string
}{
	// Report headers name the tool and command that wrote the report:
	// the output's identity, not advice.
	{"reports/comparefmt/text.go", "radvbench compare: %s (%s)\n", "report header"},
	{"reports/comparefmt/isa.go", "radvbench compare (isa", "report header (text, Markdown, JUnit suite)"},
	{"reports/comparefmt/junit.go", "radvbench compare", "JUnit suite name"},
	{"reports/report/report.go", "radvbench report", "page title"},
	{"reports/report/report.go", "radvbench isa report", "page title"},
	// Prose about the tool, not a command line to type.
	{"bench/isa/compile.go", "not compiled by radvbench isa: ", "a skip reason: what did not compile it"},
	{"core/resultsfile/validate.go", ": no radvbench run is that old", "a validation problem: no run of the tool"},
	{"reports/history/store.go", "%s holds no radvbench history", "a store without radvbench's history (NoHistoryError), not the command"},
	// A test helper: the fake child imitates the child's error lines.
	{"bench/supervise/supervisetest/fake.go", "radvbench run: ", "fakes a child's stderr, for the supervisor's tests"},
	// Not radvbench's flags.
	{"reports/export/export.go", "bencher run --adapter json", "Bencher's own command line, naming the format"},
	{"reports/report/html.go", "<!DOCTYPE html>", "CSS custom properties (--name) in the page's style"},
}

// TestLibraryMessagesNameNoFlags is the rule of cmd/radvbench/internal/advice,
// checked: no string literal in a non-test file under bench/, core/ or reports/
// names a radvbench flag (--word) or command line (radvbench COMMAND),
// but for the allow-list above. Move such advice into cmd/radvbench:
// return a typed error or a warning kind with its figures, and let the
// CLI word what to do.
func TestLibraryMessagesNameNoFlags(t *testing.T) {
	root := filepath.Join("..", "..")
	found, err := Scan(root, "bench", "core", "reports")
	if err != nil {
		t.Fatal(err)
	}
	used := make([]bool, len(allowed))
	if len(found) == 0 {
		t.Fatal("Scan found no literal at all, not even the allowed ones: it is broken")
	}
	for _, f := range found {
		if flagParsing[f.File] {
			continue
		}
		ok := false
		for i, a := range allowed {
			if (f.File == a.file || strings.HasSuffix(a.file, "/") && strings.HasPrefix(f.File, a.file)) && strings.Contains(f.Literal, a.contains) {
				ok, used[i] = true, true
			}
		}
		if !ok {
			t.Errorf("%v: return a typed error or a warning kind and let cmd/radvbench word the advice (see cmd/radvbench/internal/advice)", f)
		}
	}
	for i, a := range allowed {
		if !used[i] {
			t.Errorf("allow-list entry %s %q (%s) matches no literal: remove it", a.file, a.contains, a.reason)
		}
	}
}

func TestMatch(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"pass --force to mix them", "--f"},
		{"rerun without --resume", "--r"},
		{"repeat runs: radvbench run --runs 5", "--r"},
		{"measure it again: radvbench noise", "radvbench noise"},
		{"see 'radvbench history export'", "radvbench history"},
		{"radvbench compare: 1 regression", "radvbench compare"},
		{"this radvbench knows up to v3", ""},
		{"radvbench runs it itself", ""},
		{"not a radvbench results file", ""},
		{"a -- separator, x--y, ---z, --5, --X", ""},
		{"--isolate %q: use kernel", "--i"},
		{"(--dmesg FILE)", "--d"},
		{"amdgpu.vm_fragment_size=9", ""},
		{"", ""},
	} {
		if got := Match(tt.in); got != tt.want {
			t.Errorf("Match(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestScan: interpreted and raw literals are found, with file and line;
// comments, _test.go files and testdata directories are not looked at.
func TestScan(t *testing.T) {
	got, err := Scan("testdata", "lib")
	if err != nil {
		t.Fatal(err)
	}
	type fl struct {
		File  string
		Line  int
		Match string
	}
	var short []fl
	for _, f := range got {
		short = append(short, fl{f.File, f.Line, f.Match})
	}
	want := []fl{
		{"lib/lib.go", 7, "--f"},
		{"lib/lib.go", 8, "radvbench noise"},
		{"lib/sub/sub.go", 4, "--h"},
	}
	if !reflect.DeepEqual(short, want) {
		t.Errorf("Scan(testdata, lib) = %+v, want %+v", short, want)
	}
	if _, err := Scan("testdata", "no-such-dir"); err == nil {
		t.Errorf("Scan of a missing directory: no error")
	}
}
