package main

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/history/historytest"
)

// Hostile and mistaken input (issue 23): whatever radvbench is pointed at
// is never damaged, and bad input never hides a regression. Each test
// below is one numbered case of the issue, driven through the real CLI
// with real results files (the A/A runs under reports/compare/testdata),
// real SQLite stores and, where it matters, a real PostgreSQL client.

// aa is the path of the real A/A run n (1..3).
func aa(n int) string { return filepath.Join(aaDir, fmt.Sprintf("aa%d.json", n)) }

// editedCopy writes the JSON file at src, changed by fn on its generic
// value, to dir/name and returns the path.
func editedCopy(t *testing.T, src, dir, name string, fn func(m map[string]any)) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	fn(m)
	out, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// resultsOf is the generic results list of a results file's JSON value.
func resultsOf(m map[string]any) []map[string]any {
	var out []map[string]any
	for _, r := range m["results"].([]any) {
		out = append(out, r.(map[string]any))
	}
	return out
}

// scaledCopy writes a copy of the results file at src whose every sample
// takes factor times as long (throughput divided by it) to dir/name.
func scaledCopy(t *testing.T, src, dir, name string, factor float64) string {
	t.Helper()
	f, err := resultsfile.Load(src)
	if err != nil {
		t.Fatal(err)
	}
	for i := range f.Results {
		r := &f.Results[i]
		for j := range r.SamplesNS {
			r.SamplesNS[j] *= factor
		}
		for j := range r.Metric.Samples {
			if r.Metric.Better == resultsfile.HigherIsBetter {
				r.Metric.Samples[j] /= factor
			} else {
				r.Metric.Samples[j] *= factor
			}
		}
	}
	p := filepath.Join(dir, name)
	if err := resultsfile.Save(p, f); err != nil {
		t.Fatal(err)
	}
	return p
}

// refused runs the CLI and checks the exit status and that stderr is one
// line holding every want string (and no Go panic); it returns stdout.
func refused(t *testing.T, code int, want []string, args ...string) (stdout, stderr string) {
	t.Helper()
	got, stdout, stderr := cli(t, args...)
	line := strings.TrimSpace(stderr)
	ok := got == code && !strings.Contains(line, "\n") && !strings.Contains(stderr, "goroutine")
	for _, w := range want {
		ok = ok && strings.Contains(line, w)
	}
	if !ok {
		t.Errorf("%s\nexit %d, want %d and one stderr line with %q\nstderr: %s\nstdout: %.600s", strings.Join(args, " "), got, code, want, stderr, stdout)
	}
	return stdout, stderr
}

// storeWith imports files into a new SQLite store in dir and returns its
// path.
func storeWith(t *testing.T, dir string, files ...string) string {
	t.Helper()
	db := filepath.Join(dir, "history.db")
	if code, out, errs := cli(t, append([]string{"history", "import", "--db", db}, files...)...); code != 0 {
		t.Fatalf("import: exit %d: %s%s", code, errs, out)
	}
	return db
}

// snapshot is what is at a path: its mode, identity and (for a regular
// file) content hash, so a test can tell that nothing was replaced.
type snapshot struct {
	info fs.FileInfo
	sum  [32]byte
}

func snap(t *testing.T, path string) snapshot {
	t.Helper()
	st, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	s := snapshot{info: st}
	if st.Mode().IsRegular() {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s.sum = sha256.Sum256(data)
	}
	return s
}

func (s snapshot) same(t *testing.T, path string) bool {
	t.Helper()
	now := snap(t, path)
	return now.info.Mode() == s.info.Mode() && os.SameFile(now.info, s.info) && now.sum == s.sum
}

// mkNotRegular makes at path one of the things an output path must never
// replace; it skips (with the reason) what this user cannot make.
func mkNotRegular(t *testing.T, kind, path string) {
	t.Helper()
	var err error
	switch kind {
	case "fifo":
		err = syscall.Mkfifo(path, 0o644)
	case "chardev": // a copy of /dev/full (1, 7): a broken writer replaces the copy, not the machine's
		if os.Geteuid() != 0 {
			t.Skip("mknod needs root")
		}
		err = syscall.Mknod(path, syscall.S_IFCHR|0o666, 1<<8|7)
	case "socket":
		var l net.Listener
		if l, err = net.Listen("unix", path); err == nil {
			t.Cleanup(func() { l.Close() })
		}
	case "dir":
		err = os.Mkdir(path, 0o755)
	case "link-to-fifo":
		if err = syscall.Mkfifo(path+".target", 0o644); err == nil {
			err = os.Symlink(filepath.Base(path)+".target", path)
		}
	case "dangling-link":
		err = os.Symlink(filepath.Join(filepath.Dir(path), "no", "such", "file"), path)
	default:
		t.Fatalf("unknown kind %s", kind)
	}
	if err != nil {
		t.Fatalf("make %s at %s: %v", kind, path, err)
	}
}

