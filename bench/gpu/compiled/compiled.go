// Package compiled holds what a driver compiled a pipeline into, as
// VK_KHR_pipeline_executable_properties reports it: each executable (a
// hardware shader) with the API stages it runs, its subgroup size, its
// statistics (RADV: VGPRs, spills, ...) and internal representations
// (RADV: NIR, ACO IR, assembly). bench/gpu reads them for every pipeline
// a capturing device creates (gpu.OpenOptions's Capture) and hands them
// to the capture hook; bench/isa records them.
package compiled

import (
	"fmt"
	"strings"

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

// Pipeline is one created pipeline and its executables.
type Pipeline struct {
	// Name is the pipeline's name (gpu.ComputeSpec.Name,
	// graphics.PipelineSpec.Name).
	Name string
	// Key identifies what the compiler was given (gpu.ComputeSpec.Key,
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

// Read reads every executable of pipeline h, with its statistics and
// internal representations, through the device's entry points (a device
// with VK_KHR_pipeline_executable_properties enabled: gpu.OpenOptions's
// Capture).
func Read(fns *vkshim.DeviceFuncs, h vk.Pipeline) ([]Executable, error) {
	list, err := fns.PipelineExecutables(h)
	if err != nil {
		return nil, err
	}
	out := make([]Executable, len(list))
	for i, e := range list {
		x := Executable{Name: e.Name, Description: strings.TrimSpace(e.Description), Stages: StageNames(e.Stages), SubgroupSize: e.SubgroupSize}
		if x.Statistics, err = fns.ExecutableStatistics(h, e.Index); err != nil {
			return nil, fmt.Errorf("executable %d (%s): %w", e.Index, e.Name, err)
		}
		if x.Representations, err = fns.ExecutableRepresentations(h, e.Index); err != nil {
			return nil, fmt.Errorf("executable %d (%s): %w", e.Index, e.Name, err)
		}
		out[i] = x
	}
	return out, nil
}
