package resultsfile

import (
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/radvbench/radvbench/internal/termtext"
)

// Validation: a results file is data from outside (another machine, an
// old version, an editor, an attacker), checked once, where it is read
// (Decode), so that nothing downstream has to distrust it: every figure
// is finite and in its domain, every timestamp is plausible, every text
// and list is bounded. What fails is refused whole, naming the field and
// its value; nothing of it is compared, imported or drawn.

// Bounds on a results file. They are far above anything radvbench
// writes: they exist so that a damaged or hostile file cannot make a
// figure meaningless or the store and the importer's memory grow without
// limit (a 50 MB label).
const (
	// MaxName bounds an identifier: suite, kernel, variant and parameter
	// names and values, configuration and metric names, label and
	// fingerprint keys.
	MaxName = 256
	// MaxText bounds any other text: label and fingerprint values, device
	// and driver strings, reasons, notes, command-line arguments.
	MaxText = 16 << 10
	// MaxEntries bounds a map or list of text (labels, fingerprint keys,
	// command-line arguments, extensions, device limits and features).
	MaxEntries = 4096
	// MaxLabels bounds the --label pairs of a run.
	MaxLabels = 256
	// MaxResults bounds the benchmarks of a file, MaxRounds its runs and
	// MaxSamples the samples of one benchmark over all runs.
	MaxResults = 100_000
	MaxRounds  = 10_000
	MaxSamples = 1_000_000
	// MaxFigure bounds every metric figure and sample time: 1e15 ns is
	// eleven days, 1e15 GFLOP/s a zettaFLOP/s.
	MaxFigure = 1e15
)

// Earliest is the earliest plausible start of a run; the latest is a day
// from now (clocks drift, time zones are misconfigured). Both are well
// inside the years a time in nanoseconds can hold (1678..2262), which the
// history store uses.
var Earliest = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// now is time.Now, replaceable in tests.
var now = time.Now

// latest is the latest plausible start of a run: a day from now.
func latest() time.Time { return now().Add(24 * time.Hour) }

// ValidationError is a results file (or journal entry) that is not
// plausible data: Field (a JSON path such as results[3].metric.samples[7])
// holds Value, which Problem explains.
type ValidationError struct {
	// Name is the file's name ("" for a result checked on its own).
	Name    string
	Field   string
	Value   string
	Problem string
}

func (e *ValidationError) Error() string {
	var b strings.Builder
	if e.Name != "" {
		b.WriteString(e.Name)
		b.WriteString(": ")
	}
	b.WriteString(e.Field)
	if e.Value != "" {
		b.WriteString(" = ")
		b.WriteString(e.Value)
	}
	b.WriteString(": ")
	b.WriteString(e.Problem)
	if e.Name != "" {
		b.WriteString(" (the file is damaged or was edited: rerun the benchmark, or fix the field)")
	}
	return b.String()
}

// Validate checks f as data (see the constants above); name is the file's
// name for the message. Decode calls it: a file that Decode returns has
// passed.
func Validate(f *File, name string) error {
	if err := validateFile(f); err != nil {
		err.Name = name
		return err
	}
	return nil
}

// ValidateResult checks one result on its own (a journal entry): its
// figures, sizes and text. rounds lists the run indices (of the result's
// configuration) its samples may name (nil: any index from 1). Field
// names in the error are relative to the result (metric.samples[3]).
func ValidateResult(r *Result, rounds map[int]bool) error {
	if err := validateResult(r, "", rounds, false); err != nil {
		return err
	}
	return nil
}

