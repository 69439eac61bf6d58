package comparefmt

import "testing"

func TestValidFormat(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{{"text", true}, {"markdown", true}, {"junit", true}, {"json", true}, {"", false}, {"JSON", false}, {"fossil", false}} {
		if got := ValidFormat(tt.in); got != tt.want {
			t.Errorf("ValidFormat(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
