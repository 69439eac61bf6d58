// Command decisiveness measures how decisive radvbench's gate is beside a
// noisy neighbour: for each radvbench build given, an A/A gate (`run
// --until-decided --config A --config B`), whose share of `~` verdicts
// should be high and which must call no change, and a gate against a
// planted slowdown (`--config nopt:GALLIVM_PERF=nopt`, llvmpipe without
// LLVM's optimisation passes), whose slowdowns of 10% or more should all
// be called regressions. Both gates judge against a noise file that an
// A/A gate of the same build measured first (`radvbench noise`), as the
// README's workflow does. A synthetic neighbour (ci/internal/neighbour:
// threads of this process that copy large buffers in bursts, saturating
// memory bandwidth) runs throughout.
//
// An A/A `~` is counted twice: as a share of all comparisons, and as the
// share whose margin rules out a slowdown of the planted size (-slow):
// a `~` is judged against the larger of the gate's threshold and the
// benchmark's noise floor, and a `~` on a floor of ±40% cannot tell a
// 30% slowdown from none, so a build with wide floors scores a high
// share of `~` that says little.
//
// It is a benchmark, not a test: it takes tens of minutes and its figures
// depend on the machine. Run it, and report its table, before a change to
// measurement, sampling, disturbed marking or judging lands. Builds are
// run in turn, gate by gate (A B, then B A in the next invocation), so
// that two builds are compared in the same minutes rather than an hour
// apart: on a shared VM the host's state (the hypervisor's steal above
// all) moves that much between hours.
//
//	go run ./ci/decisiveness [flags] NAME=RADVBENCH ...
//	make decisiveness [BASE=REV]   (builds HEAD, and REV to compare with)
//
// It needs lavapipe (the planted slowdown is an llvmpipe option).
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/radvbench/radvbench/ci/internal/neighbour"
)

// The benchmarks of the gate studies in docs/verdicts.md §6: 23 quick
// benchmarks of three suites, ALU-, memory- and GEMM-bound.
const (
	defaultSuites = "matmul,peak,memory"
	defaultFilter = `^(matmul/(naive|tiled)|peak/(fp32|int32)|memory/(read|copy))/`
)

type build struct{ name, exe string }

// gate is one gate's outcome, from its verdict table.
type gate struct {
	Build, Kind string
	Invocation  int
	Rounds      int
	Seconds     float64
	Exit        int
	// Verdicts by benchmark; Change in percent.
	Rows []row
	Log  string
}

type row struct {
	Benchmark string
	Change    float64
	Verdict   string
	// Margin is the change, in percent, the verdict was judged against:
	// the larger of the gate's threshold and the benchmark's noise floor
	// (the table's floor column); 0 when the output names neither.
	Margin float64 `json:",omitempty"`
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "decisiveness:", err)
		var u usageError
		if errors.As(err, &u) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

type usageError struct{ error }

