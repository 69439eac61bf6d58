#!/usr/bin/env bash
# gate.sh: the performance gate. Runs a radvbench suite several times,
# each run a fresh process, and compares those runs with the stored runs
# of a baseline from the same machine. One run a side cannot gate: whole
# runs differ more than the samples inside one (thread placement, clocks,
# background load), so compare judges whole runs. Writes the verdict as
# Markdown (for a pull-request comment), JUnit XML and JSON, and exits with
# compare's status: 0 no regression, 1 regression (or a benchmark that
# verified in the baseline and fails now), 2 the gate could not run.
#
# Usage: ci/gate.sh [--suite S] [--runs N] [--baseline FILE|DIR] [--out DIR]
#                   [--policy FILE] [--noise FILE] [--unsure fail|pass]
#                   [--alpha-per comparison|benchmark]
#                   [--update-baseline]
#                   [-- FLAGS FOR 'radvbench run' ...]
#
# Every option has an environment variable, for CI templates:
#   GATE_SUITE            suite(s) to run                  (matmul)
#   GATE_RUNS             runs a side ('radvbench run --runs N': each run a fresh
#                         process, shuffled order); 5, at least 3; 'radvbench noise
#                         --plan' says how many catch a given slowdown
#   GATE_BASELINE         baseline: a results file of several runs, or a directory whose
#                         results files are pooled  ($GATE_BASELINE_DIR/$GATE_SUITE.json)
#   GATE_BASELINE_DIR     where baselines live             (~/.cache/radvbench/baselines; keep it on
#                         the runner: a baseline is only meaningful on the machine that made it)
#   GATE_OUT              output directory                 (gate-out)
#   GATE_POLICY           gating policy file (YAML)        (ci/policy.yaml when it exists)
#   GATE_NOISE            noise file from 'radvbench noise' (per-benchmark noise floors; optional)
#   GATE_UNSURE           fail: an unsure verdict (the runs could not tell) fails the gate;
#                         pass: it does not (compare's default, or the policy file's)
#   GATE_ALPHA_PER        comparison: the policy's alpha bounds any false alarm among all
#                         the suite's benchmarks (Holm; compare's default); benchmark: each
#                         benchmark's own (a suite of 20 then has 20 chances to fail on nothing)
#   GATE_UPDATE_BASELINE  1: when the gate passes, the runs become the new baseline
#   GATE_RUN_ARGS         extra flags for 'radvbench run'  (e.g. "--device 0 --max-time 5s")
#   RADVBENCH             radvbench binary to use          (built from this checkout)
#
# Outputs in $GATE_OUT: candidate.json (the runs), summary.md,
# junit.xml, compare.json, compare.txt. With $GITHUB_STEP_SUMMARY set,
# summary.md is appended to the job summary.
set -uo pipefail

usage() { sed -n '2,/^set -uo/p' "$0" | sed -e '/^set -uo/d' -e 's/^# \{0,1\}//'; }

suite=${GATE_SUITE:-matmul}
runs=${GATE_RUNS:-5}
noise=${GATE_NOISE:-}
unsure=${GATE_UNSURE:-}
alpha_per=${GATE_ALPHA_PER:-}
baseline=${GATE_BASELINE:-}
outdir=${GATE_OUT:-gate-out}
policy=${GATE_POLICY:-}
update=${GATE_UPDATE_BASELINE:-0}
rb=${RADVBENCH:-}
# shellcheck disable=SC2206 # word splitting of GATE_RUN_ARGS is intended
run_args=(${GATE_RUN_ARGS:-})

while [ $# -gt 0 ]; do
	case "$1" in
	--suite) suite=${2:?--suite needs a value}; shift 2 ;;
	--runs) runs=${2:?--runs needs a number}; shift 2 ;;
	--noise) noise=${2:?--noise needs a file}; shift 2 ;;
	--unsure) unsure=${2:?--unsure needs fail or pass}; shift 2 ;;
	--alpha-per) alpha_per=${2:?--alpha-per needs comparison or benchmark}; shift 2 ;;
	--baseline) baseline=${2:?--baseline needs a file}; shift 2 ;;
	--out) outdir=${2:?--out needs a directory}; shift 2 ;;
	--policy) policy=${2:?--policy needs a file}; shift 2 ;;
	--update-baseline) update=1; shift ;;
	-h | --help) usage; exit 0 ;;
	--) shift; run_args+=("$@"); break ;;
	*) echo "gate.sh: unknown argument '$1' (see ci/gate.sh --help)" >&2; exit 2 ;;
	esac
done

cd "$(dirname "$0")/.." || exit 2
[ -n "$baseline" ] || baseline="${GATE_BASELINE_DIR:-$HOME/.cache/radvbench/baselines}/${suite//,/+}.json"
case "$runs" in '' | *[!0-9]*) echo "gate.sh: --runs $runs is not a number" >&2; exit 2 ;; esac
if [ "$runs" -lt 3 ]; then
	echo "gate.sh: --runs $runs: one or two runs a side cannot tell a change from run-to-run noise; use 3 or more (5 by default)" >&2
	exit 2
