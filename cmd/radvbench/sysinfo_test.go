package main

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/doctor"
	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/suitetest"
	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/advice"
	"github.com/radvbench/radvbench/cmd/radvbench/internal/sysrecord"
	"github.com/radvbench/radvbench/internal/golden"
)

const sysFixtures = "../../bench/sysinfo/testdata"

// sysinfoFixture sets the test hooks for fixture name (fixed environment;
// the deny list of "unreadable") and returns the CLI flags that select it.
func sysinfoFixture(t *testing.T, name string) []string {
	t.Helper()
	dir := filepath.Join(sysFixtures, name)
	oldEnv, oldRead := sysrecord.Environ, sysrecord.ReadFile
	t.Cleanup(func() { sysrecord.Environ, sysrecord.ReadFile = oldEnv, oldRead })
	sysrecord.Environ = func() []string { return []string{"RADV_PERFTEST=cswave32", "PATH=/usr/bin"} }
	sysrecord.ReadFile = nil
	root := filepath.Join(dir, "root")
	if rf, err := sysinfo.DenyListReader(root, filepath.Join(dir, "deny.txt")); err == nil {
		sysrecord.ReadFile = rf
	} else if !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	args := []string{"--sysroot", root}
	if _, err := os.Stat(filepath.Join(dir, "dmesg.log")); err == nil {
		args = append(args, "--dmesg", filepath.Join(dir, "dmesg.log"))
	}
	return args
}

func sysGolden(t *testing.T, path, got string) {
	t.Helper()
	golden.Check(t, path, []byte(got))
}

var sysinfoFixtureNames = []string{"rx7900xtx-frag4", "rx7900xtx-sleep", "rx9070xt-default", "rx6800xt-rdna2", "mi300x", "no-amd", "unreadable", "garbage"}

func TestSysinfoGolden(t *testing.T) {
	for _, name := range sysinfoFixtureNames {
		for _, asJSON := range []bool{false, true} {
			ext := ".txt"
			if asJSON {
				ext = ".json"
			}
			t.Run(name+ext, func(t *testing.T) {
				args := append([]string{"sysinfo"}, sysinfoFixture(t, name)...)
				if asJSON {
					args = append(args, "--json")
				}
				code, out, errOut := mainRun(t, args...)
				if code != 0 || errOut != "" {
					t.Fatalf("exit %d, stderr %q", code, errOut)
				}
				sysGolden(t, filepath.Join("testdata", "sysinfo", name+ext), out)
			})
		}
	}
}

func TestDoctorGolden(t *testing.T) {
	wantCode := map[string]int{"mi300x": 1}
	for _, name := range sysinfoFixtureNames {
		for _, asJSON := range []bool{false, true} {
			ext := ".txt"
			if asJSON {
				ext = ".json"
			}
			t.Run(name+ext, func(t *testing.T) {
				args := append([]string{"doctor"}, sysinfoFixture(t, name)...)
				if asJSON {
					args = append(args, "--json")
				}
				code, out, errOut := mainRun(t, args...)
				if code != wantCode[name] || errOut != "" {
					t.Fatalf("exit %d (want %d), stderr %q", code, wantCode[name], errOut)
				}
				sysGolden(t, filepath.Join("testdata", "doctor", name+ext), out)
			})
		}
	}
}

func TestSysinfoDoctorErrors(t *testing.T) {
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"sysinfo", "--sysroot", "testdata/no-such-dir"}, 2, "is not a directory"},
		{[]string{"doctor", "--sysroot", sysFixtures + "/no-amd/root", "--dmesg", "testdata/no-such.log"}, 2, "is not a readable file"},
		{[]string{"sysinfo", "extra"}, 2, "sysinfo takes no arguments"},
		{[]string{"doctor", "extra"}, 2, "doctor takes no arguments"},
		{[]string{"doctor", "--bogus"}, 2, "unknown flag"},
		{[]string{"doctor", "--device", "0", "--no-vulkan"}, 2, "--device and --no-vulkan contradict each other"},
		{[]string{"sysinfo", "--sysroot", sysFixtures + "/no-amd/root", "--device", "0"}, 2, "is a saved tree: drop one"},
	}
	for _, tt := range tests {
		code, _, errOut := mainRun(t, tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.msg) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want %d with %q", tt.args, code, errOut, tt.code, tt.msg)
		}
	}
	code, out, _ := mainRun(t, "doctor", "--help")
	if code != 0 || !strings.Contains(out, "--sysroot") {
		t.Errorf("doctor --help: %d %q", code, out)
	}
}