func validateFile(f *File) *ValidationError {
	if err := checkTime("started", f.Started, true); err != nil {
		return err
	}
	if err := checkTime("finished", f.Finished, false); err != nil {
		return err
	}
	if strings.TrimSpace(f.Device.Name) == "" {
		return &ValidationError{Field: "device.name", Value: quote(f.Device.Name), Problem: "a results file names the device its figures came from"}
	}
	if err := checkFinite("device.timestamp_period_ns", f.Device.TimestampPeriodNS, 0, MaxFigure); err != nil {
		return err
	}
	if sku := f.Device.SKU; sku != nil {
		for field, x := range map[string]float64{"bandwidth_gbs": sku.BandwidthGB, "fp32_tflops": sku.FP32TFLOPS, "fp16_tflops": sku.FP16TFLOPS, "int8_tops": sku.INT8TOPS} {
			if err := checkFinite("device.sku."+field, x, 0, MaxFigure); err != nil {
				return err
			}
		}
	}
	if n := len(f.Labels); n > MaxLabels {
		return &ValidationError{Field: "labels", Value: fmt.Sprintf("%d labels", n), Problem: fmt.Sprintf("more than the %d a run may carry", MaxLabels)}
	}
	if n := len(f.Results); n > MaxResults {
		return &ValidationError{Field: "results", Value: fmt.Sprintf("%d results", n), Problem: fmt.Sprintf("more than %d", MaxResults)}
	}
	if n := len(f.Rounds); n > MaxRounds {
		return &ValidationError{Field: "rounds", Value: fmt.Sprintf("%d rounds", n), Problem: fmt.Sprintf("more than %d runs", MaxRounds)}
	}
	if err := checkText(reflect.ValueOf(f).Elem(), "", ""); err != nil {
		return err
	}
	// A round is one run of one configuration: an A/B file numbers each
	// configuration's rounds from 1, so (configuration, index) names one.
	var rounds map[string]map[int]bool
	if len(f.Rounds) > 0 {
		rounds = map[string]map[int]bool{}
		for i, rd := range f.Rounds {
			field := fmt.Sprintf("rounds[%d]", i)
			if rd.Index < 1 {
				return &ValidationError{Field: field + ".index", Value: strconv.Itoa(rd.Index), Problem: "runs are numbered from 1"}
			}
			if rounds[rd.Config][rd.Index] {
				return &ValidationError{Field: field + ".index", Value: strconv.Itoa(rd.Index), Problem: "two runs of the same configuration have this index"}
			}
			if rounds[rd.Config] == nil {
				rounds[rd.Config] = map[int]bool{}
			}
			rounds[rd.Config][rd.Index] = true
			if err := checkTime(field+".started", rd.Started, true); err != nil {
				return err
			}
			if err := checkTime(field+".finished", rd.Finished, false); err != nil {
				return err
			}
		}
	}
	for i := range f.Results {
		var valid map[int]bool // nil: any index
		if rounds != nil {
			valid = rounds[f.Results[i].Config]
			if valid == nil {
				valid = map[int]bool{}
			}
		}
		if err := validateResult(&f.Results[i], fmt.Sprintf("results[%d].", i), valid, f.Schema == SchemaISA); err != nil {
			return err
		}
	}
	return nil
}

