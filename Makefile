# radvbench — see README.md. `make run` benchmarks GEMM on the best Vulkan
# device found; `make test` runs every test on lavapipe. Both install what
# they need first (as root; otherwise they print the commands and stop):
# docs/fresh-machine.md.
#
# Go: the one on PATH, else the official tarball's (/usr/local/go, where a
# fresh Debian image with Go has it). The recipes and the tests (which run
# 'go' too) get it through PATH; $(shell ...) does not see an exported PATH
# in GNU make 4.3 (Debian 12), hence GO's full path for the package lists.
ifeq ($(shell command -v go),)
export PATH := $(PATH):/usr/local/go/bin
GO        ?= /usr/local/go/bin/go
endif
GO        ?= go
# Shaders are compiled by the pinned glslc in the Debian 13 root built by
# ci/trixie-root.sh ('make toolchain'), run with that root's own dynamic
# loader and libraries (no chroot, no root needed), so a .spv's bytes do not
# depend on the machine. shaders/TOOLCHAIN records that glslc's version.
TRIXIE_ROOT ?= $(shell ./ci/trixie-root.sh --path)
TRIXIE_EXEC := $(TRIXIE_ROOT)/lib64/ld-linux-x86-64.so.2 --library-path $(TRIXIE_ROOT)/usr/lib/x86_64-linux-gnu
GLSLC     ?= $(TRIXIE_EXEC) $(TRIXIE_ROOT)/usr/bin/glslc
SPIRV_VAL ?= $(TRIXIE_EXEC) $(TRIXIE_ROOT)/usr/bin/spirv-val
SUITE     ?= matmul
ARGS      ?=
BIN       := bin/radvbench
GIT_COMMIT := $(shell git rev-parse HEAD 2>/dev/null)$(shell git diff --quiet HEAD 2>/dev/null || echo -dirty)
LDFLAGS   := -X github.com/radvbench/radvbench/cmd/radvbench/internal/base.commit=$(GIT_COMMIT)
GLSLC_FLAGS := --target-env=vulkan1.2 -O -Werror

