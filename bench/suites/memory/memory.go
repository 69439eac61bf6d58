// Package memory is the memory suite: streaming bandwidth (read reduction,
// write, copy, triad; 4-byte and 16-byte accesses; plus the transfer
// engine's vkCmdCopyBuffer), a TLB-reach sweep (one cache line per page at
// 4 KiB, 64 KiB and 2 MiB strides and in random page order — the chart that
// shows an amdgpu.vm_fragment_size change) and a dependent-load
// pointer-chase latency sweep. Bandwidths are GB/s with GB = 10^9 bytes.
// Inputs are random words, never zeros, and every kernel's output is
// checked exactly against the CPU before it is timed.
package memory

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/core/resultsfile"
)

const (
	kib = int64(1) << 10
	mib = int64(1) << 20
	gib = int64(1) << 30
)

func init() {
	bw := kernel.Metric{Name: "bandwidth", Unit: "GB/s", Better: resultsfile.HigherIsBetter, Scale: 1, Peak: "bandwidth"}
	stream := func(name, desc, shader string, vs ...kernel.Variant) *kernel.Kernel {
		return &kernel.Kernel{
			Name: name, Description: desc, Shaders: []string{shader}, Metric: bw, Variants: vs,
			Sizes: streamSizes, ParseSize: ParseSize, Supported: supported, Setup: setupStream,
		}
	}
	kernel.Register(&kernel.Suite{
		Name:        "memory",
		Description: "memory bandwidth (GB/s, 10^9 bytes), TLB reach vs footprint and dependent-load latency",
		Kernels: []*kernel.Kernel{
			stream("read", "streaming read with a per-invocation sum; bytes read per second (GB = 10^9 B)", "mem_read.comp",
				streamVariant(opRead, 1), streamVariant(opRead, 4)),
			stream("write", "streaming write of hashed (non-zero, incompressible) words; bytes written per second (GB = 10^9 B)", "mem_write.comp",
				streamVariant(opWrite, 1), streamVariant(opWrite, 4)),
			stream("copy", "device-to-device copy dst = src by a shader or vkCmdCopyBuffer; bytes read + written per second (GB = 10^9 B)", "mem_copy.comp",
				streamVariant(opCopy, 1), streamVariant(opCopy, 4), streamVariant(opTransfer, 0)),
			stream("triad", "STREAM triad a = b + k·c (32-bit integer); bytes read + written per second (GB = 10^9 B)", "mem_triad.comp",
				streamVariant(opTriad, 1), streamVariant(opTriad, 4)),
			{
				Name:        "tlb",
				Description: "one 64-byte line per page at a fixed page stride (or random pages) vs footprint; GB/s of lines read (10^9 B), ns per access in extra",
				Shaders:     []string{"mem_tlb.comp"}, Metric: bw,
				Variants: []kernel.Variant{tlbVariant(4*kib, false), tlbVariant(64*kib, false), tlbVariant(2*mib, false), tlbVariant(4*kib, true)},
				Sizes:    tlbSizes, ParseSize: ParseSize, Supported: supported, Setup: setupTLB,
			},
			{
				Name:        "chase",
				Description: "dependent loads along a random cyclic chain of 64-byte nodes vs footprint; ns per load",
				Shaders:     []string{"mem_chase.comp"},
				Metric:      kernel.Metric{Name: "latency", Unit: "ns/load", Better: resultsfile.LowerIsBetter, Scale: 1.0 / chaseSteps, Time: true},
				Variants:    []kernel.Variant{{Name: "random", Params: map[string]string{"order": "random", "node": "64"}}},
				Sizes:       chaseSizes, ParseSize: ParseSize, Supported: supported, Setup: setupChase,
			},
		},
	})
}

// ParseSize parses a buffer size or footprint: a whole number of bytes
// with an optional K/KiB, M/MiB or G/GiB suffix (powers of two), e.g. 64KiB,
// 256M, 1G. It must be a positive multiple of 64 bytes.
func ParseSize(s string) (kernel.Params, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	mult := int64(1)
	for _, suf := range []struct {
		s string
		m int64
	}{{"kib", kib}, {"mib", mib}, {"gib", gib}, {"kb", kib}, {"mb", mib}, {"gb", gib}, {"k", kib}, {"m", mib}, {"g", gib}, {"b", 1}} {
		if strings.HasSuffix(t, suf.s) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, suf.s)), suf.m
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("malformed size %q: use bytes with an optional K, M or G suffix (powers of two), e.g. 64KiB, 256M, 1G", s)
	}
	if n <= 0 || n > 64*gib/mult {
		return nil, fmt.Errorf("size %q: must be between 64 bytes and 64 GiB", s)
	}
	n *= mult
	if n%64 != 0 {
		return nil, fmt.Errorf("size %q: must be a multiple of 64 bytes", s)
	}
	return kernel.Params{"bytes": n}, nil
}

