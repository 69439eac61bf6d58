package launch

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/describe"
	"github.com/radvbench/radvbench/bench/isa"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// The capture path on a driver that has VK_KHR_pipeline_executable_properties:
// RADV, emulated on the host's Mesa (DRM shim or null winsys), in a child
// process started with the target's environment (the shim must be chosen
// before the loader starts). The child opens the emulated device as a run
// would open its timed device, captures one quick GEMM as the runner is
// about to set it up, attaches the statistics to that benchmark's result
// and writes the result for the parent to check.

const captureChildEnv = "LAUNCH_TEST_CAPTURE_CHILD"

func init() {
	out := os.Getenv(captureChildEnv)
	if out == "" {
		return
	}
	r, err := captureOnEmulated()
	if err == nil {
		var data []byte
		if data, err = json.Marshal(r); err == nil {
			err = os.WriteFile(out, data, 0o644)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(0)
}

// captureOnEmulated runs the capturer on this process's emulated RADV
// device for the first quick naive GEMM.
func captureOnEmulated() (*resultsfile.Result, error) {
	inst, err := gpu.NewInstance()
	if err != nil {
		return nil, err
	}
	defer inst.Close()
	devs, err := inst.Devices()
	if err != nil {
		return nil, err
	}
	var pd *gpu.PhysicalDevice
	for _, d := range devs {
		if describe.Emulation(d) != nil {
			pd = d
		}
	}
	if pd == nil {
		return nil, fmt.Errorf("no emulated RADV device among %d devices", len(devs))
	}
	p := lavapipePlan("")
	head := &resultsfile.File{Capture: captureState(&p, pd)}
	if head.Capture != resultsfile.CaptureOn {
		return nil, fmt.Errorf("capture state on %s: %q, want %q", pd.Name, head.Capture, resultsfile.CaptureOn)
	}
	c := newCapturer(&p, pd, head)
	if c == nil {
		return nil, fmt.Errorf("no capturer on %s: %s", pd.Name, head.Capture)
	}
	defer c.close()
	items := runner.Plan(runner.Options{Suites: p.Suites, Filter: p.Filter, Kernel: p.Kernel})
	if len(items) == 0 {
		return nil, fmt.Errorf("no benchmark in the plan")
	}
	c.before(context.Background(), items[0])
	r := runner.NewResult(items[0])
	r.Status = resultsfile.StatusOK
	c.attach(&r)
	return &r, nil
}

func TestCaptureOnRADV(t *testing.T) {
	in, err := isa.Detect("/")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI=%s but %v (make deps)", os.Getenv("CI"), err)
		}
		t.Skipf("%v (make deps installs the emulation)", err)
	}
	plans, _, err := in.Resolve([]string{"navi31"})
	if err != nil {
		t.Fatalf("resolve navi31 on the host's Mesa: %v", err)
	}
	out := filepath.Join(t.TempDir(), "result.json")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(plans[0].Environ(os.Environ()), captureChildEnv+"="+out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child on emulated navi31: %v\n%s", err, msg)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var r resultsfile.Result
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Pipelines) == 0 {
		t.Fatalf("%s: no pipelines captured", r.ID())
	}
	for _, p := range r.Pipelines {
		if len(p.Executables) == 0 {
			t.Errorf("pipeline %s: no executables", p.Name)
		}
		for _, e := range p.Executables {
			if e.Stats["VGPRs"] <= 0 || e.Derived == nil {
				t.Errorf("pipeline %s, executable %s: VGPRs %g, derived %v: want ACO's statistics and counts from its assembly", p.Name, e.Name, e.Stats["VGPRs"], e.Derived)
			}
			if e.Asm != "" {
				t.Errorf("executable %s: assembly path %q in a run's capture: a run writes no assembly files", e.Name, e.Asm)
			}
			if e.Hashes["Hash"] == 0 {
				t.Errorf("executable %s: hashes %v: want ACO's code hash, exact", e.Name, e.Hashes)
			}
		}
		if len(p.Key) != 16 {
			t.Errorf("pipeline %s: key %q, want 16 hex digits", p.Name, p.Key)
		}
	}
}

// TestCaptureState: what a run records of its capture, by driver and ask.
func TestCaptureState(t *testing.T) {
	radv := &gpu.PhysicalDevice{Extensions: map[string]bool{"VK_KHR_pipeline_executable_properties": true}}
	radv.Info.PipelineExecutableInfo = true
	lvp := &gpu.PhysicalDevice{Extensions: map[string]bool{}}
	for _, tc := range []struct {
		name string
		off  bool
		pd   *gpu.PhysicalDevice
		want string
	}{
		{"radv", false, radv, resultsfile.CaptureOn},
		{"radv, turned off", true, radv, resultsfile.CaptureOff},
		{"lavapipe", false, lvp, resultsfile.CaptureUnsupported + ": the driver lacks VK_KHR_pipeline_executable_properties"},
		{"lavapipe, turned off", true, lvp, resultsfile.CaptureOff},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := &Plan{NoCapture: tc.off, Suites: []*kernel.Suite{}, Filter: regexp.MustCompile(".")}
			if got := captureState(p, tc.pd); got != tc.want {
				t.Errorf("captureState = %q, want %q", got, tc.want)
			}
			if tc.want == resultsfile.CaptureOn {
				return // opening the capture device needs a driver: TestCaptureOnRADV
			}
			if c := newCapturer(p, tc.pd, &resultsfile.File{Capture: tc.want}); c != nil {
				t.Errorf("a capturer for %q: want none", tc.want)
			}
		})
	}
}