// TestHostileOutputPaths is case 1: every command that writes a file
// refuses (exit 2, naming the path) a device, FIFO, socket, directory or
// a link to one as its output, and leaves it as it was.
func TestHostileOutputPaths(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(cmpDir, "run-a1.json")
	db := storeWith(t, dir, small)
	f, err := resultsfile.Load(small)
	if err != nil {
		t.Fatal(err)
	}
	bench := f.Results[0].ID()
	commands := []struct {
		name string
		args func(out string) []string
		ext  string
	}{
		{"compare", func(o string) []string {
			return []string{"compare", "-o", o, small, filepath.Join(cmpDir, "run-b1.json")}
		}, ".txt"},
		{"export", func(o string) []string { return []string{"export", "--format", "benchfmt", small, "-o", o} }, ".txt"},
		{"history export", func(o string) []string { return []string{"history", "export", "--db", db, "-o", o} }, ".csv"},
		{"history trend --chart", func(o string) []string { return []string{"history", "trend", "--db", db, bench, "--chart", o} }, ".png"},
		{"noise", func(o string) []string { return []string{"noise", "-o", o, aa(1), aa(2), aa(3)} }, ".json"},
		{"report index.html", func(o string) []string {
			rep := filepath.Dir(o)
			return []string{"report", small, "-o", rep}
		}, "index.html"},
	}
	for _, c := range commands {
		for _, kind := range []string{"fifo", "chardev", "socket", "dir", "link-to-fifo", "dangling-link"} {
			t.Run(c.name+"/"+kind, func(t *testing.T) {
				d := t.TempDir()
				out := filepath.Join(d, "out"+c.ext)
				if c.ext == "index.html" {
					out = filepath.Join(d, "index.html")
				}
				if kind == "socket" {
					// Unix socket paths are short.
					sd, err := os.MkdirTemp("", "s")
					if err != nil {
						t.Fatal(err)
					}
					t.Cleanup(func() { os.RemoveAll(sd) })
					out = filepath.Join(sd, "o"+c.ext)
					if c.ext == "index.html" {
						out = filepath.Join(sd, "index.html")
					}
				}
				mkNotRegular(t, kind, out)
				before := snap(t, out)
				refused(t, 2, []string{out}, c.args(out)...)
				if !before.same(t, out) {
					t.Errorf("%s at %s was replaced", kind, out)
				}
			})
		}
	}
	// A report directory that is a FIFO.
	fifo := filepath.Join(dir, "report")
	mkNotRegular(t, "fifo", fifo)
	before := snap(t, fifo)
	refused(t, 2, []string{fifo, "not a directory"}, "report", small, "-o", fifo)
	if !before.same(t, fifo) {
		t.Errorf("the FIFO given as report directory was replaced")
	}
}

// TestHostileRunOutput is case 1 for 'run -o': a device or a FIFO as
// the results path is refused before any benchmark runs, nothing is
// replaced and no journal is left.
func TestHostileRunOutput(t *testing.T) {
	requireVulkan(t)
	for _, kind := range []string{"chardev", "fifo", "link-to-fifo"} {
		t.Run(kind, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "results.json")
			mkNotRegular(t, kind, out)
			before := snap(t, out)
			code, stdout, stderr := cli(t, "run", "--suite", "matmul", "--quick", "--filter", "lanes", "--sizes", "64", "--progress", "never", "-o", out)
			// On lavapipe a warning line comes first; the error is the last line.
			lines := strings.Split(strings.TrimSpace(stderr), "\n")
			last := lines[len(lines)-1]
			if code != 2 || !strings.Contains(last, out) || !strings.Contains(last, "not a regular file") {
				t.Errorf("exit %d, want 2 and a last line naming %s\n%s", code, out, stderr)
			}
			if strings.Contains(stdout, "GFLOP/s") {
				t.Errorf("benchmarks ran before the output was refused:\n%s", stdout)
			}
			if !before.same(t, out) {
				t.Errorf("%s at %s was replaced", kind, out)
			}
			if _, err := os.Lstat(out + ".journal"); err == nil {
				t.Errorf("a journal was left beside the refused path")
			}
		})
	}
}

