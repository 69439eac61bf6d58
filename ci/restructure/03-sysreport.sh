#!/bin/sh
# 03-sysreport.sh: the readable summary of a system record (radvbench
# sysinfo) and of its findings (radvbench doctor) is those two commands'
# output, not analysis of results: it renders bench/sysinfo's record, so
# under reports/ it made the analysis import the run side. It moves
# beside the commands that print it, cmd/radvbench/internal/sysreport
# (issue 47).
. "$(dirname "$0")/lib.sh"

move reports/sysreport cmd/radvbench/internal/sysreport
if [ -f internal/layers/layers.go ]; then
	sed -i '/{"reports\/sysreport", "bench\//d' internal/layers/layers.go
	# The package map's rows follow the move (TestPackageMap -update).
	go test -count=1 -run TestPackageMap ./internal/layers -update >/dev/null
fi
format
