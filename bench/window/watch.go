//go:build window

package window

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/radvbench/radvbench/bench/gpu/present"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/core/stats"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// Watch is a window that follows a run: the benchmark in progress, its
// phase and its samples as they arrive with the running median and its
// 95% CI narrowing; between benchmarks, the samples of the last finished
// one; and the GPU clocks recorded with the last finished one. It is fed
// by the runner's Progress, OnSample and OnResult callbacks (Progress,
// Begin, Sample, Result), which never block on it; it redraws a few times
// a second on its own goroutine, however fast samples arrive, always at the
// window's current framebuffer size (a resized window is redrawn at once,
// whether or not anything new arrived). Closing the window only stops the
// watching. At the end of the run, Finish and Hold keep the final state on
// screen until the user closes the window (or a set time passes).
type Watch struct {
	mu       sync.Mutex
	phase    string
	done     int
	total    int
	cur      live
	last     *resultsfile.Result
	finished int
	final    bool   // Finish: the run has ended
	fed      bool   // the run has reported something: presenting may start
	holdNote string // what ends the hold, for the title
	dirty    bool
	closed   bool   // by the user or by Close
	updates  int    // frames presented (tests)
	drawn    [2]int // the size of the last frame presented (tests)
	win      *Window
	// name is a result's short name and size label in the window (the
	// caller's: the tables' names); nil: its ID.
	name func(*resultsfile.Result) (name, size string)

	stop    chan struct{}
	stopped chan struct{}
	req     chan struct{}
	err     error
}

// WatchSize is the watch window's initial size.
var WatchSize = [2]int{800, 500}

// watchInterval is how often the window looks for something to redraw;
// refreshInterval how often it presents its state again when nothing
// changed (a window manager may have dropped the picture).
const (
	watchInterval   = 250 * time.Millisecond
	refreshInterval = time.Second
)

// StartWatch opens the watch window (on the best device that can present
// to it) and starts its goroutine; name gives a result's short name and
// size label, as the caller's tables show them.
func StartWatch(title string, name func(*resultsfile.Result) (name, size string)) (*Watch, error) {
	scr, err := OpenScreen(title, WatchSize[0], WatchSize[1], "", present.Fifo)
	if err != nil {
		return nil, err
	}
	w := &Watch{stop: make(chan struct{}), stopped: make(chan struct{}), req: make(chan struct{}), dirty: true, phase: "starting", win: scr.Win, name: name}
	go w.loop(scr)
	return w, nil
}

// Progress records the runner's progress (runner.Options.Progress).
func (w *Watch) Progress(done, total int, name, phase string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.done, w.total = done, total
	if phase == "done" {
		w.phase = fmt.Sprintf("done: %d benchmarks", total)
	} else {
		w.phase = fmt.Sprintf("[%d/%d] %s: %s", done+1, total, name, phase)
	}
	w.dirty, w.fed = true, true
}

// live is the benchmark in progress: its ID, metric and the samples
// that have arrived. samples only grows (a new benchmark gets a new
// slice), so a snapshot may share it up to its length.
type live struct {
	id      string
	name    string             // short name and size (Watch.name); "" when not known
	metric  resultsfile.Metric // name and unit; empty when not known
	samples []float64
}

// Begin records the start of a benchmark; skel names it and its metric
// (its ID and Metric.Name/Unit are used). Optional: Sample alone follows
// a benchmark too, without the metric's name.
func (w *Watch) Begin(skel *resultsfile.Result) {
	id := skel.ID()
	w.mu.Lock()
	defer w.mu.Unlock()
	name, size := w.nameOf(skel)
	w.cur = live{id: id, name: strings.TrimSpace(name + " " + size), metric: resultsfile.Metric{Name: skel.Metric.Name, Unit: skel.Metric.Unit}}
	w.dirty, w.fed = true, true
}

// Sample records the n-th timed sample (from 1) of benchmark id, in the
// metric's unit (runner.Options.OnSample). A sample of another benchmark,
// or a first sample, starts following that benchmark afresh.
func (w *Watch) Sample(id string, n int, value float64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if id != w.cur.id {
		w.cur = live{id: id}
	}
	if n <= 1 || n <= len(w.cur.samples) {
		w.cur.samples = nil
	}
	w.cur.samples = append(w.cur.samples, value)
	w.dirty, w.fed = true, true
}