fi
if [ -n "$noise" ] && [ ! -f "$noise" ]; then
	echo "gate.sh: noise file $noise does not exist (make one with 'radvbench noise')" >&2
	exit 2
fi
case "$unsure" in '' | fail | pass) ;; *) echo "gate.sh: --unsure $unsure: use fail or pass" >&2; exit 2 ;; esac
case "$alpha_per" in '' | comparison | benchmark) ;; *) echo "gate.sh: --alpha-per $alpha_per: use comparison or benchmark" >&2; exit 2 ;; esac
if [ -z "$policy" ] && [ -f ci/policy.yaml ]; then policy=ci/policy.yaml; fi
if [ -n "$policy" ] && [ ! -f "$policy" ]; then
	echo "gate.sh: policy file $policy does not exist" >&2
	exit 2
fi
mkdir -p "$outdir" || exit 2
summary="$outdir/summary.md"

if [ -z "$rb" ]; then
	export PATH="$PATH:/usr/local/go/bin"
	go build -o bin/radvbench ./cmd/radvbench || { echo "gate.sh: build failed" >&2; exit 2; }
	rb=bin/radvbench
fi

commit=${GITHUB_SHA:-${CI_COMMIT_SHA:-$(git rev-parse HEAD 2>/dev/null || echo unknown)}}
cand="$outdir/candidate.json"
rm -f "$cand"
echo "gate: running suite $suite, $runs runs (commit $commit)"
"$rb" run --suite "$suite" --runs "$runs" --out "$cand" --progress never --label "commit=$commit" ${run_args[@]+"${run_args[@]}"}
run_rc=$?
if [ "$run_rc" -ge 2 ] || [ ! -f "$cand" ]; then
	printf '⚠️ **radvbench gate could not run** the suite `%s` (radvbench run exited %d): see the job log.\n' "$suite" "$run_rc" >"$summary"
	echo "gate: radvbench run exited $run_rc" >&2
	exit 2
fi

# The baseline's runs: the baseline file (a results file of several runs),
# or every results file in a baseline directory, pooled.
base=()
if [ -d "$baseline" ]; then
	for f in "$baseline"/*.json; do [ -f "$f" ] && base+=("$f"); done
elif [ -f "$baseline" ]; then
	base=("$baseline")
fi
store_baseline() {
	if [ -d "$baseline" ]; then
		rm -f "$baseline"/*.json && cp "$cand" "$baseline/candidate.json.tmp.$$" &&
			mv "$baseline/candidate.json.tmp.$$" "$baseline/baseline.json"
	else
		mkdir -p "$(dirname "$baseline")" && cp "$cand" "$baseline.tmp.$$" && mv "$baseline.tmp.$$" "$baseline"
	fi
}

if [ "${#base[@]}" = 0 ]; then
	{
		printf '⚠️ **radvbench: no baseline** for suite `%s` on this runner (%s); nothing compared.\n\n' "$suite" "$baseline"
		echo "Run the gate on the default branch with GATE_UPDATE_BASELINE=1 (or --update-baseline) to store one."
	} >"$summary"
	cat "$summary"
	if [ "$update" = 1 ] && [ "$run_rc" = 0 ]; then
		store_baseline && echo "gate: stored the $runs runs as the baseline $baseline"
	fi
	exit "$run_rc"
fi

pol=()
[ -n "$policy" ] && pol=(--policy "$policy")
[ -n "$noise" ] && pol+=(--noise "$noise")
[ -n "$unsure" ] && pol+=(--unsure "$unsure")
[ -n "$alpha_per" ] && pol+=(--alpha-per "$alpha_per")
sides=("${base[@]}" -- "$cand")
"$rb" compare ${pol[@]+"${pol[@]}"} -o "$outdir/compare.txt" "${sides[@]}" >/dev/null
cmp_rc=$?
if [ "$cmp_rc" -ge 2 ]; then
	printf '⚠️ **radvbench gate: compare failed** (exit %d): see the job log.\n' "$cmp_rc" >"$summary"
	exit 2
fi
cat "$outdir/compare.txt"
"$rb" compare ${pol[@]+"${pol[@]}"} --format markdown -o "$summary" "${sides[@]}" >/dev/null
"$rb" compare ${pol[@]+"${pol[@]}"} --format junit -o "$outdir/junit.xml" "${sides[@]}" >/dev/null
"$rb" compare ${pol[@]+"${pol[@]}"} --format json -o "$outdir/compare.json" "${sides[@]}" >/dev/null
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
	cat "$summary" >>"$GITHUB_STEP_SUMMARY"
fi
if [ "$run_rc" = 1 ] && [ "$cmp_rc" = 0 ]; then
	echo "gate: note: some benchmarks failed in this run, but they failed in the baseline too (or the policy allows them)"
fi
if [ "$cmp_rc" = 0 ] && [ "$update" = 1 ]; then
	store_baseline && echo "gate: the $runs runs are the new baseline $baseline"
fi
exit "$cmp_rc"
