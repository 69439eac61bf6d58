# apt-lib.sh: what radvbench's install scripts share (sourced, not run):
# the Debian mirror this machine already uses, and apt-get that waits for
# another apt or dpkg instead of failing on its lock.

# debian_mirror prints the Debian archive URI for debootstrap and extra
# suites: $RADVBENCH_DEBIAN_MIRROR when set; else the URI that serves this
# machine's own Debian suite (VERSION_CODENAME, or its -updates or
# -backports) in /etc/apt/sources.list, sources.list.d/*.list (one-line
# format) or sources.list.d/*.sources (deb822); else deb.debian.org. A
# machine behind a local mirror or proxy thus fetches from it.
# APT_ETC (default /etc/apt) and OS_RELEASE are for tests.
debian_mirror() {
	if [ -n "${RADVBENCH_DEBIAN_MIRROR:-}" ]; then
		echo "${RADVBENCH_DEBIAN_MIRROR%/}"
		return
	fi
	local etc=${APT_ETC:-/etc/apt} codename
	codename=$(. "${OS_RELEASE:-/etc/os-release}" 2>/dev/null && echo "${VERSION_CODENAME:-}")
	local uri
	uri=$(
		{
			# One-line format: deb [options] URI SUITE COMPONENT...
			cat "$etc/sources.list" "$etc"/sources.list.d/*.list 2>/dev/null |
				sed -e 's/#.*//' -e 's/\[[^]]*\]//' | awk '$1 == "deb" { print $2, $3 }'
			# deb822: blank-line separated stanzas with Types, URIs, Suites.
			for f in "$etc"/sources.list.d/*.sources; do
				[ -f "$f" ] || continue
				awk '
					function flush() { if (types ~ /(^| )deb( |$)/) { n = split(uris, u, " "); m = split(suites, s, " "); for (i = 1; i <= n; i++) for (j = 1; j <= m; j++) print u[i], s[j] } types = uris = suites = "" }
					/^[ \t]*#/ { next }
					/^[ \t]*$/ { flush(); next }
					tolower($1) == "types:" { $1 = ""; types = $0 " " }
					tolower($1) == "uris:" { $1 = ""; uris = $0 }
					tolower($1) == "suites:" { $1 = ""; suites = $0 }
					END { flush() }' "$f"
			done
		} | awk -v c="$codename" '
			c != "" && $2 == c && !exact { exact = $1 }
			c != "" && ($2 == c "-updates" || $2 == c "-backports") && !near { near = $1 }
			END { if (exact) print exact; else if (near) print near }'
	)
	echo "${uri:-http://deb.debian.org/debian}" | sed 's:/*$::'
}

# apt_get ARGS... runs apt-get non-interactively. When another apt or dpkg
# holds a lock (an unattended upgrade, a second install), it says so and
# waits, at most RADVBENCH_APT_WAIT seconds (default 600), trying again
# every RADVBENCH_APT_RETRY seconds (default 10), instead of failing at once.
apt_get() {
	local limit=${RADVBENCH_APT_WAIT:-600} every=${RADVBENCH_APT_RETRY:-10} waited=0 log status
	log=$(mktemp)
	while :; do
		status=0
		DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout="$limit" "$@" 2>&1 | tee "$log" || status=${PIPESTATUS[0]}
		if [ "$status" = 0 ]; then
			rm -f "$log"
			return 0
		fi
		if grep -qE 'Could not get lock|Unable to acquire the dpkg frontend lock|Unable to lock directory' "$log" && [ "$waited" -lt "$limit" ]; then
			[ "$waited" = 0 ] && echo "radvbench: another apt-get or dpkg holds the package lock (above); waiting for it, ${limit}s at most (RADVBENCH_APT_WAIT)" >&2
			sleep "$every"
			waited=$((waited + every))
			continue
		fi
		rm -f "$log"
		if [ "$waited" -ge "$limit" ]; then
			echo "radvbench: the package lock was still held after ${limit}s: let the other apt-get or dpkg finish (ps -C apt-get,dpkg), then run this again" >&2
		fi
		return "$status"
	done
}
