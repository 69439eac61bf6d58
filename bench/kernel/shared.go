package kernel

import (
	"reflect"
	"sync"
)

// Shared holds the values the variants of one (kernel, size) share —
// seeded inputs, CPU references, scenes — so they are built once per size,
// not once per variant (kernels of a suite may share one with
// Kernel.SharedGroup). The runner owns it: every Setup gets the Shared of
// its benchmark's kernel and size in Options.Shared, and the runner drops
// it when the plan no longer needs it (or earlier, to bound memory: a
// dropped value is simply rebuilt), whatever order the plan runs in.
//
// A key names what the value depends on besides the kernel and the size
// (seed, data type, stream, ...); values of different types never collide.
// A build may itself use the Shared (a problem built on a shared scene).
// A Shared is safe for concurrent use (callers racing to build one key
// all get the first value stored); a nil *Shared (a Setup called outside
// the runner, as in a suite's own tests) builds every time.
type Shared struct {
	mu   sync.Mutex
	vals map[sharedKey]any
}

type sharedKey struct {
	name string
	typ  reflect.Type
}

// SharedValue returns the value of type T under key in s, building it
// with build the first time. A failed build is returned and not kept, so
// the next caller tries again.
func SharedValue[T any](s *Shared, key string, build func() (T, error)) (T, error) {
	if s == nil {
		return build()
	}
	k := sharedKey{key, reflect.TypeFor[T]()}
	s.mu.Lock()
	old, ok := s.vals[k]
	s.mu.Unlock()
	if ok {
		return old.(T), nil
	}
	v, err := build() // unlocked: build may use s
	if err != nil {
		return v, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.vals[k]; ok {
		return old.(T), nil
	}
	if s.vals == nil {
		s.vals = map[sharedKey]any{}
	}
	s.vals[k] = v
	return v, nil
}

// Share is SharedValue for a build that cannot fail.
func Share[T any](s *Shared, key string, build func() T) T {
	v, _ := SharedValue(s, key, func() (T, error) { return build(), nil })
	return v
}

// Len is the number of values s holds.
func (s *Shared) Len() int {
	if s == nil {
		return 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.vals)
}
