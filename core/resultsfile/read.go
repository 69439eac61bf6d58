package resultsfile

// Reading a results file: Load and Decode, and the one-line errors that
// say what is wrong with a file (LoadError).

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
)

// LoadProblem is why a file is not a results file Load and Decode read
// (LoadError).
type LoadProblem string

// The problems of a file that a LoadError names; other problems (another
// schema, a result that fails validation, ...) are plain errors.
const (
	// LoadMissing: the path does not exist (Err is the open's error).
	LoadMissing LoadProblem = "missing"
	// LoadIsDir: the path is a directory, not a results file.
	LoadIsDir LoadProblem = "directory"
	// LoadEmpty: the file holds nothing but white space.
	LoadEmpty LoadProblem = "empty"
	// LoadNotJSON: a syntax error (Err) at byte Offset.
	LoadNotJSON LoadProblem = "not-json"
	// LoadTruncated: JSON that ends too early, after Size bytes: the run
	// that wrote it was cut short.
	LoadTruncated LoadProblem = "truncated"
	// LoadDamagedISA: a result (Result, its ID) of an isa file fails its
	// checks (Err).
	LoadDamagedISA LoadProblem = "damaged-isa"
)

// LoadError is a file Load or Decode cannot read as a results file, with
// what is wrong and its figures. The message states the facts; which
// command writes or rewrites the file is the caller's to say.
type LoadError struct {
	Problem LoadProblem
	// Name is the path (Load) or the name given (Decode).
	Name string
	// Result is the ID of the result at fault (LoadDamagedISA).
	Result string
	// Size is the bytes read (LoadTruncated), Offset where the syntax
	// error is (LoadNotJSON).
	Size   int
	Offset int64
	// Err is the underlying error (LoadMissing, LoadNotJSON,
	// LoadDamagedISA).
	Err error
}

func (e *LoadError) Error() string {
	switch e.Problem {
	case LoadMissing:
		return fmt.Sprintf("results file %s does not exist: check the path", e.Name)
	case LoadIsDir:
		return fmt.Sprintf("%s is a directory", e.Name)
	case LoadEmpty:
		return fmt.Sprintf("%s is empty", e.Name)
	case LoadNotJSON:
		return fmt.Sprintf("%s is not JSON (%v at byte %d)", e.Name, e.Err, e.Offset)
	case LoadTruncated:
		return fmt.Sprintf("%s is truncated (JSON ends after %d bytes): the run that wrote it was cut short", e.Name, e.Size)
	case LoadDamagedISA:
		return fmt.Sprintf("%s: result %s: %v: the file is damaged", e.Name, e.Result, e.Err)
	}
	return fmt.Sprintf("%s: not a results file (%s)", e.Name, e.Problem)
}

func (e *LoadError) Unwrap() error { return e.Err }

// Decode reads and validates a results file from r; name is used in errors.
func Decode(r io.Reader, name string) (*File, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	return decode(data, name)
}

// MaxFileBytes bounds a results file (a thousand times the largest run
// radvbench writes).
const MaxFileBytes = 1 << 30

func decode(data []byte, name string) (*File, error) {
	if len(data) > MaxFileBytes {
		return nil, fmt.Errorf("%s is more than %d MiB: not a results file radvbench wrote", name, MaxFileBytes>>20)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &LoadError{Problem: LoadEmpty, Name: name}
	}
	// A file radvbench wrote names its schema first: then one decode (one
	// pass to check the JSON, one to decode it) is all a file costs; any
	// other file, or one that does not decode, is probed for the message.
	var f File
	if qs := quickSchema(data); qs != Schema && qs != SchemaISA || json.Unmarshal(data, &f) != nil {
		if err := probeSchema(data, name); err != nil {
			return nil, err
		}
		f = File{}
		if err := json.Unmarshal(data, &f); err != nil {
			return nil, fmt.Errorf("%s: malformed results (%v)", name, err)
		}
	}
	for i := range f.Results {
		r := &f.Results[i]
		if r.Suite == "" || r.Kernel == "" {
			return nil, fmt.Errorf("%s: result %d has no suite or kernel", name, i)
		}
		if f.Schema == SchemaISA {
			if err := checkISA(r); err != nil {
				return nil, &LoadError{Problem: LoadDamagedISA, Name: name, Result: r.ID(), Err: err}
			}
			continue
		}
		if err := checkPipelines(r); err != nil {
			return nil, fmt.Errorf("%s: result %s: %w: the file is damaged", name, r.ID(), err)
		}
		if r.Status == StatusOK && len(r.Metric.Samples) == 0 {
			return nil, fmt.Errorf("%s: result %s has status ok but zero samples: the file is damaged, rerun the benchmark", name, r.ID())
		}
		if len(r.SampleRounds) > 0 && len(r.SampleRounds) != len(r.Metric.Samples) {
			return nil, fmt.Errorf("%s: result %s has %d sample rounds for %d samples: the file is damaged, rerun the benchmark", name, r.ID(), len(r.SampleRounds), len(r.Metric.Samples))
		}
		if err := checkInterference(name, r); err != nil {
			return nil, err
		}
	}
	if err := Validate(&f, name); err != nil {
		return nil, err
	}
	return &f, nil
}

