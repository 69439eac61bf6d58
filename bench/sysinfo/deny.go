package sysinfo

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// DenyListReader returns a ReadFile for Options that fails with EACCES for
// the system paths listed in listFile (one per line, # comments) under
// root, and reads everything else. It simulates unreadable files where
// chmod cannot (tests run as root); tests and fixtures use it.
func DenyListReader(root, listFile string) (func(string) ([]byte, error), error) {
	f, err := os.Open(listFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	deny := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		deny[filepath.Clean(filepath.Join(root, line))] = true
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", listFile, err)
	}
	return func(p string) ([]byte, error) {
		if deny[filepath.Clean(p)] {
			return nil, &fs.PathError{Op: "open", Path: p, Err: syscall.EACCES}
		}
		return os.ReadFile(p)
	}, nil
}
