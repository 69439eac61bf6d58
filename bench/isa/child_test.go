package isa

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/gpu/describe"
	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/vktest"

	// Every suite the CLI has (present needs the window build).
	_ "github.com/radvbench/radvbench/bench/suites/latency"
	_ "github.com/radvbench/radvbench/bench/suites/matmul"
	_ "github.com/radvbench/radvbench/bench/suites/memory"
	_ "github.com/radvbench/radvbench/bench/suites/mesh"
	_ "github.com/radvbench/radvbench/bench/suites/peak"
	_ "github.com/radvbench/radvbench/bench/suites/rayquery"
)

// The shim and the null winsys must be chosen before the Vulkan loader
// starts, and a wrong chip aborts the process: every test that needs an
// emulated device re-runs this test binary as a child with the target's
// environment (Plan.Environ), as the CLI runs one child per target.
// TestMain runs the child's job when RADVBENCH_ISA_CHILD names a target.

// childJob is what a child does and where it writes its answer.
type childJob struct {
	Target string `json:"target"`
	// Do is "devices" (describe every Vulkan device) or "compile".
	Do     string `json:"do"`
	Suites string `json:"suites,omitempty"`
	Filter string `json:"filter,omitempty"`
	Quick  bool   `json:"quick,omitempty"`
	// Sizes, when set, is every kernel's --sizes (e.g. "256x256x256").
	Sizes  string `json:"sizes,omitempty"`
	AsmDir string `json:"asm_dir,omitempty"`
	Out    string `json:"out"`
}

// childAnswer is what the child writes.
type childAnswer struct {
	Devices []resultsfile.Device `json:"devices,omitempty"`
	Device  resultsfile.Device   `json:"device"`
	Results []resultsfile.Result `json:"results,omitempty"`
	Error   string               `json:"error,omitempty"`
	// asmDir is where the child's assembly is, seen from this process.
	asmDir string
}

func TestMain(m *testing.M) {
	if job := os.Getenv("RADVBENCH_ISA_CHILD"); job != "" {
		os.Exit(childMain(job))
	}
	os.Exit(m.Run())
}

func childMain(jobJSON string) int {
	var job childJob
	if err := json.Unmarshal([]byte(jobJSON), &job); err != nil {
		fmt.Fprintln(os.Stderr, "child job:", err)
		return 3
	}
	var ans childAnswer
	switch job.Do {
	case "devices":
		inst, err := gpu.NewInstance()
		if err == nil {
			var devs []*gpu.PhysicalDevice
			if devs, err = inst.Devices(); err == nil {
				for _, d := range devs {
					ans.Devices = append(ans.Devices, describe.Device(d))
				}
			}
			inst.Close()
		}
		if err != nil {
			ans.Error = err.Error()
		}
	case "compile":
		suites, err := kernel.Lookup(strings.Split(job.Suites, ","))
		if err != nil {
			ans.Error = err.Error()
			break
		}
		var re *regexp.Regexp
		if job.Filter != "" {
			re = regexp.MustCompile(job.Filter)
		}
		o := Options{Suites: suites, Filter: re, Kernel: kernel.Options{Quick: job.Quick, Seed: 1}, AsmDir: job.AsmDir}
		if job.Sizes != "" {
			o.Kernel.UserSizes = map[string][]kernel.Params{}
			for _, s := range suites {
				for _, k := range s.Kernels {
					if k.ParseSize == nil {
						continue
					}
					p, err := k.ParseSize(job.Sizes)
					if err != nil {
						ans.Error = err.Error()
						break
					}
					o.Kernel.UserSizes[k.Suite+"/"+k.Name] = []kernel.Params{p}
				}
			}
		}
		ans.Device, err = RunTarget(context.Background(), job.Target, o, func(r *resultsfile.Result) { ans.Results = append(ans.Results, *r) })
		if err != nil {
			ans.Error = err.Error()
		}
	default:
		ans.Error = "unknown job " + job.Do
	}
	data, err := json.Marshal(ans)
	if err == nil {
		err = os.WriteFile(job.Out, data, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "child answer:", err)
		return 3
	}
	return 0
}

