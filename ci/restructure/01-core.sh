#!/bin/sh
# 01-core.sh: the bottom layer, core/, below both the run side (bench/)
# and the analysis (reports/): the results file schema, the statistics and
# the AMD chip table, which both sides use and which import nothing of this
# repository above them (issue 47). Package names stay (results, stats,
# amdchip), so only import paths and path mentions change.
. "$(dirname "$0")/lib.sh"

move reports/results core/results
move reports/stats core/stats
move bench/amdchip core/amdchip

# Tests that read their old siblings' testdata by relative path.
sed -i -E 's#"\.\./(compare|chart|export)/testdata"#"../../reports/\1/testdata"#g; s#filepath\.Join\("\.\.", "(compare|chart|export)"#filepath.Join("..", "..", "reports", "\1"#g' core/*/*_test.go

# The flag-words rule covers core/ as it covered the packages' old homes.
sed -i -E 's#Scan\(root, "bench", "reports"\)#Scan(root, "bench", "core", "reports")#; s#under bench/ or reports/#under bench/, core/ or reports/#' internal/flagwords/flagwords_test.go
sed -i -E 's#the packages under bench/ and$#the packages under bench/, core/ and#; s#package runs it over bench/ and reports/#package runs it over bench/, core/ and reports/#' internal/flagwords/flagwords.go

# The pure packages are still tested without cgo: core/ joins reports/ in
# the CGO_ENABLED=0 steps of the Makefile, the CI templates and the docs.
for f in Makefile ci/gitlab/radvbench.gitlab-ci.yml ci/github/radvbench.yml docs/development.md; do
	[ -f "$f" ] || continue
	grep -q 'CGO_ENABLED=0.*\./core/\.\.\.' "$f" && continue
	sed -i -E '/CGO_ENABLED=0/ s#\./reports/\.\.\.#./core/... ./reports/...#' "$f"
done
format
