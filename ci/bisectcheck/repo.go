package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// repo is the throwaway repository of candidate commits.
type repo struct {
	dir     string
	commits []string // by position
	wrapper []string // a copy of each candidate's radvbench wrapper, outside the work tree
}

// wrapper is candidate i's radvbench build: a script running exe, under
// GALLIVM_PERF=nopt from position slow on.
func wrapper(exe string, i, slow int) string {
	env := ""
	if i >= slow {
		env = "GALLIVM_PERF=nopt "
	}
	return fmt.Sprintf("#!/bin/sh\n# candidate %s\n%sexec %s \"$@\"\n", name(i), env, quote(exe))
}

// quote is s as one sh word.
func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func (r *repo) git(ctx context.Context, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = r.dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=bisectcheck", "GIT_AUTHOR_EMAIL=bisectcheck@localhost",
		"GIT_COMMITTER_NAME=bisectcheck", "GIT_COMMITTER_EMAIL=bisectcheck@localhost")
	b, err := cmd.CombinedOutput()
	if err != nil {
		return string(b), fmt.Errorf("git %s: %w\n%s", strings.Join(args, " "), err, b)
	}
	return string(b), nil
}

// makeRepo commits the candidates in order, each its wrapper as
// ./radvbench, the commit's subject its name.
func makeRepo(ctx context.Context, c *config) (*repo, error) {
	r := &repo{dir: filepath.Join(c.out, "repo")}
	for _, d := range []string{r.dir, filepath.Join(c.out, "builds")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	if _, err := r.git(ctx, "init", "-q"); err != nil {
		return nil, err
	}
	for i := 0; i < c.candidates; i++ {
		w := wrapper(c.exe, i, c.slow)
		if err := os.WriteFile(filepath.Join(r.dir, "radvbench"), []byte(w), 0o755); err != nil {
			return nil, err
		}
		copyPath := filepath.Join(c.out, "builds", name(i))
		if err := os.WriteFile(copyPath, []byte(w), 0o755); err != nil {
			return nil, err
		}
		r.wrapper = append(r.wrapper, copyPath)
		if _, err := r.git(ctx, "add", "radvbench"); err != nil {
			return nil, err
		}
		if _, err := r.git(ctx, "commit", "-q", "--allow-empty", "-m", name(i)); err != nil {
			return nil, err
		}
		h, err := r.git(ctx, "rev-parse", "HEAD")
		if err != nil {
			return nil, err
		}
		r.commits = append(r.commits, strings.TrimSpace(h))
	}
	return r, nil
}

// outcome is one bisection's: the candidate it named the first bad ("" for
// none), its steps and its wall time.
type outcome struct {
	Found   string
	Steps   []step
	Seconds float64
	Exit    int
	Log     string
}

// step is one gate: its candidate, mark, rounds and whether the rounds
// stopped once the one-sided question was answered.
type step struct {
	Candidate, Mark string
	Rounds          int
	Answered        bool
}

func (o outcome) line(n int, want string) string {
	var ss []string
	for _, s := range o.Steps {
		t := fmt.Sprintf("%s %s %dr", s.Candidate, s.Mark, s.Rounds)
		if s.Answered {
			t += " (answered)"
		}
		ss = append(ss, t)
	}
	verdict := "found " + want
	if o.Found != want {
		found := o.Found
		if found == "" {
			found = "nothing"
		}
		verdict = fmt.Sprintf("MISSED %s (found %s)", want, found)
	}
	return fmt.Sprintf("bisection %d: %s; %d step(s): %s; %.0f s (exit %d; log %s)", n, verdict, len(o.Steps), strings.Join(ss, ", "), o.Seconds, o.Exit, o.Log)
}

// stepRE matches bisect step's last line: "c3: good — ...; 4 round(s)
// (stopped once answered: ...) (results: ...)".
var stepRE = regexp.MustCompile(`(?m)^(c\d+): (good|bad|unsure|skip) — .*?; (\d+) round\(s\)( \(stopped once answered)?`)

// parseSteps reads the steps of git bisect run's output, in order.
func parseSteps(out string) []step {
	var ss []step
	for _, m := range stepRE.FindAllStringSubmatch(out, -1) {
		n, _ := strconv.Atoi(m[3])
		ss = append(ss, step{Candidate: m[1], Mark: m[2], Rounds: n, Answered: m[4] != ""})
	}
	return ss
}

// firstBadRE matches git bisect's answer: "<hash> is the first bad commit".
var firstBadRE = regexp.MustCompile(`(?m)^([0-9a-f]{40}) is the first bad commit`)

// stepScript is the command git bisect run runs: radvbench bisect step
// of the checked-out candidate (named by its commit's subject) against
// the good end's build, every argument quoted for sh.
func stepScript(c *config, good string) string {
	var args []string
	for _, a := range c.gateArgs() {
		args = append(args, quote(a))
	}
	return fmt.Sprintf("#!/bin/sh\n# one step of git bisect run: the checked-out candidate against the good end\nname=$(git log -1 --format=%%s)\nexec %s bisect step %s --good %s --candidate \"$name:RADVBENCH_EXE=$PWD/radvbench\" -o %s/bisection-\"$BISECTCHECK_N-$name\".json\n",
		quote(c.exe), strings.Join(args, " "), quote("good:RADVBENCH_EXE="+good), quote(c.out))
}

// gitBisect runs git bisect run of radvbench bisect step over the
// repository, the good end c0's build (a copy outside the work tree).
func (r *repo) gitBisect(ctx context.Context, c *config, n int) (outcome, error) {
	o := outcome{Log: filepath.Join(c.out, fmt.Sprintf("bisection-%d.log", n))}
	script := filepath.Join(c.out, "step.sh")
	if err := os.WriteFile(script, []byte(stepScript(c, r.wrapper[0])), 0o755); err != nil {
		return o, err
	}
	r.git(ctx, "bisect", "reset", "-q")
	if _, err := r.git(ctx, "bisect", "start", r.commits[len(r.commits)-1], r.commits[0]); err != nil {
		return o, err
	}
	defer r.git(context.Background(), "bisect", "reset", "-q")
	cmd := exec.CommandContext(ctx, "git", "bisect", "run", script)
	cmd.Dir, cmd.Env = r.dir, append(os.Environ(), fmt.Sprintf("BISECTCHECK_N=%d", n))
	var buf bytes.Buffer
	if err := runLogged(ctx, cmd, &o, &buf); err != nil {
		return o, err
	}
	o.Steps = parseSteps(buf.String())
	if m := firstBadRE.FindStringSubmatch(buf.String()); m != nil {
		for i, h := range r.commits {
			if h == m[1] {
				o.Found = name(i)
			}
		}
	}
	return o, nil
}

// bisection is what this check reads of a bisection file
// (radvbench/bisect/v1).
type bisection struct {
	Status     string `json:"status"`
	Bad        int    `json:"bad"`
	Candidates []struct {
		Name string `json:"name"`
	} `json:"candidates"`
	Steps []struct {
		Candidate string `json:"candidate"`
		Mark      string `json:"mark"`
		Rounds    int    `json:"rounds"`
		Stop      string `json:"stop"`
	} `json:"steps"`
}

// listBisect runs radvbench bisect --candidates over the candidates'
// builds (the verification is its first step).
func (r *repo) listBisect(ctx context.Context, c *config, n int) (outcome, error) {
	o := outcome{Log: filepath.Join(c.out, fmt.Sprintf("bisection-%d.log", n))}
	list := filepath.Join(c.out, "candidates.txt")
	var b strings.Builder
	for i, w := range r.wrapper {
		fmt.Fprintf(&b, "%s:RADVBENCH_EXE=%s\n", name(i), w)
	}
	if err := os.WriteFile(list, []byte(b.String()), 0o644); err != nil {
		return o, err
	}
	file := filepath.Join(c.out, fmt.Sprintf("bisection-%d.json", n))
	cmd := exec.CommandContext(ctx, c.exe, append([]string{"bisect", "--candidates", list, "-o", file}, c.gateArgs()...)...)
	if err := runLogged(ctx, cmd, &o, io.Discard); err != nil {
		return o, err
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return o, fmt.Errorf("bisection %d wrote no file (exit %d, see %s): %w", n, o.Exit, o.Log, err)
	}
	var bf bisection
	if err := json.Unmarshal(data, &bf); err != nil {
		return o, fmt.Errorf("%s: %w", file, err)
	}
	for _, s := range bf.Steps {
		o.Steps = append(o.Steps, step{Candidate: s.Candidate, Mark: s.Mark, Rounds: s.Rounds, Answered: s.Stop == "answered"})
	}
	if bf.Status == "found" && bf.Bad >= 0 && bf.Bad < len(bf.Candidates) {
		o.Found = bf.Candidates[bf.Bad].Name
	}
	return o, nil
}

// runLogged runs cmd with its output written to o.Log as it goes (to
// follow a bisection of minutes) and to also, and records its wall time
// and exit status in o. An error is one that says nothing of the
// bisection: the check was cancelled, or cmd could not run.
func runLogged(ctx context.Context, cmd *exec.Cmd, o *outcome, also io.Writer) error {
	logf, err := os.Create(o.Log)
	if err != nil {
		return err
	}
	defer logf.Close()
	cmd.Stdout = io.MultiWriter(also, logf)
	cmd.Stderr = cmd.Stdout
	start := time.Now()
	err = cmd.Run()
	o.Seconds = time.Since(start).Seconds()
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.As(err, &ee):
		o.Exit = ee.ExitCode()
	case err != nil:
		return err
	}
	return nil
}
