package memory

import (
	"fmt"
	"math/rand/v2"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/shaders"
)

// chaseSteps is the number of dependent loads one dispatch makes (the
// metric's scale turns dispatch time into ns per load).
const chaseSteps = 1 << 15

type chaseInst struct {
	nodes uint32
	next  []uint32 // next[i] is the node after i
	pipe  *gpu.ComputePipeline
	buf   *gpu.Buffer
	out   *gpu.Buffer
	own   gpu.Owned
}

func setupChase(d *gpu.Device, v kernel.Variant, p kernel.Params, o kernel.Options) (kernel.Instance, error) {
	fp := uint64(p["bytes"])
	if fp < 2*lineBytes {
		return nil, kernel.Skipf("footprint %d bytes holds fewer than two 64-byte nodes", fp)
	}
	if err := d.CheckStorageSize(fp); err != nil {
		return nil, kernel.Skipf("%v", err)
	}
	nodes := fp / lineBytes
	if nodes > 1<<32-1 {
		return nil, kernel.Skipf("more than 2^32 nodes")
	}
	inst := &chaseInst{nodes: uint32(nodes)}
	fail := func(err error) (kernel.Instance, error) {
		inst.Close()
		return nil, err
	}
	// Sattolo's algorithm: a uniformly random single cycle through all nodes.
	rng := rand.New(rand.NewPCG(o.Seed, nodes^0xC4A5E))
	perm := make([]uint32, nodes)
	for i := range perm {
		perm[i] = uint32(i)
	}
	for i := len(perm) - 1; i > 0; i-- {
		j := rng.IntN(i)
		perm[i], perm[j] = perm[j], perm[i]
	}
	inst.next = make([]uint32, nodes)
	for i := range perm {
		inst.next[perm[i]] = perm[(i+1)%len(perm)]
	}
	// Node words other than the link are random filler.
	data := append([]uint32(nil), randomWords(o.Shared, int(fp/4), o.Seed, 4)...)
	for i, n := range inst.next {
		data[16*i] = n
	}
	var err error
	if inst.buf, err = newBuffer(d, &inst.own, fp, "chain"); err != nil {
		return fail(err)
	}
	if err := gpu.Write(inst.buf, data); err != nil {
		return fail(fmt.Errorf("upload chain: %w", err))
	}
	if inst.out, err = newBuffer(d, &inst.own, 4, "position"); err != nil {
		return fail(err)
	}
	if err := inst.out.Upload(push(0)); err != nil {
		return fail(fmt.Errorf("upload start: %w", err))
	}
	spirv, err := shaders.Get("mem_chase.comp")
	if err != nil {
		return fail(err)
	}
	if inst.pipe, err = d.NewComputePipeline(gpu.ComputeSpec{Name: "mem_chase.comp", SPIRV: spirv, Buffers: 2, PushSize: 4}); err != nil {
		return fail(err)
	}
	inst.own.Add(inst.pipe.Close)
	inst.pipe.Bind(inst.buf, inst.out)
	return inst, nil
}

func (c *chaseInst) Record(cb *gpu.CommandBuffer) {
	c.pipe.Dispatch(cb, push(chaseSteps), 1, 1, 1)
}

// Verify: the first dispatch starts at node 0, so it must end where the
// CPU lands after chaseSteps links.
func (c *chaseInst) Verify() (map[string]float64, error) {
	pos, err := gpu.Read[uint32](c.out, 1)
	if err != nil {
		return nil, fmt.Errorf("read back position: %w", err)
	}
	got := pos[0]
	want := uint32(0)
	for range chaseSteps {
		want = c.next[want]
	}
	figs := map[string]float64{"steps": chaseSteps, "nodes": float64(c.nodes), "end_node": float64(got)}
	if got != want {
		return figs, fmt.Errorf("the chain ended at node %d after %d loads, want %d", got, chaseSteps, want)
	}
	return figs, nil
}

func (c *chaseInst) Work() float64 { return chaseSteps }

func (c *chaseInst) Extra(float64) map[string]float64 {
	return map[string]float64{"loads_per_dispatch": chaseSteps, "nodes": float64(c.nodes), "footprint_bytes": float64(c.nodes) * lineBytes}
}

func (c *chaseInst) Close() { c.own.Close() }