func run() error {
	fs := flag.NewFlagSet("decisiveness", flag.ContinueOnError)
	invocations := fs.Int("invocations", 3, "invocations of each gate per build")
	budget := fs.Duration("budget", 6*time.Minute, "each gate's --budget")
	suites := fs.String("suite", defaultSuites, "suites")
	filter := fs.String("filter", defaultFilter, "benchmark filter")
	slow := fs.Float64("slow", 10, "a change of at least this many percent slower in the planted gate counts as a slowdown to catch")
	nb := fs.String("neighbour", neighbour.Default, "the synthetic neighbour: ON_MS,OFF_MS,THREADS (bursts of copying 256 MiB buffers; 'off' for none)")
	out := fs.String("o", "decisiveness-out", "directory for the gates' logs, results and the summary (summary.json)")
	reuse := fs.String("reuse-noise", "", "NAME=FILE[,NAME=FILE...]: judge build NAME's gates against a noise file it measured before, instead of an A/A gate of its own first (e.g. to add gates of one build to an earlier study)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: go run ./ci/decisiveness [flags] NAME=RADVBENCH [NAME=RADVBENCH ...]\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(os.Args[1:]); err != nil {
		return usageError{err}
	}
	var builds []build
	for _, a := range fs.Args() {
		name, exe, ok := strings.Cut(a, "=")
		if !ok || name == "" || exe == "" {
			return usageError{fmt.Errorf("%q: give builds as NAME=PATH to a radvbench binary", a)}
		}
		if st, err := os.Stat(exe); err != nil || !st.Mode().IsRegular() || st.Mode()&0o111 == 0 {
			return usageError{fmt.Errorf("%s: %s is not an executable file", name, exe)}
		}
		builds = append(builds, build{name, exe})
	}
	if len(builds) == 0 {
		return usageError{errors.New("no build given: pass NAME=PATH to a radvbench binary (make decisiveness builds them)")}
	}
	if *invocations < 1 {
		return usageError{fmt.Errorf("--invocations %d: at least 1", *invocations)}
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	nbSpec, err := neighbour.Parse(*nb)
	if err != nil {
		return usageError{err}
	}
	defer neighbour.Start(nbSpec)()
	common := []string{"run", "--suite", *suites, "--quick", "--filter", *filter, "--until-decided",
		"--runs", "12", "--budget", budget.String(), "--progress", "never"}
	var gates []gate
	noise := map[string]string{}
	if *reuse != "" {
		for _, kv := range strings.Split(*reuse, ",") {
			name, file, ok := strings.Cut(kv, "=")
			if !ok || !slices.ContainsFunc(builds, func(b build) bool { return b.name == name }) {
				return usageError{fmt.Errorf("--reuse-noise %q: give NAME=FILE with NAME one of the builds", kv)}
			}
			if st, err := os.Stat(file); err != nil || !st.Mode().IsRegular() {
				return usageError{fmt.Errorf("--reuse-noise %s: %s is not a noise file (make one with radvbench noise)", name, file)}
			}
			noise[name] = file
		}
	}
	// One A/A gate of each build measures its noise file first.
	for _, b := range builds {
		if noise[b.name] != "" {
			continue
		}
		g, err := runGate(ctx, *out, b, "noise", 0, append(common, "--config", "A", "--config", "B"))
		if err != nil {
			return err
		}
		nf := filepath.Join(*out, b.name+"-noise.json")
		if o, err := exec.CommandContext(ctx, b.exe, "noise", "-o", nf, g.results()).CombinedOutput(); err != nil {
			return fmt.Errorf("%s: radvbench noise: %v\n%s", b.name, err, o)
		}
		noise[b.name] = nf
		report(os.Stdout, g, *slow)
	}
	for i := 1; i <= *invocations; i++ {
		order := slices.Clone(builds)
		if i%2 == 0 {
			slices.Reverse(order)
		}
		for _, kind := range []string{"aa", "nopt"} {
			for _, b := range order {
				args := append(slices.Clone(common), "--noise", noise[b.name], "--config", "A")
				if kind == "aa" {
					args = append(args, "--config", "B")
				} else {
					args = append(args, "--config", "nopt:GALLIVM_PERF=nopt")
				}
				g, err := runGate(ctx, *out, b, kind, i, args)
				if err != nil {
					return err
				}
				gates = append(gates, g)
				report(os.Stdout, g, *slow)
			}
		}
	}
	summarize(os.Stdout, builds, gates, *slow)
	data, err := json.MarshalIndent(gates, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(*out, "summary.json"), data, 0o644)
}

func (g gate) results() string { return strings.TrimSuffix(g.Log, ".log") + ".json" }

// runGate runs one gate of build b and reads its verdict table.
func runGate(ctx context.Context, dir string, b build, kind string, inv int, args []string) (gate, error) {
	base := filepath.Join(dir, fmt.Sprintf("%s-%s-%d", b.name, kind, inv))
	g := gate{Build: b.name, Kind: kind, Invocation: inv, Log: base + ".log"}
	os.Remove(base + ".json")
	logf, err := os.Create(g.Log)
	if err != nil {
		return g, err
	}
	defer logf.Close()
	cmd := exec.CommandContext(ctx, b.exe, append(args, "-o", base+".json")...)
	cmd.Stdout, cmd.Stderr = logf, logf
	start := time.Now()
	err = cmd.Run()
	g.Seconds = time.Since(start).Seconds()
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		return g, ctx.Err()
	case errors.As(err, &ee) && ee.ExitCode() == 1:
		g.Exit = 1 // the gate failed: a regression (expected of nopt)
	case err != nil:
		return g, fmt.Errorf("%s %s gate: %v (see %s)", b.name, kind, err, g.Log)
	}
	if _, err := logf.Seek(0, io.SeekStart); err != nil {
		return g, err
	}
	g.Rounds, g.Rows, err = parseVerdicts(logf)
	if err != nil {
		return g, fmt.Errorf("%s %s gate: %v (see %s)", b.name, kind, err, g.Log)
	}
	return g, nil
}