// validateResult checks one result; static (an isa file's result: no
// metric, its statistics checked by checkISA) skips the measured figure.
func validateResult(r *Result, at string, rounds map[int]bool, static bool) *ValidationError {
	bad := func(field, value, problem string) *ValidationError {
		return &ValidationError{Field: at + field, Value: value, Problem: problem}
	}
	if r.Suite == "" || r.Kernel == "" {
		return bad("suite", "", "a result has a suite and a kernel")
	}
	switch r.Status {
	case StatusOK, StatusSkipped, StatusFailed:
	default:
		return bad("status", quote(r.Status), "the status is ok, skipped or failed")
	}
	if r.Status == StatusOK && !static {
		if r.Metric.Better != HigherIsBetter && r.Metric.Better != LowerIsBetter {
			return bad("metric.better", quote(r.Metric.Better), "a measured figure is better when higher or when lower")
		}
		if len(r.Metric.Samples) == 0 {
			return bad("metric.samples", "[]", "status ok with zero samples")
		}
	}
	if n := len(r.Metric.Samples); n > MaxSamples {
		return bad("metric.samples", fmt.Sprintf("%d samples", n), fmt.Sprintf("more than %d", MaxSamples))
	}
	if n := len(r.SamplesNS); n > MaxSamples {
		return bad("samples_ns", fmt.Sprintf("%d samples", n), fmt.Sprintf("more than %d", MaxSamples))
	}
	for i, x := range r.Metric.Samples {
		if err := checkPositive(fmt.Sprintf("%smetric.samples[%d]", at, i), x, "a "+metricWord(r)); err != nil {
			return err
		}
	}
	for i, x := range r.SamplesNS {
		if err := checkPositive(fmt.Sprintf("%ssamples_ns[%d]", at, i), x, "a sample's time"); err != nil {
			return err
		}
	}
	if len(r.SampleRounds) > 0 {
		if len(r.SampleRounds) != len(r.Metric.Samples) {
			return bad("sample_rounds", fmt.Sprintf("%d entries", len(r.SampleRounds)), fmt.Sprintf("one per sample, and there are %d samples", len(r.Metric.Samples)))
		}
		for i, rd := range r.SampleRounds {
			if rd < 1 || rounds != nil && !rounds[rd] {
				return bad(fmt.Sprintf("sample_rounds[%d]", i), strconv.Itoa(rd), "names no run of the file (rounds[].index of the result's configuration)")
			}
		}
	}
	for _, c := range []struct {
		field string
		x     float64
	}{{"metric.value", r.Metric.Value}, {"ci.low", r.CI.Low}, {"ci.high", r.CI.High}, {"percent_of_peak", r.PercentOfPeak}, {"duration_s", r.DurationS}, {"cv", r.CV}} {
		if err := checkFinite(at+c.field, c.x, 0, MaxFigure); err != nil {
			return err
		}
	}
	if err := checkFinite(at+"ci.level", r.CI.Level, 0, 1); err != nil {
		return err
	}
	if r.Repeats < 0 {
		return bad("repeats", strconv.Itoa(r.Repeats), "must not be negative")
	}
	for _, k := range slices.Sorted(maps.Keys(r.Params)) {
		if v := r.Params[k]; v < 0 {
			return bad(fmt.Sprintf("params[%s]", quote(k)), strconv.FormatInt(v, 10), "a problem size is not negative")
		}
	}
	for _, m := range []struct {
		field string
		xs    map[string]float64
	}{{"verify", r.Verify}, {"extra", r.Extra}} {
		if len(m.xs) > MaxEntries {
			return bad(m.field, fmt.Sprintf("%d entries", len(m.xs)), fmt.Sprintf("more than %d", MaxEntries))
		}
		for _, k := range slices.Sorted(maps.Keys(m.xs)) {
			if err := checkFinite(fmt.Sprintf("%s%s[%s]", at, m.field, quote(k)), m.xs[k], -MaxFigure, MaxFigure); err != nil {
				return err
			}
		}
	}
	for i, s := range r.Runs {
		if s.N < 0 || s.Round < 0 || s.Repeats < 0 {
			return bad(fmt.Sprintf("runs[%d]", i), fmt.Sprintf("round %d, n %d, repeats %d", s.Round, s.N, s.Repeats), "must not be negative")
		}
		if err := checkFinite(fmt.Sprintf("%sruns[%d].median", at, i), s.Median, 0, MaxFigure); err != nil {
			return err
		}
	}
	if at == "" { // on its own (a journal entry): its text too
		return checkText(reflect.ValueOf(r).Elem(), "", "")
	}
	return nil
}

func metricWord(r *Result) string {
	if r.Metric.Unit != "" {
		return termtext.Escape(clip(r.Metric.Unit)) + " figure"
	}
	return "metric sample"
}

// CheckTime checks a timestamp of another radvbench file (a noise file's
// creation time) against the same window as a run's: set (when required)
// and between Earliest and a day from now.
func CheckTime(field string, t time.Time, required bool) error {
	if err := checkTime(field, t, required); err != nil {
		return err
	}
	return nil
}

// CheckText checks one text of another radvbench file as a results file's
// texts are checked: no NUL, at most MaxText bytes (MaxName for an
// identifier).
func CheckText(field, s string, identifier bool) error {
	if err := checkString(field, "", s, identifier); err != nil {
		return err
	}
	return nil
}

// checkTime: t must be set (when required) and plausible.
func checkTime(field string, t time.Time, required bool) *ValidationError {
	if t.IsZero() {
		if !required {
			return nil
		}
		return &ValidationError{Field: field, Problem: "missing (or the zero time 0001-01-01T00:00:00Z): a run records when it started"}
	}
	v := t.UTC().Format(time.RFC3339Nano)
	switch {
	case t.Before(Earliest):
		return &ValidationError{Field: field, Value: v, Problem: "before " + Earliest.Format("2006-01-02") + ": no radvbench run is that old"}
	case t.After(latest()):
		return &ValidationError{Field: field, Value: v, Problem: "in the future (more than a day from now): check the clock of the machine that wrote it"}
	}
	return nil
}

