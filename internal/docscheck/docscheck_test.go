package docscheck

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestRepositoryDocs is the docs check of `make test`: every relative link
// in README.md and docs/**/*.md resolves, and every docs page a Go comment
// cites exists with the cited anchor.
func TestRepositoryDocs(t *testing.T) {
	root := filepath.Join("..", "..")
	files, err := Files(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 2 || files[0] != "README.md" {
		t.Fatalf("Files(%s) = %v, want README.md and the docs/ pages", root, files)
	}
	links := 0
	for _, f := range files {
		md, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		links += len(Links(md))
	}
	// A scanner that finds no links would pass every check: the repository
	// has over a hundred.
	if links < 50 {
		t.Fatalf("found only %d links in %d files: the link scanner is broken", links, len(files))
	}
	probs, err := CheckLinks(root, files)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range probs {
		t.Errorf("%s", p)
	}
	probs, err = CheckCitations(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range probs {
		t.Errorf("%s", p)
	}
	t.Logf("%d files, %d links checked", len(files), links)
}

// TestCheckLinksReportsBroken runs the check on a fixture tree with one
// broken link of each kind, and good links of each kind that must pass.
func TestCheckLinksReportsBroken(t *testing.T) {
	root := filepath.Join("testdata", "broken")
	files, err := Files(root)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"README.md", "docs/page.md", "docs/sub/inner.md"}; !reflect.DeepEqual(files, want) {
		t.Fatalf("Files = %v, want %v", files, want)
	}
	probs, err := CheckLinks(root, files)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range probs {
		got = append(got, p.String())
	}
	want := []string{
		`README.md:7: link "docs/missing.md": docs/missing.md does not exist`,
		`README.md:7: link "docs/page.md#no-such-heading": docs/page.md has no heading with anchor #no-such-heading`,
		`README.md:8: link "../../outside.md" points outside the repository`,
		`README.md:8: link "#nowhere": README.md has no heading with anchor #nowhere`,
		`README.md:16: link "docs/missing-ref.md": docs/missing-ref.md does not exist`,
		`docs/page.md:19: link "#not-a-heading": docs/page.md has no heading with anchor #not-a-heading`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestSlug(t *testing.T) {
	tests := []struct{ heading, want string }{
		{"Getting started on Debian 12", "getting-started-on-debian-12"},
		{"Runs, journal, resume, isolation", "runs-journal-resume-isolation"},
		{"matmul — GEMM C = A·B (row-major)", "matmul--gemm-c--ab-row-major"},
		{"`radvbench list`, `radvbench devices`", "radvbench-list-radvbench-devices"},
		{"Cooperative matrices (matrix cores): `matmul/coopmat-*`, `peak/coopmat-*`", "cooperative-matrices-matrix-cores-matmulcoopmat--peakcoopmat-"},
		{"The system behind every figure: `sysinfo`, `doctor`", "the-system-behind-every-figure-sysinfo-doctor"},
		{"amdgpu module parameters", "amdgpu-module-parameters"},
		{"vm_fragment_size and *emphasis*", "vm_fragment_size-and-emphasis"},
		{"[A link](x.md) in a heading", "a-link-in-a-heading"},
		{"Café über", "café-über"},
	}
	for _, tt := range tests {
		if got := Slug(headingText(tt.heading)); got != tt.want {
			t.Errorf("Slug(%q) = %q, want %q", tt.heading, got, tt.want)
		}
	}
}

func TestAnchors(t *testing.T) {
	md, err := os.ReadFile(filepath.Join("testdata", "broken", "docs", "page.md"))
	if err != nil {
		t.Fatal(err)
	}
	got := Anchors(md)
	for _, a := range []string{"a-heading--with-dashes", "radvbench-run-the-first-command", "repeated", "repeated-1", "setext-heading", "explicit-anchor"} {
		if !got[a] {
			t.Errorf("anchor %q missing from %v", a, got)
		}
	}
	if got["not-a-heading"] {
		t.Errorf("a '#' line inside a fenced code block became an anchor")
	}
	if len(got) != 6 {
		t.Errorf("Anchors = %v, want exactly 6", got)
	}
}

func TestLinks(t *testing.T) {
	md := []byte("See [a](x.md), ![b](img/y.png \"t\") and [c [nested]](z.md#q).\n" +
		"Not `[code](no.md)`, nor ``[double `tick`](no2.md)``.\n" +
		"```sh\n[fenced](no3.md)\n```\n" +
		"~~~\n```\n[tilde fence](no4.md)\n~~~\n" +
		"[ref]: <r.md>\n")
	var got []string
	for _, l := range Links(md) {
		got = append(got, l.Target)
	}
	want := []string{"x.md", "img/y.png", "z.md#q", "r.md"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Links = %q, want %q", got, want)
	}
}

func TestCommands(t *testing.T) {
	md := []byte("# Title\n" +
		"Run `radvbench run --suite matmul` or `./bin/radvbench compare a.json b.json`.\n" +
		"```sh\n" +
		"make run    # then `radvbench run --suite matmul`\n" +
		"radvbench history import results/*.json && radvbench history detect\n" +
		"bin/radvbench-window run --watch\n" +
		"radvbench COMMAND --help; radvbench --help\n" +
		"radvbench compare: -o: /dev/null is not a regular file: radvbench writes only files\n" +
		"```\n" +
		"Prose radvbench measures is not code; github.com/radvbench/radvbench neither.\n" +
		"`radvbench doctor` after the first screen.\n")
	type cmd struct {
		line  int
		words string
	}
	var got []cmd
	for _, c := range Commands(md, 9) {
		got = append(got, cmd{c.Line, strings.Join(c.Words, " ")})
	}
	want := []cmd{{2, "run"}, {2, "compare"}, {4, "run"}, {5, "history import"}, {5, "history detect"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Commands(first 9 lines) = %v, want %v (output lines are not commands)", got, want)
	}
	if all := Commands(md, 0); len(all) != len(want)+1 || strings.Join(all[len(all)-1].Words, " ") != "doctor" {
		t.Errorf("Commands(all) = %v, want the first-screen ones and doctor", all)
	}
}
