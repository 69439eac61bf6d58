package compare

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

func TestSideName(t *testing.T) {
	side := func(names ...string) []Input {
		var ins []Input
		for _, n := range names {
			ins = append(ins, Input{Name: n})
		}
		return ins
	}
	for _, tt := range []struct {
		in   []Input
		want string
	}{
		{side("a.json"), "a.json"},
		{side("a.json", "b.json", "c.json"), "a.json+b.json+c.json"},
		{side("a", "b", "c", "d"), "a+b+… (4 files)"},
	} {
		if got := SideName(tt.in); got != tt.want {
			t.Errorf("SideName(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
