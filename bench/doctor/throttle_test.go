package doctor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/radvbench/radvbench/bench/gpumetrics"
	"github.com/radvbench/radvbench/bench/sysinfo"
)

// TestDoctorThrottle: the RX 7900 XTX tree with a gpu_metrics table
// added; doctor warns when a throttle bit is already set, says when the
// table's revision is unknown, and adds no finding without the file.
func TestDoctorThrottle(t *testing.T) {
	table := func(rev gpumetrics.Revision, v map[string]uint64) string {
		b, err := gpumetrics.Encode(rev, v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	v13, v12 := gpumetrics.Revision{Format: 1, Content: 3}, gpumetrics.Revision{Format: 1, Content: 2}
	for _, tc := range []struct {
		name, file     string
		status, reason string // "": no throttle finding
		record         string // the file's record status
	}{
		{"throttling", table(v13, map[string]uint64{"indep_throttle_status": 1<<0 | 1<<36, "throttle_status": 0x11}),
			Warn, "GPU throttling before the run (PPT0, TEMP_HOTSPOT in gpu_metrics' indep_throttle_status)", sysinfo.StatusOK},
		{"ASIC-dependent bits", table(v12, map[string]uint64{"throttle_status": 0x10}),
			Warn, "gpu_metrics throttle_status 0x10", sysinfo.StatusOK},
		{"idle", table(v13, map[string]uint64{"indep_throttle_status": 0}), OK, "no throttle bit set", sysinfo.StatusOK},
		{"no throttle member", table(v13, nil), "", "", sysinfo.StatusOK},
		{"unknown revision", "\x08\x00\x01\x09\x00\x00\x00\x00", Warn, "gpu_metrics revision 1.9 is not one radvbench decodes", sysinfo.StatusOK},
		{"truncated", table(v13, nil)[:50], "", "", sysinfo.StatusMalformed},
		{"no file", "", "", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := filepath.Join(t.TempDir(), "root")
			if err := os.CopyFS(root, os.DirFS(filepath.Join(testdata, "rx7900xtx-frag4", "root"))); err != nil {
				t.Fatal(err)
			}
			if tc.file != "" {
				if err := os.WriteFile(filepath.Join(root, "sys/class/drm/card1/device/gpu_metrics"), []byte(tc.file), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			s := sysinfo.Collect(sysinfo.Options{Root: root})
			var found *Finding
			fs := Diagnose(s)
			for i := range fs {
				if fs[i].Check == "throttle.card1" {
					found = &fs[i]
				}
			}
			switch {
			case tc.status == "" && found != nil:
				t.Errorf("unexpected finding %+v", *found)
			case tc.status != "" && found == nil:
				t.Errorf("no throttle finding")
			case tc.status != "" && (found.Status != tc.status || !strings.Contains(found.Reason, tc.reason)):
				t.Errorf("finding %+v, want %s containing %q", *found, tc.status, tc.reason)
			}
			if found != nil && strings.Contains(found.Reason+found.Fix, "--") {
				t.Errorf("a library message names a flag: %+v", *found)
			}
			rec := ""
			for _, f := range s.Files {
				if f.Path == "/sys/class/drm/card1/device/gpu_metrics" {
					rec = f.Status
				}
			}
			if rec != tc.record {
				t.Errorf("gpu_metrics recorded %q, want %q", rec, tc.record)
			}
		})
	}
}
