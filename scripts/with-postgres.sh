#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster and TEST_DATABASE_URL pointing at it:
#
#   scripts/with-postgres.sh npx vitest run
#   scripts/with-postgres.sh npm test
#
# The cluster lives in a temporary directory, listens on a free loopback port and a private
# socket directory, and is removed when the command ends. A second cluster
# (TEST_OUTAGE_DATABASE_URL, TEST_PGDATA) is there for the test that restarts one. PostgreSQL refuses to run as root, so
# as root the server runs as the `postgres` user. Server binaries missing: installed with apt-get.
set -euo pipefail

if [ "$#" -eq 0 ]; then
	echo "usage: $0 COMMAND [ARGS...]" >&2
	exit 2
fi

find_bindir() {
	local dir
	for dir in /usr/lib/postgresql/*/bin; do
		if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
			echo "$dir"
			return 0
		fi
	done
	return 1
}

BINDIR="${PG_BINDIR:-$(find_bindir || true)}"
if [ -z "$BINDIR" ]; then
	echo "PostgreSQL server binaries not found: installing the postgresql package" >&2
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
	BINDIR="$(find_bindir)"
fi

free_port() {
	node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}
WORKDIR="$(mktemp -d /tmp/with-postgres.XXXXXX)"
as_pg_user() {
	if [ "$(id -u)" -eq 0 ]; then
		# runuser/su need a shell command line; every argument here is ours, not user input.
		su postgres -s /bin/sh -c "$*"
	else
		sh -c "$*"
	fi
}

if [ "$(id -u)" -eq 0 ]; then
	id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /bin/sh postgres
	chown -R postgres "$WORKDIR"
fi

cleanup() {
	local data
	for data in "$WORKDIR"/*/data; do
		[ -d "$data" ] && as_pg_user "'$BINDIR/pg_ctl' -D '$data' -m immediate -w stop" >/dev/null 2>&1
	done
	rm -rf "$WORKDIR"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# start_cluster NAME PORT: a cluster in $WORKDIR/NAME listening on 127.0.0.1:PORT.
start_cluster() {
	local dir="$WORKDIR/$1" port="$2"
	mkdir -p "$dir/sockets"
	[ "$(id -u)" -eq 0 ] && chown -R postgres "$dir"
	as_pg_user "'$BINDIR/initdb' -D '$dir/data' -U postgres --auth=trust --encoding=UTF8 --no-locale" \
		>"$dir/initdb.log" 2>&1 || {
		cat "$dir/initdb.log" >&2
		exit 1
	}
	as_pg_user "'$BINDIR/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -t 30 \
		-o \"-p $port -k '$dir/sockets' -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200\" start" \
		>/dev/null || {
		cat "$dir/server.log" >&2
		exit 1
	}
}

PGPORT="$(free_port)"
start_cluster main "$PGPORT"
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres"

# A second cluster for the test that restarts its cluster under load (an outage): restarting the
# one every other suite uses would cut their connections while they run beside it.
OUTAGE_PORT="$(free_port)"
start_cluster outage "$OUTAGE_PORT"
export TEST_OUTAGE_DATABASE_URL="postgres://postgres@127.0.0.1:$OUTAGE_PORT/postgres"
# pg_ctl for that cluster, as the user that runs the server (postgres when this script runs as root).
export TEST_PG_BINDIR="$BINDIR" TEST_PGDATA="$WORKDIR/outage/data" TEST_PG_LOG="$WORKDIR/outage/server.log"
echo "PostgreSQL $("$BINDIR/postgres" --version | awk '{print $3}') on port $PGPORT (TEST_DATABASE_URL set), an outage cluster on port $OUTAGE_PORT"

set +e
"$@"
status=$?
set -e
exit "$status"
