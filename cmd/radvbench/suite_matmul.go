package main

import (
	_ "github.com/radvbench/radvbench/bench/suites/matmul"
)

// Each suite registers itself with bench/kernel from init; one file per
// suite imports it, so adding a suite touches no shared file.
