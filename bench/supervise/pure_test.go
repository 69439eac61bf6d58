package supervise

import (
	"bytes"
	"errors"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/radvbench/radvbench/internal/usage"
)

func TestDescribeExit(t *testing.T) {
	for _, tc := range []struct {
		name, script, stderr, want string
	}{
		{"exit status", "exit 3", "", "exit status 3"},
		{"killed by a signal", "kill -SEGV $$", "", "killed by SIGSEGV (segmentation fault)"},
		{"abort", "kill -ABRT $$", "", "killed by SIGABRT (aborted)"},
		{"Go runtime's fatal signal", "exit 2", "some line\nSIGSEGV: segmentation violation\nPC=0x1 m=0", "crashed with SIGSEGV (segmentation violation), exit status 2"},
		{"clean", "exit 0", "", "exit status 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command("sh", "-c", tc.script)
			cmd.Run()
			if got := DescribeExit(cmd.ProcessState, tc.stderr); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	if got := DescribeExit(nil, ""); got != "did not start" {
		t.Errorf("nil state: %q", got)
	}
}

func TestTail(t *testing.T) {
	for _, tc := range []struct {
		name   string
		n      int
		writes []string
		want   string
	}{
		{"keeps the last n lines", 2, []string{"a\nb\n", "c\n"}, "b\nc"},
		{"a line split across writes", 3, []string{"he", "llo\nwor", "ld"}, "hello\nworld"},
		{"a Go crash keeps the lines before it, not the dump", 2,
			[]string{"x\ny\nSIGABRT: abort\n", "PC=0x0\ngoroutine 1\nmore\n"}, "x\ny\nSIGABRT: abort"},
		{"nothing", 3, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tl := &Tail{N: tc.n}
			for _, w := range tc.writes {
				tl.Write([]byte(w))
			}
			if got := tl.String(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestStderrExcerpt(t *testing.T) {
	warn := "WARNING: lavapipe is not a conformant vulkan implementation, testing use only.\nWARNING: llvmpipe is a CPU implementation (lavapipe): its figures describe the host CPU"
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"a\n\n  b  \nc\n", 2, "b | c"},
		{warn + "\nradvbench run: no device", 5, "WARNING: lavapipe is not a conformant vulkan implementation, testing use only. | radvbench run: no device"},
		{"", 3, ""},
		{"only\n", 0, ""},
	} {
		if got := StderrExcerpt(tc.in, tc.n); got != tc.want {
			t.Errorf("StderrExcerpt(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}

func TestWatchdogBudget(t *testing.T) {
	for _, tc := range []struct {
		name                      string
		explicit, maxTime, warmup time.Duration
		quick                     bool
		want                      time.Duration
	}{
		{"explicit wins", 5 * time.Second, time.Minute, time.Minute, false, 5 * time.Second},
		{"defaults", 0, 0, 0, false, 60*time.Second + 200*time.Millisecond + 30*time.Second},
		{"quick defaults", 0, 0, 0, true, 60*time.Second + 200*time.Millisecond + 3*time.Second},
		{"given budgets", 0, 2 * time.Second, 50 * time.Millisecond, true, 60*time.Second + 50*time.Millisecond + 6*time.Second},
	} {
		if got := WatchdogBudget(tc.explicit, tc.maxTime, tc.warmup, tc.quick); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestIsolation(t *testing.T) {
	for _, tc := range []struct {
		in       string
		want     Isolation
		groups   int
		children bool
		bad      bool
	}{
		{"auto", IsolateAuto, 0, false, false},
		{"off", IsolateOff, 0, false, false},
		{"false", IsolateOff, 0, false, false},
		{"kernel", IsolateKernel, 1, true, false},
		{"TRUE", IsolateKernel, 1, true, false},
		{"run", IsolateRun, 0, true, false},
		{"sometimes", IsolateAuto, 0, false, true},
	} {
		got, err := ParseIsolation(tc.in)
		if (err != nil) != tc.bad || got != tc.want || got.Groups() != tc.groups || got.Children() != tc.children {
			t.Errorf("ParseIsolation(%q) = %v (groups %d, children %v), %v", tc.in, got, got.Groups(), got.Children(), err)
		}
		var ie *IsolationError
		if tc.bad && (!usage.Is(err) || !errors.As(err, &ie) || ie.Value != tc.in) {
			t.Errorf("ParseIsolation(%q): %v, want a usage error wrapping an *IsolationError", tc.in, err)
		}
	}
	for _, tc := range []struct {
		onGPU bool
		want  Isolation
	}{
		{true, IsolateKernel},
		{false, IsolateOff},
	} {
		if got := AutoIsolation(tc.onGPU); got != tc.want {
			t.Errorf("AutoIsolation(%v) = %v, want %v", tc.onGPU, got, tc.want)
		}
	}
}

func TestChildSelect(t *testing.T) {
	ids := []string{"a", "b", "c", "d", "e"}
	groups := []int{0, 0, 1, 2, 2}
	for _, tc := range []struct {
		name   string
		skip   []string
		groups int
		want   []int
	}{
		{"all", nil, 0, []int{0, 1, 2, 3, 4}},
		{"one group", nil, 1, []int{0, 1}},
		{"skip finished, then one group", []string{"a", "b"}, 1, []int{2}},
		{"skip inside a group", []string{"a"}, 1, []int{1}},
		{"two groups after skips", []string{"c"}, 2, []int{0, 1, 3, 4}},
		{"everything done", ids, 1, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &Child{skip: map[string]bool{}, groups: tc.groups}
			for _, s := range tc.skip {
				c.skip[s] = true
			}
			if got := c.Select(ids, groups); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Select = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestEnvString(t *testing.T) {
	if got := EnvString(map[string]string{"B": "2", "A": "1"}); got != "(A=1 B=2)" {
		t.Errorf("got %q", got)
	}
	if got := EnvString(nil); !strings.Contains(got, "no environment") {
		t.Errorf("got %q", got)
	}
}

// nopCloser is a buffer the protocol writes to.
type nopCloser struct{ bytes.Buffer }

func (*nopCloser) Close() error { return nil }

// TestChildTurn: a child in lockstep asks for its turn with the
// benchmark's ID and waits for the parent's byte; a request without an ID
// (which the parent would never see: Ready is omitted when empty) is an
// error, not a wait for ever.
func TestChildTurn(t *testing.T) {
	out := &nopCloser{}
	c := &Child{out: out, turns: bytes.NewReader([]byte{1})}
	if err := c.Turn(""); err == nil {
		t.Fatal("Turn(\"\") = nil, want an error")
	}
	if out.Len() != 0 {
		t.Fatalf("Turn(\"\") wrote %q", out.String())
	}
	if err := c.Turn("s/k"); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != `{"ready":"s/k"}`+"\n" {
		t.Errorf("wrote %q, want the ready line", got)
	}
	if err := c.Turn("s/k"); err == nil {
		t.Error("a turn with the parent's pipe at its end = nil, want an error")
	}
}
