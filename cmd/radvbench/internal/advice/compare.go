package advice

import (
	"errors"
	"fmt"
	"strings"

	"github.com/radvbench/radvbench/cmd/radvbench/internal/base"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/reports/compare"
	"github.com/radvbench/radvbench/reports/note"
	"github.com/radvbench/radvbench/reports/pairing"
)

// CompareAdvice words what reports/compare's messages leave to the CLI
// (note.Advice): the runs, noise files and budgets to ask for, in the
// words of run's, noise's and compare's flags. Every command that renders
// a comparison or a plan words it with this first (compare.Report.Word,
// compare.Plan.Word; reports/report's Options.Advise).
func CompareAdvice(a note.Advice) string {
	switch a.Kind {
	case note.AdviceRepeatRuns:
		return "; repeat each side (radvbench run --runs 5), then 'compare --plan' says how many runs a side gate it"
	case note.AdviceFewRuns:
		return " (repeat runs: radvbench run --runs 5)"
	case note.AdviceRemeasureNoise:
		return "; measure the noise again: radvbench noise"
	case note.AdvicePairedNoise:
		return "; or judge against what the pairs can show: a noise file of A/A rounds ('radvbench noise -o noise.json FILE', then --noise noise.json)"
	case note.AdviceWideFloor:
		return "; measure the noise with more runs ('radvbench noise --runs 5' or more) on a quieter machine"
	case note.AdviceNoiseElsewhere:
		return "; measure them here with 'radvbench noise'"
	case note.AdviceBudget:
		return fmt.Sprintf("; --budget %s (%d rounds) decides far more", a.Budget, a.Rounds)
	case note.AdvicePlanRuns:
		return fmt.Sprintf(" (radvbench run --runs %d for the baseline and for the candidate)", a.Runs)
	case note.AdvicePlanDetect:
		return fmt.Sprintf("; plan with a --detect above the threshold (%s), or lower the threshold", compare.FormatPercent(a.Threshold))
	case note.AdvicePlanUnknown:
		return ": measure it with 'radvbench noise' or compare files with 2+ runs"
	case note.AdviceQuick:
		return "; run both sides with --quick, or both without"
	case note.AdviceISAFiles:
		return "; give one isa file per group with --isa (radvbench isa, for the Mesa each group ran) to see what RADV compiled"
	}
	return ""
}

// CompareError is the usage error (exit 2) for inputs compare.Compare or
// compare.CompareISA refuses, with what to do about the typed ones.
func CompareError(err error) error {
	var few *pairing.TooFewGroupsError
	var none *compare.NothingComparedError
	var dev *pairing.DeviceError
	var isaCount *compare.ISACountError
	advice := ""
	switch {
	case errors.As(err, &few) && few.By == "":
		advice = " (or --by KEY to compare groups within them)"
	case errors.As(err, &few):
		advice = "; pick another --by key"
	case errors.As(err, &none) && none.Disjoint():
		advice = "; check that both ran the same suites and --filter"
	case errors.As(err, &dev):
		advice = ": compare devices with --by device, or pass --allow-device-change to judge across them"
	case errors.As(err, &isaCount):
		advice = " to --isa (radvbench compare BASE.json NEW.json --isa BASE-isa.json,NEW-isa.json)"
	}
	return base.Usagef("%v%s", err, advice)
}

// InputError is the usage error (exit 2) for a results file
// pairing.LoadInputs refuses, with what to do; verb says what the command
// would have done with it ("compare", "import").
func InputError(err error, verb string) error {
	var lie *pairing.LoadInputError
	var le *resultsfile.LoadError
	switch {
	case errors.As(err, &le) && le.Problem == resultsfile.LoadIsDir:
		return base.Usagef("%s is a directory: pass results files (e.g. %s/*.json)", le.Name, strings.TrimSuffix(le.Name, "/"))
	case !errors.As(err, &lie):
		return ResultsError(err)
	}
	switch lie.Problem {
	case pairing.InputNoResults:
		return base.Usagef("%s holds no benchmark results: nothing to %s (was the run interrupted or its --filter too narrow?)", lie.Path, verb)
	}
	return base.Usagef("%v", err)
}

// ReportExplain is report.Options.Explain: what the report says in place
// of a comparison it could not make.
func ReportExplain(err error) string {
	var few *pairing.TooFewGroupsError
	switch {
	case errors.As(err, &few) && few.By == "" && few.ISA:
		return "one isa file and no --by key: nothing to compare (pass two isa files, or --by driver, or --by config to compare targets)"
	case errors.As(err, &few) && few.By == "":
		return "one run and no --by key: nothing to compare (pass two results files, or --by config for an A/B run)"
	}
	return CompareError(err).Error()
}