// TestOutputSymlinkAndStdout: '-o' to a symbolic link to a regular file
// rewrites the target and keeps the link; '-o -' writes to standard
// output where a command offers it.
func TestOutputSymlinkAndStdout(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(cmpDir, "run-a1.json"), filepath.Join(cmpDir, "run-b1.json")
	real := filepath.Join(dir, "real.md")
	os.WriteFile(real, []byte("old"), 0o600)
	link := filepath.Join(dir, "link.md")
	if err := os.Symlink("real.md", link); err != nil {
		t.Fatal(err)
	}
	code, _, errs := cli(t, "compare", "--format", "markdown", "-o", link, a, b)
	if code > 1 || errs != "" {
		t.Fatalf("compare -o link: exit %d: %s", code, errs)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link was replaced by a file")
	}
	if data, _ := os.ReadFile(real); !strings.Contains(string(data), "radvbench") {
		t.Errorf("the link's target holds %q", data)
	}
	if st, _ := os.Stat(real); st.Mode().Perm() != 0o600 {
		t.Errorf("the target's mode 0600 became %v", st.Mode().Perm())
	}
	for _, args := range [][]string{
		{"compare", "-o", "-", a, b},
		{"export", "--format", "benchfmt", a, "-o", "-"},
	} {
		code, stdout, errs := cli(t, args...)
		if code > 1 || errs != "" || len(stdout) < 100 {
			t.Errorf("%v: exit %d stderr %q stdout %q", args, code, errs, stdout)
		}
		if _, err := os.Lstat("-"); err == nil {
			os.Remove("-")
			t.Errorf("%v wrote a file called -", args)
		}
	}
	code, stdout, errs := cli(t, "history", "export", "--db", storeWith(t, dir, a), "-o", "-")
	if code != 0 || !strings.HasPrefix(stdout, "time,median") {
		t.Errorf("history export -o -: exit %d %s\n%s", code, errs, stdout)
	}
	code, _, stderr := cli(t, "run", "--suite", "matmul", "--quick", "--filter", "lanes", "--sizes", "64", "--progress", "never", "-o", "-")
	if code != 2 || !strings.Contains(stderr, "-o -: run writes its results to a file") {
		t.Errorf("run -o -: exit %d: %s", code, stderr)
	}
	os.Remove("-")
	os.Remove("-.journal")
}

// measuredNoise measures a noise file from the three real A/A runs.
func measuredNoise(t *testing.T, dir string) string {
	t.Helper()
	nf := filepath.Join(dir, "noise.json")
	if code, out, errs := cli(t, "noise", "-o", nf, aa(1), aa(2), aa(3)); code != 0 {
		t.Fatalf("noise: exit %d %s%s", code, errs, out)
	}
	return nf
}

// TestHostileNoiseFile is case 2: a damaged noise file is refused (exit
// 2, naming the file, the field and the value) instead of raising every
// floor out of reach and passing a 15% slowdown as "unchanged".
func TestHostileNoiseFile(t *testing.T) {
	dir := t.TempDir()
	nf := measuredNoise(t, dir)
	var cands, slows []string
	for i := 1; i <= 3; i++ {
		cands = append(cands, aa(i))
		slows = append(slows, scaledCopy(t, aa(i), dir, fmt.Sprintf("s%d.json", i), 1/0.85))
	}
	benches := func(m map[string]any) []map[string]any {
		var out []map[string]any
		for _, b := range m["benchmarks"].([]any) {
			out = append(out, b.(map[string]any))
		}
		return out
	}
	for _, tc := range []struct {
		name string
		edit func(m map[string]any)
		want []string
	}{
		{"between_cv 1e300", func(m map[string]any) {
			for _, b := range benches(m) {
				b["between_cv"] = 1e300
			}
		}, []string{"between_cv", "1e+300"}},
		{"between_cv 5", func(m map[string]any) { benches(m)[0]["between_cv"] = 5.0 }, []string{"between_cv", "5"}},
		{"between_cv negative", func(m map[string]any) { benches(m)[0]["between_cv"] = -0.1 }, []string{"between_cv", "-0.1"}},
		{"between_cv null", func(m map[string]any) { benches(m)[1]["between_cv"] = nil }, []string{"between_cv", "missing"}},
		{"between_cv absent", func(m map[string]any) { delete(benches(m)[1], "between_cv") }, []string{"between_cv", "missing"}},
		{"within_cv 1e300", func(m map[string]any) { benches(m)[0]["within_cv"] = 1e300 }, []string{"within_cv", "1e+300"}},
		{"runs 1", func(m map[string]any) { benches(m)[0]["runs"] = 1 }, []string{"runs", "1"}},
		{"runs huge", func(m map[string]any) { benches(m)[0]["runs"] = 1e12 }, []string{"runs"}},
		{"median negative", func(m map[string]any) { benches(m)[0]["median"] = -60.95 }, []string{"median", "-60.95"}},
		{"empty key", func(m map[string]any) { benches(m)[0]["key"] = "" }, []string{"key"}},
		{"duplicate key", func(m map[string]any) { benches(m)[1]["key"] = benches(m)[0]["key"] }, []string{"twice"}},
		{"benchmarks null", func(m map[string]any) { m["benchmarks"] = nil }, []string{"no benchmarks"}},
		{"benchmarks empty", func(m map[string]any) { m["benchmarks"] = []any{} }, []string{"no benchmarks"}},
		{"created 0001", func(m map[string]any) { m["created"] = "0001-01-01T00:00:00Z" }, []string{"created", "0001-01-01"}},
		{"created absent", func(m map[string]any) { delete(m, "created") }, []string{"created"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := editedCopy(t, nf, t.TempDir(), "nz.json", tc.edit)
			args := append(append(append([]string{"compare", "--noise", bad}, cands...), "--"), slows...)
			refused(t, 2, append([]string{bad}, tc.want...), args...)
		})
	}
	// The measured file itself still gates the 15% slowdown.
	args := append(append(append([]string{"compare", "--noise", nf}, cands...), "--"), slows...)
	if code, out, errs := cli(t, args...); code != 1 || !strings.Contains(out, "regression") {
		t.Errorf("the good noise file: exit %d, want 1 (regressions) %s\n%.800s", code, errs, out)
	}
}