// checkPositive: x must be finite, > 0 and at most MaxFigure.
func checkPositive(field string, x float64, what string) *ValidationError {
	if x > 0 && x <= MaxFigure {
		return nil
	}
	problem := what + " is positive"
	if x > MaxFigure {
		problem = fmt.Sprintf("%s above %g is not a measurement", what, MaxFigure)
	}
	return &ValidationError{Field: field, Value: strconv.FormatFloat(x, 'g', -1, 64), Problem: problem}
}

// checkFinite: x must be finite and within [lo, hi].
func checkFinite(field string, x, lo, hi float64) *ValidationError {
	if x >= lo && x <= hi {
		return nil
	}
	problem := fmt.Sprintf("outside %g..%g", lo, hi)
	if lo == 0 && x < 0 {
		problem = "must not be negative"
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		problem = "not a finite number"
	}
	return &ValidationError{Field: field, Value: strconv.FormatFloat(x, 'g', -1, 64), Problem: problem}
}

// checkText walks every string of v (struct fields by their JSON names,
// map keys and values, list entries): none holds a NUL (PostgreSQL cannot
// store it, C tools cut the text there), none is longer than its bound,
// and no list or map is longer than MaxEntries. Raw JSON (the system
// record) is not walked: nothing reads it but a person. field is the JSON
// name of the struct field v belongs to (it chooses the bound).
func checkText(v reflect.Value, path, field string) *ValidationError {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return checkText(v.Elem(), path, field)
	case reflect.String:
		return checkString(path, field, v.String(), false)
	case reflect.Struct:
		if v.Type() == reflect.TypeOf(time.Time{}) {
			return nil
		}
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			sf := t.Field(i)
			if !sf.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if name == "" {
				name = sf.Name
			}
			p := name
			if path != "" {
				p = path + "." + name
			}
			if err := checkText(v.Field(i), p, name); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 { // json.RawMessage
			return nil
		}
		if v.Len() > MaxEntries && v.Type().Elem().Kind() == reflect.String {
			return &ValidationError{Field: path, Value: fmt.Sprintf("%d entries", v.Len()), Problem: fmt.Sprintf("more than %d", MaxEntries)}
		}
		if !hasText(v.Type().Elem()) {
			return nil
		}
		for i := 0; i < v.Len(); i++ {
			if err := checkText(v.Index(i), fmt.Sprintf("%s[%d]", path, i), field); err != nil {
				return err
			}
		}
	case reflect.Map:
		if v.Len() > MaxEntries {
			return &ValidationError{Field: path, Value: fmt.Sprintf("%d entries", v.Len()), Problem: fmt.Sprintf("more than %d", MaxEntries)}
		}
		if v.Type().Key().Kind() != reflect.String {
			return nil
		}
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
		for _, k := range keys {
			ks := k.String()
			p := fmt.Sprintf("%s[%s]", path, quote(ks))
			if err := checkString(p, field, ks, true); err != nil {
				return err
			}
			if err := checkText(v.MapIndex(k), p, field); err != nil {
				return err
			}
		}
	}
	return nil
}

// hasText reports whether values of type t can hold a string.
func hasText(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.String, reflect.Struct, reflect.Map, reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return hasText(t.Elem())
	}
	return false
}

// identifiers are the fields (by their JSON names) whose text is an
// identifier, bounded by MaxName, as are all map keys; every other text
// is bounded by MaxText.
var identifiers = map[string]bool{"suite": true, "kernel": true, "config": true, "suites": true, "variant": true, "params": true, "unit": true, "better": true}

func checkString(path, field, s string, key bool) *ValidationError {
	limit := MaxText
	if key || identifiers[field] {
		limit = MaxName
	}
	if len(s) > limit {
		return &ValidationError{Field: path, Value: fmt.Sprintf("a text of %d bytes", len(s)), Problem: fmt.Sprintf("longer than the %d bytes such a text may hold", limit)}
	}
	if strings.IndexByte(s, 0) >= 0 {
		return &ValidationError{Field: path, Value: quote(s), Problem: "holds a NUL character"}
	}
	return nil
}

// quote shows a text from a file in a message: quoted, control
// characters made visible (termtext.Escape), long text clipped.
func quote(s string) string { return `"` + termtext.Escape(clip(s)) + `"` }

// clip shortens s for a message.
func clip(s string) string {
	const n = 48
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
