package verdict

import "testing"

func TestSummaryLine(t *testing.T) {
	regs := Tally{N: 2, One: "regression", Many: "regressions"}
	same := Tally{N: 1, One: "unchanged", Many: "unchanged"}
	none := Tally{N: 0, One: "missing", Many: "missing"}
	for _, tc := range []struct {
		name  string
		clean bool
		ts    []Tally
		want  string
	}{
		{"clean", true, []Tally{none, same}, "no regression, 1 unchanged"},
		{"plural", false, []Tally{regs, none, same}, "2 regressions, 1 unchanged"},
		{"nothing", false, []Tally{none}, ""},
	} {
		if got := SummaryLine(tc.clean, tc.ts); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