// userSizes keeps the --sizes entries that are memory sizes (another
// suite's sizes, e.g. matmul's M/N/K under --suite all, do not apply).
func userSizes(o kernel.Options) ([]kernel.Params, bool) {
	if len(o.Sizes) == 0 {
		return nil, false
	}
	var out []kernel.Params
	for _, p := range o.Sizes {
		if _, ok := p["bytes"]; ok {
			out = append(out, p)
		}
	}
	return out, len(out) > 0
}

func bytesSizes(list ...int64) []kernel.Params {
	out := make([]kernel.Params, len(list))
	for i, b := range list {
		out[i] = kernel.Params{"bytes": b}
	}
	return out
}

// sweep is --sizes when given, else quick with --quick, else from, from·factor,
// ... up to 1 GiB (256 MiB on a CPU implementation; --sizes runs anything).
func sweep(o kernel.Options, quick []int64, from, factor int64) []kernel.Params {
	if s, ok := userSizes(o); ok {
		return s
	}
	if o.Quick {
		return bytesSizes(quick...)
	}
	top := gib
	if o.CPU {
		top = 256 * mib
	}
	var out []int64
	for b := from; b <= top; b *= factor {
		out = append(out, b)
	}
	return bytesSizes(out...)
}

// streamSizes: 64 KiB to 1 GiB by factors of 4.
func streamSizes(o kernel.Options) []kernel.Params {
	return sweep(o, []int64{64 * kib, 4 * mib}, 64*kib, 4)
}

// tlbSizes: footprints 1 MiB to 1 GiB doubling; sizes beyond the device's
// largest storage buffer are skipped with the reason.
func tlbSizes(o kernel.Options) []kernel.Params { return sweep(o, []int64{1 * mib, 4 * mib}, mib, 2) }

// chaseSizes: footprints 16 KiB to 1 GiB by factors of 4.
func chaseSizes(o kernel.Options) []kernel.Params {
	return sweep(o, []int64{16 * kib, 1 * mib}, 16*kib, 4)
}

const workgroup = 256

func supported(d *gpu.PhysicalDevice, v kernel.Variant) (bool, string) {
	if d.Limits.MaxComputeWorkGroupInvocations < workgroup || d.Limits.MaxComputeWorkGroupSize[0] < workgroup {
		return false, fmt.Sprintf("needs workgroups of %d invocations", workgroup)
	}
	return true, ""
}

// randomWords returns n seeded random words (never all zeros); stream
// names independent streams of one size (e.g. the b and c of triad). The
// variants of a size share them through the runner's per-size state.
func randomWords(sh *kernel.Shared, n int, seed uint64, stream uint64) []uint32 {
	key := fmt.Sprintf("%d/%d/%d", n, seed, stream)
	return kernel.Share(sh, key, func() []uint32 {
		rng := rand.New(rand.NewPCG(seed, uint64(n)*0x9E3779B97F4A7C15^stream))
		w := make([]uint32, n)
		for i := 0; i+1 < n; i += 2 {
			x := rng.Uint64()
			w[i], w[i+1] = uint32(x), uint32(x>>32)
		}
		if n%2 == 1 {
			w[n-1] = rng.Uint32()
		}
		return w
	})
}

func push(vals ...uint32) []byte {
	out := make([]byte, 4*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint32(out[4*i:], v)
	}
	return out
}

// newBuffer allocates a device-local buffer and registers its Close.
func newBuffer(d *gpu.Device, own *gpu.Owned, size uint64, what string) (*gpu.Buffer, error) {
	b, err := gpu.Own[*gpu.Buffer](own)(d.NewBuffer(size, gpu.DeviceLocal))
	if err != nil {
		return nil, fmt.Errorf("allocate %s (%d bytes): %w", what, size, err)
	}
	return b, nil
}

// poison fills a buffer with a marker so unwritten words are caught.
func poison(d *gpu.Device, b *gpu.Buffer) error {
	return d.Run(func(cb *gpu.CommandBuffer) error { cb.Fill(b, 0xDEADBEEF); return nil })
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
