package isa

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/core/resultsfile"
)

const shim = "/usr/lib/x86_64-linux-gnu/libamdgpu_noop_drm_shim.so"

// mesa25 and mesa26 are what Detect reads on this machine's Mesa 25.0
// (bookworm-backports) and the Debian 13 root's Mesa 26.1 (see
// TestDetect), as fixtures for the pure Resolve tests.
var (
	mesa25 = &Installation{Root: "/", RADV: "/usr/lib/x86_64-linux-gnu/libvulkan_radeon.so", Mesa: "25.0.7-2~bpo12+1", Shim: shim,
		ShimChips:  []string{"navi10", "navi21", "vangogh", "raphael_mendocino", "navi31", "gfx1150"},
		NullWinsys: true, NullFamilies: []string{"navi10", "navi12", "navi14", "navi21", "navi22", "vangogh", "navi23", "navi24", "rembrandt",
			"raphael_mendocino", "navi31", "navi32", "navi33", "phoenix", "phoenix2", "gfx1150", "gfx1151", "gfx1152", "gfx1153", "gfx1200", "gfx1201"}}
	mesa26 = &Installation{Root: "/", RADV: "/usr/lib/x86_64-linux-gnu/libvulkan_radeon.so", Mesa: "26.1.6-1~bpo13+1", Shim: shim,
		ShimChips: []string{"strix1", "navi10", "navi21", "vangogh", "rembrandt", "raphael_mendocino", "navi31", "navi33", "phoenix", "gfx1201"}}
)

