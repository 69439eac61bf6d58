package noise

import (
	"fmt"
	"math"
	"testing"

	"github.com/radvbench/radvbench/core/stats"
)

// TestPooledFloors: a file's benchmarks' paired spreads are moderated
// with the prior they fit together, so a benchmark measured on one degree
// of freedom gets a floor on the prior's degrees of freedom too; a file of
// too few benchmarks, and a Bench made by hand, keep their own spread; the
// between-run floor is never pooled.
func TestPooledFloors(t *testing.T) {
	file := func(n int) *File {
		f := &File{Schema: Schema}
		for i := range n {
			f.Benchmarks = append(f.Benchmarks, Bench{Key: fmt.Sprintf("s/k%02d", i), Runs: 4,
				BetweenCV: 0.05 + 0.01*float64(i%5), PairedCV: 0.01 + 0.002*float64(i%5), Pairs: 2, PairedDF: 1})
		}
		return f
	}
	const alpha = 0.01 / 23
	own := func(b *Bench) float64 {
		return math.Expm1(stats.TQuantile(1-alpha, float64(b.PairedDF)) * b.PairedCV * math.Sqrt(2.0/4))
	}
	for _, tt := range []struct {
		name   string
		f      *File
		pooled bool
	}{
		{"23 benchmarks", file(23), true},
		{"2 benchmarks", file(2), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.f.Pooled()
			if (p.DF > 0) != tt.pooled {
				t.Fatalf("Pooled = %+v, want pooled %v", p, tt.pooled)
			}
			b := tt.f.Lookup("s/k01")
			sd, df := stats.Moderated(b.PairedCV, 1, p)
			want := math.Expm1(stats.TQuantile(1-alpha, df) * sd * math.Sqrt(2.0/4))
			got := b.PairedFloor(4, alpha)
			if math.Abs(got-want) > 1e-12 {
				t.Errorf("PairedFloor = %g, want %g", got, want)
			}
			if tt.pooled && !(got < own(b)/10) {
				t.Errorf("pooled PairedFloor = %g, not far below its own-spread floor %g", got, own(b))
			}
			if !tt.pooled && got != own(b) {
				t.Errorf("unpooled PairedFloor = %g, want its own-spread floor %g", got, own(b))
			}
			if pr := b.PairedPrior(); math.Abs(pr.SD-math.Sqrt2*sd) > 1e-15 || pr.DF != df {
				t.Errorf("PairedPrior = %+v, want √2·%g on %g", pr, sd, df)
			}
			// Three runs a side: a median's standard error is √(π/2) a
			// mean's (Floor), so se = sd·√(π/3), on its own Runs-1.
			wantB := math.Expm1(stats.TQuantile(1-alpha, 3) * b.BetweenCV * math.Sqrt(math.Pi/3))
			if got := b.Floor(3, 3, alpha); math.Abs(got-wantB) > 1e-12 {
				t.Errorf("Floor(3, 3) = %g, want %g from its own spread", got, wantB)
			}
		})
	}
	// A Bench made by hand is not pooled with anything.
	b := Bench{Key: "s/k", Runs: 4, PairedCV: 0.01, Pairs: 2, PairedDF: 1}
	if got := b.PairedFloor(4, alpha); got != own(&b) {
		t.Errorf("hand-made Bench: PairedFloor = %g, want %g", got, own(&b))
	}
}