// TestSysinfoRealMachine runs both commands on this machine (not golden:
// it differs everywhere) and checks that, without an AMD GPU, they say so.
func TestSysinfoRealMachine(t *testing.T) {
	s := sysinfo.Collect(sysinfo.Options{Root: "/"})
	noAMD := len(s.GPUs) == 0
	code, out, errOut := mainRun(t, "sysinfo", "--sysroot", "/")
	if code != 0 || errOut != "" {
		t.Fatalf("sysinfo: exit %d, stderr %q", code, errOut)
	}
	if noAMD && !strings.Contains(out, "no AMD GPU present") {
		t.Errorf("sysinfo on a machine without an AMD GPU does not say so:\n%s", out)
	}
	// Vulkan (lavapipe here) is opened on the real machine: the driver and
	// its Mesa version are part of the summary.
	if !strings.Contains(out, "Vulkan      ") || strings.Contains(out, "Vulkan      not opened") {
		t.Errorf("sysinfo on the real machine does not show the Vulkan driver:\n%s", out)
	}
	code, out, errOut = mainRun(t, "doctor")
	if code > 1 || errOut != "" {
		t.Fatalf("doctor: exit %d, stderr %q", code, errOut)
	}
	if noAMD && !strings.Contains(out, "no AMD GPU present") {
		t.Errorf("doctor on a machine without an AMD GPU does not say so:\n%s", out)
	}
	if code, _, _ := mainRun(t, "sysinfo", "--json"); code != 0 {
		t.Errorf("sysinfo --json: exit %d", code)
	}
}

// TestDoctorNamesRunDevice: on this machine doctor and sysinfo name the
// Vulkan device that run picks (here lavapipe, a CPU implementation),
// --device picks as run does (a spec run refuses is refused, exit 2), and
// --no-vulkan leaves Vulkan closed.
func TestDoctorNamesRunDevice(t *testing.T) {
	suitetest.RequireVulkan(t)
	inst, pd, err := gpu.SelectPhysical("")
	if err != nil {
		t.Fatal(err)
	}
	name, cpu := pd.Name, pd.IsCPU()
	inst.Close()
	code, out, errOut := mainRun(t, "doctor", "--json")
	if code > 1 || errOut != "" {
		t.Fatalf("doctor: exit %d, stderr %q", code, errOut)
	}
	var d struct{ Findings []doctor.Finding }
	if err := json.Unmarshal([]byte(out), &d); err != nil || len(d.Findings) == 0 {
		t.Fatalf("doctor --json: %v\n%s", err, out)
	}
	f := d.Findings[0]
	if f.Check != "vulkan.device" || !strings.HasPrefix(f.Reason, name+" [") || !strings.Contains(f.Reason, "runs use it") {
		t.Errorf("first finding %+v: want vulkan.device naming %q", f, name)
	}
	if cpu && (f.Status != doctor.Warn || !strings.Contains(f.Reason, "CPU implementation")) {
		t.Errorf("finding %+v: want a warning that %s is a CPU implementation", f, name)
	}
	_, out, _ = mainRun(t, "sysinfo", "--device", "0")
	if !strings.Contains(out, "Vulkan      "+name+" [") || !strings.Contains(out, "runs use it") {
		t.Errorf("sysinfo --device 0 does not name %q:\n%s", name, out)
	}
	if code, _, errOut := mainRun(t, "doctor", "--device", "no-such-device"); code != 2 || !strings.Contains(errOut, "matches no device") {
		t.Errorf("doctor --device no-such-device: exit %d, stderr %q; want 2 as run gives", code, errOut)
	}
	_, out, _ = mainRun(t, "doctor", "--no-vulkan")
	if strings.Contains(out, "vulkan.device") || strings.Contains(out, name) {
		t.Errorf("doctor --no-vulkan opened Vulkan:\n%s", out)
	}
	_, out, _ = mainRun(t, "sysinfo", "--no-vulkan")
	if !strings.Contains(out, "Vulkan      not opened (--no-vulkan)") {
		t.Errorf("sysinfo --no-vulkan does not say why Vulkan is closed:\n%s", out)
	}
}

// TestDoctorNoVulkan: on this machine with no Vulkan driver to load, doctor
// fails the vulkan.device check (a run could not start) with the install
// advice once, and sysinfo says why Vulkan is closed.
func TestDoctorNoVulkan(t *testing.T) {
	t.Setenv("VK_DRIVER_FILES", filepath.Join(t.TempDir(), "no-such-icd.json"))
	code, out, errOut := mainRun(t, "doctor")
	if code != 1 || errOut != "" {
		t.Fatalf("doctor: exit %d, stderr %q; want 1", code, errOut)
	}
	if !strings.Contains(out, "fail  vulkan.device") || !strings.Contains(out, "no Vulkan device a run could use") || strings.Count(out, advice.InstallHint) != 1 {
		t.Errorf("doctor without a Vulkan driver:\n%s", out)
	}
	code, out, errOut = mainRun(t, "sysinfo")
	if code != 0 || !strings.Contains(out, "Vulkan      not opened (") || !strings.Contains(errOut, "Vulkan not available") {
		t.Errorf("sysinfo without a Vulkan driver: exit %d, stderr %q\n%s", code, errOut, out)
	}
}
