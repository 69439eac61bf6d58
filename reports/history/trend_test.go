package history

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/radvbench/radvbench/reports/changepoint"
)

// trendFixture is a series of three runs on a device whose name holds
// control characters, with a change point at the third run.
func trendFixture() (*Series, []ChangePoint) {
	at := func(h int) time.Time { return time.Date(2026, 3, 1, h, 0, 0, 0, time.UTC) }
	se := &Series{Benchmark: "matmul/naive/wg=8x8/M=64", Device: "gpu\n\x1b[2Jx", Config: "", Metric: "throughput", Unit: "GFLOP/s", Better: "higher",
		Points: []Point{
			{RunID: "0123456789abcdef0123-1", Started: at(0), Median: 100, Low: 99, High: 101, N: 7},
			{RunID: "0123456789abcdef0123-2", Started: at(1), Median: 110, Low: 109, High: 111, N: 7},
			{RunID: "fedcba9876543210fedc-1", Started: at(2), Median: 88, Low: 87, High: 89, N: 5},
		}}
	cps := []ChangePoint{{Series: se, Change: changepoint.Change{Index: 2, Before: 105, After: 88, Change: 88.0/105 - 1, P: 0.004},
		Time: at(2), RunBefore: se.Points[1].RunID, RunAfter: se.Points[2].RunID,
		Culprits: []KeyChange{{Key: "kernel.release", Before: "6.1.0", After: "6.12\x1b[5m", Offset: 0}, {Key: "label.ci", Before: "", After: "nightly run", Offset: -1}}}}
	return se, cps
}

func TestWriteTrend(t *testing.T) {
	se, cps := trendFixture()
	var b bytes.Buffer
	if err := WriteTrend(&b, se, ChangePointsOf(cps, se)); err != nil {
		t.Fatal(err)
	}
	want := `matmul/naive/wg=8x8/M=64 on gpu\n\x1b[2Jx (throughput, GFLOP/s, higher is better): 3 runs
              STARTED             RUN  MEDIAN        95% CI  N  VS PREV
  2026-03-01 00:00:00  0123456789ab-1   100.0  99.00..101.0  7         
  2026-03-01 01:00:00  0123456789ab-2   110.0  109.0..111.0  7  +10.00%
  2026-03-01 02:00:00  fedcba987654-1   88.00  87.00..89.00  5  -20.00% <- change -16.19% (p=0.004); changed: kernel.release 6.1.0 -> 6.12\x1b[5m, label.ci (unset) -> "nightly run" (1 run earlier)
`
	if got := b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestWriteDetect(t *testing.T) {
	se, cps := trendFixture()
	var b bytes.Buffer
	if err := WriteDetect(&b, []*Series{se}, cps, changepoint.DefaultOptions()); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"1 series, 3 run medians; 1 change point(s)",
		`matmul/naive/wg=8x8/M=64 on gpu\n\x1b[2Jx` + "\n  at run 3 of 3 (2026-03-01 02:00:00, run fedcba987654-1)",
		"median 105.0 -> 88.00 GFLOP/s: -16.19% (p=0.004)",
		`    kernel.release: 6.1.0 -> 6.12\x1b[5m` + "\n",
		`    label.ci: (unset) -> "nightly run" (1 run earlier)`,
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in\n%s", want, b.String())
		}
	}
	if strings.ContainsAny(b.String(), "\x1b\r") {
		t.Errorf("control characters printed raw:\n%q", b.String())
	}
}

func TestWriteCSV(t *testing.T) {
	se, _ := trendFixture()
	rows := []ExportRow{
		{Series: se, Point: se.Points[0], Run: Run{Driver: "Mesa 25.0.7", Kernel: "6.1.0", Commit: "c0ffee"}, Keys: []string{"9"}},
		{Series: se, Point: se.Points[2], Run: Run{Driver: "Mesa 25.0.7", Kernel: "6.12", Commit: "c0ffee"}, Keys: []string{""}},
	}
	var b bytes.Buffer
	if err := WriteCSV(&b, rows, []string{"amdgpu.vm_fragment_size"}); err != nil {
		t.Fatal(err)
	}
	want := "time,median,ci_low,ci_high,n,benchmark,unit,device,config,run,driver,kernel,tool_commit,amdgpu.vm_fragment_size\n" +
		"2026-03-01T00:00:00Z,100,99,101,7,matmul/naive/wg=8x8/M=64,GFLOP/s,\"gpu\n\x1b[2Jx\",,0123456789abcdef0123-1,Mesa 25.0.7,6.1.0,c0ffee,9\n" +
		"2026-03-01T02:00:00Z,88,87,89,5,matmul/naive/wg=8x8/M=64,GFLOP/s,\"gpu\n\x1b[2Jx\",,fedcba9876543210fedc-1,Mesa 25.0.7,6.12,c0ffee,\n"
	if got := b.String(); got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

func TestNames(t *testing.T) {
	for _, tc := range []struct {
		f        func(string) string
		in, want string
	}{
		{ShortRun, "0123456789abcdef0123-12", "0123456789ab-12"},
		{ShortRun, "short-1", "short-1"},
		{SafeName, "matmul/naive/wg=8x8/M=64", "matmul_naive_wg_8x8_M_64"},
		{quoteEmpty, "", "(unset)"},
		{quoteEmpty, "a b", `"a b"`},
		{quoteEmpty, "6.1\x1b[5m", `6.1\x1b[5m`},
	} {
		if got := tc.f(tc.in); got != tc.want {
			t.Errorf("%q -> %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestEncodeTrendChart: the chart is encoded as the path's extension says
// (SVG for .svg in any case, else PNG).
func TestEncodeTrendChart(t *testing.T) {
	se, cps := trendFixture()
	for _, tc := range []struct {
		path, magic string
	}{
		{"out/trend.svg", "<?xml"},
		{"trend.SVG", "<?xml"},
		{"trend.png", "\x89PNG"},
	} {
		data, err := EncodeTrendChart(tc.path, []*Series{se}, cps)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(data), tc.magic) {
			t.Errorf("%s starts %q, want %q", tc.path, data[:8], tc.magic)
		}
	}
}
