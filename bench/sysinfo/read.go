package sysinfo

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
)

// File read statuses.
const (
	StatusOK        = "ok"
	StatusMissing   = "missing"
	StatusDenied    = "permission denied"
	StatusMalformed = "malformed"
	// StatusError is any other read error (EIO, EISDIR, EINVAL, ...), which
	// sysfs files return when a device is asleep or busy.
	StatusError = "error"
)

// FileRecord says how reading one path went. Path is the path on the
// system described (not under the sysroot).
type FileRecord struct {
	Path   string `json:"path"`
	Status string `json:"status"`
	Detail string `json:"detail,omitempty"`
}

// reader reads paths under a root and records how each read went. It
// never fails: a problem is recorded and the caller gets "not found".
type reader struct {
	root     string
	readFile func(string) ([]byte, error)
	readDir  func(string) ([]fs.DirEntry, error)
	files    map[string]*FileRecord
}

func newReader(root string, readFile func(string) ([]byte, error)) *reader {
	if root == "" {
		root = "/"
	}
	if readFile == nil {
		readFile = os.ReadFile
	}
	return &reader{root: root, readFile: readFile, readDir: os.ReadDir, files: map[string]*FileRecord{}}
}

// host maps a system path to the path under the root.
func (r *reader) host(p string) string { return filepath.Join(r.root, filepath.FromSlash(p)) }

func (r *reader) record(p, status, detail string) {
	r.files[p] = &FileRecord{Path: p, Status: status, Detail: detail}
}

// classify maps a read error to a status and a short detail.
func classify(err error) (string, string) {
	var pe *fs.PathError
	detail := err.Error()
	if errors.As(err, &pe) {
		detail = pe.Err.Error()
	}
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR): // a path through a file
		return StatusMissing, ""
	case errors.Is(err, fs.ErrPermission):
		return StatusDenied, ""
	default:
		return StatusError, detail
	}
}

// read returns the contents of system path p; ok is false when it could
// not be read (the reason is recorded).
func (r *reader) read(p string) ([]byte, bool) {
	data, err := r.readFile(r.host(p))
	if err != nil {
		st, d := classify(err)
		r.record(p, st, d)
		return nil, false
	}
	r.record(p, StatusOK, "")
	return data, true
}

// str reads p as a trimmed string.
func (r *reader) str(p string) (string, bool) {
	data, ok := r.read(p)
	if !ok {
		return "", false
	}
	v := strings.TrimSpace(string(data))
	if clean := printable(v); clean != v {
		r.malformed(p, "control characters or invalid UTF-8")
		v = clean
	}
	return v, true
}

// printable drops control characters (tabs become spaces) and invalid
// UTF-8, so recorded strings stay printable.
func printable(s string) string {
	s = strings.ToValidUTF8(s, "")
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case r < 0x20 || r == 0x7f:
			return -1
		}
		return r
	}, s)
}

// malformed marks an already read path as malformed.
func (r *reader) malformed(p, detail string) {
	r.record(p, StatusMalformed, Clip(detail, 120))
}

// list returns the names in directory p, sorted; a missing or unreadable
// directory is recorded and gives nil.
func (r *reader) list(p string) []string {
	ents, err := r.readDir(r.host(p))
	if err != nil {
		st, d := classify(err)
		r.record(p, st, d)
		return nil
	}
	names := make([]string, 0, len(ents))
	for _, e := range ents {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names
}

// exists reports whether p exists under the root, without recording it.
func (r *reader) exists(p string) bool {
	_, err := os.Stat(r.host(p))
	return err == nil
}

// records returns every read, sorted by path.
func (r *reader) records() []FileRecord {
	out := make([]FileRecord, 0, len(r.files))
	for _, f := range r.files {
		out = append(out, *f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

func join(elem ...string) string { return path.Join(elem...) }