// Following reports the benchmark the window follows and how many of its
// samples have arrived (0 and "" between benchmarks).
func (w *Watch) Following() (id string, samples int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.cur.id, len(w.cur.samples)
}

// Result records a finished benchmark (runner.Options.OnResult); it ends
// following that benchmark's samples.
func (w *Watch) Result(r *resultsfile.Result) {
	c := *r
	c.Metric.Samples = append([]float64(nil), r.Metric.Samples...)
	id := r.ID()
	w.mu.Lock()
	defer w.mu.Unlock()
	w.last = &c
	if w.cur.id == id {
		w.cur = live{}
	}
	w.finished++
	w.dirty, w.fed = true, true
}

// nameOf is r's name and size label in the window (Watch.name).
func (w *Watch) nameOf(r *resultsfile.Result) (name, size string) {
	if w.name == nil {
		return r.ID(), ""
	}
	return w.name(r)
}

// snapshot is the state to draw (called with w.mu held).
func (w *Watch) snapshot() watchState {
	cur := w.cur
	cur.samples = cur.samples[:len(cur.samples):len(cur.samples)]
	phase := w.phase
	if w.holdNote != "" {
		phase += " — " + w.holdNote
	}
	s := watchState{phase: phase, finished: w.finished, total: w.total, cur: cur, last: w.last}
	if w.last != nil {
		s.lastName, s.lastSize = w.nameOf(w.last)
	}
	return s
}

// Finish marks the end of the run: the window keeps showing its final
// state (the last finished benchmark's samples), titled as done, until
// Hold returns or Close. Safe on a nil Watch (no window).
func (w *Watch) Finish() {
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.final = true
	w.cur = live{}
	w.phase = fmt.Sprintf("done: %d benchmarks finished", w.finished)
	w.dirty, w.fed = true, true
}

// Hold keeps a finished window (Finish) open on its final state until the
// user closes it, hold passes (hold < 0: no limit) or ctx ends; without
// Finish it returns at once.
func (w *Watch) Hold(ctx context.Context, hold time.Duration) {
	if w == nil {
		return
	}
	w.mu.Lock()
	if !w.final || w.closed {
		w.mu.Unlock()
		return
	}
	var timeout <-chan time.Time
	if hold >= 0 {
		t := time.NewTimer(hold)
		defer t.Stop()
		timeout = t.C
		w.holdNote = fmt.Sprintf("this window closes in %v", hold)
	} else {
		w.holdNote = "close this window to exit"
	}
	w.dirty = true
	w.mu.Unlock()
	select {
	case <-w.stopped:
	case <-timeout:
	case <-ctx.Done():
	}
}

// Finished reports whether Finish was called (the run ended) and the
// window is still open.
func (w *Watch) Finished() bool {
	if w == nil {
		return false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.final && !w.closed
}

// Drawn is the size of the last frame presented (0x0 before the first).
func (w *Watch) Drawn() (width, height int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.drawn[0], w.drawn[1]
}

// Window is the watch's window (for tests: its position, a resize).
func (w *Watch) Window() *Window { return w.win }

// Closed reports whether the window is gone (closed by the user, by
// RequestClose, or by Close).
func (w *Watch) Closed() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.closed
}

// Updates is the number of frames the window has presented.
func (w *Watch) Updates() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.updates
}

// Err is the error that ended the window early, if any (never fatal to
// the run).
func (w *Watch) Err() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// RequestClose asks the window to close, like its close button.
func (w *Watch) RequestClose() {
	select {
	case <-w.stopped:
	case w.req <- struct{}{}:
	case <-time.After(5 * time.Second):
	}
}

// Close closes the window (after a last redraw) and waits for its
// goroutine; safe to call twice.
func (w *Watch) Close() {
	if w == nil {
		return
	}
	select {
	case <-w.stop:
	default:
		close(w.stop)
	}
	<-w.stopped
}

