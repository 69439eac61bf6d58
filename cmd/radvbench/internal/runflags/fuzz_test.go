package runflags

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/runner"
	_ "github.com/radvbench/radvbench/bench/suites/latency"
	_ "github.com/radvbench/radvbench/bench/suites/matmul"
	_ "github.com/radvbench/radvbench/bench/suites/memory"
	_ "github.com/radvbench/radvbench/bench/suites/mesh"
	_ "github.com/radvbench/radvbench/bench/suites/peak"
	_ "github.com/radvbench/radvbench/bench/suites/rayquery"
)

// Fuzz targets for the run flags that take outside input. Each checks the
// parser never panics, rejects with a one-line usage error (exit 2), and
// that what it accepts is consistent. ci/fuzz.sh runs each for a bounded
// time in `make test`; crashers are kept under testdata/fuzz/.

// checkUsage fails unless err is a one-line usage error.
func checkUsage(t *testing.T, err error) {
	t.Helper()
	var ue *UsageError
	if !errors.As(err, &ue) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("want a one-line *UsageError, got %T: %q", err, err)
	}
}

// FuzzSizes: --sizes for any subset of the real suites (a bit per suite
// in mask). Accepted sizes belong only to kernels of the selected suites
// that parse sizes, and each was parsed by that kernel's parser.
func FuzzSizes(f *testing.F) {
	for _, s := range []string{"256", "1024,2048x512x4096", "matmul=1024;mesh=1920x1080", "mesh=64x32,48", "64KiB,1G",
		"65536x256x1048576", "=", ",", ";", "matmul=", "x", "1x1x1x1", "99999999999999999999", "-1", "mesh=1920x1080=3", "all=1"} {
		f.Add(uint8(0xff), s)
		f.Add(uint8(1), s)
	}
	all := kernel.Suites()
	f.Fuzz(func(t *testing.T, mask uint8, spec string) {
		var suites []*kernel.Suite
		for i, s := range all {
			if mask&(1<<(i%8)) != 0 {
				suites = append(suites, s)
			}
		}
		m, err := ParseSizes(suites, []string{spec})
		if err != nil {
			checkUsage(t, err)
			return
		}
		if len(m) == 0 {
			t.Fatalf("%q accepted but no kernel got a size", spec)
		}
		kernels := map[string]*kernel.Kernel{}
		for _, s := range suites {
			for _, k := range s.Kernels {
				if k.ParseSize != nil {
					kernels[s.Name+"/"+k.Name] = k
				}
			}
		}
		for key, sizes := range m {
			if kernels[key] == nil {
				t.Fatalf("%q gave sizes to %s, not a selected kernel that takes sizes", spec, key)
			}
			if len(sizes) == 0 {
				t.Fatalf("%q: %s has an empty list", spec, key)
			}
			for _, p := range sizes {
				if len(p) == 0 {
					t.Fatalf("%q: %s got an empty size", spec, key)
				}
			}
		}
	})
}

// FuzzFilter: --filter compiles or is a one-line usage error, and the
// plan it gives holds only benchmarks whose name it matches.
func FuzzFilter(f *testing.F) {
	for _, s := range []string{"", "naive", "naive|mesh/", "^matmul/", "(", "[", `\`, "a{2,1}", "re:(", "\xff", "(?i)MESH", "a\nb", "x{1001}"} {
		f.Add(s)
	}
	suites := kernel.Suites()
	f.Fuzz(func(t *testing.T, expr string) {
		re, err := ParseFilter(expr)
		if err != nil {
			checkUsage(t, err)
			return
		}
		if (re == nil) != (expr == "") {
			t.Fatalf("%q: regexp %v", expr, re)
		}
		for _, it := range runner.Plan(runner.Options{Suites: suites, Filter: re, Kernel: kernel.Options{Quick: true}}) {
			if name := kernel.FullName(it.Kernel, it.Variant); re != nil && !re.MatchString(name) {
				t.Fatalf("%q planned %s, which it does not match", expr, name)
			}
		}
	})
}

// FuzzLabel: --label pairs. An accepted pair round-trips (KEY=VALUE
// parses back to the same map); keys and values are what results files,
// 'compare --by label.KEY' and benchfmt exports can carry.
func FuzzLabel(f *testing.F) {
	for _, s := range []string{"kernel=6.12-fragment4", "k=", "=v", "novalue", " k = v ", "k=a=b", "k=line\nbreak", "a b=c", "k:x=1", "k=\xff", "k=\t"} {
		f.Add(s)
	}
	keyOK := regexp.MustCompile(`^[^\s:=]+$`)
	f.Fuzz(func(t *testing.T, pair string) {
		m, err := ParseLabels([]string{pair})
		if err != nil {
			checkUsage(t, err)
			return
		}
		if len(m) != 1 {
			t.Fatalf("%q gave %v", pair, m)
		}
		var again []string
		for k, v := range m {
			if !keyOK.MatchString(k) || strings.ContainsAny(v, "\n\r\x00") {
				t.Fatalf("%q accepted key %q value %q", pair, k, v)
			}
			again = append(again, k+"="+v)
		}
		m2, err := ParseLabels(again)
		if err != nil || fmt.Sprint(m2) != fmt.Sprint(m) {
			t.Fatalf("%q: %v does not round-trip (%v, %v)", pair, m, m2, err)
		}
	})
}

// FuzzConfig: --config NAME[:ENV=VALUE,...]. Accepted names are unique
// and well formed; accepted variables can be put in a child's
// environment (a name without '=', spaces or NUL, a value without NUL),
// and the configuration formats back to a spec that parses the same.
func FuzzConfig(f *testing.F) {
	for _, s := range []string{"A", "B:RADV_PERFTEST=cswave32", "wave32:RADV_PERFTEST=cswave32,ACO_DEBUG=novn", "a b", "A:", "A:=1", "A:X", "A:X=1,", "A:X=a=b",
		"A:X\x00=1", "A:X=\x00", ":", "A:1X=2"} {
		f.Add(s, "B")
	}
	envName := regexp.MustCompile(`^[^=\s\x00]+$`)
	f.Fuzz(func(t *testing.T, a, b string) {
		cs, err := ParseConfigs([]string{a, b})
		if err != nil {
			checkUsage(t, err)
			return
		}
		if len(cs) != 2 || cs[0].Name == cs[1].Name {
			t.Fatalf("%q %q gave %+v", a, b, cs)
		}
		var specs []string
		for _, c := range cs {
			if !regexp.MustCompile(`^[A-Za-z0-9._+-]+$`).MatchString(c.Name) {
				t.Fatalf("bad name %q", c.Name)
			}
			var kvs []string
			for k, v := range c.Env {
				if !envName.MatchString(k) || strings.ContainsRune(v, 0) || strings.ContainsAny(v, ",") {
					t.Fatalf("%q %q: variable %q=%q cannot go into an environment", a, b, k, v)
				}
				kvs = append(kvs, k+"="+v)
			}
			sort.Strings(kvs)
			spec := c.Name
			if len(kvs) > 0 {
				spec += ":" + strings.Join(kvs, ",")
			}
			specs = append(specs, spec)
		}
		again, err := ParseConfigs(specs)
		if err != nil || fmt.Sprint(again) != fmt.Sprint(cs) {
			t.Fatalf("%q %q: %v formats to %q, which parses to %v (%v)", a, b, cs, specs, again, err)
		}
	})
}
