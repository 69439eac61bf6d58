//go:build !window

package window

import (
	"context"
	"time"

	"github.com/radvbench/radvbench/core/resultsfile"
)

// Built reports whether the binary has window support.
const Built = false

// Watch is unavailable without the "window" build tag.
type Watch struct{}

// StartWatch returns ErrNotBuilt.
func StartWatch(title string, name func(*resultsfile.Result) (name, size string)) (*Watch, error) {
	return nil, ErrNotBuilt
}

// Progress does nothing.
func (w *Watch) Progress(done, total int, name, phase string) {}

// Begin does nothing.
func (w *Watch) Begin(skel *resultsfile.Result) {}

// Sample does nothing.
func (w *Watch) Sample(id string, n int, value float64) {}

// Result does nothing.
func (w *Watch) Result(r *resultsfile.Result) {}

// Close does nothing.
func (w *Watch) Close() {}

// Finish does nothing.
func (w *Watch) Finish() {}

// Finished is false.
func (w *Watch) Finished() bool { return false }

// Hold returns at once.
func (w *Watch) Hold(ctx context.Context, hold time.Duration) {}