// runChild runs job in a child with plan's environment — inside the
// file-system root root when it is not "" (another Mesa: the test binary
// is copied there and run with chroot) — under the Khronos validation
// layer when validate is set, fails the test on any validation message
// or crash, and returns the child's answer.
func runChild(t *testing.T, root string, plan Plan, job childJob, validate bool) childAnswer {
	t.Helper()
	job.Target = plan.Target
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	inRoot := func(p string) string { return p }
	if root != "" {
		rdir, err := os.MkdirTemp(filepath.Join(root, "tmp"), "radvbench-isa")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(rdir) })
		bin, err := os.ReadFile(os.Args[0])
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(rdir, "isa.test"), bin, 0o755); err != nil {
			t.Fatal(err)
		}
		dir = rdir
		inRoot = func(p string) string { return "/" + strings.TrimPrefix(strings.TrimPrefix(p, root), "/") }
		cmd = exec.Command("chroot", root, inRoot(filepath.Join(rdir, "isa.test")), "-test.run=^$")
	}
	out := filepath.Join(dir, "answer.json")
	job.Out = inRoot(out)
	asmDir := ""
	if job.AsmDir != "" {
		asmDir = filepath.Join(dir, "asm")
		job.AsmDir = inRoot(asmDir)
	}
	data, _ := json.Marshal(job)
	cmd.Env = append(plan.Environ(os.Environ()), "RADVBENCH_ISA_CHILD="+string(data))
	if validate {
		cmd.Env = append(cmd.Env, vktest.LayerVars...)
	}
	log, err := cmd.CombinedOutput()
	if p := problems(string(log)); p != "" {
		t.Fatalf("%s child for %s (%s) reported:\n%s\n--- log\n%s", job.Do, plan.Target, plan.Mechanism, p, log)
	}
	if err != nil {
		t.Fatalf("%s child for %s (%s): %v\n%s", job.Do, plan.Target, plan.Mechanism, err, log)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var ans childAnswer
	if err := json.Unmarshal(raw, &ans); err != nil {
		t.Fatal(err)
	}
	if ans.Error != "" {
		t.Fatalf("%s child for %s (%s): %s\n%s", job.Do, plan.Target, plan.Mechanism, ans.Error, log)
	}
	ans.asmDir = asmDir
	return ans
}

// layerGaps are validation messages that are the layer's, not
// radvbench's, problem; a message is tolerated when it contains every
// string of one entry:
//   - the layer predates an extension radvbench enables on RADV: the
//     device's pNext chain carries a structure or an extension name it
//     does not know. Debian 12's layer (1.3.239) predates
//     VK_KHR_cooperative_matrix (its features structure is 1000506000),
//     Debian 13's (1.4.309) VK_KHR_shader_bfloat16 (1000141000) and
//     VK_EXT_shader_float8 (1000567000); the shaders that use them are
//     compiled without the layer (see the compile tests);
//   - VUID-VkPipelineShaderStageCreateInfo-module-08987 wants the
//     workgroup's X size of a cooperative-matrix shader to be a multiple
//     of the effective subgroup size, which radvbench pins to 32 with
//     VkPipelineShaderStageRequiredSubgroupSizeCreateInfo; the layer
//     compares with the device's default subgroupSize (64 on RADV)
//     instead (Vulkan-ValidationLayers, layers/core_checks/cc_spirv.cpp:
//     SafeModulo(local_size_x, phys_dev_props_core11.subgroupSize)), a
//     false positive for the one-subgroup (32-invocation) variants.
var layerGaps = [][]string{
	{"unknown VkStructureType (1000506000)"}, {"unknown VkStructureType (1000141000)"}, {"unknown VkStructureType (1000567000)"},
	{"VK_KHR_cooperative_matrix is not a known extension string"}, {"VK_KHR_shader_bfloat16 is not a known extension string"},
	{"VK_EXT_shader_float8 is not a known extension string"},
	{"VUID-VkPipelineShaderStageCreateInfo-module-08987", "Local workgroup size in the X dimension (32) is not a multiple of subgroupSize (64)"},
}