// TestHostileDuplicateEvidence is case 3: the same run given twice (the
// same file, a byte-identical copy, a re-indented copy, a round repeated
// inside a file) counts once, with a note; the same run on both sides is
// an input error.
func TestHostileDuplicateEvidence(t *testing.T) {
	dir := t.TempDir()
	base := aa(1)
	slow := scaledCopy(t, base, dir, "slow.json", 1.5)
	copyOf := func(src, name string) string {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		os.WriteFile(p, data, 0o644)
		return p
	}
	baseCopy := copyOf(base, "copy-of-base.json")
	// The same results, re-indented (other bytes, same content).
	reindented := editedCopy(t, base, dir, "reindented.json", func(map[string]any) {})
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"three times each side", []string{base, base, base, "--", slow, slow, slow}},
		{"copy under another name", []string{base, baseCopy, "--", slow}},
		{"re-indented copy", []string{base, reindented, "--", slow}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := cli(t, append([]string{"compare", "--format", "json"}, tc.args...)...)
			var rep struct {
				Summary     string                           `json:"summary"`
				Notes       []struct{ Kind, Message string } `json:"notes"`
				Comparisons []struct {
					Verdict string `json:"verdict"`
					Base    struct{ Runs int }
					New     struct{ Runs int }
				} `json:"comparisons"`
			}
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatalf("exit %d %s: %v\n%.500s", code, errs, err, out)
			}
			if code != 0 || !strings.HasPrefix(rep.Summary, "no regression") {
				t.Errorf("exit %d, summary %q: one real run a side must stay unsure", code, rep.Summary)
			}
			for _, c := range rep.Comparisons {
				if c.Base.Runs > 1 || c.New.Runs > 1 || c.Verdict == "regression" {
					t.Fatalf("a duplicate counted as another run: %+v", c)
				}
			}
			dropped := false
			for _, n := range rep.Notes {
				dropped = dropped || n.Kind == "duplicate-input" && strings.Contains(n.Message, "counted once")
			}
			if !dropped {
				t.Errorf("no note about the dropped duplicate: %q", rep.Notes)
			}
		})
	}
	// The same evidence on both sides.
	refused(t, 2, []string{"both sides", filepath.Base(base)}, "compare", base, "--", baseCopy)
	refused(t, 2, []string{"both sides"}, "compare", base, base)

	// A round repeated inside a file: run-a1.json holds 3 runs; its third
	// becomes a copy of its first.
	three := filepath.Join(cmpDir, "run-a1.json")
	rep := editedCopy(t, three, dir, "repeated-round.json", func(m map[string]any) {
		for _, r := range resultsOf(m) {
			rounds, samples := r["sample_rounds"].([]any), r["metric"].(map[string]any)["samples"].([]any)
			var first []any
			for i, rd := range rounds {
				if rd.(float64) == 1 {
					first = append(first, samples[i])
				}
			}
			var keptR, keptS, keptNS []any
			ns := r["samples_ns"].([]any)
			for i, rd := range rounds {
				if rd.(float64) != 3 {
					keptR, keptS, keptNS = append(keptR, rd), append(keptS, samples[i]), append(keptNS, ns[i])
				}
			}
			for i, x := range first {
				keptR, keptS, keptNS = append(keptR, 3.0), append(keptS, x), append(keptNS, ns[i])
			}
			r["sample_rounds"], r["samples_ns"] = keptR, keptNS
			r["metric"].(map[string]any)["samples"] = keptS
			delete(r, "runs")
		}
	})
	code, out, errs := cli(t, "compare", "--format", "json", rep, scaledCopy(t, three, dir, "slow3.json", 1.5))
	if code > 1 || !strings.Contains(out, `"runs": 2`) || !strings.Contains(out, "round 3") {
		t.Errorf("a repeated round: exit %d %s, want the baseline's 2 distinct runs and a note naming round 3\n%.1500s", code, errs, out)
	}
}

