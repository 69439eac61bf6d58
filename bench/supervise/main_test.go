package supervise_test

import (
	"os"
	"testing"

	"github.com/radvbench/radvbench/bench/supervise/supervisetest"
)

// The supervisor's process tests run this test binary as the child: with
// FAKE_CHILD set it acts out a script (supervisetest) instead of testing.
func TestMain(m *testing.M) {
	supervisetest.RunIfChild()
	os.Exit(m.Run())
}
