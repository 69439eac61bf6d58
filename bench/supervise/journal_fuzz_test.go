package supervise

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/usage"
)

// FuzzReadJournal feeds arbitrary bytes to ReadJournal, what 'run
// --resume' reads. It must never panic; an error is a one-line usage
// error (exit 2); a journal it accepts keeps only complete lines (Torn
// exactly when the data does not end in a newline), and written back line
// by line as the journal writes it, reads back to the same entries.
// ci/fuzz.sh runs it for a bounded time in `make test`.
func FuzzReadJournal(f *testing.F) {
	hdr, _ := json.Marshal(Header{Journal: JournalSchema, Out: "r.json", Args: []string{"--quick"}, File: &resultsfile.File{Schema: resultsfile.Schema}})
	ent, _ := json.Marshal(Entry{Run: 1, Result: &resultsfile.Result{Suite: "matmul", Kernel: "naive", Status: resultsfile.StatusOK,
		Metric: resultsfile.Metric{Samples: []float64{1, 2}}}})
	done, _ := json.Marshal(Entry{Run: 1, RunDone: &resultsfile.Round{Index: 1}})
	h, e, d := string(hdr)+"\n", string(ent)+"\n", string(done)+"\n"
	for _, s := range []string{h, h + e, h + e + d, h + e[:len(e)/2], h + e + "{", h + "{}\n", h + "null\n", h + "[]\n",
		`{"journal":"radvbench/journal/v1"}` + "\n", `{"journal":"other"}` + "\n", "", "\n", "garbage", h + `{"result":{}}` + "\n",
		h + `{"round":"x"}` + "\n", h + "\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		path := filepath.Join(dir, "r.json.journal")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		st, err := ReadJournal(path)
		if err != nil {
			if !usage.Is(err) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("want a one-line usage error, got %T: %q", err, err)
			}
			return
		}
		if st.ValidLen > int64(len(data)) || st.Torn != (len(data) > 0 && data[len(data)-1] != '\n') {
			t.Fatalf("ValidLen %d Torn %v for %d bytes", st.ValidLen, st.Torn, len(data))
		}
		var again bytes.Buffer
		for _, v := range append([]any{st.Header}, entriesAsAny(st.Entries)...) {
			line, err := json.Marshal(v)
			if err != nil {
				t.Fatalf("an accepted journal does not re-encode: %v", err)
			}
			again.Write(append(line, '\n'))
		}
		path2 := filepath.Join(dir, "again.journal")
		if err := os.WriteFile(path2, again.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		st2, err := ReadJournal(path2)
		if err != nil {
			t.Fatalf("a journal written back from an accepted one does not read: %v\n%s", err, again.Bytes())
		}
		if len(st2.Entries) != len(st.Entries) || st2.Torn {
			t.Fatalf("%d entries became %d", len(st.Entries), len(st2.Entries))
		}
		for i := range st.Entries {
			a, b := st.Entries[i], st2.Entries[i]
			if (a.Result == nil) != (b.Result == nil) || a.Result != nil && a.Result.ID() != b.Result.ID() || a.Run != b.Run {
				t.Fatalf("entry %d changed: %+v -> %+v", i, a, b)
			}
		}
	})
}

func entriesAsAny(es []Entry) []any {
	out := make([]any, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}