SHADER_SRC := $(wildcard shaders/*.comp shaders/*.mesh shaders/*.task shaders/*.vert shaders/*.frag)
SHADER_SPV := $(patsubst shaders/%,shaders/spv/%.spv,$(SHADER_SRC))
# Test-only shaders live with their test-only suite (built with -tags
# testhooks), their SPIR-V beside the source, never in a release binary.
TEST_SHADER_SRC := $(wildcard bench/suites/testfault/*.comp)
TEST_SHADER_SPV := $(TEST_SHADER_SRC:%=%.spv)

.PHONY: build-window test-window fresh-check
.PHONY: all build run test test-reports deps deps-check deps-check-test shaders shaders-check toolchain toolchain-check toolchain-ready bench clean vet

all: build

# deps installs (as root) or prints how to install what radvbench needs.
deps:
	@WITH_TEST_DEPS=1 ./ci/install-deps.sh

deps-check:
	@./ci/install-deps.sh --check || ./ci/install-deps.sh

deps-check-test:
	@WITH_TEST_DEPS=1 ./ci/install-deps.sh --check || WITH_TEST_DEPS=1 ./ci/install-deps.sh

build: deps-check
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/radvbench

# build-window: the same CLI with the GLFW window (present suite, run
# --watch); it links X11 libraries, so it is a separate binary.
build-window: deps-check
	$(GO) build -tags window -ldflags "$(LDFLAGS)" -o bin/radvbench-window ./cmd/radvbench

run: build
	./$(BIN) run --suite $(SUITE) $(ARGS)

# Packages whose imports reach no cgo (no Vulkan, no GLFW) run under the
# race detector; the cgo ones run once with the runtime's strict cgo
# pointer checks (GOEXPERIMENT=cgocheck2: Go 1.26 has no GODEBUG setting
# for them, so the runtime is rebuilt once and cached).
CGO_DEPS  := -e vulkan-go/vulkan -e bench/internal/vk -e go-gl/glfw
PKG_DEPS   = $(GO) list -f '{{.ImportPath}}{{range .Deps}} {{.}}{{end}}' ./...
PURE_PKGS  = $(shell $(PKG_DEPS) | grep -v $(CGO_DEPS) | cut -d' ' -f1)
CGO_PKGS   = $(shell $(PKG_DEPS) | grep $(CGO_DEPS) | cut -d' ' -f1)
# The packages with long simulations of pure arithmetic that skip
# themselves under -race (internal/race.SkipSimulation): they run without
# it beside the cgo tests.
SIM_PKGS   = $(sort $(patsubst %/,%,$(dir $(shell grep -rl --include='*_test.go' 'race\.SkipSimulation' --exclude-dir=.git .))))
# Go's build cache holds one build of every package per configuration,
# and a fresh machine compiles each (the standard library, SQLite, pgx,
# gonum: about a minute of both cores each). So vet runs in the
# cgocheck2 configuration of the cgo tests, which then find it compiled,
# and no step compiles without cgo: internal/layers'
# TestAnalysisBuildsWithoutCgo checks that the analysis builds from the
# same files without cgo as the vetted and tested ones.
CGOCHECK2 := GOEXPERIMENT=cgocheck2
# FUZZTIME: set (e.g. 3s), make test also explores every fuzz target for
# that long (ci/fuzz.sh, as 'make fuzz'); unset, the seed corpora run as
# the ordinary tests they are, and nothing more (exploring, with its
# fuzz-instrumented build of every package, cost a fresh machine 2.5
# minutes).
FUZZTIME  ?=

# test: shaders up to date; vet; pure packages under -race (long
# simulations of pure arithmetic skip themselves there and run beside the
# cgo tests without it), every cgo test on lavapipe under cgocheck2; the
# window tests. The cgo tests
# build with -tags testhooks: the hidden fault suite and the hooks that
# pause or crash a run on purpose exist only in that build, never in
# 'make build'.
# ci/pg-test-server.sh runs the tests beside a throwaway PostgreSQL server
# (RADVBENCH_TEST_PG) for the history store's tests. It installs what is
# missing first (packages, then the Debian 13 root: as root; otherwise it
# prints the commands and stops), so the root's tests (a second Mesa) run,
# never skip.
test: export RADVBENCH_REQUIRE_TRIXIE = 1
test: deps-check-test toolchain-ready shaders-check
	@[ -n "$(PURE_PKGS)" ] && [ -n "$(CGO_PKGS)" ] || { echo "make test: '$(GO) list ./...' listed no packages: is Go installed (on PATH or in /usr/local/go)?"; exit 1; }
	./ci/test-apt-lib.sh
	./ci/test-pipes.sh
	$(CGOCHECK2) $(GO) vet ./...
	$(CGOCHECK2) $(GO) vet -tags testhooks ./...
	./ci/pg-test-server.sh run $(GO) test -count=1 -race $(PURE_PKGS)
	./ci/pg-test-server.sh run env $(CGOCHECK2) $(GO) test -tags testhooks -count=1 -timeout 20m $(CGO_PKGS) $(SIM_PKGS)
	$(MAKE) test-window
	$(if $(filter-out 0,$(FUZZTIME)),FUZZTIME=$(FUZZTIME) ./ci/fuzz.sh)

# test-window: the window tests (build tag 'window'); each test binary
# starts its own Xvfb and stops it afterwards. They use cgo (GLFW, Vulkan),
# so they run with cgocheck2 like the other cgo tests.
test-window:
	$(CGOCHECK2) $(GO) vet -tags window,testhooks ./bench/window/... ./bench/suites/present/... ./cmd/radvbench/...
	$(CGOCHECK2) $(GO) test -count=1 -tags window -timeout 10m ./bench/window/... ./bench/suites/present/...
	$(CGOCHECK2) $(GO) test -count=1 -tags window,testhooks -timeout 10m -run 'Window' ./cmd/radvbench/

bench: build
	$(GO) test -run '^$$' -bench . -benchtime 1x -timeout 60m ./bench/...

# toolchain builds (once, cached) the Debian 13 root with the pinned glslc and
# Mesa 26.1 lavapipe; toolchain-check fails, saying how to build it, when the
# root is missing or its glslc is not the one shaders/TOOLCHAIN records.
toolchain:
	@./ci/trixie-root.sh

# toolchain-ready builds the root when it is missing (as root; otherwise it
# prints the command and fails).
toolchain-ready:
	@./ci/trixie-root.sh --check >/dev/null 2>&1 || ./ci/trixie-root.sh

toolchain-check:
	@./ci/trixie-root.sh --check
	@$(GLSLC) --version | cmp -s - shaders/TOOLCHAIN || { \
		echo "the glslc in $(TRIXIE_ROOT) is not the pinned one:"; \
		$(GLSLC) --version | diff shaders/TOOLCHAIN - | sed 's/^/  /'; \
		echo "rebuild the root (rm -rf $(TRIXIE_ROOT); make toolchain) or, to move the pin, update shaders/TOOLCHAIN and run 'make shaders'"; \
		exit 1; }

shaders: toolchain-check $(SHADER_SPV) $(TEST_SHADER_SPV)

bench/suites/testfault/%.spv: bench/suites/testfault/% shaders/TOOLCHAIN
	$(GLSLC) $(GLSLC_FLAGS) -o $@ $<
	$(SPIRV_VAL) --target-env vulkan1.2 $@

shaders/spv/%.spv: shaders/% $(wildcard shaders/*.glsl) shaders/TOOLCHAIN
	@mkdir -p shaders/spv
	$(GLSLC) $(GLSLC_FLAGS) -o $@ $<
	$(SPIRV_VAL) --target-env vulkan1.2 $@

# shaders-check fails when a committed .spv differs from what its GLSL
# compiles to with the pinned glslc, or fails spirv-val.
shaders-check: toolchain-check
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf $$tmp' EXIT; status=0; \
	for src in $(SHADER_SRC) $(TEST_SHADER_SRC); do \
		case $$src in shaders/*) spv=shaders/spv/$${src#shaders/}.spv;; *) spv=$$src.spv;; esac; \
		if [ ! -f $$spv ]; then echo "missing $$spv: run 'make shaders'"; status=1; continue; fi; \
		$(GLSLC) $(GLSLC_FLAGS) -o $$tmp/out.spv $$src; \
		if ! cmp -s $$tmp/out.spv $$spv; then echo "stale $$spv: run 'make shaders'"; status=1; fi; \
		$(SPIRV_VAL) --target-env vulkan1.2 $$spv || { echo "spirv-val failed: $$spv"; status=1; }; \
	done; \
	for spv in shaders/spv/*.spv; do \
		[ -e "$$spv" ] || continue; src=shaders/$$(basename $$spv .spv); \
		[ -f $$src ] || { echo "orphan $$spv: its source $$src is gone"; status=1; }; \
	done; \
	exit $$status

vet:
	$(GO) vet ./...

# fuzz: every fuzz target for FUZZTIME (default 3s; FUZZTIME=0 skips; see ci/fuzz.sh).
.PHONY: fuzz
fuzz:
	./ci/fuzz.sh

# decisiveness: how decisive the gate is beside a noisy neighbour (an A/A
# gate's share of ~, a planted slowdown's share caught, the gates' time),
# for HEAD and, with BASE=REV, for that revision too, gate by gate in turn.
# A benchmark of tens of minutes, not a test: run it, and report its table,
# before a change to measurement, sampling, disturbed marking or judging
# lands (docs/verdicts.md, "Decisiveness"). DECISIVENESS_ARGS adds flags
# (go run ./ci/decisiveness -h).
.PHONY: decisiveness
decisiveness: build
	@set -e; builds="head=$(BIN)"; \
	if [ -n "$(BASE)" ]; then \
		rev=$$(git rev-parse --short "$(BASE)"); wt=$$(mktemp -d); \
		git worktree add --detach -q "$$wt" "$$rev"; \
		(cd "$$wt" && $(GO) build -ldflags "-X main.commit=$$rev -X github.com/radvbench/radvbench/cmd/radvbench/internal/base.commit=$$rev" -o "$(CURDIR)/bin/radvbench-$$rev" ./cmd/radvbench); \
		git worktree remove --force "$$wt"; \
		builds="$$builds base-$$rev=bin/radvbench-$$rev"; \
	fi; \
	$(GO) run ./ci/decisiveness $(DECISIVENESS_ARGS) $$builds

# bisect-check: bisections of a planted slowdown beside a bursty memory
# neighbour (ci/bisectcheck): a throwaway git repository of 7 candidate
# commits, each a wrapper of bin/radvbench, GALLIVM_PERF=nopt (about 80%
# slower) from the 4th on, bisected 3 times with 'git bisect run radvbench
# bisect step'; prints each bisection's answer, steps and wall time, and
# fails when one misses. A check of minutes on lavapipe, not a test: run
# it before a change to bisect, the gate's rounds or judging lands
# (docs/development.md). BISECT_CHECK_ARGS adds flags (go run
# ./ci/bisectcheck -h).
.PHONY: bisect-check
bisect-check: build
	$(GO) run ./ci/bisectcheck $(BISECT_CHECK_ARGS) $(BIN)

# ci-templates-check: the CI templates, run (ci/templates-check.sh):
# actionlint (with shellcheck) on the GitHub workflow; the GitLab template
# included from a throwaway project and its lavapipe job run by
# gitlab-ci-local with the shell executor (CI_TEMPLATES_SUITE, default
# latency: a quick subset). Installs its tools in ~/.cache/radvbench/ci-tools
# on first use (npm and Go; no root). Minutes; not part of 'make test'.
# See docs/ci.md.
.PHONY: ci-templates-check
ci-templates-check:
	./ci/templates-check.sh

# fresh-check: the proof that the README's two commands work on a fresh
# machine: a new Debian 12 root (debootstrap, as root), a fresh clone of
# HEAD, then 'make run' and 'make test' timed inside it. Slow (tens of
# minutes on 2 cores); not part of 'make test'. See docs/fresh-machine.md.
fresh-check:
	./ci/fresh-machine.sh

clean:
	rm -rf bin
