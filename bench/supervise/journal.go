package supervise

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

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/usage"
)

// JournalSchema is the first line's "journal" value.
const JournalSchema = "radvbench/journal/v1"

// JournalSuffix is appended to the results path to name its journal.
const JournalSuffix = ".journal"

// Header is the journal's first line: the command-line arguments (what
// --resume repeats) and the results file's metadata (device, driver,
// fingerprint, suites, ...; no results).
type Header struct {
	Journal string            `json:"journal"`
	Out     string            `json:"out"`
	Args    []string          `json:"args"`
	File    *resultsfile.File `json:"file"`
}

// Entry is every later line: one finished benchmark of one run (run 0: a
// single in-process run) and configuration, or the end of a run. (The
// JSON names say "round", the results file's name for a run.)
type Entry struct {
	Run     int                 `json:"round"`
	Config  string              `json:"config,omitempty"`
	Result  *resultsfile.Result `json:"result,omitempty"`
	Shaders map[string]string   `json:"shaders,omitempty"`
	RunDone *resultsfile.Round  `json:"round_done,omitempty"`
}

// Journal appends lines to the journal file, each written and synced
// before the call returns.
type Journal struct {
	path   string
	f      *os.File
	header bool
}

// CreateJournal starts a new journal at path; a file already there is
// never replaced (O_EXCL).
func CreateJournal(path string) (*Journal, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("create the journal %s: %w", path, err)
	}
	return &Journal{path: path, f: f}, nil
}

// ReopenJournal appends to an existing journal (for --resume), first
// cutting a torn last line so new lines start clean.
func ReopenJournal(st *JournalState) (*Journal, error) {
	if err := os.Truncate(st.Path, st.ValidLen); err != nil {
		return nil, fmt.Errorf("trim the torn end of the journal %s: %w", st.Path, err)
	}
	f, err := os.OpenFile(st.Path, os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("open the journal %s: %w", st.Path, err)
	}
	return &Journal{path: st.Path, f: f, header: true}, nil
}

// Path is where the journal is.
func (j *Journal) Path() string { return j.path }

func (j *Journal) writeLine(v any) error {
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

// WriteHeader writes the header once (later calls do nothing).
func (j *Journal) WriteHeader(h Header) error {
	if j.header {
		return nil
	}
	h.Journal = JournalSchema
	if err := j.writeLine(h); err != nil {
		return err
	}
	j.header = true
	return nil
}

// Add appends one entry.
func (j *Journal) Add(e Entry) error { return j.writeLine(e) }

// Close closes the file; safe to call twice.
func (j *Journal) Close() error {
	if j == nil || j.f == nil {
		return nil
	}
	err := j.f.Close()
	j.f = nil
	return err
}

// Remove closes and deletes the journal (the run is complete: the
// results file holds it all).
func (j *Journal) Remove() error {
	j.Close()
	return os.Remove(j.path)
}

// JournalState is a journal read back.
type JournalState struct {
	Path    string
	Header  Header
	Entries []Entry
	// ValidLen is the length of the complete lines; Torn is set when a
	// partial last line (a write cut short) was dropped.
	ValidLen int64
	Torn     bool
}

// JournalProblem is why a journal cannot be resumed (JournalError).
type JournalProblem string

// The problems of a journal that only a fresh run (not a resumed one)
// gets past.
const (
	// JournalDamagedLine: a line (Line) is not JSON an entry decodes from.
	JournalDamagedLine JournalProblem = "damaged-line"
	// JournalInvalidResult: a line's result (Line) fails validation.
	JournalInvalidResult JournalProblem = "invalid-result"
	// JournalNoCompleteLine: the journal holds no complete line (not
	// even its header); there is nothing to resume.
	JournalNoCompleteLine JournalProblem = "no-complete-line"
)

// JournalError is a journal that cannot be resumed: the run has to start
// afresh. ReadJournal returns it as a usage error.
type JournalError struct {
	Problem JournalProblem
	Path    string
	// Line is the line at fault (from 1; 0 for JournalNoCompleteLine).
	Line int
	// Err is the decoder's or validator's error.
	Err error
}

func (e *JournalError) Error() string {
	switch e.Problem {
	case JournalDamagedLine:
		return fmt.Sprintf("journal %s: line %d is damaged (%v): it cannot be resumed", e.Path, e.Line, e.Err)
	case JournalInvalidResult:
		return fmt.Sprintf("journal %s: line %d: %v: it cannot be resumed", e.Path, e.Line, e.Err)
	}
	return fmt.Sprintf("journal %s holds no complete line (the run was cut short before its first benchmark finished)", e.Path)
}

func (e *JournalError) Unwrap() error { return e.Err }

// ReadJournal reads a journal, up to its last complete line. What is not
// a journal, or is damaged, is a usage error naming the line (wrapping a
// *JournalError where the way out is a fresh run).
func ReadJournal(path string) (*JournalState, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, usage.Errorf("journal %s does not exist: pass the results path of an interrupted run or its .journal file", path)
		}
		return nil, fmt.Errorf("read the journal %s: %w", path, err)
	}
	return ParseJournal(path, data)
}