// problems returns the validation errors and crashes in a child's log,
// less the layer's gaps; "" when there are none. A message is a header
// line ("Validation Error: [ VUID-... ]" of layer 1.4, "VUID-...(ERROR /
// SPEC): ..." of layer 1.3) and the lines up to the next header or blank
// line.
func problems(log string) string {
	var out []string
	var msg []string
	flush := func() {
		if len(msg) == 0 {
			return
		}
		text := strings.Join(msg, "\n")
		msg = nil
	gaps:
		for _, g := range layerGaps {
			for _, part := range g {
				if !strings.Contains(text, part) {
					continue gaps
				}
			}
			return
		}
		out = append(out, text)
	}
	for _, line := range strings.Split(log, "\n") {
		l := strings.TrimSpace(line)
		header := strings.Contains(l, "Validation Error") || strings.Contains(l, "(ERROR / SPEC)") ||
			strings.HasPrefix(l, "VUID-") || strings.HasPrefix(l, "UNASSIGNED-")
		switch {
		case header:
			flush()
			msg = []string{l}
		case l == "" || strings.Contains(l, "Validation Warning") || strings.Contains(l, "(WARNING"):
			flush()
		case len(msg) > 0:
			msg = append(msg, l)
		}
		if strings.Contains(l, "SIGSEGV") || strings.HasPrefix(l, "panic:") || strings.HasPrefix(l, "fatal error:") {
			out = append(out, l)
		}
	}
	flush()
	return strings.Join(out, "\n")
}

// hostPlan resolves target on the host's Mesa.
func hostPlan(t *testing.T, target string) Plan {
	t.Helper()
	in, err := Detect("/")
	if err != nil {
		t.Fatalf("%v (run 'make deps')", err)
	}
	plans, _, err := in.Resolve([]string{target})
	if err != nil {
		t.Fatalf("%v (run 'make deps')", err)
	}
	return plans[0]
}

// TestProblems: the layer's gaps are tolerated in the message formats of
// both layers (texts as the layers printed them here), anything else is
// reported, crashes included.
func TestProblems(t *testing.T) {
	gap13 := "VUID-VkDeviceCreateInfo-pNext-pNext(ERROR / SPEC): msgNum: -1876993556 - Validation Error: [ VUID-VkDeviceCreateInfo-pNext-pNext ] Object 0: VK_NULL_HANDLE, type = VK_OBJECT_TYPE_DEVICE; | MessageID = 0x901f59ec | vkCreateDevice: pCreateInfo->pNext chain includes a structure with unknown VkStructureType (1000506000); Allowed structures are [...]\n    Objects: 1\n        [0] 0, type: 3, name: NULL\n"
	gap14 := "Validation Error: [ VUID-VkDeviceCreateInfo-pNext-pNext ] | MessageID = 0x901f59ec\nvkCreateDevice(): pCreateInfo->pNext chain includes a structure with unknown VkStructureType (1000567000). This error is based on the Valid Usage documentation for version 309 of the Vulkan header.\nThe Vulkan spec states: Each pNext member ...\nObjects: 1\n    [0] VkPhysicalDevice 0x3e5b5f30\n\n"
	warn := "Validation Warning: [ WARNING-CreateDevice-extension-not-found ] | MessageID = 0x297ec5be\nvkCreateDevice(): pCreateInfo->ppEnabledExtensionNames[8] VK_KHR_shader_bfloat16 is not a known extension string.\n\n"
	subgroup := "Validation Error: [ VUID-VkPipelineShaderStageCreateInfo-module-08987 ] | MessageID = 0x99173a12\nvkCreateComputePipelines(): pCreateInfos[0].stage SPIR-V (compute stage) Local workgroup size in the X dimension (32) is not a multiple of subgroupSize (64).\nObjects: 1\n\n"
	subgroup96 := strings.ReplaceAll(subgroup, "(32)", "(96)")
	real := "Validation Error: [ VUID-vkResetFences-pFences-parameter ] | MessageID = 0xd24a2410\nvkResetFences(): Invalid VkFence Object 0x0.\n\n"
	tests := []struct {
		name, log string
		want      []string // substrings of the report; none: clean
	}{
		{"gaps of both layers and a warning", gap13 + gap14 + warn + subgroup, nil},
		{"a real error among gaps", gap14 + real + gap13, []string{"vkResetFences-pFences-parameter"}},
		{"08987 for a size the required subgroup does not explain", subgroup96, []string{"(96)"}},
		{"a crash", gap13 + "SIGSEGV: segmentation violation\n", []string{"SIGSEGV"}},
		{"old-layer format", "VUID-vkCmdDraw-None-02859(ERROR / SPEC): msgNum: 1 - Validation Error: [ VUID-vkCmdDraw-None-02859 ] ...\n", []string{"vkCmdDraw-None-02859"}},
	}
	for _, tc := range tests {
		got := problems(tc.log)
		if (got == "") != (len(tc.want) == 0) {
			t.Errorf("%s: problems %q", tc.name, got)
		}
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: problems %q lack %q", tc.name, got, w)
			}
		}
	}
}
