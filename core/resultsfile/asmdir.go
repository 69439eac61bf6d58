package resultsfile

import "strings"

// AsmDir is the assembly directory of the isa file at path unless
// another is named: the path without .json, plus .asm. An isa run writes
// its assembly there (bench/launch) and asmdiff reads it from there.
func AsmDir(path string) string {
	return strings.TrimSuffix(path, ".json") + ".asm"
}