// TestHostileTimestamps is case 4: a results file whose start time is
// missing or outside 2000-01-01..tomorrow, or that holds nothing but its
// schema, is refused by import (nothing stored) and by compare.
func TestHostileTimestamps(t *testing.T) {
	dir := t.TempDir()
	db := storeWith(t, dir, aa(1))
	for _, tc := range []struct {
		name string
		edit func(m map[string]any)
		want []string
	}{
		{"started missing", func(m map[string]any) { delete(m, "started") }, []string{"started", "missing"}},
		{"started year 1", func(m map[string]any) { m["started"] = "0001-01-01T00:00:00Z" }, []string{"started", "0001-01-01T00:00:00Z"}},
		{"started year 9999", func(m map[string]any) { m["started"] = "9999-12-31T23:59:59Z" }, []string{"started", "9999-12-31T23:59:59Z"}},
		{"started 1999", func(m map[string]any) { m["started"] = "1999-12-31T23:59:59Z" }, []string{"started", "1999-12-31"}},
		{"started in a week", func(m map[string]any) { m["started"] = time.Now().Add(7 * 24 * time.Hour).UTC().Format(time.RFC3339) }, []string{"started", "in the future"}},
		{"finished year 9999", func(m map[string]any) { m["finished"] = "9999-12-31T23:59:59Z" }, []string{"finished", "9999"}},
		{"schema only", func(m map[string]any) {
			for k := range m {
				if k != "schema" {
					delete(m, k)
				}
			}
		}, []string{"started"}},
		{"no device", func(m map[string]any) { m["device"] = map[string]any{} }, []string{"device.name"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := editedCopy(t, aa(2), t.TempDir(), "bad.json", tc.edit)
			refused(t, 2, append([]string{bad}, tc.want...), "history", "import", "--db", db, bad)
			refused(t, 2, append([]string{bad}, tc.want...), "compare", aa(1), bad)
		})
	}
	// A round's start time out of range, in a file with rounds.
	bad := editedCopy(t, filepath.Join(cmpDir, "run-a1.json"), dir, "round.json", func(m map[string]any) {
		m["rounds"].([]any)[1].(map[string]any)["started"] = "0001-01-01T00:00:00Z"
	})
	refused(t, 2, []string{bad, "rounds[1].started"}, "history", "import", "--db", db, bad)
	// Nothing was imported by any of them.
	if _, out, _ := cli(t, "history", "runs", "--db", db); !strings.Contains(out, "\n1 run(s)") {
		t.Errorf("the store changed:\n%s", out)
	}
}

// TestHostileStoreUntouched is case 5: another application's SQLite file
// and a store of a future schema are refused by every command (exit 2)
// with not one byte changed: no WAL switch, no pragma, no migration, no
// -wal or -shm file left beside them.
func TestHostileStoreUntouched(t *testing.T) {
	good := aa(1)
	for _, tc := range []struct {
		name  string
		make  func(t *testing.T, path string)
		want  string
		noAdv bool // the --db advice does not help here
	}{
		{"another application's database", func(t *testing.T, p string) {
			historytest.SQLiteExec(t, p, "PRAGMA journal_mode=DELETE", "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)", "INSERT INTO users (name) VALUES ('alice')")
		}, "is a database of another program (it has table users and no radvbench_schema)", false},
		{"future schema", func(t *testing.T, p string) {
			storeWith(t, filepath.Dir(p), good) // history.db in the same directory
			if err := os.Rename(filepath.Join(filepath.Dir(p), "history.db"), p); err != nil {
				t.Fatal(err)
			}
			historytest.SQLiteExec(t, p, "PRAGMA journal_mode=DELETE", "UPDATE radvbench_schema SET version = 99")
		}, "has history schema v99, this radvbench knows up to v", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "store.db")
			tc.make(t, p)
			before := historytest.DirDigest(t, dir)
			for _, args := range [][]string{
				{"history", "import", "--db", p, good},
				{"history", "runs", "--db", p},
				{"history", "detect", "--db", p},
				{"history", "export", "--db", p},
				{"history", "gate", "--db", p, good},
			} {
				_, errs := refused(t, 2, []string{tc.want}, args...)
				if strings.Contains(errs, "))") {
					t.Errorf("%v: doubled parenthesis: %s", args, errs)
				}
				if tc.noAdv && strings.Contains(errs, "RADVBENCH_DB") {
					t.Errorf("%v: the --db advice does not help with %s: %s", args, tc.name, errs)
				}
			}
			if after := historytest.DirDigest(t, dir); after != before {
				t.Errorf("the store's directory changed:\nbefore:\n%safter:\n%s", before, after)
			}
		})
	}
}

// TestHistoryPostgresErrorCause is case 6: a PostgreSQL store that cannot
// be reached says why (refused, unknown host, timeout) in one line.
func TestHistoryPostgresErrorCause(t *testing.T) {
	closed, silent := historytest.UnreachablePostgres(t)
	for _, tc := range []struct {
		name, dsn string
		code      int
		want      []string
	}{
		{"refused", "postgres://u@" + closed + "/x", 1, []string{"connection refused", closed}},
		{"unknown host", "postgres://u@no-such-host.invalid/x", 2, []string{"no-such-host.invalid"}},
		{"timeout", "postgres://u@" + silent + "/x?connect_timeout=1", 1, []string{"timeout"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			refused(t, tc.code, tc.want, "history", "runs", "--db", tc.dsn)
		})
	}
}

