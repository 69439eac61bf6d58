package gpu

// What the driver compiled a pipeline into (VK_KHR_pipeline_executable_properties),
// for a device opened with OpenOptions.Capture: every pipeline is created
// through PipelineCore.CreatePipeline, which sets the capture flags and hands the
// pipeline's executables to the capture hook.

import (
	"fmt"
	"strings"

	"github.com/radvbench/radvbench/bench/gpu/internal/cgorules"
	vkshim "github.com/radvbench/radvbench/bench/internal/vk"
	vk "github.com/vulkan-go/vulkan"
)

// Statistic is one statistic of an executable as the driver names it
// (RADV: "VGPRs", "Spilled SGPRs", "Subgroups per SIMD", ...).
type Statistic = vkshim.Statistic

// The integer statistic formats (a statistic's Raw holds their bits).
const (
	StatisticInt64  = vkshim.StatisticInt64
	StatisticUint64 = vkshim.StatisticUint64
)

// Representation is one internal representation of an executable (RADV:
// "NIR Shader(s)", "ACO IR", "Assembly").
type Representation = vkshim.Representation

// Executable is one hardware shader a pipeline was compiled into.
type Executable struct {
	Name, Description string
	// Stages names the API stages it runs ("compute", "vertex", "mesh", ...).
	Stages       []string
	SubgroupSize uint32
	Statistics   []Statistic
	// Representations are in the driver's order.
	Representations []Representation
}

// Representation returns the representation named name ("Assembly").
func (e *Executable) Representation(name string) (Representation, bool) {
	for _, r := range e.Representations {
		if r.Name == name {
			return r, true
		}
	}
	return Representation{}, false
}

// PipelineExecutables is one created pipeline and its executables.
type PipelineExecutables struct {
	// Name is the pipeline's name (ComputeSpec.Name,
	// graphics.PipelineSpec.Name).
	Name string
	// Key identifies what the compiler was given (ComputeSpec.Key,
	// graphics.PipelineSpec.Key): equal keys, equal code.
	Key         string
	Executables []Executable
}

var stageNames = []struct {
	bit  uint32
	name string
}{
	{uint32(vk.ShaderStageVertexBit), "vertex"},
	{uint32(vk.ShaderStageTessellationControlBit), "tessellation-control"},
	{uint32(vk.ShaderStageTessellationEvaluationBit), "tessellation-evaluation"},
	{uint32(vk.ShaderStageGeometryBit), "geometry"},
	{uint32(vk.ShaderStageFragmentBit), "fragment"},
	{uint32(vk.ShaderStageComputeBit), "compute"},
	{0x100, "raygen"}, {0x200, "any-hit"}, {0x400, "closest-hit"}, {0x800, "miss"},
	{0x1000, "intersection"}, {0x2000, "callable"},
	{uint32(vkshim.ShaderStageTaskBitEXT), "task"},
	{uint32(vkshim.ShaderStageMeshBitEXT), "mesh"},
}

// StageNames names the stages of a VkShaderStageFlags value, in pipeline
// order; an unknown bit is named by its value.
func StageNames(flags uint32) []string {
	var out []string
	for _, s := range stageNames {
		if flags&s.bit != 0 {
			out = append(out, s.name)
			flags &^= s.bit
		}
	}
	for b := uint32(1); flags != 0; b <<= 1 {
		if flags&b != 0 {
			out = append(out, fmt.Sprintf("stage(%#x)", b))
			flags &^= b
		}
	}
	return out
}

// pipelineCreateFlags are the flags every pipeline of d is created with.
func (d *Device) pipelineCreateFlags() vk.PipelineCreateFlags {
	if d.capture == nil {
		return 0
	}
	return vk.PipelineCreateFlags(vkshim.PipelineCreateCaptureStatistics | vkshim.PipelineCreateCaptureInternalRepresentations)
}

// CreatePipeline is the one place pipelines are created (key is the
// spec's Key, recorded with the capture): create makes the pipeline with
// flags (vkCreateComputePipelines or vkCreateGraphicsPipelines, run with
// the collector off, see cgorules.WithoutGC); on a capturing device the
// pipeline's executables then go to the hook.
func (c *PipelineCore) CreatePipeline(kind, name, key string, create func(flags vk.PipelineCreateFlags) (vk.Pipeline, vk.Result)) error {
	d := c.dev
	var h vk.Pipeline
	r := cgorules.WithoutGC(func() vk.Result {
		var r vk.Result
		h, r = create(d.pipelineCreateFlags())
		return r
	})
	if err := d.check("create "+kind+" pipeline", r); err != nil {
		return err
	}
	if d.capture != nil {
		exes, err := d.executables(h)
		if err != nil {
			vk.DestroyPipeline(d.h, h, nil)
			return fmt.Errorf("capture what %s pipeline %s compiled into: %w", kind, name, err)
		}
		d.capture(PipelineExecutables{Name: name, Key: key, Executables: exes})
	}
	c.pipeline = h
	return nil
}

// executables reads every executable of h with its statistics and
// internal representations.
func (d *Device) executables(h vk.Pipeline) ([]Executable, error) {
	list, err := d.fns.PipelineExecutables(h)
	if err != nil {
		return nil, err
	}
	out := make([]Executable, len(list))
	for i, e := range list {
		x := Executable{Name: e.Name, Description: strings.TrimSpace(e.Description), Stages: StageNames(e.Stages), SubgroupSize: e.SubgroupSize}
		if x.Statistics, err = d.fns.ExecutableStatistics(h, e.Index); err != nil {
			return nil, fmt.Errorf("executable %d (%s): %w", e.Index, e.Name, err)
		}
		if x.Representations, err = d.fns.ExecutableRepresentations(h, e.Index); err != nil {
			return nil, fmt.Errorf("executable %d (%s): %w", e.Index, e.Name, err)
		}
		out[i] = x
	}
	return out, nil
}
