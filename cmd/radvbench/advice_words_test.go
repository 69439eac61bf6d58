package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/internal/flagwords"
)

// TestAdviceFlagwordsCommands: internal/flagwords knows every command the
// CLI registers (test-only commands aside), so its check catches
// 'radvbench COMMAND' for each.
func TestAdviceFlagwordsCommands(t *testing.T) {
	var names []string
	for n := range commands {
		if !strings.HasPrefix(n, "test") {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	want := slices.Clone(flagwords.Commands)
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Errorf("flagwords.Commands = %v, the CLI registers %v", want, names)
	}
}