// readOnlyDir makes dir (and what it holds) unwritable for this process:
// chmod for an ordinary user; as root, whom permission bits do not stop,
// the immutable attribute (chattr +i), removed again when the test ends.
// It skips, saying why, where neither works.
func readOnlyDir(t *testing.T, dir string, files ...string) {
	t.Helper()
	if os.Geteuid() != 0 {
		for _, f := range files {
			os.Chmod(f, 0o444)
		}
		os.Chmod(dir, 0o555)
		t.Cleanup(func() { os.Chmod(dir, 0o755) })
		return
	}
	args := append([]string{"+i", dir}, files...)
	if out, err := exec.Command("chattr", args...).CombinedOutput(); err != nil {
		t.Skipf("running as root, where permission bits do not stop writes, and chattr +i does not work here (%v: %s): the read-only store cannot be made", err, out)
	}
	t.Cleanup(func() { exec.Command("chattr", append([]string{"-i", dir}, files...)...).Run() })
	if err := os.WriteFile(filepath.Join(dir, "probe"), nil, 0o644); err == nil {
		t.Fatal("chattr +i did not make the directory read-only")
	}
}

// TestHistoryReadOnlyStore is case 7: a store in a read-only directory
// (or a read-only store file) is read by the read commands; an import
// says what is read-only and exits 2.
func TestHistoryReadOnlyStore(t *testing.T) {
	for _, which := range []string{"directory", "file"} {
		t.Run(which, func(t *testing.T) {
			dir := t.TempDir()
			db := storeWith(t, dir, aa(1), aa(2))
			if which == "directory" {
				readOnlyDir(t, dir, db)
			} else {
				readOnlyFile(t, db)
			}
			before := historytest.DirDigest(t, dir)
			for _, args := range [][]string{
				{"history", "runs", "--db", db},
				{"history", "detect", "--db", db},
				{"history", "export", "--db", db},
				{"history", "gate", "--db", db, aa(3)},
			} {
				code, out, errs := cli(t, args...)
				if code > 1 || errs != "" {
					t.Errorf("%v on a read-only store: exit %d, want 0 (or 1 for a gate's verdict)\n%s%.300s", args, code, errs, out)
				}
			}
			want := db
			if which == "directory" {
				want = dir
			}
			refused(t, 2, []string{"read-only", want}, "history", "import", "--db", db, aa(3))
			// A read-only reader of a WAL store in a writable directory
			// leaves SQLite's -wal and -shm files beside it (as any
			// SQLite reader does); the store itself is unchanged.
			after := historytest.DirDigest(t, dir)
			if which == "file" {
				var kept []string
				for _, l := range strings.SplitAfter(after, "\n") {
					if !strings.HasPrefix(l, "history.db-wal ") && !strings.HasPrefix(l, "history.db-shm ") {
						kept = append(kept, l)
					}
				}
				after = strings.Join(kept, "")
			}
			if after != before {
				t.Errorf("the read-only store changed:\nbefore:\n%safter:\n%s", before, after)
			}
		})
	}
}

// readOnlyFile makes one file unwritable (chmod, or chattr +i as root).
func readOnlyFile(t *testing.T, path string) {
	t.Helper()
	if os.Geteuid() != 0 {
		os.Chmod(path, 0o444)
		return
	}
	if out, err := exec.Command("chattr", "+i", path).CombinedOutput(); err != nil {
		t.Skipf("running as root and chattr +i does not work here (%v: %s)", err, out)
	}
	t.Cleanup(func() { exec.Command("chattr", "-i", path).Run() })
}

// TestHistoryReadDoesNotCreate is case 8: a read command given a store
// that does not exist says so (exit 2, naming the path) and creates
// neither the store nor its directory.
func TestHistoryReadDoesNotCreate(t *testing.T) {
	dir := t.TempDir()
	typo := filepath.Join(dir, "newdir", "typo.db")
	for _, args := range [][]string{
		{"history", "runs", "--db", typo},
		{"history", "trend", "--db", typo, "matmul/naive"},
		{"history", "detect", "--db", typo},
		{"history", "export", "--db", typo},
		{"history", "compare", "--db", typo, "--by", "device"},
		{"history", "gate", "--db", typo, aa(1)},
		{"report", aa(1), "-o", filepath.Join(dir, "rep"), "--db", typo},
	} {
		refused(t, 2, []string{typo, "does not exist"}, args...)
		if _, err := os.Stat(filepath.Dir(typo)); err == nil {
			t.Fatalf("%v created %s", args, filepath.Dir(typo))
		}
	}
	t.Setenv("RADVBENCH_DB", typo)
	refused(t, 2, []string{typo, "does not exist"}, "history", "runs")
	t.Setenv("RADVBENCH_DB", "")
	t.Setenv("XDG_DATA_HOME", filepath.Join(dir, "xdg"))
	refused(t, 2, []string{filepath.Join(dir, "xdg", "radvbench", "history.db"), "does not exist", "history import"}, "history", "runs")
	if _, err := os.Stat(filepath.Join(dir, "xdg")); err == nil {
		t.Fatal("history runs created the default store's directory")
	}
}

