package compare

import "github.com/radvbench/radvbench/reports/note"

// The kinds of note a report carries at its top (Report.Notes): facts
// about the inputs the reader must know before trusting the table.
const (
	NoteDeviceDiffers  note.Kind = "device-differs"     // a group ran on another GPU model
	NoteDriverDiffers  note.Kind = "driver-differs"     // ... or another driver (name, info or version)
	NoteKernelDiffers  note.Kind = "kernel-differs"     // ... or another Linux kernel release
	NoteMethodDiffers  note.Kind = "method-differs"     // ... or was measured by another measurement method
	NoteClocksDiffer   note.Kind = "clocks-differ"      // ... or held the GPU's clocks another way
	NoteEnvDiffers     note.Kind = "driver-env-differs" // ... or with another driver environment
	NoteShadersDiffer  note.Kind = "shaders-differ"     // the SPIR-V measured changed
	NotePartialRun     note.Kind = "partial-run"        // an input is an interrupted run
	NoteCPUFigures     note.Kind = "cpu-figures"        // the figures are a CPU implementation's (lavapipe)
	NoteQuickMixed     note.Kind = "quick-mixed"        // some inputs used quick sizes, others not
	NoteNoiseElsewhere note.Kind = "noise-elsewhere"    // the noise file was measured on another machine
	NoteWideFloors     note.Kind = "wide-floors"        // noise floors above 50%
	NoteAllowUnused    note.Kind = "allow-unused"       // a policy allow entry matched no regression
	NoteShortBudget    note.Kind = "short-budget"       // the time budget ended the runs too early to decide much
	NoteISAFigures     note.Kind = "isa-figures"        // where a group's compiler figures came from (--isa)
	NoteNoCode         note.Kind = "no-code"            // no code column: no compiler figures
)

// The kinds of note a comparison carries (Comparison.Warnings): caveats
// of the statistics behind its verdict.
const (
	NoteRunLevels        note.Kind = "run-levels"         // runs sat steady at levels far apart: a power state
	NoteDisturbedRuns    note.Kind = "disturbed-runs"     // runs mostly disturbed were set aside
	NoteDisturbedPairs   note.Kind = "disturbed-pairs"    // every run of a side disturbed: judged on the pairs
	NoteFewRuns          note.Kind = "few-runs"           // fewer than stats.MinRuns runs on a side
	NotePairsExceedNoise note.Kind = "pairs-exceed-noise" // the pairs scatter more than the noise file allows
	NoteNoFloor          note.Kind = "no-floor"           // the benchmark is not in the noise file
	NoteFewSamples       note.Kind = "few-samples"        // a run has fewer samples than the policy's minimum
	NoteNoisyRuns        note.Kind = "noisy-runs"         // runs wander beyond the noise limit
	NoteNoisyPairs       note.Kind = "noisy-pairs"        // the two runs of a round differ beyond the noise limit
	NoteClosingFloor     note.Kind = "closing-floor"      // decided on the noise file's floor at the closing look
	NoteBestOf           note.Kind = "best-of"            // the variants a best-against-best comparison took
)
