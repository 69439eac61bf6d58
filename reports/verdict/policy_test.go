package verdict

import (
	"math"
	"strings"
	"testing"
)

func TestParsePercent(t *testing.T) {
	for _, tt := range []struct {
		in      string
		want    float64
		wantErr string
	}{
		{"3", 0.03, ""}, {"3%", 0.03, ""}, {" 0.5% ", 0.005, ""}, {"10", 0.10, ""}, {"0", 0, ""},
		{"-1", 0, "negative"}, {"abc", 0, "not a percentage"}, {"", 0, "not a percentage"}, {"NaN", 0, "not a percentage"},
	} {
		got, err := ParsePercent(tt.in)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParsePercent(%q) error %v, want %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || math.Abs(got-tt.want) > 1e-15 {
			t.Errorf("ParsePercent(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

func TestPattern(t *testing.T) {
	const id = "matmul/gemm_tiled/tile=16x16/k=1024,m=1024,n=1024"
	for _, tt := range []struct {
		pat, key string
		want     bool
	}{
		{"matmul/*", id, true},               // '*' crosses '/'
		{"matmul/gemm_tiled", id, false},     // globs are anchored
		{"*k=1024*", id, true},               //
		{"matmul/gemm_?iled/*", id, true},    // '?' is one character
		{"memory/*", id, false},              //
		{"re:gemm_(tiled|naive)", id, true},  // regexps are unanchored
		{"re:^memory", id, false},            //
		{"matmul/*", id + "@wave32", true},   // configs match the bare ID's patterns
		{"*@wave32", id + "@wave32", true},   // or their own
		{"*@wave32", id + "@default", false}, //
		{"matmul/gemm.tiled/*", id, false},   // '.' is literal in a glob
		{"latency/roundtrip", "latency/roundtrip", true},
	} {
		p, err := ParsePattern(tt.pat)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Match(tt.key); got != tt.want {
			t.Errorf("%q.Match(%q) = %v, want %v", tt.pat, tt.key, got, tt.want)
		}
	}
	for _, bad := range []string{"", "re:(", "  "} {
		if _, err := ParsePattern(bad); err == nil {
			t.Errorf("ParsePattern(%q) accepted", bad)
		}
	}
}

func TestReadPolicy(t *testing.T) {
	const full = `
# gate for the nightly RADV runs
alpha: 0.001
threshold: 5%
noise: 4
min_samples: 15
alpha_per: benchmark
rules:
  - match: "latency/*"
    threshold: 10%
  - match: "latency/roundtrip"
    alpha: 0.05
  - match: "memory/*"
    noise: 8%
allow:
  - match: "re:^memory/copy/"
    reason: "Mesa !31234 trades copy bandwidth for latency"
`
	p, err := ReadPolicy(strings.NewReader(full), "gate.yaml", DefaultPolicy())
	if err != nil {
		t.Fatal(err)
	}
	if p.Alpha != 0.001 || math.Abs(p.Threshold-0.05) > 1e-15 || math.Abs(p.Noise-0.04) > 1e-15 || p.MinSamples != 15 || p.FamilyWise() {
		t.Errorf("globals: %+v", p)
	}
	tests := []struct {
		key       string
		want      Limits
		wantAllow bool
	}{
		// No rule: the file's globals; noise 4% as set.
		{"matmul/gemm", Limits{Alpha: 0.001, Threshold: 0.05, Noise: 0.04}, false},
		// Rule 1 sets the threshold; rule 2 (later) the alpha.
		{"latency/roundtrip", Limits{Alpha: 0.05, Threshold: 0.10, Noise: 0.04}, false},
		{"latency/other", Limits{Alpha: 0.001, Threshold: 0.10, Noise: 0.04}, false},
		{"memory/copy/bytes=1", Limits{Alpha: 0.001, Threshold: 0.05, Noise: 0.08}, true},
	}
	for _, tt := range tests {
		l, a := p.For(tt.key)
		if !near(l, tt.want) || (a != nil) != tt.wantAllow {
			t.Errorf("For(%q) = %+v allow %v, want %+v %v", tt.key, l, a != nil, tt.want, tt.wantAllow)
		}
	}

	// Without an explicit noise limit it follows the (overridden) threshold.
	p, err = ReadPolicy(strings.NewReader("rules:\n  - match: \"a/*\"\n    threshold: 7\n"), "p.yaml", DefaultPolicy())
	if err != nil {
		t.Fatal(err)
	}
	if l, _ := p.For("a/b"); !near(l, Limits{Alpha: 0.01, Threshold: 0.07, Noise: 0.07}) {
		t.Errorf("noise follows threshold: %+v", l)
	}
	if l, _ := p.For("b/c"); !near(l, Limits{Alpha: 0.01, Threshold: 0.03, Noise: 0.03}) {
		t.Errorf("defaults: %+v", l)
	}
	// An empty file keeps the base.
	if p, err := ReadPolicy(strings.NewReader(""), "empty.yaml", DefaultPolicy()); err != nil || p.Alpha != DefaultAlpha || !p.FamilyWise() {
		t.Errorf("empty policy: %+v %v", p, err)
	}
}

func near(a, b Limits) bool {
	const eps = 1e-12
	return math.Abs(a.Alpha-b.Alpha) < eps && math.Abs(a.Threshold-b.Threshold) < eps && math.Abs(a.Noise-b.Noise) < eps
}

func TestReadPolicyErrors(t *testing.T) {
	for _, tt := range []struct{ name, in, want string }{
		{"unknown field", "treshold: 3\n", "field treshold not found"},
		{"bad percent", "threshold: lots\n", `"lots" is not a percentage`},
		{"bad alpha", "alpha: 5\n", "alpha 5 is outside (0, 1)"},
		{"bad alpha_per", "alpha_per: gate\n", `alpha_per "gate": use comparison`},
		{"rule alpha", "rules:\n  - match: a\n    alpha: 0\n", "rule 1 (a): alpha 0 is outside"},
		{"empty rule", "rules:\n  - match: a\n", "rule 1 (a) sets nothing"},
		{"bad regexp", "rules:\n  - match: \"re:(\"\n    threshold: 1\n", "rule 1: bad pattern"},
		{"allow no reason", "allow:\n  - match: a\n", "allow entry 1 (a) has no reason"},
		{"not yaml", "alpha: [\n", "policy p.yaml:"},
		// Text from the file is escaped: the error stays one line.
		{"newline in an empty rule", "rules:\n  - match: \"*\\nthreshold: 200%\"\n", `rule 1 (*\nthreshold: 200%) sets nothing`},
		{"newline in a bad rule", "rules:\n  - match: \"a\\nb\"\n    threshold: 200%\n", `rule 1 (a\nb): threshold 200% is above`},
		{"newline in a rule's alpha", "rules:\n  - match: \"a\\nb\"\n    alpha: 2\n", `rule 1 (a\nb): alpha 2 is outside`},
		{"newline in an isa statistic", "rules:\n  - match: \"a\\nb\"\n    isa:\n      \"x\\ny\": fast\n", `rule 1 (a\nb): x\ny:`},
		{"newline in an allow entry", "allow:\n  - match: \"a\\x1b[2J\"\n", `allow entry 1 (a\x1b[2J) has no reason`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadPolicy(strings.NewReader(tt.in), "p.yaml", DefaultPolicy())
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want %q", err, tt.want)
			}
			if err != nil && strings.Contains(err.Error(), "\n") {
				t.Errorf("error is not one line: %q", err)
			}
		})
	}
}

// TestReadPolicyFileName: a file name is only printed, escaped.
func TestReadPolicyFileName(t *testing.T) {
	_, err := ReadPolicy(strings.NewReader("alpha: 5\n"), "p\n.yaml", DefaultPolicy())
	if err == nil || !strings.Contains(err.Error(), `policy p\n.yaml: `) {
		t.Errorf("error %q, want the escaped file name", err)
	}
}

// TestPolicyExample keeps the documented example policy valid.
func TestPolicyExample(t *testing.T) {
	p, err := LoadPolicy("../../ci/policy.example.yaml", DefaultPolicy())
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Rules) != 2 || len(p.Allow) != 1 {
		t.Errorf("example policy: %d rules, %d allow entries", len(p.Rules), len(p.Allow))
	}
	if l, _ := p.For("matmul/naive/name=wg16x16/K=64,M=64,N=64"); !near(l, Limits{Alpha: 0.01, Threshold: 0.05, Noise: 0.10}) {
		t.Errorf("example limits %+v", l)
	}
}

// TestPolicyNoiseFile: noise_file in a policy is relative to the policy
// file; an absolute path stays; the flag-free default has none.
func TestPolicyNoiseFile(t *testing.T) {
	for _, tc := range []struct{ yaml, name, want string }{
		{"noise_file: noise.json\n", "ci/policy.yaml", "ci/noise.json"},
		{"noise_file: /var/lib/radvbench/noise.json\n", "ci/policy.yaml", "/var/lib/radvbench/noise.json"},
		{"threshold: 4\n", "ci/policy.yaml", ""},
	} {
		p, err := ReadPolicy(strings.NewReader(tc.yaml), tc.name, DefaultPolicy())
		if err != nil {
			t.Fatal(err)
		}
		if p.NoiseFile != tc.want {
			t.Errorf("%q: noise file %q, want %q", tc.yaml, p.NoiseFile, tc.want)
		}
	}
}

// TestPolicyBounds: figures that would disable the gate (a threshold no
// drop can exceed, as a damaged noise file did with its floors) or mean
// nothing are refused, in the file's globals and in its rules.
func TestPolicyBounds(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		{"threshold: 100%\n", ""},
		{"threshold: 1e300\n", "threshold 1e+300% is above 100%"},
		{"threshold: 101%\n", "threshold 101% is above 100%"},
		{"noise: 5000%\n", "noise limit 5000% is above 1000%"},
		{"min_samples: -5\n", "min_samples -5 is negative"},
		{"rules:\n  - match: 'matmul/*'\n    threshold: 1e300\n", "rule 1 (matmul/*): threshold 1e+300% is above 100%"},
		{"rules:\n  - match: 'matmul/*'\n    noise: 1e9\n", "rule 1 (matmul/*): noise limit 1e+09% is above 1000%"},
	} {
		_, err := ReadPolicy(strings.NewReader(tc.yaml), "p.yaml", DefaultPolicy())
		if tc.want == "" {
			if err != nil {
				t.Errorf("%q: %v", tc.yaml, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "p.yaml") {
			t.Errorf("%q: err %v, want %q", tc.yaml, err, tc.want)
		}
	}
}

func TestPolicySet(t *testing.T) {
	for _, tt := range []struct {
		key, value string
		check      func(Policy) bool
		wantErr    string
	}{
		{"threshold", "5%", func(p Policy) bool { return p.Threshold == 0.05 }, ""},
		{"threshold", "x", nil, "not a percentage"},
		{"noise", "7", func(p Policy) bool { return p.Noise == 0.07 }, ""},
		{"alpha", "0.05", func(p Policy) bool { return p.Alpha == 0.05 }, ""},
		{"alpha", "lots", nil, "alpha \"lots\" is not a number"},
		{"min_samples", "4", func(p Policy) bool { return p.MinSamples == 4 }, ""},
		{"min_samples", "4.5", nil, "not a whole number"},
		{"unsure", UnsureFail, func(p Policy) bool { return p.UnsureFails() }, ""},
		{"unsure", "maybe", nil, "unsure \"maybe\""},
		{"clock_changes", ClockPass, func(p Policy) bool { return p.ClockChanges == ClockPass }, ""},
		{"clock_changes", "x", nil, "clock"},
		{"alpha_per", AlphaPerBenchmark, func(p Policy) bool { return !p.FamilyWise() }, ""},
		{"alpha_per", "run", nil, "alpha_per \"run\""},
		{"noise_file", "n.json", func(p Policy) bool { return p.NoiseFile == "n.json" }, ""},
		{"nope", "1", nil, "unknown policy key"},
	} {
		p := DefaultPolicy()
		err := p.Set(tt.key, tt.value)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Set(%q, %q) = %v, want an error with %q", tt.key, tt.value, err, tt.wantErr)
			}
			if d := DefaultPolicy(); p.Threshold != d.Threshold || p.Unsure != d.Unsure || p.MinSamples != d.MinSamples {
				t.Errorf("Set(%q, %q) failed but changed the policy: %+v", tt.key, tt.value, p)
			}
			continue
		}
		if err != nil || !tt.check(p) {
			t.Errorf("Set(%q, %q) = %v, policy %+v", tt.key, tt.value, err, p)
		}
	}
}
