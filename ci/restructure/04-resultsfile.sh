#!/bin/sh
# 04-resultsfile.sh: the results file's package says what it is. It was
# core/results, package results: a word that reads as "what a run found",
# not as the file format, its reader and its atomic writer, and one that
# every caller's local variables wanted too. It becomes core/resultsfile,
# package resultsfile (issue 47, "names that explain themselves"): the
# path moves as the other scripts move paths (lib.sh), and every use of
# the package's name follows, in the files that import it and in the
# package's own files and tests.
. "$(dirname "$0")/lib.sh"

move core/results core/resultsfile

# The package clause and the external tests' clause.
sed -i -E 's/^package results$/package resultsfile/; s/^package results_test$/package resultsfile_test/; s/^\/\/ Package results /\/\/ Package resultsfile /' core/resultsfile/*.go

# Every qualified use of the package (results.File, results.Load, ...) in
# code and in comments: an exported name after "results." that is not
# itself a field or method (no dot, letter or digit before it, but for a
# variadic parameter's "..."). No Go file
# here has a variable named results with an exported field or method;
# the build says so if one comes.
files=$(git ls-files -z -- '*.go' | xargs -0 grep -l -E '(^|[^A-Za-z0-9_.]|\.\.\.)results\.[A-Z]' | grep -v -e '^internal/layers/' -e '^ci/restructure/' || true)
# shellcheck disable=SC2086
[ -z "$files" ] || sed -i -E 's/(^|[^A-Za-z0-9_.])results\.([A-Z])/\1resultsfile.\2/g; s/\.\.\.results\.([A-Z])/...resultsfile.\1/g' $files

# The docs' code spans that cite the package's names.
docs=$(git ls-files -z -- '*.md' | xargs -0 grep -l -E '`results\.[A-Z]' || true)
# shellcheck disable=SC2086
[ -z "$docs" ] || sed -i -E 's/`results\.([A-Z])/`resultsfile.\1/g' $docs

if [ -f internal/layers/layers.go ]; then
	go test -count=1 -run TestPackageMap ./internal/layers -update >/dev/null
fi
format
