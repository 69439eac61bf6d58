package historytest

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestCIWithoutServerFails: in CI (CI=true) a missing PostgreSQL server
// fails the PostgreSQL case instead of skipping it; on a developer's
// machine it skips. The case runs in a child process of this test binary.
func TestCIWithoutServerFails(t *testing.T) {
	if os.Getenv("HISTORYTEST_CHILD") == "1" {
		PostgresDSN(t)
		return
	}
	for _, tc := range []struct {
		ci       string
		wantFail bool
		want     string
	}{
		{"true", true, "CI must run the history tests against PostgreSQL"},
		{"", false, "SKIP"},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCIWithoutServerFails$", "-test.v")
		var env []string
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, EnvTestPG+"=") && !strings.HasPrefix(kv, "CI=") {
				env = append(env, kv)
			}
		}
		cmd.Env = append(env, "HISTORYTEST_CHILD=1", "CI="+tc.ci)
		out, err := cmd.CombinedOutput()
		if failed := err != nil; failed != tc.wantFail || !strings.Contains(string(out), tc.want) {
			t.Errorf("CI=%q without %s: failed=%v, want %v with %q\n%s", tc.ci, EnvTestPG, failed, tc.wantFail, tc.want, out)
		}
	}
}
