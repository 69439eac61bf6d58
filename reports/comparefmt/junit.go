package comparefmt

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/pairing"
	"github.com/radvbench/radvbench/reports/verdict"
)

// JUnit XML, as read by GitLab, Jenkins and GitHub test reporters.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Props    *junitProps `xml:"properties,omitempty"`
	Cases    []junitCase `xml:"testcase"`
}

type junitProps struct {
	Props []junitProp `xml:"property"`
}

type junitProp struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Classname string        `xml:"classname,attr"`
	Name      string        `xml:"name,attr"`
	Failure   *junitMessage `xml:"failure,omitempty"`
	Skipped   *junitMessage `xml:"skipped,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

// figures is a one-line statement of a comparison's numbers.
func figures(c *compare.Comparison) string {
	side := func(s *pairing.Side) string {
		if s == nil {
			return "absent"
		}
		if s.Status != "ok" {
			return s.Status
		}
		return fmt.Sprintf("%s %s (%d runs, %d samples)", compare.FormatValue(float64(s.Median)), c.Unit, s.Runs, s.N)
	}
	s := fmt.Sprintf("%s: %s -> %s", c.Metric, side(c.Base), side(c.New))
	if !c.Change.NaN() {
		s += fmt.Sprintf(", change %s", compare.FormatChange(float64(c.Change)))
		if iv := compare.FormatInterval(float64(c.Low), float64(c.High)); iv != "" {
			s += " interval " + iv
		}
		if !c.P.NaN() {
			s += fmt.Sprintf(", p=%.3f", float64(c.P))
		}
		s += fmt.Sprintf(" (%s is better), alpha %.3g, threshold %s, noise floor %s", c.Better, c.Limits.Alpha, compare.FormatPercent(c.Limits.Threshold), floorText(c))
	}
	return s
}

// WriteJUnit writes one testsuite per compared group and one testcase per
// benchmark: regressions and new failures are failures with the figures in
// the message; benchmarks on one side only and incomparable ones are
// skipped; allowed regressions pass with the reason in system-out.
func WriteJUnit(w io.Writer, r *compare.Report) error {
	out := junitSuites{Name: "radvbench compare"}
	idx := map[string]int{}
	for _, g := range r.Groups[1:] {
		idx[g.Name] = len(out.Suites)
		props := []junitProp{
			{"baseline", r.Baseline}, {"group", g.Name},
			{"alpha", strconv.FormatFloat(r.Policy.Alpha, 'g', -1, 64)},
			{"threshold", compare.FormatPercent(r.Policy.Threshold)},
		}
		if r.Family > 0 {
			props = append(props, junitProp{"alpha_shared_among", strconv.Itoa(r.Family)})
		}
		if r.NoiseFile != "" {
			props = append(props, junitProp{"noise_file", r.NoiseFile})
		}
		out.Suites = append(out.Suites, junitSuite{Name: fmt.Sprintf("%s vs %s", g.Name, r.Baseline), Props: &junitProps{Props: props}})
	}
	for i := range r.Comparisons {
		c := &r.Comparisons[i]
		s := &out.Suites[idx[c.Group]]
		suite := c.Key
		if j := strings.IndexByte(suite, '/'); j >= 0 {
			suite = suite[:j]
		}
		tc := junitCase{Classname: "radvbench." + suite, Name: c.Key}
		msg := verdictText(c) + ": " + figures(c)
		if code := c.Code.Text(); code != "" {
			msg += "; " + code
		}
		rem := strings.Join(remarks(c), "; ")
		switch {
		case c.Fails():
			tc.Failure = &junitMessage{Message: msg, Type: string(c.Verdict), Text: rem}
			s.Failures++
		case c.Verdict == verdict.Missing:
			tc.Skipped = &junitMessage{Message: "only in the baseline " + r.Baseline}
			s.Skipped++
		case c.Verdict == verdict.Added:
			tc.Skipped = &junitMessage{Message: "not in the baseline " + r.Baseline}
			s.Skipped++
		case c.Verdict == verdict.Incomparable:
			tc.Skipped = &junitMessage{Message: "incomparable: " + c.Note}
			s.Skipped++
		default:
			tc.SystemOut = msg
			if rem != "" {
				tc.SystemOut += "\n" + rem
			}
		}
		s.Tests++
		s.Cases = append(s.Cases, tc)
	}
	return writeJUnitSuites(w, out)
}

// writeJUnitSuites totals the suites and writes the XML document.
func writeJUnitSuites(w io.Writer, out junitSuites) error {
	for _, s := range out.Suites {
		out.Tests += s.Tests
		out.Failures += s.Failures
		out.Skipped += s.Skipped
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
