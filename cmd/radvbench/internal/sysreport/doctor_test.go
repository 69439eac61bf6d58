package sysreport

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/radvbench/radvbench/bench/doctor"
	"github.com/radvbench/radvbench/bench/sysinfo"
	"github.com/radvbench/radvbench/internal/golden"
)

var findings = []doctor.Finding{
	{Check: "kconfig", Status: doctor.OK, Reason: "every option of the fragment is set"},
	{Check: "performance level", Status: doctor.Warn, Reason: "auto: clocks move with load", Fix: "pin the clocks"},
	{Check: "thp", Status: doctor.Fail, Reason: "never", Fix: "echo madvise > /sys/kernel/mm/transparent_hugepage/enabled"},
	{Check: "iommu", Status: doctor.OK, Reason: "off"},
}

func TestNewDoctor(t *testing.T) {
	for _, tc := range []struct {
		name          string
		findings      []doctor.Finding
		ok, warn, bad int
	}{
		{"none", nil, 0, 0, 0},
		{"mixed", findings, 2, 1, 1},
	} {
		d := NewDoctor(tc.findings)
		if d.OK != tc.ok || d.Warn != tc.warn || d.Fail != tc.bad || len(d.Findings) != len(tc.findings) {
			t.Errorf("%s: %+v, want %d ok, %d warn, %d fail", tc.name, d, tc.ok, tc.warn, tc.bad)
		}
	}
	data, err := json.Marshal(NewDoctor(findings[:1]))
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"findings":[{"check":"kconfig","status":"ok","reason":"every option of the fragment is set"}],"ok":1,"warn":0,"fail":0}`; string(data) != want {
		t.Errorf("JSON %s, want %s", data, want)
	}
}

// TestWriteDoctor: the findings aligned under the caller's title, with a
// GPU and without one.
func TestWriteDoctor(t *testing.T) {
	gpu := &sysinfo.System{Root: "/", GPUs: []sysinfo.GPU{{Name: "Radeon RX 7900 XTX", Card: "card1"}}}
	gpu.Kernel.Release = "6.12.0"
	var b bytes.Buffer
	WriteDoctor(&b, "TITLE", gpu, NewDoctor(findings))
	b.WriteString("---\n")
	WriteDoctor(&b, "TITLE", &sysinfo.System{Root: "testdata/root", Primary: -1}, NewDoctor(nil))
	golden.Check(t, "testdata/doctor.txt", b.Bytes())
}
