package changepoint

import "testing"

func TestWithAlpha(t *testing.T) {
	for _, tc := range []struct {
		alpha float64
		perms int
		want  int
	}{
		{0.01, 99, 99},
		{0.05, 99, 99},
		{0.001, 99, 999},
		{0.0001, 99, 9999},
		{0.003, 99, 333},
		{0.5, 0, 1},
	} {
		o := Options{Permutations: tc.perms, MinSize: 5}.WithAlpha(tc.alpha)
		if o.Alpha != tc.alpha || o.Permutations != tc.want || o.MinSize != 5 {
			t.Errorf("WithAlpha(%g) from %d permutations = %+v, want %d permutations", tc.alpha, tc.perms, o, tc.want)
		}
	}
}