// checkPipelines checks r's compiled pipelines (an isa result's, or a
// run's captured ones): every statistic and derived count is a finite,
// non-negative number, every pipeline and executable has a name, an
// assembly path stays inside the assembly directory.
func checkPipelines(r *Result) error {
	for _, p := range r.Pipelines {
		if p.Name == "" {
			return fmt.Errorf("a pipeline without a name")
		}
		for _, e := range p.Executables {
			if e.Name == "" {
				return fmt.Errorf("pipeline %s: an executable without a name", p.Name)
			}
			for _, m := range []map[string]float64{e.Stats, e.Derived} {
				for k, v := range m {
					if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
						return fmt.Errorf("pipeline %s, executable %s: %s = %v is not a finite, non-negative count", p.Name, e.Name, k, v)
					}
				}
			}
			if e.Asm != "" && (filepath.IsAbs(e.Asm) || !filepath.IsLocal(e.Asm)) {
				return fmt.Errorf("pipeline %s, executable %s: assembly path %q is not a relative path inside the assembly directory", p.Name, e.Name, e.Asm)
			}
		}
	}
	return nil
}

// checkISA validates one result of an isa file: its pipelines
// (checkPipelines), no timed samples, and it names its target.
func checkISA(r *Result) error {
	if r.Config == "" {
		return fmt.Errorf("no target (config)")
	}
	if len(r.Metric.Samples) > 0 || len(r.SamplesNS) > 0 {
		return fmt.Errorf("timed samples in an isa result")
	}
	return checkPipelines(r)
}

// quickSchema is the value of "schema" when it is the first key of the
// top-level object (as radvbench writes it), found without reading the
// rest; "" otherwise.
func quickSchema(data []byte) string {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return ""
	}
	if t, err := dec.Token(); err != nil || t != "schema" {
		return ""
	}
	var s string
	if dec.Decode(&s) != nil {
		return ""
	}
	return s
}

// probeSchema explains why data is not a results file of this schema:
// not JSON, truncated, not an object, no schema, another schema; nil when
// it is none of these.
func probeSchema(data []byte, name string) error {
	var probe struct {
		Schema *string `json:"schema"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		var se *json.SyntaxError
		if truncated(data) {
			return &LoadError{Problem: LoadTruncated, Name: name, Size: len(data)}
		}
		if errors.As(err, &se) {
			return &LoadError{Problem: LoadNotJSON, Name: name, Err: err, Offset: se.Offset}
		}
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			if te.Field == "" {
				return fmt.Errorf("%s is not a radvbench results file (it holds a JSON %s, not an object)", name, te.Value)
			}
			return fmt.Errorf("%s is not a radvbench results file (its %q is a JSON %s, not a string)", name, te.Field, te.Value)
		}
		return fmt.Errorf("%s is not a radvbench results file (%v)", name, err)
	}
	if probe.Schema == nil {
		return fmt.Errorf("%s has no \"schema\" field: it is not a radvbench results file", name)
	}
	if *probe.Schema != Schema && *probe.Schema != SchemaISA {
		return fmt.Errorf("%s has schema %q, this radvbench reads %q and %q: rerun the benchmark with this version or use the radvbench that wrote it", name, *probe.Schema, Schema, SchemaISA)
	}
	return nil
}

// truncated reports whether data is the start of a JSON value that ends
// too early (a decoder reads up to the end and wants more), as opposed to
// one with a syntax error.
func truncated(data []byte) bool {
	var v any
	return errors.Is(json.NewDecoder(bytes.NewReader(data)).Decode(&v), io.ErrUnexpectedEOF)
}

// Load reads and validates the results file at path. A missing, empty,
// truncated or damaged file, or a directory, is a *LoadError saying which.
func Load(path string) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, &LoadError{Problem: LoadMissing, Name: path, Err: err}
		}
		return nil, fmt.Errorf("open results file: %w", err)
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err == nil && st.IsDir() {
		return nil, &LoadError{Problem: LoadIsDir, Name: path}
	}
	if err == nil && st.Mode().IsRegular() {
		if st.Size() > MaxFileBytes {
			return nil, fmt.Errorf("%s is more than %d MiB: not a results file radvbench wrote", path, MaxFileBytes>>20)
		}
		// Read it in one allocation of its size.
		data := make([]byte, st.Size())
		if _, err := io.ReadFull(fh, data); err != nil {
			return nil, fmt.Errorf("read %s: %w", path, err)
		}
		return decode(data, path)
	}
	return Decode(fh, path)
}
