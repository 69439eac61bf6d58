package main

// The child side of supervised runs ('run --runs N', '--config', '--isolate'):
// a child is 'radvbench run' with hidden flags, run by the parent with
// os.Executable(). It reports on file descriptor 3, one JSON object a
// line: a header (the results file's metadata and the plan), "start" before
// each benchmark, "sample" after each of its timed samples when the parent
// asks (--child-samples, for --watch), "result" after it, and "end" when
// its share is done.
// Its own stdout (where the validation layer writes) is passed through.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"strings"
	"syscall"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/reports/results"
	"github.com/radvbench/radvbench/shaders"
)

// childFD is the file descriptor of the protocol pipe in a child.
const childFD = 3

// exitDeviceLost is a child's exit status after it reported a result
// whose device was lost: the rest needs a fresh process.
const exitDeviceLost = 3

// childMsg is one protocol line.
type childMsg struct {
	Header *results.File `json:"header,omitempty"`
	// Plan is every benchmark ID of the run in plan order; Order is this
	// run's (shuffled) order; Groups gives each ordered item's shared-input
	// group.
	Plan   []string `json:"plan,omitempty"`
	Order  []string `json:"order,omitempty"`
	Groups []int    `json:"groups,omitempty"`
	Start  string   `json:"start,omitempty"`
	// Item is the started benchmark's result skeleton (identity, metric),
	// for the failed result the parent records if the child dies.
	Item    *results.Result   `json:"item,omitempty"`
	Sample  *childSample      `json:"sample,omitempty"`
	Result  *results.Result   `json:"result,omitempty"`
	Shaders map[string]string `json:"shaders,omitempty"`
	End     bool              `json:"end,omitempty"`
}

// childSample is one timed sample of the benchmark in progress, in the
// metric's unit (runner.Options.OnSample).
type childSample struct {
	ID    string  `json:"id"`
	N     int     `json:"n"`
	Value float64 `json:"value"`
}

// childSide is the state of a child run.
type childSide struct {
	out     *os.File
	skip    map[string]bool
	groups  int // run at most this many shared-input groups (0: all)
	ordered []runner.Item
	fault   testFault
	hashes  map[string]string // of the current benchmark's shaders
}

func newChildSide(skipFile string, groups int) (*childSide, error) {
	c := &childSide{out: os.NewFile(childFD, "radvbench-protocol"), skip: map[string]bool{}, groups: groups, fault: parseTestFault()}
	if c.out == nil {
		return nil, usagef("--child is internal: radvbench runs it itself")
	}
	if skipFile != "" {
		data, err := os.ReadFile(skipFile)
		if err != nil {
			return nil, fmt.Errorf("read the child's skip list: %w", err)
		}
		for _, id := range strings.Split(string(data), "\n") {
			if id != "" {
				c.skip[id] = true
			}
		}
	}
	return c, nil
}

func (c *childSide) send(m childMsg) {
	data, err := json.Marshal(m)
	if err != nil {
		panic(fmt.Sprintf("encode protocol line: %v", err))
	}
	// The parent is gone when this fails; the child then stops.
	if _, err := c.out.Write(append(data, '\n')); err != nil {
		os.Exit(1)
	}
}

// order is the runner's Order hook: shuffle, report the plan with the
// header, drop what is done and keep the first c.groups groups.
func (c *childSide) order(header *results.File, seed uint64) func([]runner.Item) []runner.Item {
	return func(plan []runner.Item) []runner.Item {
		shuffled := runner.Shuffle(plan, seed)
		groups := runner.Group(shuffled)
		m := childMsg{Header: header, Groups: groups}
		for _, it := range plan {
			m.Plan = append(m.Plan, it.ID())
		}
		for _, it := range shuffled {
			m.Order = append(m.Order, it.ID())
		}
		c.send(m)
		var keep []runner.Item
		first, taken := -1, 0
		for i, it := range shuffled {
			if c.skip[it.ID()] {
				continue
			}
			if groups[i] != first {
				if c.groups > 0 && taken == c.groups {
					break
				}
				first = groups[i]
				taken++
			}
			keep = append(keep, it)
		}
		c.ordered = keep
		return keep
	}
}

// progress reports each benchmark's start, and fires the test fault.
func (c *childSide) progress(done, total int, name, phase string) {
	if done >= len(c.ordered) {
		return
	}
	it := c.ordered[done]
	id := it.ID()
	if phase == "setting up" {
		skel := runner.NewResult(it)
		c.hashes = map[string]string{}
		for _, s := range it.Kernel.Shaders {
			if h, err := shaders.Hash(s); err == nil {
				c.hashes[s] = h
			}
		}
		c.send(childMsg{Start: id, Item: &skel})
	}
	c.fault.maybeFire(id, phase)
}

// result reports a finished benchmark; after a lost device the child
// exits at once (tearing down a lost or hung device may block).
func (c *childSide) result(dev *gpu.Device) func(r *results.Result) {
	return func(r *results.Result) {
		c.send(childMsg{Result: r, Shaders: c.hashes})
		if dev.Lost() != nil {
			c.out.Close()
			syscall.Exit(exitDeviceLost)
		}
	}
}

// sample reports a timed sample (a non-finite value, which JSON cannot
// carry, is left out: the live view only misses a point).
func (c *childSide) sample(id string, n int, v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return
	}
	c.send(childMsg{Sample: &childSample{ID: id, N: n, Value: v}})
}

func (c *childSide) end() { c.send(childMsg{End: true}); c.out.Close() }

// runChild is 'run --child': run the share of the plan the parent asks
// for (order seed, skip list, groups) and report on the protocol pipe.
func runChild(ctx context.Context, stderr io.Writer, f runFlags, suites []*kernel.Suite, re *regexp.Regexp,
	kopts kernel.Options, labels map[string]string, args []string) error {
	c, err := newChildSide(f.childSkip, f.childGroups)
	if err != nil {
		return err
	}
	sys, err := collectSystem(f.sysroot, f.dmesg)
	if err != nil {
		return err
	}
	pd, dev, closeDev, err := openRunDevice(&f, &kopts, stderr)
	if err != nil {
		return err
	}
	defer closeDev()
	if d := testFenceTimeout(); d > 0 {
		dev.Timeout = d
	}
	header := &results.File{
		Schema: results.Schema, Tool: toolVersion(), Started: time.Now().UTC(), Quick: f.quick,
		Device: pd.Describe(), Labels: labels,
	}
	for _, s := range suites {
		header.Suites = append(header.Suites, s.Name)
	}
	attachSystem(header, sys, pd)
	ropts := runner.Options{
		Suites: suites, Filter: re, Kernel: kopts, TargetCI: f.targetCI / 100, MaxTime: f.maxTime, Warmup: f.warmup,
		Peaks: gpu.Peaks(header.Device.SKU), Order: c.order(header, f.orderSeed), Progress: c.progress, OnResult: c.result(dev),
		Observer: runner.NewObserver(dev, f.sysroot),
	}
	if f.childSamples {
		ropts.OnSample = c.sample
	}
	if clocks := sysinfo.ReadClocks(f.sysroot); len(clocks) > 0 {
		read := func() map[string]float64 { return numericClocks(sysinfo.ReadClocks(f.sysroot)) }
		ropts.BeforeEach, ropts.AfterEach = read, read
	}
	_, _, runErr := runner.Run(ctx, dev, ropts)
	if runErr != nil {
		return &exitError{code: 130, msg: "interrupted"}
	}
	c.end()
	return nil
}
