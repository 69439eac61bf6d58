package isa

import (
	"errors"
	"testing"
)

// TestCheckProcessEnv: nothing is looked at without an emulation
// variable; with one, the installed Mesa (if it has RADV) refuses what
// would abort it.
func TestCheckProcessEnv(t *testing.T) {
	env := func(kv map[string]string) func(string) string { return func(k string) string { return kv[k] } }
	if err := CheckProcessEnv(env(nil)); err != nil {
		t.Errorf("no emulation variable: %v", err)
	}
	if err := CheckProcessEnv(env(map[string]string{"LD_PRELOAD": "x.so"})); err != nil {
		t.Errorf("no emulation variable, LD_PRELOAD set: %v", err)
	}
	if _, err := Detect(""); err != nil {
		t.Skipf("no RADV installed: %v", err)
	}
	err := CheckProcessEnv(env(map[string]string{"RADV_FORCE_FAMILY": "navi48"}))
	var ee *EnvError
	if !errors.As(err, &ee) || ee.Var != "RADV_FORCE_FAMILY" || ee.Value != "navi48" {
		t.Errorf("RADV_FORCE_FAMILY=navi48: %v, want an EnvError on it", err)
	}
}
