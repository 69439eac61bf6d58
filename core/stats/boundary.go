package stats

import "math"

// SequentialLevels returns the nominal one-sided level of each look of a
// group-sequential test that spends its error by an alpha-spending
// function (Lan & DeMets, "Discrete sequential boundaries for clinical
// trials", Biometrika 70, 1983): the looks fall at the information
// fractions fracs (increasing, in (0, 1]) and by look k the test has spent
// cumulative[k] (non-decreasing). Look k's level is 1 − Φ(c_k) for the
// boundary c_k at which the chance of crossing first at look k, under no
// change, is exactly cumulative[k] − cumulative[k−1].
//
// The looks' statistics are those of one Brownian motion (Z_k = S(t_k)/√t_k,
// so Z_j and Z_k correlate by √(t_j/t_k)), and the crossing chances are
// computed by the numerical integration of Armitage, McPherson & Rowe
// (1969; Jennison & Turnbull, "Group Sequential Methods", 2000, ch. 19).
// Because the looks share their data, a look's level is larger than the
// share it spends (2.3 times at the last of looks at 3..12 runs of 12
// spending 5%, 1.65 times spending 0.01/23), less so as the error
// shrinks: the union bound, which spends each share as a level, is what
// this sharpens. A look that spends nothing gets level 0.
func SequentialLevels(fracs, cumulative []float64) []float64 {
	levels := make([]float64, len(fracs))
	var (
		grid, dens []float64 // the density of Z at the previous look, on paths that did not cross
		prevT      float64
		prevSpent  float64
	)
	for k, t := range fracs {
		share := cumulative[k] - prevSpent
		if k > 0 && !(t > prevT) {
			continue // no new information: nothing more to cross, level 0
		}
		if k == 0 {
			c := math.Inf(1)
			if share > 0 {
				c, levels[k] = upperNormalQuantile(share), share
			}
			grid, dens = boundaryGrid(c, normalPDF)
			prevT, prevSpent = t, math.Max(0, cumulative[k])
			continue
		}
		sd := math.Sqrt(t - prevT)
		st, spt := math.Sqrt(t), math.Sqrt(prevT)
		// cross(c) is the chance of not having crossed before and being
		// above c at this look.
		cross := func(c float64) float64 {
			s := 0.0
			for i, z := range grid {
				s += dens[i] * upperNormal((c*st-z*spt)/sd)
			}
			return s
		}
		c := math.Inf(1)
		if share > 0 {
			if cross(-12) <= share {
				c = -12 // spends all the mass left
			} else {
				lo, hi := -12.0, 40.0
				for range 200 {
					mid := (lo + hi) / 2
					if cross(mid) > share {
						lo = mid
					} else {
						hi = mid
					}
					if hi-lo < 1e-10 {
						break
					}
				}
				c = (lo + hi) / 2
			}
			levels[k] = upperNormal(c)
		}
		g, d := grid, dens
		grid, dens = boundaryGrid(c, func(x float64) float64 {
			s := 0.0
			for i, z := range g {
				s += d[i] * normalPDF((x*st-z*spt)/sd)
			}
			return s * st / sd
		})
		prevT, prevSpent = t, math.Max(prevSpent, cumulative[k])
	}
	return levels
}

// boundaryGrid tabulates a density of Z on [−10, min(c, 10)] (below the
// boundary c) with composite Simpson weights folded in: dens[i] is
// weight·f(grid[i]), so a sum over the grid integrates.
func boundaryGrid(c float64, f func(float64) float64) (grid, dens []float64) {
	const lo, points = -10.0, 401 // odd, for Simpson's rule
	hi := math.Min(c, 10)
	if !(hi > lo) {
		return nil, nil
	}
	h := (hi - lo) / (points - 1)
	grid, dens = make([]float64, points), make([]float64, points)
	for i := range points {
		z := lo + float64(i)*h
		w := 2.0
		switch {
		case i == 0 || i == points-1:
			w = 1
		case i%2 == 1:
			w = 4
		}
		grid[i], dens[i] = z, w*h/3*f(z)
	}
	return grid, dens
}

func normalPDF(z float64) float64 { return math.Exp(-z*z/2) / math.Sqrt(2*math.Pi) }

// upperNormal is 1 − Φ(z).
func upperNormal(z float64) float64 { return 0.5 * math.Erfc(z/math.Sqrt2) }

// upperNormalQuantile is the z with 1 − Φ(z) = p.
func upperNormalQuantile(p float64) float64 { return math.Sqrt2 * math.Erfcinv(2*p) }