var (
	roundsRE    = regexp.MustCompile(`^verdicts after (\d+) round`)
	thresholdRE = regexp.MustCompile(`^radvbench compare: .*threshold (\d+(?:\.\d+)?)%`)
	changeRE    = regexp.MustCompile(`([+-]\d+(?:\.\d+)?)%`)
	floorRE     = regexp.MustCompile(`±(\d+(?:\.\d+)?)%`)
	tailRE      = regexp.MustCompile(`\s*(\[[^\]]*\]|\([^)]*\))\s*$`)
)

// parseVerdicts reads the last verdict table of a run --until-decided's
// output: its rounds and, per benchmark, the change, the verdict and the
// margin it was judged against.
func parseVerdicts(r io.Reader) (int, []row, error) {
	var rounds int
	var threshold float64
	var rows []row
	in := false
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		if m := roundsRE.FindStringSubmatch(l); m != nil {
			rounds, _ = strconv.Atoi(m[1])
			rows, in, threshold = nil, true, 0
			continue
		}
		if m := thresholdRE.FindStringSubmatch(l); m != nil && in {
			threshold, _ = strconv.ParseFloat(m[1], 64)
			continue
		}
		cols := strings.Split(l, "│")
		if !in || len(cols) != 3 || strings.HasPrefix(strings.TrimSpace(cols[0]), "benchmark") || strings.TrimSpace(cols[0]) == "" {
			continue
		}
		last := cols[2]
		m := changeRE.FindStringSubmatch(last)
		if m == nil {
			continue // no figure on a side: incomparable, failed
		}
		ch, _ := strconv.ParseFloat(m[1], 64)
		v := strings.TrimSpace(last)
		for {
			t := tailRE.ReplaceAllString(v, "")
			if t == v {
				break
			}
			v = t
		}
		f := strings.Fields(v)
		margin := threshold
		if fl := floorRE.FindAllStringSubmatch(v, -1); fl != nil {
			floor, _ := strconv.ParseFloat(fl[len(fl)-1][1], 64)
			margin = max(margin, floor)
		}
		rows = append(rows, row{Benchmark: strings.Fields(cols[0])[0], Change: ch, Verdict: f[len(f)-1], Margin: margin})
	}
	if err := sc.Err(); err != nil {
		return 0, nil, err
	}
	if rounds == 0 || len(rows) == 0 {
		return 0, nil, errors.New("no verdict table in the output")
	}
	return rounds, rows, nil
}

// shares are a gate's figures: the share of ~ (A/A), and of ~ whose
// margin is under the slowdown size (a ~ that rules such a slowdown out),
// of slowdowns called regressions (planted), and the false changes of an
// A/A.
type shares struct {
	same, sameTight, sameOf, caught, slowed, falseChanges int
}

