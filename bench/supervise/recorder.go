package supervise

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/radvbench/radvbench/bench/merge"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/usage"
)

// Recorder keeps what a run's benchmarks reported: in memory, for the
// results file, and in the journal, durably, as each one finishes. The
// in-process run and the supervisor record through it alike, so both
// resume, merge and finish the same way.
//
// A Recorder is safe for concurrent use (two supervisors in lockstep
// share one). OnResult and Notef are called without its lock held, so
// they may call its methods; with two supervisors, calls may overlap.
type Recorder struct {
	mu      sync.Mutex
	journal *Journal
	head    Header
	// resumed is the interrupted run's header when resuming; force
	// allows resuming on a different system.
	resumed *resultsfile.File
	force   bool

	header *resultsfile.File
	// configs holds each named configuration's own header (ConfigHeader).
	configs map[string]*resultsfile.File
	plan    []string
	entries []Entry
	runs    []resultsfile.Round
	shaders map[string]string

	// OnResult, when set, sees every result as it is recorded.
	OnResult func(*resultsfile.Result)
	// Notef prints a note for the user (nil: discarded).
	Notef func(format string, args ...any)
	// Fingerprint, when set, holds keys Merge adds to the merged file's
	// fingerprint: what the parent did for the whole run that no child's
	// header can know (the stable clocks it held).
	Fingerprint map[string]string
}

// NewRecorder records into journal j for the results file out, made by
// the command-line arguments args (what --resume repeats).
func NewRecorder(j *Journal, out string, args []string) *Recorder {
	return &Recorder{journal: j, head: Header{Out: out, Args: args}, shaders: map[string]string{}}
}

func (r *Recorder) notef(format string, args ...any) {
	if r.Notef != nil {
		r.Notef(format, args...)
	}
}

// Path is the journal's path.
func (r *Recorder) Path() string { return r.journal.Path() }

// Out is the results file's path.
func (r *Recorder) Out() string { return r.head.Out }

// Resume loads an interrupted run's journal: its finished results and
// runs count as recorded; a header set later must describe the same
// system unless force.
func (r *Recorder) Resume(st *JournalState, force bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.resumed, r.force = st.Header.File, force
	for _, e := range st.Entries {
		switch {
		case e.Result != nil:
			r.entries = append(r.entries, e)
			for k, v := range e.Shaders {
				r.shaders[k] = v
			}
		case e.RunDone != nil:
			r.runs = append(r.runs, *e.RunDone)
		}
	}
}

// Done is the set of benchmark IDs already finished in run run of
// configuration config.
func (r *Recorder) Done(run int, config string) map[string]bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	done := map[string]bool{}
	for _, e := range r.entries {
		if e.Run == run && e.Config == config {
			done[e.Result.ID()] = true
		}
	}
	return done
}

// RunFinished reports whether run run of configuration config has ended.
func (r *Recorder) RunFinished(run int, config string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, rd := range r.runs {
		if rd.Index == run && rd.Config == config {
			return true
		}
	}
	return false
}

// Resumed is the earlier results of a resumed run, in the order they
// finished.
func (r *Recorder) Resumed() []resultsfile.Result {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []resultsfile.Result
	for _, e := range r.entries {
		out = append(out, *e.Result)
	}
	return out
}

// SetHeader takes the results file's metadata (device, driver,
// fingerprint; no results) and the plan's benchmark IDs the first time
// it is called, checks it against the interrupted run's when resuming,
// and writes the journal's header. Later calls do nothing.
func (r *Recorder) SetHeader(h *resultsfile.File, plan []string) error {
	r.mu.Lock()
	if r.header != nil {
		r.mu.Unlock()
		return nil
	}
	cp := *h
	note := ""
	if r.resumed != nil {
		if err := CheckIdentity(r.journal.Path(), r.resumed, &cp); err != nil {
			var ie *IdentityError
			if !r.force || !errors.As(err, &ie) {
				r.mu.Unlock()
				return err
			}
			note = fmt.Sprintf("resuming %s on a different system, as forced: %s", ie.Journal, strings.Join(ie.Diff, "; "))
		}
		cp.Started = r.resumed.Started
	}
	r.header, r.plan = &cp, plan
	r.head.File = &cp
	err := r.journal.WriteHeader(r.head)
	r.mu.Unlock()
	if note != "" {
		r.notef("%s", note)
	}
	return err
}

