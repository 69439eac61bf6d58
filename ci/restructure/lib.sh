# lib.sh: the helpers ci/restructure/NN-*.sh scripts share (sourced, not run).
#
# Each script moves packages with git mv and rewrites every mention of the
# old path (import paths in *.go, paths in *.md, comments and test strings),
# so it can be replayed on a tree where other work landed in between. Every
# step is idempotent: a package already moved is not moved again and a
# rewrite that finds nothing changes nothing.
set -eu
cd "$(git rev-parse --show-toplevel)"
MODULE=$(sed -n 's/^module //p' go.mod)

# move FROM TO: git mv the package directory FROM to TO (once), then
# rewrite "FROM" to "TO" wherever it is a whole path (followed by a quote,
# a slash, a dot before a non-letter, a backquote, a space, a comma, a
# parenthesis, a colon or the end of the line) in every tracked .go and .md
# file and the Makefile, but internal/layers' (its test cases name old
# paths on purpose; a script drops the exceptions its move makes stale).
move() {
	from=$1 to=$2
	if [ -d "$from" ] && [ ! -e "$to" ]; then
		mkdir -p "$(dirname "$to")"
		git mv "$from" "$to"
	elif [ -d "$from" ] && [ -e "$to" ]; then
		echo "restructure: both $from and $to exist; move what is left by hand" >&2
		exit 1
	fi
	files=$(git ls-files -z -- '*.go' '*.md' Makefile | xargs -0 grep -l -F "$from" | grep -v -e '^internal/layers/' -e '^ci/restructure/' || true)
	[ -z "$files" ] && return 0
	# shellcheck disable=SC2086
	sed -i -E "s#(^|[^A-Za-z0-9_/.])$from([^A-Za-z0-9_-]|$)#\1$to\2#g; s#$MODULE/$from([\"/])#$MODULE/$to\1#g; s#\"/$from([\"/])#\"/$to\1#g" $files
}

# format: gofmt every tracked Go file the moves touched (import order).
format() {
	git ls-files -z -- '*.go' | xargs -0 gofmt -l -w >/dev/null
}