func (w *Watch) loop(scr *Screen) {
	defer close(w.stopped)
	defer func() {
		scr.Close()
		w.mu.Lock()
		w.closed = true
		w.mu.Unlock()
	}()
	tick := time.NewTicker(watchInterval)
	defer tick.Stop()
	var drawnW, drawnH uint32
	var drawnAt time.Time
	for {
		if scr.Win.Poll() {
			return
		}
		// Nothing is presented before the run reports something (w.fed):
		// the run opens its own Vulkan instance and device meanwhile, and
		// creating an instance while this window presented its first
		// frames corrupted the heap (lavapipe, Mesa 25.0, Xvfb: "malloc():
		// unsorted double linked list corrupted" or SIGSEGV in the run's
		// vkCreateInstance in 8 of 40 'run --suite latency --quick
		// --watch'; 0 of 80 with this wait).
		// Draw at the framebuffer's size as of this Poll: a resize redraws
		// even when nothing else changed.
		fw, fh := scr.Win.FramebufferSize()
		w.mu.Lock()
		redraw := w.fed && fw > 0 && fh > 0 && (w.dirty || fw != drawnW || fh != drawnH || time.Since(drawnAt) >= refreshInterval)
		var snap watchState
		if redraw {
			w.dirty = false
			snap = w.snapshot()
		}
		w.mu.Unlock()
		if redraw {
			img := snap.draw(int(fw), int(fh))
			if err := scr.ShowImage(img); err != nil {
				w.mu.Lock()
				w.err = err
				w.mu.Unlock()
				return
			}
			drawnW, drawnH, drawnAt = fw, fh, time.Now()
			w.mu.Lock()
			w.updates++
			w.drawn = [2]int{int(fw), int(fh)}
			w.mu.Unlock()
		}
		select {
		case <-w.stop:
			return
		case <-w.req:
			scr.Win.RequestClose()
		case <-tick.C:
		}
	}
}

type watchState struct {
	phase           string
	finished, total int
	cur             live
	last            *resultsfile.Result
	// lastName and lastSize name last (Watch.name).
	lastName, lastSize string
}

// maxRunningPoints bounds the running median and CI points drawn (each is
// a Summarize of a prefix of the samples), so a redraw stays cheap however
// many samples a benchmark takes.
const maxRunningPoints = 100

// running is the running median and 95% CI of xs after each sample from
// the third on (at most maxRunningPoints of them, evenly spread, always
// including the last); lo and hi only where the interval is finite.
func running(xs []float64) (med, lo, hi plotter.XYs) {
	if len(xs) < 3 {
		return nil, nil, nil
	}
	step := max(1, (len(xs)-2+maxRunningPoints-1)/maxRunningPoints)
	for i := len(xs) - 1; i >= 2; i -= step {
		sum := stats.Summarize(xs[:i+1])
		x := float64(i + 1)
		med = append(med, plotter.XY{X: x, Y: sum.Median})
		if isFinite(sum.Low) && isFinite(sum.High) {
			lo = append(lo, plotter.XY{X: x, Y: sum.Low})
			hi = append(hi, plotter.XY{X: x, Y: sum.High})
		}
	}
	slices.Reverse(med)
	slices.Reverse(lo)
	slices.Reverse(hi)
	return med, lo, hi
}

// runningLine says where the benchmark in progress stands: its samples so
// far and their median and 95% CI.
func (c live) runningLine() string {
	n := len(c.samples)
	name := c.name
	if name == "" {
		name = c.id
	}
	line := fmt.Sprintf("running: %s — %d samples", name, n)
	if n == 0 {
		return line
	}
	sum := stats.Summarize(c.samples)
	unit := ""
	if c.metric.Unit != "" {
		unit = " " + c.metric.Unit
	}
	line += fmt.Sprintf(", median %.4g%s", sum.Median, unit)
	if isFinite(sum.Low) && isFinite(sum.High) {
		line += fmt.Sprintf(", 95%% CI [%.4g, %.4g] (±%.2g%%)", sum.Low, sum.High, 100*sum.RelWidth())
	} else {
		line += ", too few samples for a 95% CI"
	}
	return line
}

