package commands

import (
	"strings"
	"testing"
)

func TestDescription(t *testing.T) {
	for _, name := range []string{"run", "history import", "isa diff"} {
		d := Description(name)
		if d == "" || d != strings.TrimSpace(d) || strings.Contains(d, "\r") {
			t.Errorf("Description(%q) = %q: want the file's text, trimmed", name, d)
		}
	}
	if got := Description("history import"); !strings.HasPrefix(got, "Adds the runs of each results file") {
		t.Errorf("Description(history import) = %.40q..., want history-import.txt", got)
	}
}

func TestDescriptionMissing(t *testing.T) {
	defer func() {
		if p := recover(); p == nil || !strings.Contains(p.(string), `"no-such-command"`) {
			t.Errorf("recovered %v, want a panic naming the command", p)
		}
	}()
	Description("no-such-command")
}
