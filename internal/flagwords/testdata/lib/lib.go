// Package lib is Scan's fixture: comments may say --force or 'radvbench run'.
package lib

import "errors"

var (
	errForce = errors.New("cannot resume: pass --force")       // line 7: a flag
	errRaw   = errors.New(`measure it again: radvbench noise`) // line 8: a command, raw literal
	fine     = "radvbench knows this chip; a -- separator; x--y"
	kernel   = "amdgpu.vm_fragment_size=9"
)
