package resultsfile

import (
	"reflect"
	"testing"
)

// TestDriverEnv: which variables are the driver's environment, what a
// configuration of a file ran with (its own record, else the file's with
// its variables over it), and how two environments differ.
func TestDriverEnv(t *testing.T) {
	got := FilterDriverEnv([]string{"RADV_PERFTEST=cswave32", "ACO_DEBUG=nosched", "MESA_SHADER_CACHE_DISABLE=true", "LP_NATIVE_VECTOR_WIDTH=128",
		"GALLIVM_PERF=nopt", "GALLIUM_DRIVER=llvmpipe", "NIR_DEBUG=print", "AMD_DEBUG=x", "AMDGPU_GPU_ID=gfx1201",
		"VK_DRIVER_FILES=/opt/mesa/icd.json", "LD_LIBRARY_PATH=/opt/mesa/lib", "LD_PRELOAD=/x.so",
		"HOME=/root", "PATH=/bin", "RADVBENCH_EXE=/x", "VK_LOADER_DEBUG=all", "noequals", "RADV_DEBUG=a", "RADV_DEBUG=b"})
	want := map[string]string{"RADV_PERFTEST": "cswave32", "ACO_DEBUG": "nosched", "MESA_SHADER_CACHE_DISABLE": "true", "LP_NATIVE_VECTOR_WIDTH": "128",
		"GALLIVM_PERF": "nopt", "GALLIUM_DRIVER": "llvmpipe", "NIR_DEBUG": "print", "AMD_DEBUG": "x", "AMDGPU_GPU_ID": "gfx1201",
		"VK_DRIVER_FILES": "/opt/mesa/icd.json", "LD_LIBRARY_PATH": "/opt/mesa/lib", "LD_PRELOAD": "/x.so", "RADV_DEBUG": "b"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("FilterDriverEnv:\n got %v\nwant %v", got, want)
	}

	f := &File{Fingerprint: map[string]string{"env.LP_NATIVE_VECTOR_WIDTH": "256", "kernel.release": "6.12"},
		Configs: []Config{{Name: "a"}, {Name: "b", Env: map[string]string{"RADV_PERFTEST": "cswave32", "RADVBENCH_EXE": "/x"}},
			{Name: "c", Env: map[string]string{"RADV_PERFTEST": "x"}, DriverEnv: map[string]string{"ACO_DEBUG": "nosched"}}}}
	for _, tc := range []struct {
		config string
		want   map[string]string
	}{
		{"", map[string]string{"LP_NATIVE_VECTOR_WIDTH": "256"}},
		{"a", map[string]string{"LP_NATIVE_VECTOR_WIDTH": "256"}},
		{"b", map[string]string{"LP_NATIVE_VECTOR_WIDTH": "256", "RADV_PERFTEST": "cswave32"}}, // an older file: the file's, the config's over it
		{"c", map[string]string{"ACO_DEBUG": "nosched"}},                                       // its own record
	} {
		if got := f.DriverEnv(tc.config); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("DriverEnv(%q) = %v, want %v", tc.config, got, tc.want)
		}
	}

	diff := EnvDiff(map[string]string{"A": "1", "B": "2", "C": "3"}, map[string]string{"A": "1", "B": "9", "D": "4"})
	if want := []string{"B=9 (baseline: 2)", "C unset (baseline: 3)", "D=4 (baseline: unset)"}; !reflect.DeepEqual(diff, want) {
		t.Errorf("EnvDiff = %q, want %q", diff, want)
	}
	if d := EnvDiff(map[string]string{"A": "1"}, map[string]string{"A": "1"}); d != nil {
		t.Errorf("equal: %q", d)
	}
}
