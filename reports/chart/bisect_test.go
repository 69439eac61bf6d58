package chart

import (
	"bytes"
	"math"
	"testing"
)

// TestBisection: the chart of a bisection holds every gate's figures
// and renders to PNG and SVG; a gate without a change is in the table
// but not drawn.
func TestBisection(t *testing.T) {
	names := []string{"c0", "c1", "c2", "c3", "c4"}
	pts := []BisectPoint{
		{Position: 4, Candidate: "c4", Change: -0.75, Low: -0.8, High: -0.7, Step: 0, Mark: "bad"},
		{Position: 2, Candidate: "c2", Change: -0.74, Low: -0.8, High: -0.6, Step: 1, Mark: "bad"},
		{Position: 1, Candidate: "c1", Change: 0.01, Low: -0.2, High: 0.3, Step: 2, Mark: "good"},
		{Position: 3, Candidate: "c3", Change: math.NaN(), Low: math.NaN(), High: math.NaN(), Step: 3, Mark: "skip"},
	}
	c := Bisection("bisect", "bisection", "lavapipe", names, pts, 1, 2)
	if len(c.Data) != 5 || c.Data[3][1] != "c1" || c.Data[3][3] != "good" || c.Kind != KindBisect {
		t.Errorf("data %v", c.Data)
	}
	png, err := c.PNG()
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("png: %v", err)
	}
	svg, err := c.Encode("b.svg")
	if err != nil || !bytes.Contains(svg, []byte("<svg")) {
		t.Fatalf("svg: %v", err)
	}
	if _, err := Bisection("b", "t", "s", names, pts[:1], 0, -1).SVG(); err != nil {
		t.Fatal(err)
	}
}