func sharesOf(g gate, slow float64) shares {
	var s shares
	for _, r := range g.Rows {
		switch g.Kind {
		case "aa", "noise":
			s.sameOf++
			if r.Verdict == "~" {
				s.same++
				if r.Margin > 0 && r.Margin < slow {
					s.sameTight++
				}
			}
			if r.Verdict == "regression" || r.Verdict == "improvement" {
				s.falseChanges++
			}
		case "nopt":
			if r.Change <= -slow {
				s.slowed++
				if r.Verdict == "regression" {
					s.caught++
				}
			}
		}
	}
	return s
}

func report(w io.Writer, g gate, slow float64) {
	s := sharesOf(g, slow)
	what := fmt.Sprintf("~ %d of %d (%d ruling out %g%%), false changes %d", s.same, s.sameOf, s.sameTight, slow, s.falseChanges)
	if g.Kind == "nopt" {
		what = fmt.Sprintf("slowdowns of %g%% or more called regressions: %d of %d", slow, s.caught, s.slowed)
	}
	fmt.Fprintf(w, "%-10s %-5s #%d: %d rounds, %.0f s; %s (%s)\n", g.Build, g.Kind, g.Invocation, g.Rounds, g.Seconds, what, g.Log)
}

// summarize prints, per build, min / median / max over the invocations of
// the A/A gates' share of ~ and of ~ ruling out a slowdown of slow%, the
// planted gates' share of slowdowns caught, and the gates' wall time.
func summarize(w io.Writer, builds []build, gates []gate, slow float64) {
	fmt.Fprintf(w, "\n%-10s %-28s %-28s %-28s %-22s %s\n", "build", "A/A ~ (min/median/max)", fmt.Sprintf("A/A ~ ruling out %g%%", slow), "slowdowns caught", "gate seconds", "false changes (A/A)")
	for _, b := range builds {
		var same, tight, caught, secs []float64
		falses, sameN, tightN, sameOf, caughtN, slowedN := 0, 0, 0, 0, 0, 0
		for _, g := range gates {
			if g.Build != b.name {
				continue
			}
			s := sharesOf(g, slow)
			secs = append(secs, g.Seconds)
			switch g.Kind {
			case "aa":
				same = append(same, ratio(s.same, s.sameOf))
				tight = append(tight, ratio(s.sameTight, s.sameOf))
				falses += s.falseChanges
				sameN, tightN, sameOf = sameN+s.same, tightN+s.sameTight, sameOf+s.sameOf
			case "nopt":
				caught = append(caught, ratio(s.caught, s.slowed))
				caughtN, slowedN = caughtN+s.caught, slowedN+s.slowed
			}
		}
		fmt.Fprintf(w, "%-10s %-28s %-28s %-28s %-22s %d\n", b.name,
			fmt.Sprintf("%s (%d of %d)", mmm(same, "%.0f%%", 100), sameN, sameOf),
			fmt.Sprintf("%s (%d of %d)", mmm(tight, "%.0f%%", 100), tightN, sameOf),
			fmt.Sprintf("%s (%d of %d)", mmm(caught, "%.0f%%", 100), caughtN, slowedN),
			mmm(secs, "%.0f", 1), falses)
	}
}

func ratio(a, b int) float64 {
	if b == 0 {
		return math.NaN()
	}
	return float64(a) / float64(b)
}

// mmm formats min / median / max of xs, each times scale in format f.
func mmm(xs []float64, f string, scale float64) string {
	xs = slices.DeleteFunc(slices.Clone(xs), math.IsNaN)
	if len(xs) == 0 {
		return "-"
	}
	slices.Sort(xs)
	med := xs[len(xs)/2]
	if len(xs)%2 == 0 {
		med = (xs[len(xs)/2-1] + med) / 2
	}
	return fmt.Sprintf(f+" / "+f+" / "+f, scale*xs[0], scale*med, scale*xs[len(xs)-1])
}