// ConfigHeader records the header a child of configuration config
// reported, the first time for each: its device and fingerprint (the
// driver's environment its process ran with). Merge records them in
// the configuration (resultsfile.Config Device and DriverEnv) and takes the
// first configuration's as the file's; RunFile gives each configuration's
// runs their own. A header with no configuration name is ignored.
func (r *Recorder) ConfigHeader(config string, h *resultsfile.File) {
	if config == "" || h == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.configs == nil {
		r.configs = map[string]*resultsfile.File{}
	}
	if r.configs[config] == nil {
		cp := *h
		r.configs[config] = &cp
	}
}

// Header is the file's metadata (nil before SetHeader, unless resuming).
func (r *Recorder) Header() *resultsfile.File {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.fileHeader()
}

func (r *Recorder) fileHeader() *resultsfile.File {
	if r.header == nil {
		return r.resumed
	}
	return r.header
}

// Add records one finished benchmark of run run and configuration config,
// with the hashes of its shaders.
func (r *Recorder) Add(run int, config string, res *resultsfile.Result, shaders map[string]string) error {
	r.mu.Lock()
	e := Entry{Run: run, Config: config, Result: res, Shaders: shaders}
	r.entries = append(r.entries, e)
	for k, v := range shaders {
		r.shaders[k] = v
	}
	err := r.journal.Add(e)
	onResult := r.OnResult
	r.mu.Unlock()
	if onResult != nil {
		onResult(res) // after the journal: what it is shown is durable
	}
	return err
}

// EndRun records the end of a run (its order and times).
func (r *Recorder) EndRun(rd resultsfile.Round) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.runs = append(r.runs, rd)
	return r.journal.Add(Entry{Run: rd.Index, Config: rd.Config, RunDone: &rd})
}

// Plan is the benchmark IDs of the run in plan order (nil before the
// first header).
func (r *Recorder) Plan() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.plan
}

// RunFile is the results file of run run of configuration config alone:
// its results as reported (without the configuration's name, so two
// configurations' runs compare key by key) and the run itself; nil
// before a header.
func (r *Recorder) RunFile(run int, config string) *resultsfile.File {
	r.mu.Lock()
	defer r.mu.Unlock()
	h := r.fileHeader()
	if h == nil {
		return nil
	}
	f := *h
	if ch := r.configs[config]; ch != nil {
		f = *ch // the configuration's own device and environment
	}
	f.Results, f.Configs, f.Rounds = nil, nil, nil
	for _, e := range r.entries {
		if e.Run == run && e.Config == config {
			res := *e.Result
			res.Config = ""
			f.Results = append(f.Results, res)
		}
	}
	for _, rd := range r.runs {
		if rd.Index == run && rd.Config == config {
			f.Started, f.Finished = rd.Started, rd.Finished
			// The file's one run, as its results (no configuration's
			// name; no SampleRounds, so their samples are run 1's).
			rd.Index, rd.Config, rd.Order = 1, "", nil
			f.Rounds = []resultsfile.Round{rd}
		}
	}
	return &f
}

// Count is how many results are recorded.
func (r *Recorder) Count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.entries)
}

// MergeOptions shape the results file Merge writes.
type MergeOptions struct {
	// Command is the file's command line.
	Command []string
	// Configs lists the configurations in run order; named ones are
	// recorded in the file and keep their results apart.
	Configs []Config
	// Runs is how many runs each configuration made.
	Runs int
	// TargetCI is run's --target-ci as a fraction: a merged result whose
	// interval is wider is noisy.
	TargetCI float64
	// Finished is the file's end time (zero: now).
	Finished time.Time
}

