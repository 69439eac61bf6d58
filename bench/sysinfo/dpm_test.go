package sysinfo

import (
	"reflect"
	"testing"
)

// TestInterpretDPM: the pp_dpm_* forms of the kernel's swsmu print_clk_levels
// give the right levels and current clock; the middle line of a three-line
// fine-grained clock is the clock of the moment, never a level.
func TestInterpretDPM(t *testing.T) {
	type want struct {
		levels     []int
		current    int
		hasCurrent bool
		atLevel    bool
		sleep      bool
	}
	for _, tc := range []struct {
		name, clock, file string
		want              want
	}{
		{"RDNA2 sclk at its maximum (two lines)", "sclk", "0: 500Mhz \n1: 2250Mhz *\n",
			want{[]int{500, 2250}, 2250, true, true, false}},
		{"RDNA2 sclk at its minimum", "sclk", "0: 500Mhz *\n1: 2250Mhz \n",
			want{[]int{500, 2250}, 500, true, true, false}},
		{"RDNA3 sclk between min and max (three lines)", "sclk", "0: 500Mhz\n1: 1969Mhz *\n2: 2500Mhz\n",
			want{[]int{500, 2500}, 1969, true, false, false}},
		{"RDNA3/4 sclk in deep sleep, older kernels", "sclk", "0: 500Mhz\n1: 31Mhz *\n2: 2970Mhz\n",
			want{[]int{500, 2970}, 31, true, false, true}},
		{"deep sleep S line, newer kernels (levels from 1)", "sclk", "S: 19Mhz *\n1: 500Mhz \n2: 2500Mhz \n",
			want{[]int{500, 2500}, 19, true, false, true}},
		{"deep sleep S line, levels from 0 (MI300)", "sclk", "S: 19Mhz *\n0: 500Mhz\n1: 2100Mhz\n",
			want{[]int{500, 2100}, 19, true, false, true}},
		{"discrete mclk: every line a level", "mclk", "0: 96Mhz \n1: 456Mhz \n2: 772Mhz \n3: 1249Mhz *\n",
			want{[]int{96, 456, 772, 1249}, 1249, true, true, false}},
		{"three discrete levels of another clock stay levels", "fclk", "0: 800Mhz\n1: 1400Mhz *\n2: 2000Mhz\n",
			want{[]int{800, 1400, 2000}, 1400, true, true, false}},
		{"any clock's middle line below level 0 is the clock", "socclk", "0: 500Mhz\n1: 25Mhz *\n2: 1200Mhz\n",
			want{[]int{500, 1200}, 25, true, false, true}},
		{"older GCN: eight levels", "sclk", "0: 300Mhz\n1: 600Mhz\n2: 900Mhz\n3: 1145Mhz\n4: 1215Mhz\n5: 1257Mhz\n6: 1300Mhz\n7: 1340Mhz *\n",
			want{[]int{300, 600, 900, 1145, 1215, 1257, 1300, 1340}, 1340, true, true, false}},
		{"nothing marked", "sclk", "0: 500Mhz\n1: 2500Mhz\n", want{[]int{500, 2500}, 0, false, false, false}},
		{"two lines marked", "sclk", "S: 19Mhz *\n0: 500Mhz *\n1: 2500Mhz\n", want{[]int{500, 2500}, 0, false, false, false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines, err := ParseDPM(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			c := InterpretDPM(tc.clock, lines)
			var levels []int
			for _, l := range c.Levels {
				levels = append(levels, l.MHz)
			}
			got := want{levels, c.CurrentMHz, c.HasCurrent, c.AtLevel, c.Sleep}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("InterpretDPM(%q, %q) = %+v, want %+v", tc.clock, tc.file, got, tc.want)
			}
			if lo, ok := c.LowestMHz(); !ok || lo != tc.want.levels[0] {
				t.Errorf("LowestMHz = %d, %v; want %d", lo, ok, tc.want.levels[0])
			}
		})
	}
}