func TestResolve(t *testing.T) {
	noShim25 := *mesa25
	noShim25.Shim, noShim25.ShimChips = "", nil
	noShim26 := *mesa26
	noShim26.Shim, noShim26.ShimChips = "", nil
	type want struct {
		targets string // "navi31:drm-shim,..."
		skipped int
		err     any // nil, or a pointer to the error type
		msg     string
	}
	tests := []struct {
		name  string
		in    *Installation
		names []string
		want  want
	}{
		{"defaults on Mesa 25.0: the shim where it has the chip", mesa25, nil,
			want{targets: "navi31:drm-shim,navi33:null-winsys,gfx1150:drm-shim,gfx1201:null-winsys"}},
		{"defaults on Mesa 26.1: shim only", mesa26, nil,
			want{targets: "navi31:drm-shim,navi33:drm-shim,gfx1150:drm-shim,gfx1201:drm-shim"}},
		{"all on Mesa 26.1 leaves GFX10 out", mesa26, []string{"all"},
			want{targets: "navi31:drm-shim,navi33:drm-shim,phoenix:drm-shim,gfx1150:drm-shim,gfx1201:drm-shim"}},
		{"GFX10 when named, case and aliases", mesa26, []string{"NAVI21", "strix1", "navi31", "gfx1150"},
			want{targets: "navi21:drm-shim,gfx1150:drm-shim,navi31:drm-shim"}},
		{"unknown target lists what Mesa can emulate", mesa26, []string{"navi99"},
			want{err: new(*UnknownTargetError), msg: `unknown target "navi99": the installed Mesa can emulate navi10 (drm-shim), navi21 (drm-shim)`}},
		{"a chip Mesa 26.1 cannot emulate", mesa26, []string{"gfx1151"},
			want{err: new(*UnavailableError), msg: "Mesa 26.1.6-1~bpo13+1 cannot emulate gfx1151 (neither its DRM shim's chip table nor its null winsys has it)"}},
		{"without the shim, Mesa 25.0 falls back to the null winsys", &noShim25, []string{"navi31"},
			want{targets: "navi31:null-winsys"}},
		{"without the shim, Mesa 26.1 can emulate nothing", &noShim26, nil,
			want{err: new(*NoShimError), msg: "install the Debian package mesa-drm-shim in the version of mesa-vulkan-drivers (Mesa 26.1.6-1~bpo13+1)"}},
		{"defaults the installation lacks are skipped, not errors", &noShim25, []string{}, want{targets: "navi31:null-winsys,navi33:null-winsys,gfx1150:null-winsys,gfx1201:null-winsys"}},
	}
	for _, tc := range tests {
		plans, skipped, err := tc.in.Resolve(tc.names)
		if tc.want.err != nil {
			target := tc.want.err
			ok := false
			switch p := target.(type) {
			case **UnknownTargetError:
				ok = errors.As(err, p)
			case **UnavailableError:
				ok = errors.As(err, p)
			case **NoShimError:
				ok = errors.As(err, p)
			}
			if !ok || !strings.Contains(err.Error(), tc.want.msg) {
				t.Errorf("%s: err %v, want %T containing %q", tc.name, err, tc.want.err, tc.want.msg)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		var got []string
		for _, p := range plans {
			got = append(got, p.Target+":"+p.Mechanism)
		}
		if strings.Join(got, ",") != tc.want.targets || len(skipped) != tc.want.skipped {
			t.Errorf("%s: %s (skipped %v), want %s", tc.name, strings.Join(got, ","), skipped, tc.want.targets)
		}
	}
	// Mesa 25.0 without navi33 in either table skips the default.
	partial := *mesa25
	partial.NullFamilies = slices.DeleteFunc(slices.Clone(mesa25.NullFamilies), func(s string) bool { return s == "navi33" })
	if plans, skipped, err := partial.Resolve(nil); err != nil || len(plans) != 3 || len(skipped) != 1 || !strings.Contains(skipped[0], "navi33") {
		t.Errorf("partial defaults: %d plans, skipped %v, %v", len(plans), skipped, err)
	}
}

func TestEnviron(t *testing.T) {
	shimPlan := Plan{Target: "navi31", Mechanism: resultsfile.EmulationDRMShim, Env: map[string]string{"LD_PRELOAD": shim, "AMDGPU_GPU_ID": "navi31"}}
	nullPlan := Plan{Target: "gfx1201", Mechanism: resultsfile.EmulationNullWinsys, Env: map[string]string{"RADV_FORCE_FAMILY": "gfx1201"}}
	base := []string{"PATH=/bin", "LD_PRELOAD=/lib/libasan.so", "RADV_FORCE_FAMILY=navi10", "AMDGPU_GPU_ID=renoir", "RADV_DEBUG=nocache"}
	tests := []struct {
		plan Plan
		base []string
		want []string
	}{
		{shimPlan, base, []string{"PATH=/bin", "RADV_DEBUG=nocache", "LD_PRELOAD=" + shim + ":/lib/libasan.so", "AMDGPU_GPU_ID=navi31"}},
		{nullPlan, []string{"PATH=/bin", "LD_PRELOAD=" + shim + ":/lib/libasan.so", "AMDGPU_GPU_ID=navi31", "RADV_DEBUG=nocache"}, []string{"PATH=/bin", "RADV_DEBUG=nocache", "LD_PRELOAD=/lib/libasan.so", "RADV_FORCE_FAMILY=gfx1201"}},
		{nullPlan, []string{"LD_PRELOAD=" + shim}, []string{"RADV_FORCE_FAMILY=gfx1201"}},
		{shimPlan, nil, []string{"LD_PRELOAD=" + shim, "AMDGPU_GPU_ID=navi31"}},
	}
	for i, tc := range tests {
		if got := tc.plan.Environ(tc.base); !slices.Equal(got, tc.want) {
			t.Errorf("%d: %q\nwant %q", i, got, tc.want)
		}
	}
}

// trixieRoot is the Debian 13 root of ci/trixie-root.sh with Mesa 26.1
// and its mesa-drm-shim, or "" (the test skips what needs it) when it is
// not there or this is not root (chroot).
func trixieRoot(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("../../ci/trixie-root.sh", "--path").Output()
	if err != nil {
		t.Fatalf("ci/trixie-root.sh --path: %v", err)
	}
	root := strings.TrimSpace(string(out))
	stamp, err := os.ReadFile(filepath.Join(root, ".radvbench-ready"))
	switch {
	case err != nil || !strings.Contains(string(stamp), "mesa-drm-shim"):
		return ""
	case os.Geteuid() != 0:
		return ""
	}
	return root
}

// TestDetect reads the installed Mesa 25.0 and the root's Mesa 26.1:
// which chips their shims and null winsys know, and that both name RADV
// and the version.
func TestDetect(t *testing.T) {
	host, err := Detect("/")
	if err != nil {
		t.Fatalf("%v (run 'make deps')", err)
	}
	if !strings.HasPrefix(host.Mesa, "25.0") || host.Shim != shim || !host.NullWinsys {
		t.Fatalf("host: %+v; want Mesa 25.0 with the shim and the null winsys (run 'make deps')", host)
	}
	if !slices.Equal(host.ShimChips, mesa25.ShimChips) || !slices.Equal(host.NullFamilies, mesa25.NullFamilies) {
		t.Errorf("host shim chips %v, null families %v; want %v and %v", host.ShimChips, host.NullFamilies, mesa25.ShimChips, mesa25.NullFamilies)
	}
	if _, err := Detect(t.TempDir()); !errors.Is(err, ErrNoRADV) {
		t.Errorf("an empty root: %v, want ErrNoRADV", err)
	}
	root := trixieRoot(t)
	if root == "" {
		t.Skip("no Debian 13 root with mesa-drm-shim (ci/trixie-root.sh, as root)")
	}
	r, err := Detect(root)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(r.Mesa, "26.1") || r.NullWinsys || r.Shim != shim || !slices.Equal(r.ShimChips, mesa26.ShimChips) {
		t.Errorf("root: %+v; want Mesa 26.1, no null winsys, shim chips %v", r, mesa26.ShimChips)
	}
}