// TestHostileImpossibleValues is case 9: figures outside their domain
// and oversized text are refused by import (nothing stored) and compare,
// naming the file, the field and the value.
func TestHostileImpossibleValues(t *testing.T) {
	dir := t.TempDir()
	db := storeWith(t, dir, aa(1))
	first := func(m map[string]any) map[string]any { return resultsOf(m)[0] }
	metric := func(m map[string]any) map[string]any { return first(m)["metric"].(map[string]any) }
	for _, tc := range []struct {
		name string
		edit func(m map[string]any)
		want []string
	}{
		{"negative GFLOP/s", func(m map[string]any) { metric(m)["samples"].([]any)[2] = -60.95 }, []string{"results[0].metric.samples[2]", "-60.95"}},
		{"zero sample", func(m map[string]any) { metric(m)["samples"].([]any)[0] = 0.0 }, []string{"results[0].metric.samples[0]", "0"}},
		{"negative sample time", func(m map[string]any) { first(m)["samples_ns"].([]any)[1] = -200.0 }, []string{"results[0].samples_ns[1]", "-200"}},
		{"negative median", func(m map[string]any) { metric(m)["value"] = -1.5 }, []string{"results[0].metric.value", "-1.5"}},
		{"huge sample", func(m map[string]any) { metric(m)["samples"].([]any)[0] = 1e300 }, []string{"results[0].metric.samples[0]", "1e+300"}},
		{"negative duration", func(m map[string]any) { first(m)["duration_s"] = -3.0 }, []string{"duration_s", "-3"}},
		{"negative cv", func(m map[string]any) { first(m)["cv"] = -0.5 }, []string{"results[0].cv", "-0.5"}},
		{"unknown status", func(m map[string]any) { first(m)["status"] = "great" }, []string{"results[0].status", "great"}},
		{"unknown direction", func(m map[string]any) { metric(m)["better"] = "sideways" }, []string{"results[0].metric.better", "sideways"}},
		{"sample of an unknown round", func(m map[string]any) {
			n := len(metric(m)["samples"].([]any))
			rs := make([]any, n)
			for i := range rs {
				rs[i] = 7.0
			}
			first(m)["sample_rounds"] = rs
			m["rounds"] = []any{map[string]any{"index": 1, "config": "", "started": m["started"], "finished": m["started"]}}
		}, []string{"sample_rounds", "7"}},
		{"label of 1 MiB", func(m map[string]any) { m["labels"] = map[string]any{"note": strings.Repeat("x", 1<<20)} }, []string{`labels["note"]`, "1048576 bytes"}},
		{"10000 labels", func(m map[string]any) {
			l := map[string]any{}
			for i := 0; i < 10000; i++ {
				l[fmt.Sprint("k", i)] = "v"
			}
			m["labels"] = l
		}, []string{"labels", "10000"}},
		{"NUL in a name", func(m map[string]any) { m["device"].(map[string]any)["name"] = "gpu\x00" }, []string{"device.name", "NUL"}},
		{"negative size", func(m map[string]any) { first(m)["params"].(map[string]any)["M"] = -64 }, []string{"params", "-64"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := editedCopy(t, aa(2), t.TempDir(), "bad.json", tc.edit)
			refused(t, 2, append([]string{bad}, tc.want...), "history", "import", "--db", db, bad)
			refused(t, 2, append([]string{bad}, tc.want...), "compare", aa(1), bad)
		})
	}
	if _, out, _ := cli(t, "history", "runs", "--db", db); !strings.Contains(out, "\n1 run(s)") {
		t.Errorf("the store changed:\n%s", out)
	}
}

// hasControl reports whether s holds a control character other than
// newline (which ends the lines printed).
func hasControl(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 && r != '\n' || r == 0x7f || r >= 0x80 && r <= 0x9f })
}

