package matmul

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/coopmat"
	"github.com/radvbench/radvbench/bench/kernel"
)

func TestParseSize(t *testing.T) {
	tests := []struct {
		in      string
		want    [3]int64
		wantErr string
	}{
		{"1024", [3]int64{1024, 1024, 1024}, ""},
		{"2048x512x4096", [3]int64{2048, 512, 4096}, ""},
		{" 7X9X11 ", [3]int64{7, 9, 11}, ""},
		{"64x64", [3]int64{}, "use N (a cube) or MxNxK"},
		{"0", [3]int64{}, "positive"},
		{"-5", [3]int64{}, "positive"},
		{"1x2xz", [3]int64{}, "not a whole number"},
		{"", [3]int64{}, "not a whole number"},
		{"2097152", [3]int64{}, "larger than"},
	}
	for _, tc := range tests {
		p, err := ParseSize(tc.in)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("ParseSize(%q) err = %v, want %q", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil || p["M"] != tc.want[0] || p["N"] != tc.want[1] || p["K"] != tc.want[2] {
			t.Errorf("ParseSize(%q) = %v, %v", tc.in, p, err)
		}
	}
}

// TestCheckCatchesErrors: the tolerance accepts the reference and rejects
// the smallest realistic bug: one product dropped from one element.
func TestCheckCatchesErrors(t *testing.T) {
	for _, quantized := range []bool{false, true} {
		p := newProblem(37, 29, 301, 7, quantized)
		exact := func(i int) float64 { return p.ref[i] }
		if _, bad, _ := p.check(exact, math.Ldexp(1, -24)); bad != 0 {
			t.Fatalf("reference itself rejected")
		}
		row, col, k := 5, 11, 150
		dropped := float64(p.A[row*p.K+k]) * float64(p.B[k*p.N+col])
		if dropped == 0 {
			k++
			dropped = float64(p.A[row*p.K+k]) * float64(p.B[k*p.N+col])
		}
		wrong := func(i int) float64 {
			if i == row*p.N+col {
				return p.ref[i] - dropped
			}
			return p.ref[i]
		}
		stats, bad, worst := p.check(wrong, math.Ldexp(1, -24))
		if bad != 1 || !strings.Contains(worst, "C[5][11]") {
			t.Errorf("quantized=%v: dropping a*b=%g went unnoticed: %v %q", quantized, dropped, stats, worst)
		}
		nan := func(i int) float64 {
			if i == 3 {
				return math.NaN()
			}
			return p.ref[i]
		}
		if _, bad, _ := p.check(nan, math.Ldexp(1, -24)); bad != 1 {
			t.Errorf("an unwritten (NaN) element went unnoticed")
		}
	}
}

// TestSampledRowsForLargeProblems: at the full-check limit the reference
// covers every row; just above it, edge, boundary and random rows only
// (distinct, sorted, the first and last among them).
func TestSampledRowsForLargeProblems(t *testing.T) {
	for _, tc := range []struct {
		name    string
		m, n, k int
		rows    int
	}{
		{"below the limit: every row", 96, 8, 8, 96},
		{"just above: a sample", 1024, 1024, 1025, sampledRows},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if above := int64(tc.m)*int64(tc.n)*int64(tc.k) > fullCheckLimit; above != (tc.rows == sampledRows) {
				t.Fatalf("%dx%dx%d is on the wrong side of fullCheckLimit %d", tc.m, tc.n, tc.k, fullCheckLimit)
			}
			q := newProblem(tc.m, tc.n, tc.k, 1, false)
			if len(q.rows) != tc.rows || q.rows[0] != 0 || q.rows[len(q.rows)-1] != tc.m-1 || !slices.IsSorted(q.rows) {
				t.Errorf("%d rows %v, want %d from 0 to %d, sorted", len(q.rows), q.rows, tc.rows, tc.m-1)
			}
			if len(slices.Compact(slices.Clone(q.rows))) != len(q.rows) {
				t.Errorf("repeated rows: %v", q.rows)
			}
			for _, r := range []int{31, 32, 63, 64, 127, 128, tc.m / 2} {
				if r < tc.m && !slices.Contains(q.rows, r) {
					t.Errorf("tile-boundary row %d not covered", r)
				}
			}
		})
	}
}

