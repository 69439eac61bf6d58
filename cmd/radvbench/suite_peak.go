package main

import (
	_ "github.com/radvbench/radvbench/bench/suites/peak"
)
