package buildinfo

import (
	"runtime"
	"runtime/debug"
	"testing"
)

func TestCommit(t *testing.T) {
	set := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	for _, tc := range []struct {
		name     string
		settings []debug.BuildSetting
		want     string
	}{
		{"none", nil, ""},
		{"clean", set("vcs", "git", "vcs.revision", "abc123", "vcs.modified", "false"), "abc123"},
		{"dirty", set("vcs.modified", "true", "vcs.revision", "abc123"), "abc123-dirty"},
		{"modified without a revision", set("vcs.modified", "true"), ""},
		{"other keys", set("GOOS", "linux", "-tags", "testhooks"), ""},
	} {
		if got := Commit(tc.settings); got != tc.want {
			t.Errorf("%s: Commit = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestTool: the version and Go version as given; the commit from the
// build info, or the link-time one where the test binary has none.
func TestTool(t *testing.T) {
	got := Tool("1.2.3", "linked")
	if got.Name != "radvbench" || got.Version != "1.2.3" || got.GoVersion != runtime.Version() || got.Commit == "" {
		t.Errorf("Tool = %+v", got)
	}
	if bi, ok := debug.ReadBuildInfo(); ok && Commit(bi.Settings) == "" && got.Commit != "linked" {
		t.Errorf("no commit in the build info, Tool's commit %q, want the link-time one", got.Commit)
	}
}
