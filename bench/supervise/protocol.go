package supervise

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// FD is the file descriptor of the protocol pipe in a child; TurnFD the
// pipe on which a child in lockstep is told to go (one byte a turn).
const (
	FD     = 3
	TurnFD = 4
)

// ExitDeviceLost is a child's exit status after it reported a result
// whose device was lost (Msg.DeviceLost): the rest needs a fresh process.
const ExitDeviceLost = 3

// ExitInterrupted is the exit status of a radvbench a signal (SIGINT,
// SIGTERM) stopped: 128 + SIGINT, as a shell reports a Ctrl-C. A child
// exits with it when a signal ended its run; its parent then ends the
// whole run as interrupted and journals nothing of the benchmark the
// child was running (see Supervisor.RunOnce).
const ExitInterrupted = 130

// Msg is one protocol line. A child sends a header (the results file's
// metadata and the plan) first, then "start" before each benchmark (in
// lockstep "ready" first, and it waits for its turn),
// "sample" after each of its timed samples when the parent asks for them,
// "result" after it, and "end" when its share is done.
type Msg struct {
	Header *resultsfile.File `json:"header,omitempty"`
	// Plan is every benchmark ID of the run in plan order; Order is this
	// run's (shuffled) order; Groups gives each ordered item's
	// shared-input group.
	Plan   []string `json:"plan,omitempty"`
	Order  []string `json:"order,omitempty"`
	Groups []int    `json:"groups,omitempty"`
	Start  string   `json:"start,omitempty"`
	// Ready asks for the turn to run this benchmark (lockstep only);
	// ReadySample for the turn to take one sample of the benchmark it
	// runs (lockstep by samples only, lockstep.Turns.Samples).
	Ready       string `json:"ready,omitempty"`
	ReadySample string `json:"ready_sample,omitempty"`
	// Item is the started benchmark's result skeleton (identity, metric),
	// for the failed result the parent records if the child dies.
	Item    *resultsfile.Result `json:"item,omitempty"`
	Sample  *Sample             `json:"sample,omitempty"`
	Result  *resultsfile.Result `json:"result,omitempty"`
	Shaders map[string]string   `json:"shaders,omitempty"`
	// DeviceLost marks a result whose device was lost
	// (VK_ERROR_DEVICE_LOST or a fence that never signalled): the child
	// exits with ExitDeviceLost after sending it.
	DeviceLost bool `json:"device_lost,omitempty"`
	End        bool `json:"end,omitempty"`
}

// Sample is one timed sample of the benchmark in progress, in the
// metric's unit.
type Sample struct {
	ID    string  `json:"id"`
	N     int     `json:"n"`
	Value float64 `json:"value"`
}

// Child is the child side of the protocol.
type Child struct {
	out    io.WriteCloser
	skip   map[string]bool
	groups int
	turns  io.Reader // nil unless in lockstep
	// bySample: the turns are taken sample by sample
	// (lockstep.Turns.Samples).
	bySample bool
}

// OpenChild opens the protocol pipe the parent passed as FD (and, in
// lockstep, the turn pipe TurnFD), with the child flags: the benchmarks
// to skip (one ID a line in the skip file, "" for none) and the number
// of shared-input groups to run (0: all).
func OpenChild(cf ChildFlags) (*Child, error) {
	out := os.NewFile(FD, "radvbench-protocol")
	if out == nil {
		return nil, fmt.Errorf("no protocol pipe on file descriptor %d: the child mode is internal, radvbench runs it itself", FD)
	}
	c, err := NewChild(out, cf.Skip, cf.Groups)
	if err != nil {
		return nil, err
	}
	if cf.Lockstep {
		turns := os.NewFile(TurnFD, "radvbench-turns")
		if turns == nil {
			return nil, fmt.Errorf("no turn pipe on file descriptor %d: the child mode is internal, radvbench runs it itself", TurnFD)
		}
		c.turns = turns
		c.bySample = cf.LockstepSamples
	}
	return c, nil
}

// NewChild is OpenChild on another writer, not in lockstep.
func NewChild(out io.WriteCloser, skipFile string, groups int) (*Child, error) {
	c := &Child{out: out, skip: map[string]bool{}, groups: groups}
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

// Send writes one protocol line. An error means the parent is gone.
func (c *Child) Send(m Msg) error {
	data, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("encode protocol line: %w", err)
	}
	if _, err := c.out.Write(append(data, '\n')); err != nil {
		return fmt.Errorf("write to the parent: %w", err)
	}
	return nil
}

// Turn waits for the parent's go to run benchmark id when the child is in
// lockstep (see lockstep.Turns), and returns at once otherwise. An error
// means the parent is gone.
func (c *Child) Turn(id string) error {
	return c.turn(Msg{Ready: id}, id)
}

// BySample reports whether the child takes a turn before each sample
// (SampleTurn) as well as before each benchmark.
func (c *Child) BySample() bool { return c.turns != nil && c.bySample }

// SampleTurn waits for the parent's go to take one sample of benchmark
// id when the child's turns are taken sample by sample (BySample), and
// returns at once otherwise. An error means the parent is gone.
func (c *Child) SampleTurn(id string) error {
	if !c.BySample() {
		return nil
	}
	return c.turn(Msg{ReadySample: id}, id)
}

func (c *Child) turn(m Msg, id string) error {
	if c.turns == nil {
		return nil
	}
	if id == "" {
		// The parent would not see the request (Ready is omitted when
		// empty) and the child would wait for ever.
		return errors.New("a turn needs the benchmark's ID")
	}
	if err := c.Send(m); err != nil {
		return err
	}
	var b [1]byte
	if _, err := io.ReadFull(c.turns, b[:]); err != nil {
		return fmt.Errorf("wait for the parent's turn: %w", err)
	}
	return nil
}

// Select picks the share of an ordered plan this child runs: the items
// not on the skip list, from at most the first c.groups shared-input
// groups that still have one (all groups when c.groups is 0). ids are the
// ordered benchmark IDs and groups each one's group; it returns the
// indices to run, in order.
func (c *Child) Select(ids []string, groups []int) []int {
	var keep []int
	first, taken := -1, 0
	for i, id := range ids {
		if c.skip[id] {
			continue
		}
		if groups[i] != first {
			if c.groups > 0 && taken == c.groups {
				break
			}
			first = groups[i]
			taken++
		}
		keep = append(keep, i)
	}
	return keep
}

// End reports that the child's share is done and closes the pipe.
func (c *Child) End() error {
	err := c.Send(Msg{End: true})
	if cerr := c.out.Close(); err == nil {
		err = cerr
	}
	return err
}

// Close closes the pipe without an end message (the child is about to
// exit after a lost device).
func (c *Child) Close() error { return c.out.Close() }