// TestHostileControlChars is case 10: names with newlines and escape
// sequences are printed with the control characters made visible, by
// every table that shows them.
func TestHostileControlChars(t *testing.T) {
	dir := t.TempDir()
	evil := "gpu\nFORGED ROW\x1b[2J\x1b]0;pwned\x07\u009b31m"
	edit := func(name string) string {
		return editedCopy(t, aa(1), dir, name, func(m map[string]any) {
			d := m["device"].(map[string]any)
			d["name"] = evil
			d["driver_info"] = "Mesa\r25"
			m["labels"] = map[string]any{"who\x1b[1m": "me\x1b[0m"}
			m["fingerprint"].(map[string]any)["kernel.release"] = "6.1\x1b[5m"
		})
	}
	bad := edit("evil.json")
	db := storeWith(t, dir, bad, aa(2), aa(3))
	f, err := resultsfile.Load(aa(1))
	if err != nil {
		t.Fatal(err)
	}
	bench := f.Results[0].ID()
	for _, args := range [][]string{
		{"history", "runs", "--db", db},
		{"history", "runs", "--db", db, "--keys"},
		{"history", "trend", "--db", db, bench},
		{"history", "detect", "--db", db, "--min-runs", "2", "--min-change", "0", "--alpha", "0.5"},
		{"history", "compare", "--db", db, "--by", "kernel.release", "--allow-device-change"},
		{"history", "gate", "--db", db, "--device", evil, "--allow-device-change", aa(2)},
		{"compare", "--allow-device-change", aa(2), bad},
		{"compare", "--allow-device-change", "--format", "markdown", aa(2), bad},
	} {
		code, stdout, stderr := cli(t, args...)
		if code > 1 {
			t.Errorf("%v: exit %d: %s", args, code, stderr)
		}
		if hasControl(stdout) || hasControl(stderr) || strings.Contains(stdout, "\nFORGED") {
			t.Errorf("%v prints control characters raw:\n%q", args, stdout+stderr)
		}
		if args[1] == "runs" && len(args) == 4 && !strings.Contains(stdout, `gpu\nFORGED ROW\x1b[2J`) {
			t.Errorf("%v: the device name is not shown escaped:\n%s", args, stdout)
		}
	}
}

// TestHostileNothingCompared is case 11: a gate with no benchmark in
// common fails (exit 2, one line); another GPU model needs --by device or
// --allow-device-change; another driver or kernel is named and allowed.
func TestHostileNothingCompared(t *testing.T) {
	dir := t.TempDir()
	other := editedCopy(t, aa(2), dir, "other-suite.json", func(m map[string]any) {
		for _, r := range resultsOf(m) {
			r["suite"] = "other"
		}
	})
	refused(t, 2, []string{"no benchmark", "in common"}, "compare", aa(1), other)
	refused(t, 2, []string{"no benchmark", "in common"}, "compare", aa(1), aa(3), "--", other)
	gpu := editedCopy(t, aa(2), dir, "navi31.json", func(m map[string]any) {
		d := m["device"].(map[string]any)
		d["name"], d["vendor_id"], d["device_id"], d["cpu"] = "AMD Radeon RX 7900 XTX (RADV NAVI31)", 0x1002, 0x744c, false
	})
	refused(t, 2, []string{"different device", "1002:744c", "--allow-device-change", "--by device"}, "compare", aa(1), gpu)
	if code, out, errs := cli(t, "compare", "--allow-device-change", aa(1), gpu); code > 1 || !strings.Contains(out, "device differs") {
		t.Errorf("--allow-device-change: exit %d %s\n%.500s", code, errs, out)
	}
	if code, out, errs := cli(t, "compare", "--by", "device", aa(1), gpu); code > 1 || errs != "" {
		t.Errorf("--by device: exit %d %s\n%.500s", code, errs, out)
	}
	drv := editedCopy(t, aa(2), dir, "driver.json", func(m map[string]any) {
		m["device"].(map[string]any)["driver_info"] = "Mesa 26.1.6"
		m["fingerprint"].(map[string]any)["kernel.release"] = "6.19.0"
	})
	code, out, errs := cli(t, "compare", aa(1), drv)
	head := strings.SplitN(out, "\n\n", 2)[0]
	if code > 1 || errs != "" || !strings.Contains(head, "Mesa 26.1.6") || !strings.Contains(head, "6.19.0") {
		t.Errorf("another driver and kernel: exit %d %s, want both named in the header:\n%s", code, errs, head)
	}
}

// TestHostileWording is case 12's remaining wording: a detect value below
// the threshold is not blamed on noise; --max-time 0 is documented as the
// default.
func TestHostileWording(t *testing.T) {
	nf := measuredNoise(t, t.TempDir())
	code, out, errs := cli(t, "compare", "--plan", "--detect", "1e-9", "--noise", nf, aa(1), aa(2))
	if code != 0 || strings.Contains(out, "wander too much") || !strings.Contains(out, "the gate never calls so small a change a regression") {
		t.Errorf("--plan --detect 1e-9: exit %d %s\n%s", code, errs, out)
	}
	_, help, _ := cli(t, "run", "--help")
	if !regexp.MustCompile(`--max-time duration\s+sampling budget per benchmark \(0 or unset: 10s`).MatchString(help) {
		t.Errorf("run --help does not say what --max-time 0 means:\n%s", help)
	}
}