// draw renders the state into a w×h image with gonum/plot.
func (s watchState) draw(w, h int) *image.RGBA {
	w, h = max(w, 64), max(h, 64)
	p := plot.New()
	p.Title.Text = s.phase
	p.X.Label.Text = "sample"
	var xs []float64
	lastLine := ""
	if r := s.last; r != nil {
		name, size := s.lastName, s.lastSize
		of := ""
		if s.total > 0 {
			of = fmt.Sprintf(" of %d", s.total)
		}
		lastLine = fmt.Sprintf("last finished (%d%s): %s — %s", s.finished, of, strings.TrimSpace(name+" "+size), clocks(r))
	}
	switch {
	case len(s.cur.samples) > 0:
		// The benchmark in progress, as its samples arrive.
		xs = s.cur.samples
		p.Title.Text = s.phase + "\n" + s.cur.runningLine()
		if lastLine != "" {
			p.Title.Text += "\n" + lastLine
		}
		p.Y.Label.Text = "value"
		if m := s.cur.metric; m.Name != "" {
			p.Y.Label.Text = fmt.Sprintf("%s (%s)", m.Name, m.Unit)
		}
	case s.last != nil && len(s.last.Metric.Samples) > 0:
		r := s.last
		xs = r.Metric.Samples
		p.Title.Text = s.phase + "\n" + lastLine
		p.Y.Label.Text = fmt.Sprintf("%s (%s)", r.Metric.Name, r.Metric.Unit)
	}
	if len(xs) > 0 {
		pts := make(plotter.XYs, len(xs))
		for i, x := range xs {
			pts[i] = plotter.XY{X: float64(i + 1), Y: x}
		}
		med, lo, hi := running(xs)
		if sc, err := plotter.NewScatter(pts); err == nil {
			sc.GlyphStyle.Radius = vg.Points(2)
			sc.GlyphStyle.Color = color.RGBA{R: 60, G: 90, B: 200, A: 255}
			p.Add(sc)
			p.Legend.Add("samples", sc)
		}
		for _, l := range []struct {
			name string
			xy   plotter.XYs
			c    color.RGBA
		}{{"running median", med, color.RGBA{R: 200, A: 255}}, {"95% CI", lo, color.RGBA{G: 150, A: 255}}, {"", hi, color.RGBA{G: 150, A: 255}}} {
			if len(l.xy) == 0 {
				continue
			}
			if ln, err := plotter.NewLine(l.xy); err == nil {
				ln.Color = l.c
				p.Add(ln)
				if l.name != "" {
					p.Legend.Add(l.name, ln)
				}
			}
		}
	} else {
		p.Y.Label.Text = "no samples yet"
	}
	width := vg.Length(w) * vg.Inch / 96
	// 94%: the measured width runs a little short of the drawn one.
	p.Title.Text = fitLines(p.Title.TextStyle, p.Title.Text, 0.94*(width-2*p.Title.Padding))
	c := vgimg.NewWith(vgimg.UseWH(width, vg.Length(h)*vg.Inch/96), vgimg.UseDPI(96))
	// A right margin: gonum puts the last sample on the canvas's edge.
	p.Draw(draw.Crop(draw.New(c), 0, -vg.Points(12), 0, 0))
	src := c.Image()
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			out.Set(x, y, src.At(src.Bounds().Min.X+x, src.Bounds().Min.Y+y))
		}
	}
	return out
}

// fitLines shortens each line of s that is wider than width in style st,
// ending it with "…", so a long benchmark name never runs off the window.
func fitLines(st text.Style, s string, width vg.Length) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if st.Width(l) <= width {
			continue
		}
		r := []rune(l)
		for len(r) > 1 && st.Width(string(r)+"…") > width {
			r = r[:len(r)-1]
		}
		lines[i] = string(r) + "…"
	}
	return strings.Join(lines, "\n")
}

func isFinite(x float64) bool { return x == x && x < 1e300 && x > -1e300 }

// clocks lists the GPU clocks recorded with a result (before.*_mhz).
func clocks(r *resultsfile.Result) string {
	var parts []string
	for k, v := range r.Extra {
		if strings.HasPrefix(k, "before.") && strings.HasSuffix(k, "_mhz") {
			parts = append(parts, fmt.Sprintf("%s %.0f MHz", strings.TrimSuffix(strings.TrimPrefix(k, "before."), "_mhz"), v))
		}
	}
	if len(parts) == 0 {
		return "clocks: not readable (no amdgpu sysfs)"
	}
	sort.Strings(parts)
	return "clocks: " + strings.Join(parts, ", ")
}
