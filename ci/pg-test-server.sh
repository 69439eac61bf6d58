#!/usr/bin/env bash
# pg-test-server.sh: run a command beside a throwaway PostgreSQL server, for
# the history store's tests. The server has its own data directory under a
# temporary directory, listens only on a Unix socket there, runs as the
# postgres user when started as root (runuser), and is stopped and removed
# when the command ends (trap). The command sees RADVBENCH_TEST_PG, a DSN
# for the server.
#
#   ci/pg-test-server.sh run go test ./reports/history/
#
# Without Debian's postgresql the command runs without the variable (the
# PostgreSQL tests skip), except in CI (CI=true), where that is a failure.
set -euo pipefail

if [ "${1:-}" != run ] || [ $# -lt 2 ]; then
	echo "usage: $0 run COMMAND [ARGS...]" >&2
	exit 2
fi
shift

if [ -n "${RADVBENCH_TEST_PG:-}" ]; then
	exec "$@" # a server was given: use it
fi

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
	if [ "${CI:-}" = true ]; then
		echo "pg-test-server: PostgreSQL is not installed (apt-get install postgresql); CI needs it for the history store tests" >&2
		exit 1
	fi
	echo "pg-test-server: PostgreSQL not installed: the PostgreSQL history tests will skip (apt-get install postgresql)" >&2
	exec "$@"
fi

dir=$(mktemp -d /tmp/radvbench-pg.XXXXXX)
as=()
if [ "$(id -u)" = 0 ]; then
	chown postgres: "$dir"
	# From its own directory: the postgres user may not enter ours ("could
	# not change directory to /root/...: Permission denied").
	as=(runuser -u postgres -- env -C "$dir")
fi
stop() {
	"${as[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
	rm -rf "$dir"
}
trap stop EXIT
"${as[@]}" "$bindir/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 ||
	{ cat "$dir/initdb.log" >&2; echo "pg-test-server: initdb failed" >&2; exit 1; }
# Unix socket only, in the private directory; throwaway data needs no fsync.
"${as[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
	-o "-c listen_addresses='' -c unix_socket_directories='$dir' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null ||
	{ cat "$dir/server.log" >&2; echo "pg-test-server: the server did not start" >&2; exit 1; }
export RADVBENCH_TEST_PG="postgres://postgres@/postgres?host=$dir&sslmode=disable"
echo "pg-test-server: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on $dir (RADVBENCH_TEST_PG)" >&2
status=0
"$@" || status=$?
exit $status