// ParseJournal is ReadJournal on the journal's bytes.
func ParseJournal(path string, data []byte) (*JournalState, error) {
	st := &JournalState{Path: path}
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
			if err := json.Unmarshal(b, &st.Header); err != nil || st.Header.Journal != JournalSchema || st.Header.File == nil {
				return nil, usage.Errorf("%s is not a radvbench journal (its first line is not a %s header)", path, JournalSchema)
			}
			continue
		}
		var e Entry
		if err := json.Unmarshal(b, &e); err != nil {
			return nil, usage.Errorf("%w", &JournalError{Problem: JournalDamagedLine, Path: path, Line: line, Err: err})
		}
		if e.Result != nil && (e.Result.Suite == "" || e.Result.Kernel == "") {
			return nil, usage.Errorf("journal %s: line %d holds a result without suite or kernel: it cannot be resumed", path, line)
		}
		if e.Result != nil {
			if err := resultsfile.ValidateResult(e.Result, nil); err != nil {
				return nil, usage.Errorf("%w", &JournalError{Problem: JournalInvalidResult, Path: path, Line: line, Err: err})
			}
		}
		st.Entries = append(st.Entries, e)
	}
	if err := sc.Err(); err != nil {
		return nil, usage.Errorf("journal %s: line %d cannot be read (%v): it cannot be resumed", path, line+1, err)
	}
	if line == 0 {
		return nil, usage.Errorf("%w", &JournalError{Problem: JournalNoCompleteLine, Path: path})
	}
	return st, nil
}

// JournalPaths maps a --resume argument (the results path or its
// journal) to the journal and results paths.
func JournalPaths(arg string) (journalPath, outPath string) {
	if strings.HasSuffix(arg, JournalSuffix) {
		return arg, strings.TrimSuffix(arg, JournalSuffix)
	}
	return arg + JournalSuffix, arg
}

// IdentityDiff lists what differs between the system a journal was
// started on and this one: device, driver and fingerprint keys, one
// "key: old -> new" string each, sorted. The device keys are the
// results file's JSON names (device.driver_name, device.driver_info),
// the fingerprint keys the fingerprint's own.
func IdentityDiff(old, cur *resultsfile.File) []string {
	var diff []string
	add := func(k, a, b string) {
		if a != b {
			diff = append(diff, fmt.Sprintf("%s: %q -> %q", k, a, b))
		}
	}
	add("device.name", old.Device.Name, cur.Device.Name)
	add("device.id", fmt.Sprintf("%04x:%04x", old.Device.VendorID, old.Device.DeviceID), fmt.Sprintf("%04x:%04x", cur.Device.VendorID, cur.Device.DeviceID))
	add("device.driver_name", old.Device.DriverName, cur.Device.DriverName)
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

// IdentityError is a resume on a system that differs from the
// interrupted run's: its results would mix two systems' figures. Diff
// names every difference (IdentityDiff).
type IdentityError struct {
	Journal string
	Diff    []string
}

func (e *IdentityError) Error() string {
	return fmt.Sprintf("cannot resume %s: the system differs from the interrupted run's: %s", e.Journal, strings.Join(e.Diff, "; "))
}

// CheckIdentity refuses to resume on a different system: a usage error
// wrapping an *IdentityError that names every difference; nil for the
// same system. (The Recorder lets a forced resume through, with a note.)
func CheckIdentity(journalPath string, old, cur *resultsfile.File) error {
	diff := IdentityDiff(old, cur)
	if len(diff) == 0 {
		return nil
	}
	return usage.Errorf("%w", &IdentityError{Journal: journalPath, Diff: diff})
}

// rootCause drops the path an *os.PathError repeats.
func rootCause(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
