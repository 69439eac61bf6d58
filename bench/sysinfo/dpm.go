package sysinfo

// Reading a pp_dpm_* file the way the kernel writes it: which lines are
// DPM levels and which one is only the clock of the moment.

import "strconv"

// DPMClock is one pp_dpm_* clock file understood: its DPM levels and its
// current clock, which need not be a level.
//
// The kernel's print_clk_levels (drivers/gpu/drm/amd/pm/swsmu: the
// smu_v11/v13/v14 ppt files and smu_cmn_print_dpm_clk_levels) writes a
// fine-grained clock, such as every RDNA GPU's shader clock, as its
// minimum and maximum only, "0: 500Mhz" and "1: 2500Mhz", with the one
// the clock sits at marked " *"; when the clock sits at neither it
// writes three lines, the middle one the clock of the moment:
// "0: 500Mhz", "1: 1969Mhz *", "2: 2500Mhz" (and "1: 31Mhz *" in deep
// sleep, below level 0). Newer kernels write deep sleep (a clock below
// half the lowest level) as a first line "S: 19Mhz *" and number the
// levels after it from 1. A discrete clock lists every level, the
// current one marked.
type DPMClock struct {
	// Levels are the DPM levels in the file's order (lowest first): for
	// a fine-grained clock its minimum and maximum.
	Levels []DPMLevel
	// CurrentMHz is the clock now; HasCurrent is false when no single
	// line is marked current.
	CurrentMHz int
	HasCurrent bool
	// AtLevel says the current clock is one of Levels (the marked one).
	AtLevel bool
	// Sleep says the clock is in deep sleep: an "S:" line, or a current
	// clock below half the lowest level (the kernel's own test).
	Sleep bool
}

// InterpretDPM reads the lines of pp_dpm_NAME (ParseDPM) as DPMClock
// says. name is the clock ("sclk", "mclk", "socclk", "fclk"): three
// lines with the middle one marked current are a fine-grained clock
// between its minimum and maximum for sclk, which is fine-grained on
// every part that writes three lines, and for any clock when the middle
// line lies outside the other two (levels ascend); otherwise they are
// three levels.
func InterpretDPM(name string, lines []DPMLevel) DPMClock {
	var c DPMClock
	var numbered []DPMLevel
	marked := 0
	for _, l := range lines {
		if l.Current {
			marked++
			c.CurrentMHz = l.MHz
		}
		if _, err := strconv.Atoi(l.Index); err != nil {
			// "S" (deep sleep): the clock of the moment, not a level.
			c.Sleep = c.Sleep || (l.Current && l.Index == "S")
			continue
		}
		numbered = append(numbered, l)
	}
	c.HasCurrent = marked == 1
	if !c.HasCurrent {
		c.CurrentMHz, c.Sleep = 0, false
	}
	if len(numbered) == 3 && numbered[1].Current {
		lo, mid, hi := numbered[0].MHz, numbered[1].MHz, numbered[2].MHz
		if name == "sclk" || mid < lo || mid > hi {
			numbered = []DPMLevel{numbered[0], numbered[2]}
		}
	}
	c.Levels = numbered
	for _, l := range numbered {
		c.AtLevel = c.AtLevel || (l.Current && c.HasCurrent)
	}
	if c.HasCurrent && len(c.Levels) > 0 && c.CurrentMHz < c.Levels[0].MHz/2 {
		c.Sleep = true
	}
	return c
}

// LowestMHz is the lowest level's clock (the first level: levels
// ascend); ok is false when there is no level.
func (c DPMClock) LowestMHz() (mhz int, ok bool) {
	if len(c.Levels) == 0 {
		return 0, false
	}
	return c.Levels[0].MHz, true
}
