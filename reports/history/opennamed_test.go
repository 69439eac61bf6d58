package history

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestOpenNamed: the name given wins over $RADVBENCH_DB, which wins over
// the default file; the read-only open creates nothing and the other
// creates the store; no name and no home is ErrNoDefaultStore.
func TestOpenNamed(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name           string
		flag, env, xdg string // "DIR/" is replaced by a temporary directory
		home           bool
		readOnly       bool
		wantDSN        string
		wantErr        error
	}{
		{"flag creates", "DIR/a.db", "DIR/env.db", "", true, false, "DIR/a.db", nil},
		{"env creates", "", "DIR/env.db", "", true, false, "DIR/env.db", nil},
		{"default creates", "", "", "DIR/xdg", true, false, "DIR/xdg/radvbench/history.db", nil},
		{"read-only flag missing", "DIR/a.db", "", "", true, true, "", ErrWrongStore},
		{"read-only env missing", "", "DIR/env.db", "", true, true, "", ErrWrongStore},
		{"no default", "", "", "", false, false, "", ErrNoDefaultStore},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			sub := func(s string) string {
				if len(s) > 4 && s[:4] == "DIR/" {
					return filepath.Join(dir, s[4:])
				}
				return s
			}
			t.Setenv(EnvDB, sub(tc.env))
			t.Setenv("XDG_DATA_HOME", sub(tc.xdg))
			if !tc.home {
				t.Setenv("HOME", "")
			}
			s, err := OpenNamed(ctx, sub(tc.flag), tc.readOnly)
			if tc.wantErr != nil {
				if !errors.Is(err, tc.wantErr) {
					t.Fatalf("OpenNamed = %v, want %v", err, tc.wantErr)
				}
				if _, err := os.Stat(sub(tc.flag)); tc.flag != "" && err == nil {
					t.Errorf("the read-only open created %s", tc.flag)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if s.DSN != sub(tc.wantDSN) {
				t.Errorf("DSN = %s, want %s", s.DSN, sub(tc.wantDSN))
			}
			if _, err := os.Stat(sub(tc.wantDSN)); err != nil {
				t.Errorf("store not created: %v", err)
			}
		})
	}
}
