package matmul

import (
	"context"
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/runner"
	"github.com/radvbench/radvbench/core/resultsfile"
)

// BenchmarkMatmul reports each variant's verified GFLOP/s at 1024³ and
// 2048³ on the default device (run with -benchtime 1x: the runner does its
// own sampling; 'make bench' does). The CV is reported alongside so noisy
// figures are visible in benchstat.
func BenchmarkMatmul(b *testing.B) {
	inst, d, err := gpu.OpenSelected("")
	if err != nil {
		b.Skipf("no Vulkan: %v", err)
	}
	defer inst.Close()
	defer d.Close()
	suites, _ := kernel.Lookup([]string{"matmul"})
	for _, k := range suites[0].Kernels {
		for _, v := range k.Variants {
			for _, n := range []int64{1024, 2048} {
				b.Run(k.Name+"/"+v.Name+"/"+sizeName(n), func(b *testing.B) {
					var r resultsfile.Result
					for range b.N {
						res, _, err := runner.Run(context.Background(), d, runner.Options{
							Suites:  suites,
							Filter:  regexp.MustCompile("^" + regexp.QuoteMeta(kernel.FullName(k, v)) + "$"),
							Kernel:  kernel.Options{Sizes: []kernel.Params{{"M": n, "N": n, "K": n}}, Seed: 1},
							MaxTime: 5 * time.Second,
						})
						if err != nil || len(res) != 1 {
							b.Fatalf("run: %v (%d results)", err, len(res))
						}
						r = res[0]
					}
					if r.Status != resultsfile.StatusOK {
						b.Skipf("%s: %s", r.Status, r.Reason)
					}
					b.ReportMetric(r.Metric.Value, "GFLOP/s")
					b.ReportMetric(100*r.CV, "cv%")
				})
			}
		}
	}
}

func sizeName(n int64) string { return fmt.Sprintf("%dx%dx%d", n, n, n) }
