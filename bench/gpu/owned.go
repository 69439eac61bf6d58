package gpu

// Owned collects the Close functions of objects made together (an
// instance's buffers, pipelines, render targets) and closes them in
// reverse order: the one cleanup idiom for a constructor that must undo
// its partial work on failure and for the owner's own Close.
//
//	var own gpu.Owned
//	buf, err := gpu.Own(&own)(d.NewBuffer(n, gpu.DeviceLocal))
//	if err != nil {
//		own.Close()
//		return err
//	}
//
// The zero value is ready to use; Close empties it, so it is safe to call
// twice.
type Owned struct{ fns []func() }

// Add registers f to run at Close (after every f added later).
func (o *Owned) Add(f func()) { o.fns = append(o.fns, f) }

// Close runs the registered functions, last added first.
func (o *Owned) Close() {
	for i := len(o.fns) - 1; i >= 0; i-- {
		o.fns[i]()
	}
	o.fns = nil
}

// Closer is what Own registers.
type Closer interface{ Close() }

// Own registers v's Close with o when err is nil and passes v and err on,
// so a constructor call can be wrapped whole: Own(&o)(d.NewBuffer(...)).
func Own[T Closer](o *Owned) func(v T, err error) (T, error) {
	return func(v T, err error) (T, error) {
		if err == nil {
			o.Add(v.Close)
		}
		return v, err
	}
}
