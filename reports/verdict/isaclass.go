package verdict

import (
	"fmt"
	"strings"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// ISAClass is how a changed statistic of an isa comparison counts.
type ISAClass string

// The classes. A change in the worse direction of a regression-class
// statistic fails the gate; of a warning-class one it is reported as a
// warning; an info-class change is listed; an ignored statistic is not
// compared. A change in the better direction of a regression- or
// warning-class statistic is an improvement.
const (
	ISARegression ISAClass = "regression"
	ISAWarning    ISAClass = "warning"
	ISAInfo       ISAClass = "info"
	ISAIgnore     ISAClass = "ignore"
)

// ParseISAClass reads a class name.
func ParseISAClass(s string) (ISAClass, error) {
	switch c := ISAClass(strings.TrimSpace(s)); c {
	case ISARegression, ISAWarning, ISAInfo, ISAIgnore:
		return c, nil
	}
	return "", fmt.Errorf("isa class %q: use regression, warning, info or ignore", s)
}

// DerivedPrefix marks the counts radvbench derives from the assembly in
// statistic names ("asm.instructions"), apart from RADV's own ("Instructions").
const DerivedPrefix = "asm."

// isaDefaults classify RADV's statistics: a new or larger spill, more
// scratch memory or lower occupancy is a regression; more registers a
// warning; everything else (instruction counts, code size, ACO's latency
// estimate, ...) is information. Which way is worse is
// resultsfile.ISABetter's.
var isaDefaults = map[string]ISAClass{
	"Spilled SGPRs":      ISARegression,
	"Spilled VGPRs":      ISARegression,
	"Scratch size":       ISARegression,
	"Subgroups per SIMD": ISARegression,
	"VGPRs":              ISAWarning,
	"SGPRs":              ISAWarning,
	// Spill code as the listing shows it.
	DerivedPrefix + "scratch_loads":  ISAWarning,
	DerivedPrefix + "scratch_stores": ISAWarning,
	// RADV's hash of the pipeline's inputs, not of its code.
	"Driver pipeline hash": ISAIgnore,
}

// ISAClassFor returns the class of statistic stat (RADV's name, or
// DerivedPrefix + a count's name) of the benchmark key ("ID@target") and
// whether an increase is worse: the default, overridden by every matching
// rule's isa entry in order.
func (p *Policy) ISAClassFor(key, stat string) (ISAClass, bool) {
	class, ok := isaDefaults[stat]
	if !ok {
		class = ISAInfo
	}
	for _, r := range p.Rules {
		if c, ok := r.ISA[stat]; ok && r.Match.Match(key) {
			class = c
		}
	}
	return class, resultsfile.ISABetter(strings.TrimPrefix(stat, DerivedPrefix)) == resultsfile.LowerIsBetter
}
