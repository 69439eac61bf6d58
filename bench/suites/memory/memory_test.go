package memory

import (
	"testing"

	"github.com/radvbench/radvbench/bench/kernel"
)

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		err  bool
	}{
		{"64KiB", 64 << 10, false},
		{"64k", 64 << 10, false},
		{"256M", 256 << 20, false},
		{"1G", 1 << 30, false},
		{" 1gib ", 1 << 30, false},
		{"4096", 4096, false},
		{"100", 0, true}, // not a multiple of 64
		{"0", 0, true},
		{"-1M", 0, true},
		{"lots", 0, true},
		{"1T", 0, true},
	} {
		p, err := ParseSize(tc.in)
		if (err != nil) != tc.err {
			t.Errorf("ParseSize(%q) error %v, want error %v", tc.in, err, tc.err)
			continue
		}
		if err == nil && p["bytes"] != tc.want {
			t.Errorf("ParseSize(%q) = %v, want %d", tc.in, p, tc.want)
		}
	}
}

func TestSizes(t *testing.T) {
	cpu := streamSizes(kernel.Options{CPU: true})
	if last := cpu[len(cpu)-1]["bytes"]; last != 256*mib {
		t.Errorf("CPU stream sweep ends at %d, want 256 MiB", last)
	}
	gpuSizes := streamSizes(kernel.Options{})
	if first, last := gpuSizes[0]["bytes"], gpuSizes[len(gpuSizes)-1]["bytes"]; first != 64*kib || last != gib {
		t.Errorf("GPU stream sweep %d..%d, want 64 KiB..1 GiB", first, last)
	}
	if tl := tlbSizes(kernel.Options{}); tl[0]["bytes"] != mib || tl[len(tl)-1]["bytes"] != gib {
		t.Errorf("TLB sweep %v", tl)
	}
	// Another suite's --sizes (matmul's M/N/K) do not apply: defaults.
	mixed := streamSizes(kernel.Options{Sizes: []kernel.Params{{"M": 64, "N": 64, "K": 64}}, Quick: true})
	if len(mixed) != 2 {
		t.Errorf("foreign --sizes changed the sweep: %v", mixed)
	}
}

func TestWriteHashNotZero(t *testing.T) {
	zeros := 0
	for w := uint32(0); w < 1<<16; w++ {
		if writeHash(w, 7) == 0 {
			zeros++
		}
	}
	if zeros > 2 {
		t.Errorf("%d zero words in 65536: the write pattern would compress", zeros)
	}
}
