package matmul

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
)

// problem is the seeded input data and CPU reference for one size and
// data kind; it is shared by every variant of that size.
type problem struct {
	M, N, K int
	// A is M×K and B is K×N, row-major.
	A, B []float32
	// rows are the rows of C the reference covers (all rows for small
	// problems, a sample for large ones).
	rows []int
	// ref, peak and absSum hold, for each covered row in order, N values:
	// the float64 result, the largest |partial sum| along K and Σ|a·b|.
	ref, peak, absSum []float64
}

// fullCheckLimit is the largest M·N·K whose reference covers every row;
// above it a sample of rows (edges, tile boundaries, random) is checked.
const fullCheckLimit = 1 << 30

// sampledRows is how many rows a large problem's reference covers.
const sampledRows = 48

// quantized inputs are multiples of 1/4 in [-1, 1]: exactly representable
// in fp16, so fp16 variants see the same values as the reference and
// partial sums stay exact far longer.
func newProblem(m, n, k int, seed uint64, quantized bool) *problem {
	rng := rand.New(rand.NewPCG(seed, uint64(m)<<42^uint64(n)<<21^uint64(k)))
	gen := func(count int) []float32 {
		out := make([]float32, count)
		for i := range out {
			if quantized {
				out[i] = float32(rng.IntN(9)-4) / 4
			} else {
				out[i] = rng.Float32()*2 - 1
			}
		}
		return out
	}
	p := &problem{M: m, N: n, K: k, A: gen(m * k), B: gen(k * n)}
	if int64(m)*int64(n)*int64(k) <= fullCheckLimit {
		p.rows = make([]int, m)
		for i := range p.rows {
			p.rows[i] = i
		}
	} else {
		set := map[int]bool{0: true, m - 1: true}
		for _, r := range []int{31, 32, 63, 64, 127, 128, m / 2, m - 2} {
			if r >= 0 && r < m {
				set[r] = true
			}
		}
		for len(set) < min(sampledRows, m) {
			set[rng.IntN(m)] = true
		}
		for r := range set {
			p.rows = append(p.rows, r)
		}
		slices.Sort(p.rows)
	}
	p.reference()
	return p
}

// reference computes the covered rows of C in float64, in parallel.
func (p *problem) reference() {
	nr := len(p.rows)
	p.ref = make([]float64, nr*p.N)
	p.peak = make([]float64, nr*p.N)
	p.absSum = make([]float64, nr*p.N)
	var wg sync.WaitGroup
	next := make(chan int, nr)
	for i := range nr {
		next <- i
	}
	close(next)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ri := range next {
				row := p.rows[ri]
				acc := p.ref[ri*p.N : (ri+1)*p.N]
				pk := p.peak[ri*p.N : (ri+1)*p.N]
				as := p.absSum[ri*p.N : (ri+1)*p.N]
				for kk := 0; kk < p.K; kk++ {
					a := float64(p.A[row*p.K+kk])
					brow := p.B[kk*p.N : (kk+1)*p.N]
					for j, b := range brow {
						prod := a * float64(b)
						acc[j] += prod
						as[j] += math.Abs(prod)
						if v := math.Abs(acc[j]); v > pk[j] {
							pk[j] = v
						}
					}
				}
			}
		}()
	}
	wg.Wait()
}

// check compares the GPU's C (row-major M×N, as float64 via at) with the
// reference. unit is the unit roundoff of the accumulation (2^-24 for fp32,
// 2^-11 for fp16). The tolerance of each element scales with K:
// u·(4·√K·P + S) + u·|c|, where P is the largest partial sum and S = Σ|a·b|
// — a random-walk bound on the rounding of K sequential FMAs, with a wide
// margin, yet far below the error of one dropped or doubled product block.
func (p *problem) check(at func(i int) float64, unit float64) (stats map[string]float64, bad int, worst string) {
	sqrtK := math.Sqrt(float64(p.K))
	var maxErr, maxRatio float64
	checked := 0
	for ri, row := range p.rows {
		for j := 0; j < p.N; j++ {
			idx := ri*p.N + j
			want := p.ref[idx]
			got := at(row*p.N + j)
			tol := unit*(4*sqrtK*p.peak[idx]+p.absSum[idx]) + unit*math.Abs(want) + 1e-30
			err := math.Abs(got - want)
			if math.IsNaN(got) || math.IsInf(got, 0) {
				err = math.Inf(1)
			}
			checked++
			if err > maxErr {
				maxErr = err
			}
			if r := min(err/tol, math.MaxFloat64); r > maxRatio { // finite, for JSON
				maxRatio = r
			}
			if err > tol {
				if bad == 0 {
					worst = fmtMismatch(row, j, got, want, tol)
				}
				bad++
			}
		}
	}
	return map[string]float64{
		"max_abs_err":      maxErr,
		"max_err_over_tol": maxRatio,
		"checked_elements": float64(checked),
		"mismatches":       float64(bad),
		"unit_roundoff":    unit,
		"checked_all_rows": b2f(len(p.rows) == p.M),
	}, bad, worst
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