// TestWrongKernelFailsVerification is the negative control on a real
// device: a dispatch told K is one less than it is computes the wrong
// product, and Verify must say so.
func TestWrongKernelFailsVerification(t *testing.T) {
	inst, d, err := gpu.OpenSelected("")
	if err != nil {
		t.Fatalf("Vulkan is required (run 'make deps'): %v", err)
	}
	defer inst.Close()
	defer d.Close()
	v := direct(8, 8, 4, 4)
	in, err := setup(d, v, kernel.Params{"M": 40, "N": 24, "K": 33}, kernel.Options{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	run := func() error {
		return d.Run(func(cb *gpu.CommandBuffer) error { in.Record(cb); return nil })
	}
	if err := run(); err != nil {
		t.Fatal(err)
	}
	if _, err := in.Verify(); err != nil {
		t.Fatalf("correct dispatch failed verification: %v", err)
	}
	inst2 := in.(*instance)
	inst2.push[8]-- // K = 32
	if err := run(); err != nil {
		t.Fatal(err)
	}
	if _, err := in.Verify(); err == nil || !strings.Contains(err.Error(), "outside tolerance") {
		t.Errorf("a GEMM missing its last k passed verification: %v", err)
	}
}

// TestCoopEncode: the quantized inputs (multiples of 1/4 in [-1, 1]) are
// uploaded as exact bf16, fp8 and int8 (×4) elements, little-endian.
func TestCoopEncode(t *testing.T) {
	xs := []float32{-1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1}
	le16 := func(vs ...uint16) []byte {
		var b []byte
		for _, v := range vs {
			b = append(b, byte(v), byte(v>>8))
		}
		return b
	}
	typ := func(suffix string) coopType {
		for _, t := range coopmat.Types {
			if t.Suffix == suffix {
				return coopType{t}
			}
		}
		panic(suffix)
	}
	tests := []struct {
		t    coopType
		want []byte
	}{
		{typ("bf16"), le16(0xbf80, 0xbf40, 0xbf00, 0xbe80, 0, 0x3e80, 0x3f00, 0x3f40, 0x3f80)},
		{typ("f16"), le16(0xbc00, 0xba00, 0xb800, 0xb400, 0, 0x3400, 0x3800, 0x3a00, 0x3c00)},
		{typ("fp8e4m3"), []byte{0xb8, 0xb4, 0xb0, 0xa8, 0, 0x28, 0x30, 0x34, 0x38}},
		{typ("fp8e5m2"), []byte{0xbc, 0xba, 0xb8, 0xb4, 0, 0x34, 0x38, 0x3a, 0x3c}},
		{typ("int8"), []byte{0xfc, 0xfd, 0xfe, 0xff, 0, 1, 2, 3, 4}},
	}
	for _, tc := range tests {
		if got := tc.t.encode(xs); string(got) != string(tc.want) {
			t.Errorf("%s: encode = % x, want % x", tc.t.Kernel(), got, tc.want)
		}
	}
}

// TestSplitKVerifies runs block variants with each fixed split-K on
// lavapipe and checks C against the CPU reference: ragged sizes (element
// loads; 100×37×129 has more slices than K-steps at S=8, so some layers
// are empty), a tall K with 16-byte rows, and K not a multiple of S·BK.
// It also checks that the split is really made (a reduction dispatch and
// the slices in Extra).
func TestSplitKVerifies(t *testing.T) {
	inst, d, err := gpu.OpenSelected("")
	if err != nil {
		t.Fatalf("Vulkan is required (run 'make deps'): %v", err)
	}
	defer inst.Close()
	defer d.Close()
	sizes := []kernel.Params{{"M": 100, "N": 37, "K": 129}, {"M": 64, "N": 48, "K": 2048}, {"M": 70, "N": 132, "K": 1000}}
	for _, split := range []uint32{2, 4, 8} {
		for _, shape := range [][4]uint32{{8, 8, 8, 8}, {16, 16, 8, 8}} {
			v := blockSplit(shape[0], shape[1], shape[2], shape[3], 16, split)
			for _, p := range sizes {
				name := fmt.Sprintf("%s/%dx%dx%d", v.Name, p["M"], p["N"], p["K"])
				in, err := setup(d, v, p, kernel.Options{Seed: 5})
				if err != nil {
					t.Fatalf("%s: setup: %v", name, err)
				}
				if x := in.(*instance).Extra(0); x["split_k"] != float64(split) {
					t.Errorf("%s: extra %v, want split_k %d", name, x, split)
				}
				if err := d.Run(func(cb *gpu.CommandBuffer) error { in.Record(cb); return nil }); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if _, err := in.Verify(); err != nil {
					t.Errorf("%s: %v", name, err)
				}
				in.Close()
			}
		}
	}
}

// TestSplitKChosen: a -splitk variant on lavapipe takes the chooser's
// split per size — 8 at a tall K with one block on 16 threads
// (LP_NUM_THREADS), verified — and is skipped, saying why, where the
// chooser makes none.
func TestSplitKChosen(t *testing.T) {
	inst, d, err := gpu.OpenSelected("")
	if err != nil {
		t.Fatalf("Vulkan is required (run 'make deps'): %v", err)
	}
	defer inst.Close()
	defer d.Close()
	t.Setenv("LP_NUM_THREADS", "16")
	v := blockSplit(8, 8, 8, 8, 16, splitAuto)
	for _, tc := range []struct {
		p     kernel.Params
		split float64
		skip  string
	}{
		{kernel.Params{"M": 64, "N": 48, "K": 2048}, 8, ""},
		{kernel.Params{"M": 64, "N": 48, "K": 600}, 2, ""},
		{kernel.Params{"M": 256, "N": 256, "K": 4096}, 0, "16 blocks of 64x64 fill"},
		{kernel.Params{"M": 64, "N": 48, "K": 300}, 0, "too shallow"},
	} {
		in, err := setup(d, v, tc.p, kernel.Options{Seed: 2})
		var skip *kernel.Skip
		if tc.skip != "" {
			if !errors.As(err, &skip) || !strings.Contains(skip.Reason, tc.skip) {
				t.Errorf("%v: %v, want a skip with %q", tc.p, err, tc.skip)
			}
			if in != nil {
				in.Close()
			}
			continue
		}
		if err != nil {
			t.Fatalf("%v: %v", tc.p, err)
		}
		if x := in.(*instance).Extra(0); x["split_k"] != tc.split {
			t.Errorf("%v: extra %v, want split_k %g", tc.p, x, tc.split)
		}
		if err := d.Run(func(cb *gpu.CommandBuffer) error { in.Record(cb); return nil }); err != nil {
			t.Fatal(err)
		}
		if _, err := in.Verify(); err != nil {
			t.Errorf("%v: %v", tc.p, err)
		}
		in.Close()
	}
}
