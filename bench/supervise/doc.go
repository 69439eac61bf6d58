// Package supervise runs benchmarks in child processes and keeps what
// they report: the child protocol (one JSON object a line on file
// descriptor 3), the watchdog, fault accounting (a child that crashes,
// hangs or loses its device costs the benchmark it was running, and a
// fresh child carries on), the journal that makes an interrupted run
// resumable, and the isolation policy. The Recorder hands what it kept
// to bench/merge, which merges several runs (and A/B configurations, or
// compile targets) into one results file; bench/lockstep decides the
// turns of two runs side by side (RunPair).
//
// A run is one process invocation of the selected benchmarks: 'radvbench
// run --runs N' makes N of them, each in a fresh child with its own
// shuffled order; '--config' makes one per configuration and run,
// interleaved (A B A B). The results file calls a run a "round"
// (resultsfile.Round, Result.SampleRounds): the same thing under its schema
// name.
//
// A child learns what to run from its command line: the flags the user
// gave, less the parent-only ones, and the protocol flags (ChildFlags).
// Not from a serialized plan: a configuration may run another radvbench
// build (Config.Exe, from RADVBENCH_EXE: an A/B of two builds, or
// 'bisect' running each candidate revision's build), which reads its own
// command line but not this build's types. The flags are the interface
// every build shares, as the messages back (Msg, whose results carry
// the results file's own schema) are.
//
// The package is pure Go (no cgo, no Vulkan): the parent never touches
// the GPU. The child side only speaks the protocol; what it runs is the
// caller's (the CLI's run and isa commands).
package supervise
