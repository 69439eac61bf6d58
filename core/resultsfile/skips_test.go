package resultsfile

import (
	"fmt"
	"testing"
)

func skipped(suite, kernel, variant string, n int64, reason string) Result {
	return Result{Suite: suite, Kernel: kernel, Variant: map[string]string{"name": variant},
		Params: map[string]int64{"N": n}, Status: StatusSkipped, Reason: reason}
}

// TestGroupSkipped: skips group by reason, largest group first, each
// with a label that names what was skipped; ok and failed results are no
// group; every skip lands in exactly one group.
func TestGroupSkipped(t *testing.T) {
	const noCoop = "no VK_KHR_cooperative_matrix"
	var coop []Result
	for _, k := range []string{"coopmat-f16", "coopmat-f16acc", "coopmat-int8"} {
		for _, v := range []string{"sg2x2", "sg1x1"} {
			for _, n := range []int64{64, 256} {
				coop = append(coop, skipped("matmul", k, v, n, noCoop))
			}
		}
	}
	ok := Result{Suite: "matmul", Kernel: "naive", Variant: map[string]string{"name": "wg16x16"}, Status: StatusOK}
	failed := Result{Suite: "matmul", Kernel: "naive", Status: StatusFailed, Reason: noCoop}
	tests := []struct {
		name string
		in   []Result
		want []string // String() of each group, in order
	}{
		{"none", []Result{ok, failed}, nil},
		{"one skip is its benchmark", []Result{ok, skipped("memory", "read", "v4", 1<<30, "exceeds maxStorageBufferRange")},
			[]string{"1 skipped (memory/read/name=v4/N=1073741824): exceeds maxStorageBufferRange"}},
		{"one kernel", []Result{skipped("mesh", "dense", "task", 64, "no mesh"), skipped("mesh", "dense", "mesh", 64, "no mesh")},
			[]string{"2 skipped (mesh/dense): no mesh"}},
		{"kernels sharing a prefix, largest group first",
			append([]Result{ok, skipped("memory", "read", "v4", 1<<30, "too big"), failed}, coop...),
			[]string{"12 skipped (matmul/coopmat-*, 3 kernels): " + noCoop, "1 skipped (memory/read/name=v4/N=1073741824): too big"}},
		{"no shared prefix: the kernels", []Result{skipped("matmul", "naive", "a", 1, "r"), skipped("matmul", "tiled", "a", 1, "r")},
			[]string{"2 skipped (matmul/naive, matmul/tiled, 2 kernels): r"}},
		{"prefix without a separator is no prefix", []Result{skipped("matmul", "lanes", "a", 1, "r"), skipped("matmul", "lanesx", "a", 1, "r")},
			[]string{"2 skipped (matmul/lanes, matmul/lanesx, 2 kernels): r"}},
		{"many kernels of several suites: the suites", []Result{skipped("peak", "fma", "a", 1, "r"), skipped("peak", "mad", "a", 1, "r"),
			skipped("mesh", "dense", "a", 1, "r"), skipped("mesh", "sparse", "a", 1, "r")},
			[]string{"4 skipped (peak, mesh, 4 kernels): r"}},
		{"reasons differing in numbers: one group, with their ranges", []Result{
			skipped("matmul", "naive", "a", 1<<20, "buffer of 4398046511104 bytes exceeds the device's maxStorageBufferRange (134217728 bytes)"),
			skipped("matmul", "naive", "a", 1<<19, "buffer of 1099511627776 bytes exceeds the device's maxStorageBufferRange (134217728 bytes)"),
			skipped("matmul", "naive", "a", 1<<21, "buffer of 17592186044416 bytes exceeds the device's maxStorageBufferRange (134217728 bytes)"),
			skipped("memory", "read", "a", 3, "needs 1.5 GiB, has 0.75 GiB"), skipped("memory", "read", "a", 4, "needs 12.25 GiB, has 0.75 GiB")},
			[]string{"3 skipped (matmul/naive): buffer of 1099511627776–17592186044416 bytes exceeds the device's maxStorageBufferRange (134217728 bytes)",
				"2 skipped (memory/read): needs 1.5–12.25 GiB, has 0.75 GiB"}},
		{"a prefix in each suite", []Result{skipped("matmul", "coopmat-f16", "a", 1, "r"), skipped("matmul", "coopmat-int8", "a", 1, "r"),
			skipped("peak", "coopmat-f16", "a", 1, "r"), skipped("peak", "coopmat-int8", "a", 1, "r")},
			[]string{"4 skipped (matmul/coopmat-*, peak/coopmat-*, 4 kernels): r"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			groups := GroupSkipped(tc.in)
			var got []string
			total, want := 0, 0
			for _, g := range groups {
				got = append(got, g.String())
				total += len(g.Results)
				for _, r := range g.Results {
					if number.ReplaceAllString(r.Reason, "#") != number.ReplaceAllString(g.Results[0].Reason, "#") || r.Status != StatusSkipped {
						t.Errorf("group %q holds %s (%s: %s)", g.Reason, r.ID(), r.Status, r.Reason)
					}
				}
			}
			for _, r := range tc.in {
				if r.Status == StatusSkipped {
					want++
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("got\n%q\nwant\n%q", got, tc.want)
			}
			if total != want {
				t.Errorf("groups hold %d results, the input %d skips", total, want)
			}
		})
	}
}
