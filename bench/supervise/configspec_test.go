package supervise

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseConfigs(t *testing.T) {
	for _, tc := range []struct {
		specs   []string
		want    []Config
		problem ConfigProblem
		err     string
	}{
		{specs: nil, want: nil},
		{specs: []string{"A", "B:RADV_PERFTEST=cswave32,ACO_DEBUG=novn"}, want: []Config{
			{Name: "A", Env: map[string]string{}},
			{Name: "B", Env: map[string]string{"RADV_PERFTEST": "cswave32", "ACO_DEBUG": "novn"}}}},
		{specs: []string{"wave.32+x_y-z:X=a=b", "e:X="}, want: []Config{
			{Name: "wave.32+x_y-z", Env: map[string]string{"X": "a=b"}}, {Name: "e", Env: map[string]string{"X": ""}}}},
		{specs: []string{"A:"}, want: []Config{{Name: "A", Env: map[string]string{}}}},
		{specs: []string{"a b"}, problem: ConfigBadName, err: `"a b": the name must be letters, digits, '.', '_', '+' or '-'`},
		{specs: []string{":X=1"}, problem: ConfigBadName},
		{specs: []string{"A", "A:X=1"}, problem: ConfigDuplicate, err: `"A:X=1": configuration A is given twice`},
		{specs: []string{"A:X"}, problem: ConfigBadVariable, err: `"A:X": "X" is not ENV=VALUE`},
		{specs: []string{"A:=1"}, problem: ConfigBadVariable},
		{specs: []string{"A:X=1,"}, problem: ConfigBadVariable},
		{specs: []string{"A:X Y=1"}, problem: ConfigBadVariable},
		{specs: []string{"A:X=\x00"}, problem: ConfigBadVariable},
	} {
		got, err := ParseConfigs(tc.specs)
		if tc.problem != "" {
			var ce *ConfigError
			if !errors.As(err, &ce) || ce.Problem != tc.problem || tc.err != "" && err.Error() != tc.err {
				t.Errorf("%q: %v, want a %s ConfigError %q", tc.specs, err, tc.problem, tc.err)
			}
			if err != nil && strings.Contains(err.Error(), "--") {
				t.Errorf("%q: %q names a flag", tc.specs, err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %+v, %v; want %+v", tc.specs, got, err, tc.want)
		}
	}
}
