package history

// Rendering of stored series for people: the trend table ('history
// trend'), the change-point report ('history detect') and the trend
// chart (--chart, 'report --db'). Every text that came from a results
// file (device, configuration, fingerprint values) goes through
// termtext.Escape.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/termtext"
	"github.com/radvbench/radvbench/reports/changepoint"
	"github.com/radvbench/radvbench/reports/chart"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/pairing"
)

// ShortRun abbreviates a run ID (file hash - round) for tables.
func ShortRun(id string) string {
	h, r, ok := strings.Cut(id, "-")
	if ok && len(h) > 12 {
		return h[:12] + "-" + r
	}
	return id
}

// ChangePointsOf indexes the change points of one series by point index.
func ChangePointsOf(cps []ChangePoint, se *Series) map[int]ChangePoint {
	out := map[int]ChangePoint{}
	for _, c := range cps {
		if c.Series == se {
			out[c.Index] = c
		}
	}
	return out
}

// WriteTrend writes one series as a table: a row per run with its median,
// the median's 95% interval, its samples and the change against the
// previous run; change points are marked with the fingerprint keys that
// changed there.
func WriteTrend(w io.Writer, se *Series, cps map[int]ChangePoint) error {
	fmt.Fprintf(w, "%s (%s, %s, %s is better): %d runs\n", termtext.Escape(se.Name()), termtext.Escape(se.Metric), termtext.Escape(se.Unit), termtext.Escape(se.Better), len(se.Points))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "STARTED\tRUN\tMEDIAN\t95% CI\tN\tVS PREV\t")
	for i, p := range se.Points {
		prev := ""
		if i > 0 && se.Points[i-1].Median != 0 {
			prev = compare.FormatChange(p.Median/se.Points[i-1].Median - 1)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s..%s\t%d\t%s\t", p.Started.Format("2006-01-02 15:04:05"), ShortRun(p.RunID), compare.FormatValue(p.Median), compare.FormatValue(p.Low), compare.FormatValue(p.High), p.N, prev)
		if c, ok := cps[i]; ok {
			fmt.Fprintf(tw, " <- change %s (%s)%s", compare.FormatChange(c.Change.Change), compare.FormatP(c.P), culpritText(c.Culprits))
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}

// WriteTrends writes every series with WriteTrend, each with its own
// change points, a blank line between them.
func WriteTrends(w io.Writer, series []*Series, cps []ChangePoint) error {
	for i, se := range series {
		if i > 0 {
			fmt.Fprintln(w)
		}
		if err := WriteTrend(w, se, ChangePointsOf(cps, se)); err != nil {
			return err
		}
	}
	return nil
}

// WriteDetect writes the change-point report: a summary line, then each
// change point with its position, the medians on either side and the
// fingerprint keys that changed there.
func WriteDetect(w io.Writer, series []*Series, cps []ChangePoint, opt changepoint.Options) error {
	points := 0
	for _, se := range series {
		points += len(se.Points)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d series, %d run medians; %d change point(s) (alpha %g, min change %g%%, at least %d runs a segment)\n", len(series), points, len(cps), opt.Alpha, opt.MinChange*100, opt.MinSize)
	for _, c := range cps {
		fmt.Fprintf(&b, "\n%s\n  at run %d of %d (%s, run %s)\n  median %s -> %s %s: %s (%s)\n", termtext.Escape(c.Series.Name()), c.Index+1, len(c.Series.Points), c.Time.Format("2006-01-02 15:04:05"), ShortRun(c.RunAfter),
			compare.FormatValue(c.Before), compare.FormatValue(c.After), termtext.Escape(c.Series.Unit), compare.FormatChange(c.Change.Change), compare.FormatP(c.P))
		if len(c.Culprits) == 0 {
			b.WriteString("  fingerprint: nothing else changed between the runs before and after\n")
			continue
		}
		b.WriteString("  fingerprint changes:\n")
		for _, k := range c.Culprits {
			fmt.Fprintf(&b, "    %s: %s -> %s%s\n", termtext.Escape(k.Key), quoteEmpty(k.Before), quoteEmpty(k.After), offsetText(k.Offset))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func culpritText(ks []KeyChange) string {
	if len(ks) == 0 {
		return "; nothing else changed in the fingerprint"
	}
	parts := make([]string, 0, len(ks))
	for _, k := range ks {
		parts = append(parts, fmt.Sprintf("%s %s -> %s%s", termtext.Escape(k.Key), quoteEmpty(k.Before), quoteEmpty(k.After), offsetText(k.Offset)))
	}
	return "; changed: " + strings.Join(parts, ", ")
}

// offsetText says where a key changed relative to the change point.
func offsetText(o int) string {
	switch {
	case o == -1:
		return " (1 run earlier)"
	case o < 0:
		return fmt.Sprintf(" (%d runs earlier)", -o)
	case o == 1:
		return " (1 run later)"
	case o > 1:
		return fmt.Sprintf(" (%d runs later)", o)
	}
	return ""
}

// quoteEmpty shows a fingerprint value: "(unset)" for none, quoted when
// it holds a space or a comma, its control characters escaped.
func quoteEmpty(s string) string {
	if s == "" {
		return "(unset)"
	}
	if strings.ContainsAny(s, " ,") {
		return fmt.Sprintf("%q", s)
	}
	return termtext.Escape(s)
}

// TrendChart draws series (one benchmark, one line per device and
// configuration) with their change points marked and the fingerprint keys
// that changed there annotated.
func TrendChart(name string, series []*Series, cps []ChangePoint) *chart.Chart {
	var ts []chart.TrendSeries
	var unit string
	for _, se := range series {
		t := chart.TrendSeries{Name: se.Device}
		if se.Config != "" {
			t.Name += " @" + se.Config
		}
		unit = se.Unit
		for _, p := range se.Points {
			t.Points = append(t.Points, chart.TrendPoint{Time: p.Started, Median: p.Median, Low: p.Low, High: p.High})
		}
		for _, c := range cps {
			if c.Series != se {
				continue
			}
			label := fmt.Sprintf("%s (%s)", compare.FormatChange(c.Change.Change), compare.FormatP(c.P))
			for i, k := range c.Culprits {
				if i == 3 {
					label += fmt.Sprintf("\n+%d more keys", len(c.Culprits)-3)
					break
				}
				label += fmt.Sprintf("\n%s: %s -> %s%s", termtext.Escape(k.Key), quoteEmpty(k.Before), quoteEmpty(k.After), offsetText(k.Offset))
			}
			t.Marks = append(t.Marks, chart.TrendMark{Index: c.Index, Label: label})
		}
		ts = append(ts, t)
	}
	title := series[0].Benchmark
	sub := fmt.Sprintf("%s (%s is better); run medians with 95%% intervals", series[0].Metric, series[0].Better)
	return chart.Trend(name, title, sub, unit, ts)
}

// EncodeTrendChart draws the TrendChart of series, named by the stem of
// path, and encodes it as path's extension says (chart.Chart.Encode:
// SVG for .svg, else PNG).
func EncodeTrendChart(path string, series []*Series, cps []ChangePoint) ([]byte, error) {
	return TrendChart(strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)), series, cps).Encode(path)
}

// MaxReportTrends bounds the trend charts TrendCharts draws.
const MaxReportTrends = 40

// TrendCharts draws, for 'report --db', the stored trend of each
// benchmark the inputs hold (on their devices, at most MaxReportTrends),
// change points marked; series of fewer than two runs are left out.
func (s *Store) TrendCharts(ctx context.Context, inputs []pairing.Input) ([]*chart.Chart, error) {
	type key struct{ bench, device string }
	seen := map[key]bool{}
	var out []*chart.Chart
	for _, in := range inputs {
		f := in.File
		for i := range f.Results {
			k := key{f.Results[i].ID(), f.Device.Name}
			if seen[k] || f.Results[i].Status != resultsfile.StatusOK || len(out) >= MaxReportTrends {
				continue
			}
			seen[k] = true
			series, err := s.Series(ctx, k.bench, Filter{Device: k.device})
			if err != nil {
				return nil, err
			}
			kept := series[:0]
			for _, se := range series {
				if len(se.Points) >= 2 {
					kept = append(kept, se)
				}
			}
			if len(kept) == 0 {
				continue
			}
			cps, err := s.Detect(ctx, kept, changepoint.DefaultOptions())
			if err != nil {
				return nil, err
			}
			out = append(out, TrendChart("trend-"+SafeName(k.bench), kept, cps))
		}
	}
	return out, nil
}

// SafeName makes a benchmark ID usable as a file stem.
func SafeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '.' {
			return r
		}
		return '_'
	}, s)
}

// ErrUnknownBenchmark is ResolveBenchmark's answer to a name that matches
// no stored benchmark, or several (an *UnknownBenchmarkError says which).
var ErrUnknownBenchmark = errors.New("unknown benchmark")

// UnknownBenchmarkError is a benchmark name ResolveBenchmark cannot
// resolve: it names no stored benchmark (Matches is 0), or is the prefix
// of several (Matches, the first of them in Some). errors.Is
// ErrUnknownBenchmark.
type UnknownBenchmarkError struct {
	Name    string
	Matches int
	Some    []string
}

func (e *UnknownBenchmarkError) Error() string {
	if e.Matches == 0 {
		return fmt.Sprintf("no stored benchmark is called \"%s\" (or starts so)", termtext.Escape(e.Name))
	}
	return fmt.Sprintf("\"%s\" matches %d benchmarks (%s...): give the whole ID", termtext.Escape(e.Name), e.Matches, termtext.Escape(strings.Join(e.Some, ", ")))
}

func (e *UnknownBenchmarkError) Is(t error) bool { return t == ErrUnknownBenchmark }

// ResolveBenchmark finds the stored benchmark an argument names, exactly
// or as a unique prefix.
func (s *Store) ResolveBenchmark(ctx context.Context, arg string) (string, error) {
	bs, err := s.Benchmarks(ctx, arg)
	if err != nil {
		return "", err
	}
	for _, b := range bs {
		if b == arg {
			return b, nil
		}
	}
	switch len(bs) {
	case 0:
		return "", &UnknownBenchmarkError{Name: arg}
	case 1:
		return bs[0], nil
	}
	show := bs
	if len(show) > 5 {
		show = show[:5]
	}
	return "", &UnknownBenchmarkError{Name: arg, Matches: len(bs), Some: show}
}
