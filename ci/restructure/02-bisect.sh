#!/bin/sh
# 02-bisect.sh: bisection leaves the run side. bench/bisect drives runs
# (through a gate the command implements) and judges them (compare,
# chart): it is command logic, so it moves beside the command that uses
# it, cmd/radvbench/internal/bisect (issue 47).
. "$(dirname "$0")/lib.sh"

move bench/bisect cmd/radvbench/internal/bisect
# Its imports of reports/ were exceptions to the import direction; as a
# command package it may import every layer.
[ ! -f internal/layers/layers.go ] || sed -i '/{"bench\/bisect", "reports\//d' internal/layers/layers.go
format
