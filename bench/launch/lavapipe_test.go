package launch

import (
	"context"
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/suitetest"
	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/core/resultsfile"

	_ "github.com/radvbench/radvbench/bench/suites/matmul"
)

// The real modes on lavapipe: a run in this process, and a run whose
// child processes are this test binary acting as a run's child
// (runChildEnv set: Child with a RunWorker), each verifying and timing
// the quick naive GEMMs.

const runChildEnv = "LAUNCH_TEST_RUN_CHILD"

func init() {
	if os.Getenv(runChildEnv) == "" {
		return
	}
	fs := flag.NewFlagSet("child", flag.ContinueOnError)
	var cf supervise.ChildFlags
	cf.Define(fs)
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	w := &RunWorker{Plan: lavapipePlan(""), Env: lavapipeEnv("")}
	if err := Child(context.Background(), cf, w); err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(1)
	}
	os.Exit(0)
}

// lavapipePlan is the quick naive GEMMs, written to out.
func lavapipePlan(out string) Plan {
	suites, err := kernel.Lookup([]string{"matmul"})
	if err != nil {
		panic(err)
	}
	p := Plan{Suites: suites, Filter: regexp.MustCompile(`^matmul/naive/`), Kernel: kernel.Options{Quick: true, Seed: 1},
		TargetCI: 0.05, Runs: 1, Out: out, Args: []string{"--quick"}, Command: []string{"radvbench", "run"}}
	return p
}

func lavapipeEnv(root string) Env {
	env := fakeEnvAt(root)
	env.SelectDevice = gpu.SelectPhysical
	return env
}

func TestRunLavapipe(t *testing.T) {
	suitetest.RequireVulkan(t)
	for _, tc := range []struct {
		name      string
		isolation supervise.Isolation
	}{
		{"in process", supervise.IsolateOff},
		{"a child per kernel", supervise.IsolateKernel},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(runChildEnv, "1")
			dir := t.TempDir()
			p := lavapipePlan(dir + "/r.json")
			p.Isolation = tc.isolation
			p.Benchmarks = 1
			var header *resultsfile.File
			var streamed []string
			h := Hooks{
				Header: func(f *resultsfile.File, resumed []resultsfile.Result) { header = f },
				Result: func(r *resultsfile.Result) { streamed = append(streamed, r.ID()) },
			}
			o, err := Run(context.Background(), p, h, lavapipeEnv(dir))
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			inProcess := tc.isolation == supervise.IsolateOff
			if o.Streamed != inProcess || (header != nil) != inProcess || o.Supervised == inProcess {
				t.Errorf("streamed %v, header %v, supervised %v: want a header and streamed rows only in process", o.Streamed, header != nil, o.Supervised)
			}
			if len(o.File.Results) == 0 || len(streamed) != len(o.File.Results) {
				t.Fatalf("%d results, %d streamed", len(o.File.Results), len(streamed))
			}
			for _, r := range o.File.Results {
				if r.Status != resultsfile.StatusOK || !r.Verified || r.Metric.Value <= 0 {
					t.Errorf("%s: status %s, verified %v, value %g: want a verified figure", r.ID(), r.Status, r.Verified, r.Metric.Value)
				}
			}
			// lavapipe cannot say what it compiled: the header says so and
			// no capture compile runs (no result carries pipelines).
			if !strings.HasPrefix(o.File.Capture, resultsfile.CaptureUnsupported+": ") {
				t.Errorf("capture %q: want %q and why", o.File.Capture, resultsfile.CaptureUnsupported)
			}
			for _, r := range o.File.Results {
				if len(r.Pipelines) > 0 {
					t.Errorf("%s: %d captured pipelines on lavapipe", r.ID(), len(r.Pipelines))
				}
			}
			if !o.File.Device.CPU || len(o.File.Shaders) == 0 {
				t.Errorf("device %q (CPU %v), %d shader hashes: want lavapipe and the kernel's hashes", o.File.Device.Name, o.File.Device.CPU, len(o.File.Shaders))
			}
		})
	}
}

// TestAutoIsolationFromDevice: --isolate=auto decides from the device the
// run opens, not from the system record. The record here is an RX 7900
// XTX machine's (a saved tree with an AMD GPU), the device opened is
// lavapipe: a CPU implementation, so the run stays in this process.
func TestAutoIsolationFromDevice(t *testing.T) {
	suitetest.RequireVulkan(t)
	t.Setenv(runChildEnv, "1")
	dir := t.TempDir()
	p := lavapipePlan(dir + "/r.json")
	p.Isolation, p.Benchmarks = supervise.IsolateAuto, 1
	env := lavapipeEnv("../sysinfo/testdata/rx7900xtx-frag4/root")
	if sys, err := env.System(p.Sysroot, p.Dmesg); err != nil || len(sys.GPUs) == 0 {
		t.Fatalf("the fixture's record has no AMD GPU (%v): the test would not tell the record from the device", err)
	}
	var header *resultsfile.File
	o, err := Run(context.Background(), p, Hooks{Header: func(f *resultsfile.File, _ []resultsfile.Result) { header = f }}, env)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if o.Supervised || !o.Streamed || header == nil {
		t.Errorf("supervised %v, streamed %v, header %v: want lavapipe's run in this process", o.Supervised, o.Streamed, header != nil)
	}
	if !o.File.Device.CPU || len(o.File.Results) == 0 {
		t.Errorf("device %q (CPU %v), %d results: want lavapipe's", o.File.Device.Name, o.File.Device.CPU, len(o.File.Results))
	}
}
