package supervise

// Spawning a child: its skip list, its command line and environment, its
// own process group, the protocol and turn pipes; its messages read and
// its exit awaited in the background.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"github.com/radvbench/radvbench/bench/lockstep"
)

// childProc is one started child process: its command, the parent's ends
// of the protocol pipe and (in lockstep) the turn pipe, the tail of its
// stderr, the messages read from the pipe, and its exit.
type childProc struct {
	cmd    *exec.Cmd
	proto  *os.File // the protocol pipe's read end
	turnW  *os.File // the turn pipe's write end (lockstep only)
	stderr *Tail
	// turns and side: the turn the child holds (in lockstep), released
	// with it.
	turns *lockstep.Turns
	side  int

	msgs    chan Msg
	readErr chan error
	waited  chan struct{} // closed when cmd.Wait returned waitErr
	waitErr error
}

// childArgs are the protocol flags the supervisor gives a child.
func childArgs(skipFile string, seed uint64, groups int, samples bool, turns *lockstep.Turns) []string {
	args := []string{"--" + flagChild, "--" + flagSeed, strconv.FormatUint(seed, 10), "--" + flagSkip, skipFile,
		"--" + flagGroups, strconv.Itoa(groups)}
	if samples {
		args = append(args, "--"+flagSamples)
	}
	if turns != nil {
		args = append(args, "--"+flagLockstep)
		if turns.Samples {
			args = append(args, "--"+flagLockstepSamples)
		}
	}
	return args
}

// spawn starts one child of run r with configuration c, told to skip
// what is done: the protocol pipe on FD 3 and, in lockstep, the turn pipe
// on TurnFD; then reads its messages and awaits its exit in the
// background. Call close when done with it.
func (s *Supervisor) spawn(r int, c Config, seed uint64, done map[string]bool) (*childProc, error) {
	skipFile := filepath.Join(s.tmp, fmt.Sprintf("skip-%d-%d", r, s.Stats.Children))
	if err := writeSkipList(skipFile, done); err != nil {
		return nil, err
	}
	exe := s.Exe
	if c.Exe != "" {
		exe = c.Exe
	}
	cmd := s.command(exe, c, skipFile, seed)
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("protocol pipe for a child process: %w", err)
	}
	p := &childProc{cmd: cmd, proto: pr, stderr: &Tail{N: 40}, msgs: make(chan Msg), readErr: make(chan error, 1), waited: make(chan struct{})}
	cmd.ExtraFiles = []*os.File{pw} // FD 3
	var turnR *os.File              // the child's go, in lockstep
	if s.Lockstep != nil {
		if turnR, p.turnW, err = os.Pipe(); err != nil {
			pw.Close()
			pr.Close()
			return nil, fmt.Errorf("turn pipe for a child process: %w", err)
		}
		p.turns, p.side = s.Lockstep, s.Side
		cmd.ExtraFiles = append(cmd.ExtraFiles, turnR) // TurnFD
	}
	cmd.Stderr = p.stderr
	err = cmd.Start()
	pw.Close() // the child's ends of the pipes
	if turnR != nil {
		turnR.Close()
	}
	if err != nil {
		p.close()
		return nil, fmt.Errorf("start a child process of %s: %w", exe, err)
	}
	s.Stats.Children++
	go p.read()
	go func() { p.waitErr = cmd.Wait(); close(p.waited) }()
	return p, nil
}

// writeSkipList writes the IDs of the benchmarks done, sorted, one a
// line, to path: the child leaves them out.
func writeSkipList(path string, done map[string]bool) error {
	skip := make([]string, 0, len(done))
	for id := range done {
		skip = append(skip, id)
	}
	sort.Strings(skip)
	if err := os.WriteFile(path, []byte(strings.Join(skip, "\n")+"\n"), 0o644); err != nil {
		return fmt.Errorf("write the child's skip list: %w", err)
	}
	return nil
}

// command is a child's command: exe with the supervisor's arguments and
// the protocol flags, c's environment, the supervisor's stdout, and its
// own process group.
func (s *Supervisor) command(exe string, c Config, skipFile string, seed uint64) *exec.Cmd {
	args := append(append([]string(nil), s.Args...), childArgs(skipFile, seed, s.Groups, s.OnSample != nil, s.Lockstep)...)
	cmd := exec.Command(exe, args...)
	cmd.Env = os.Environ()
	if c.Environ != nil {
		cmd.Env = c.Environ(cmd.Env)
	} else {
		for k, v := range c.Env {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
	}
	// Its own process group, so a timeout kills every process and thread
	// of it; and it dies with the parent.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	cmd.Stdout = s.Stdout
	if cmd.Stdout == nil {
		cmd.Stdout = io.Discard
	}
	return cmd
}

// read sends each protocol line of the child on msgs until the pipe
// closes (then closes msgs) or a line is not a Msg (readErr).
func (p *childProc) read() {
	defer close(p.msgs)
	br := bufio.NewReaderSize(p.proto, 1<<16)
	for {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 && line[len(line)-1] == '\n' {
			var m Msg
			if jerr := json.Unmarshal(line, &m); jerr != nil {
				p.readErr <- fmt.Errorf("unreadable protocol line from a child process: %v", jerr)
				return
			}
			p.msgs <- m
		}
		if err != nil {
			return
		}
	}
}

// kill kills the child's process group.
func (p *childProc) kill() { syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL) }

// close gives back the turn the child held, in lockstep (a turn ends
// with its child), and closes the parent's ends of its pipes.
func (p *childProc) close() {
	if p.turns != nil {
		p.turns.Release(p.side)
		p.turnW.Close()
	}
	p.proto.Close()
}
