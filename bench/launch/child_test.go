package launch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// goneWorker reports its order, then waits for its context, as a worker
// between samples sees a cancelled run.
type goneWorker struct{ cancelled bool }

func (w *goneWorker) Open(ctx context.Context) (*resultsfile.File, []*kernel.Suite, error) {
	return &resultsfile.File{Schema: resultsfile.Schema}, nil, nil
}

func (w *goneWorker) Work(ctx context.Context, s *Side) error {
	if share := s.Order(nil, nil); share != nil {
		return errors.New("a share of the plan although the order did not reach the parent")
	}
	<-ctx.Done()
	w.cancelled = true
	return ctx.Err()
}

func (w *goneWorker) Close() {}

// TestChildParentGone: a child whose parent is gone (its protocol pipe's
// read end closed) cancels the work and returns a *ParentGoneError, not
// the work's error, and does not exit the process.
func TestChildParentGone(t *testing.T) {
	r, wr, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	skip := filepath.Join(t.TempDir(), "skip")
	os.WriteFile(skip, nil, 0o644)
	c, err := supervise.NewChild(wr, skip, 0)
	if err != nil {
		t.Fatal(err)
	}
	w := &goneWorker{}
	err = childOn(context.Background(), c, supervise.ChildFlags{Child: true}, w)
	var gone *ParentGoneError
	if !errors.As(err, &gone) || !w.cancelled {
		t.Errorf("Child = %v (cancelled %v), want a *ParentGoneError and the work cancelled", err, w.cancelled)
	}
}
