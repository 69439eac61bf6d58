package resultsfile

import "testing"

func TestAsmDir(t *testing.T) {
	for in, want := range map[string]string{
		"results/x-isa.json": "results/x-isa.asm",
		"isa":                "isa.asm",
		"a.json.json":        "a.json.asm",
		"dir.json/f":         "dir.json/f.asm",
	} {
		if got := AsmDir(in); got != want {
			t.Errorf("AsmDir(%q) = %q, want %q", in, got, want)
		}
	}
}