// Merge is the results file of everything recorded (see MergeOptions and
// merge.File); nil when nothing reported a header.
func (r *Recorder) Merge(o MergeOptions) *resultsfile.File {
	r.mu.Lock()
	defer r.mu.Unlock()
	h := r.fileHeader()
	if h == nil {
		return nil
	}
	if o.Finished.IsZero() {
		o.Finished = time.Now().UTC()
	}
	if len(o.Configs) > 0 && r.configs[o.Configs[0].Name] != nil {
		// The file's device and fingerprint are the first
		// configuration's, whichever child reported first.
		first := *r.configs[o.Configs[0].Name]
		first.Started = h.Started
		h = &first
	}
	mo := merge.Options{Command: o.Command, Runs: o.Runs, TargetCI: o.TargetCI, Finished: o.Finished}
	for _, c := range o.Configs {
		mo.Configs = append(mo.Configs, resultsfile.Config{Name: c.Name, Env: c.Env})
	}
	entries := make([]merge.Entry, len(r.entries))
	for i, e := range r.entries {
		entries[i] = merge.Entry{Run: e.Run, Config: e.Config, Result: e.Result}
	}
	f := merge.File(h, r.plan, entries, r.runs, r.shaders, mo)
	for i := range f.Configs {
		c := &f.Configs[i]
		ch := r.configs[c.Name]
		if ch == nil {
			continue
		}
		if c.Device == nil {
			d := ch.Device
			c.Device = &d
		}
		if len(ch.Fingerprint) > 0 {
			c.DriverEnv = ch.DriverEnv("")
		}
	}
	if len(r.Fingerprint) > 0 {
		fp := make(map[string]string, len(f.Fingerprint)+len(r.Fingerprint))
		for k, v := range f.Fingerprint {
			fp[k] = v
		}
		for k, v := range r.Fingerprint {
			fp[k] = v
		}
		f.Fingerprint = fp
	}
	return f
}

// Finish ends a run: it writes the results file atomically and, when the
// run is complete, removes the journal (the file holds it all); an
// incomplete run keeps its journal, to be continued. A file that cannot
// be written is a *SaveError.
func (r *Recorder) Finish(out string, f *resultsfile.File, complete bool) error {
	if err := resultsfile.Save(out, f); err != nil {
		return &SaveError{Out: out, Journal: r.journal.Path(), Err: err}
	}
	if complete {
		if err := r.journal.Remove(); err != nil && !os.IsNotExist(err) {
			r.notef("note: could not remove the journal %s of the finished run: %v", r.journal.Path(), rootCause(err))
		}
	}
	return nil
}

// SaveError is a results file that could not be written; the finished
// benchmarks are in the journal, which continues the run.
type SaveError struct {
	Out, Journal string
	Err          error
}

func (e *SaveError) Error() string { return fmt.Sprintf("write results %s: %v", e.Out, e.Err) }
func (e *SaveError) Unwrap() error { return e.Err }

// Close closes the journal (it stays on disk).
func (r *Recorder) Close() error { return r.journal.Close() }

// Abandon removes the journal of a run that recorded nothing worth
// resuming (it never started).
func (r *Recorder) Abandon() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.entries) == 0 {
		r.journal.Remove()
	}
}

// JournalCreateError is a new run's journal that cannot be created
// beside its results path Out (a file in the way, a directory that takes
// no new file): the results path is the user's to change.
type JournalCreateError struct {
	Out string
	Err error
}

func (e *JournalCreateError) Error() string { return e.Err.Error() }
func (e *JournalCreateError) Unwrap() error { return e.Err }

// StartJournal creates the journal beside out for a new run, or reopens
// the one a resumed run read; a journal that cannot be created is a
// usage error wrapping a *JournalCreateError.
func StartJournal(out string, resumed *JournalState) (*Journal, error) {
	if resumed != nil {
		return ReopenJournal(resumed)
	}
	j, err := CreateJournal(out + JournalSuffix)
	if err != nil {
		return nil, usage.Errorf("%w", &JournalCreateError{Out: out, Err: err})
	}
	return j, nil
}
