//go:build !testhooks

package run

import (
	"context"

	"github.com/radvbench/radvbench/bench/kernel"
)

// A release build has no test suite and no fault injection: these are
// the no-op twins of testhooks.go (built with -tags testhooks, as the
// tests are).

// hiddenSuite is a test-only suite accepted by --suite (none here).
func hiddenSuite(name string) *kernel.Suite { return nil }

// testFault fires a test's injected fault (never here).
func testFault(ctx context.Context, id, phase string, child bool) {}

// testPauseAfterResult pauses a test's run after its n-th journaled
// result (never here).
func testPauseAfterResult(n int, journal string) {}
