// Package supervisetest is the fake child of the supervisor's process
// tests, for every package that supervises children (bench/supervise,
// bench/launch): a test binary whose TestMain calls RunIfChild acts out a
// script instead of running its tests when the supervisor starts it as a
// child.
package supervisetest

import (
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// RunIfChild acts out the fake child's script and exits when FAKE_CHILD is
// set (the test binary was started as a child), and returns otherwise.
// FAKE_CHILD lists the plan's benchmarks as kernel[:fault] separated by
// spaces; a fault is segv, abort, hang, lost, exit (between benchmarks,
// after this one's result), usage (exit 2 before the header), sigterm
// (SIGTERM, uncaught, kills it) or interrupted (it stops as radvbench
// stops on a signal it caught: exit status supervise.ExitInterrupted,
// without the benchmark's result; interrupted-early: the same before the
// header, on the first benchmark only). Each
// fault fires once: the child creates FAKE_DIR/<kernel> first, and a
// later child finding it behaves.
func RunIfChild() {
	if script := os.Getenv("FAKE_CHILD"); script != "" {
		fakeChild(script)
		os.Exit(0)
	}
}

// Result is the fake child's result skeleton for kernel.
func Result(kernel string) *resultsfile.Result {
	return &resultsfile.Result{Suite: "fake", Kernel: kernel, Variant: map[string]string{"name": "v"},
		Metric: resultsfile.Metric{Name: "t", Unit: "ns", Better: resultsfile.LowerIsBetter}}
}

func fakeChild(script string) {
	fs := flag.NewFlagSet("fake", flag.ContinueOnError)
	var cf supervise.ChildFlags
	cf.Define(fs)
	fs.Parse(os.Args[1:])
	var ids []string
	faults := map[string]string{}
	for _, w := range strings.Fields(script) {
		k, fault, _ := strings.Cut(w, ":")
		ids = append(ids, Result(k).ID())
		faults[Result(k).ID()] = fault
	}
	fired := func(id string) bool {
		mark := filepath.Join(os.Getenv("FAKE_DIR"), strings.ReplaceAll(id, "/", "_"))
		_, err := os.Stat(mark)
		os.WriteFile(mark, nil, 0o644)
		return err == nil
	}
	if faults[ids[0]] == "usage" && !fired(ids[0]) {
		fmt.Fprintln(os.Stderr, "radvbench run: --sizes \"x\": bad size")
		os.Exit(2)
	}
	if faults[ids[0]] == "interrupted-early" && !fired(ids[0]) {
		fmt.Fprintln(os.Stderr, "radvbench run: interrupted")
		os.Exit(supervise.ExitInterrupted)
	}
	c, err := supervise.OpenChild(cf)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	groups := make([]int, len(ids))
	for i := range groups {
		groups[i] = i // every benchmark its own group
	}
	order := append([]string(nil), ids...)
	if cf.Seed%2 == 1 { // odd seeds reverse the order
		for i, j := 0, len(order)-1; i < j; i, j = i+1, j-1 {
			order[i], order[j] = order[j], order[i]
		}
	}
	c.Send(supervise.Msg{Header: &resultsfile.File{Schema: resultsfile.Schema, Started: time.Now().UTC(), Device: resultsfile.Device{Name: "fake device"}, Fingerprint: map[string]string{"k": "v"}},
		Plan: ids, Order: order, Groups: groups})
	for _, i := range c.Select(order, groups) {
		id := order[i]
		kernel := strings.Split(id, "/")[1]
		if c.Turn(id) != nil {
			os.Exit(1)
		}
		fakeLog("start " + os.Getenv("FAKE_CONFIG") + " " + kernel)
		c.Send(supervise.Msg{Start: id, Item: Result(kernel)})
		fault := faults[id]
		if fault != "" && fault != "exit" && !fired(id) {
			switch fault {
			case "segv":
				syscall.Kill(os.Getpid(), syscall.SIGSEGV)
			case "abort":
				syscall.Kill(os.Getpid(), syscall.SIGABRT)
			case "sigterm":
				syscall.Kill(os.Getpid(), syscall.SIGTERM)
			case "interrupted":
				fmt.Fprintln(os.Stderr, "radvbench run: interrupted")
				os.Exit(supervise.ExitInterrupted)
			case "hang":
				fmt.Fprintln(os.Stderr, "hanging in", id)
				select {}
			case "lost":
				r := Result(kernel)
				r.Status, r.Reason = resultsfile.StatusFailed, "VK_ERROR_DEVICE_LOST"
				c.Send(supervise.Msg{Result: r, DeviceLost: true})
				c.Close()
				os.Exit(supervise.ExitDeviceLost)
			}
			time.Sleep(time.Minute) // the signal ends the process
		}
		for range 3 * btoi(c.BySample()) { // in lockstep by samples, three sample turns
			if c.SampleTurn(id) != nil {
				os.Exit(1)
			}
			fakeLog("sample " + os.Getenv("FAKE_CONFIG") + " " + kernel)
		}
		if cf.Samples {
			c.Send(supervise.Msg{Sample: &supervise.Sample{ID: id, N: 1, Value: 7}})
		}
		r := Result(kernel)
		r.Status, r.Verified, r.Note = resultsfile.StatusOK, true, os.Getenv("FAKE_CONFIG")
		v := fakeValue(os.Getenv("FAKE_CONFIG"), cf.Seed, id)
		r.Metric.Value, r.Metric.Samples, r.SamplesNS = v, []float64{v, v * 1.01, v * 0.99}, []float64{v, v * 1.01, v * 0.99}
		fakeLog("end " + os.Getenv("FAKE_CONFIG") + " " + kernel)
		c.Send(supervise.Msg{Result: r, Shaders: map[string]string{kernel + ".spv": "hash-" + kernel}})
		if fault == "exit" && !fired(id) {
			fmt.Fprintln(os.Stderr, "radvbench run: leaving early")
			os.Exit(1)
		}
	}
	c.End()
}

// fakeValue is a benchmark's figure in a run: 7 ns, spread by up to 5%
// from run to run and configuration to configuration (a hash of the
// three), so two runs never hold the same content.
func fakeValue(config string, seed uint64, id string) float64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d/%s", config, seed, id)
	return 7 * (1 + float64(h.Sum64()%1000)/20000)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// fakeLog appends a line to FAKE_LOG when it is set (one write, O_APPEND:
// the lines of children running side by side do not tear).
func fakeLog(line string) {
	if p := os.Getenv("FAKE_LOG"); p != "" {
		f, err := os.OpenFile(p, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			f.Write([]byte(line + "\n"))
			f.Close()
		}
	}
}
