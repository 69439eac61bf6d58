package main

// The journal: a run's finished benchmarks, appended durably as they
// finish, beside the results file (OUT.journal, JSON lines). A killed run
// loses at most the benchmark in progress; 'run --resume' continues it.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/radvbench/radvbench/reports/results"
)

// journalSchema is the first line's "journal" value.
const journalSchema = "radvbench/journal/v1"

// journalSuffix is appended to the results path to name its journal.
const journalSuffix = ".journal"

// journalHeader is the journal's first line: the run's command-line
// arguments (what --resume repeats) and the results file's metadata
// (device, driver, fingerprint, suites, ...; no results).
type journalHeader struct {
	Journal string        `json:"journal"`
	Out     string        `json:"out"`
	Args    []string      `json:"args"`
	File    *results.File `json:"file"`
}

// journalEntry is every later line: one finished benchmark of one round
// (round 0: a single in-process run), or the end of a round.
type journalEntry struct {
	Round     int               `json:"round"`
	Config    string            `json:"config,omitempty"`
	Result    *results.Result   `json:"result,omitempty"`
	Shaders   map[string]string `json:"shaders,omitempty"`
	RoundDone *results.Round    `json:"round_done,omitempty"`
}

// journal appends lines to the journal file, each written and synced
// before the call returns.
type journal struct {
	path   string
	f      *os.File
	header bool
}

// createJournal starts a new journal at path (it must not exist).
func createJournal(path string) (*journal, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("create the journal %s: %w", path, err)
	}
	return &journal{path: path, f: f}, nil
}

// reopenJournal appends to an existing journal (for --resume), first
// cutting a torn last line so new lines start clean.
func reopenJournal(path string, validLen int64) (*journal, error) {
	if err := os.Truncate(path, validLen); err != nil {
		return nil, fmt.Errorf("trim the torn end of the journal %s: %w", path, err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("open the journal %s: %w", path, err)
	}
	return &journal{path: path, f: f, header: true}, nil
}

func (j *journal) writeLine(v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode journal line: %w", err)
	}
	data = append(data, '\n')
	if _, err := j.f.Write(data); err != nil {
		return fmt.Errorf("write the journal %s: %w", j.path, rootCause(err))
	}
	if err := j.f.Sync(); err != nil {
		return fmt.Errorf("sync the journal %s: %w", j.path, rootCause(err))
	}
	return nil
}

// writeHeader writes the header once (later calls do nothing).
func (j *journal) writeHeader(h journalHeader) error {
	if j.header {
		return nil
	}
	h.Journal = journalSchema
	if err := j.writeLine(h); err != nil {
		return err
	}
	j.header = true
	return nil
}

func (j *journal) add(e journalEntry) error { return j.writeLine(e) }

func (j *journal) close() error { return j.f.Close() }

// journalState is a journal read back.
type journalState struct {
	Header  journalHeader
	Entries []journalEntry
	// ValidLen is the length of the complete lines; Torn is set when a
	// partial last line (a write cut short) was dropped.
	ValidLen int64
	Torn     bool
}

// readJournal reads a journal, up to its last complete line.
func readJournal(path string) (*journalState, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, usagef("journal %s does not exist: pass the results path of an interrupted run or its .journal file", path)
		}
		return nil, fmt.Errorf("read the journal %s: %w", path, err)
	}
	st := &journalState{}
	end := bytes.LastIndexByte(data, '\n') + 1
	st.Torn = end < len(data)
	st.ValidLen = int64(end)
	sc := bufio.NewScanner(bytes.NewReader(data[:end]))
	sc.Buffer(make([]byte, 0, 1<<16), 1<<30)
	line := 0
	for sc.Scan() {
		line++
		b := sc.Bytes()
		if line == 1 {
			if err := json.Unmarshal(b, &st.Header); err != nil || st.Header.Journal != journalSchema || st.Header.File == nil {
				return nil, usagef("%s is not a radvbench journal (its first line is not a %s header)", path, journalSchema)
			}
			continue
		}
		var e journalEntry
		if err := json.Unmarshal(b, &e); err != nil {
			return nil, usagef("journal %s: line %d is damaged (%v): it cannot be resumed; rerun without --resume", path, line, err)
		}
		if e.Result != nil && (e.Result.Suite == "" || e.Result.Kernel == "") {
			return nil, usagef("journal %s: line %d holds a result without suite or kernel: it cannot be resumed", path, line)
		}
		st.Entries = append(st.Entries, e)
	}
	if line == 0 {
		return nil, usagef("journal %s holds no complete line (the run was cut short before its first benchmark finished): rerun without --resume", path)
	}
	return st, nil
}

// journalPathFor maps a --resume argument (the results path or its
// journal) to the journal and results paths.
func journalPathFor(arg string) (journalPath, outPath string) {
	if strings.HasSuffix(arg, journalSuffix) {
		return arg, strings.TrimSuffix(arg, journalSuffix)
	}
	return arg + journalSuffix, arg
}

// identityDiff lists what differs between the system a journal was
// started on and this one: device, driver and fingerprint keys, one
// "key: old -> new" string each, sorted.
func identityDiff(old, cur *results.File) []string {
	var diff []string
	add := func(k, a, b string) {
		if a != b {
			diff = append(diff, fmt.Sprintf("%s: %q -> %q", k, a, b))
		}
	}
	add("device.name", old.Device.Name, cur.Device.Name)
	add("device.id", fmt.Sprintf("%04x:%04x", old.Device.VendorID, old.Device.DeviceID), fmt.Sprintf("%04x:%04x", cur.Device.VendorID, cur.Device.DeviceID))
	add("device.driver", old.Device.DriverName, cur.Device.DriverName)
	add("device.driver_info", old.Device.DriverInfo, cur.Device.DriverInfo)
	add("device.driver_version", old.Device.DriverVersion, cur.Device.DriverVersion)
	keys := map[string]bool{}
	for k := range old.Fingerprint {
		keys[k] = true
	}
	for k := range cur.Fingerprint {
		keys[k] = true
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		a, okA := old.Fingerprint[k]
		b, okB := cur.Fingerprint[k]
		switch {
		case !okA:
			a = "(absent)"
		case !okB:
			b = "(absent)"
		}
		add("fingerprint."+k, a, b)
	}
	return diff
}

// checkIdentity refuses (exit 2) to resume on a different system unless
// force is set, naming every difference.
func checkIdentity(journalPath string, old, cur *results.File, force bool, stderr func(string)) error {
	diff := identityDiff(old, cur)
	if len(diff) == 0 {
		return nil
	}
	if force {
		stderr(fmt.Sprintf("resuming %s on a different system (--force): %s", journalPath, strings.Join(diff, "; ")))
		return nil
	}
	return usagef("cannot resume %s: the system differs from the interrupted run's: %s (resume on the same system, or pass --force to mix them)", journalPath, strings.Join(diff, "; "))
}
