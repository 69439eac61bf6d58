// Package docscheck checks the repository's Markdown documentation so it
// cannot rot silently: every relative link in README.md and docs/**/*.md
// must name a file that exists inside the repository and, for a #fragment
// into a Markdown file, a heading (or an explicit <a id>) there, by GitHub's
// heading-anchor rules; every docs/PAGE.md#anchor a Go comment cites must
// exist too. It also extracts the `radvbench COMMAND` lines shown in code so
// a test in cmd/radvbench can check them against the CLI's --help.
//
// It is a small scanner, not a full CommonMark parser: it understands fenced
// code blocks, code spans, inline links and images, reference definitions,
// ATX and setext headings and <a id/name> anchors, which is what the
// repository's documentation uses. It reads only files under the root it is
// given and needs no network.
package docscheck

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode"
)

// Problem is one broken reference, at a file (relative to the root) and line.
type Problem struct {
	File string
	Line int
	Msg  string
}

func (p Problem) String() string { return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Msg) }

// Files returns README.md and every .md file under docs/, relative to root
// with forward slashes, sorted. A missing README.md or docs/ is not an error.
func Files(root string) ([]string, error) {
	var out []string
	if _, err := os.Stat(filepath.Join(root, "README.md")); err == nil {
		out = append(out, "README.md")
	}
	docs := filepath.Join(root, "docs")
	if _, err := os.Stat(docs); err != nil {
		return out, nil
	}
	err := filepath.WalkDir(docs, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list docs under %s: %w", root, err)
	}
	sort.Strings(out)
	return out, nil
}

// Link is one link target found in a Markdown file.
type Link struct {
	Line   int
	Target string
}

var (
	fenceRE   = regexp.MustCompile("^ {0,3}(`{3,}|~{3,})")
	inlineRE  = regexp.MustCompile(`!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^()\s]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)`)
	refDefRE  = regexp.MustCompile(`^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)`)
	atxRE     = regexp.MustCompile(`^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$`)
	setextRE  = regexp.MustCompile(`^ {0,3}(=+|-+)[ \t]*$`)
	htmlIDRE  = regexp.MustCompile(`<a\s+[^>]*?(?:id|name)\s*=\s*"([^"]+)"`)
	schemeRE  = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)
	htmlTagRE = regexp.MustCompile(`<[^>]+>`)
	mdLinkRE  = regexp.MustCompile(`!?\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\([^)]*\)`)
)

// line is one line of a Markdown file.
type line struct {
	text string
	// block is the index of the opening fence of the fenced code block
	// the line belongs to (fences included), or -1 outside code.
	block int
}

// lines splits md into lines and marks those inside fenced code blocks.
func lines(md []byte) []line {
	sc := bufio.NewScanner(bytes.NewReader(md))
	sc.Buffer(make([]byte, 0, 64*1024), 4*1024*1024)
	var out []line
	var fence string
	open := -1
	for sc.Scan() {
		l := sc.Text()
		m := fenceRE.FindStringSubmatch(l)
		switch {
		case fence == "" && m != nil:
			fence, open = m[1], len(out)
			out = append(out, line{l, open})
		case fence != "":
			out = append(out, line{l, open})
			// A closing fence is at least as long as the opening one, of
			// the same character, with nothing after it.
			if m != nil && m[1][0] == fence[0] && len(m[1]) >= len(fence) && strings.TrimSpace(strings.TrimLeft(l, " ")[len(m[1]):]) == "" {
				fence, open = "", -1
			}
		default:
			out = append(out, line{l, -1})
		}
	}
	return out
}

// span is one code span of a line: l[start:end] with its backticks, and
// its content.
type span struct {
	start, end int
	content    string
}

// codeSpans returns the code spans of l: a run of n backticks up to the
// next run of exactly n.
func codeSpans(l string) []span {
	// runs are the backtick runs of l, as [start, end) pairs.
	var runs [][2]int
	for i := 0; i < len(l); i++ {
		if l[i] == '`' {
			j := i
			for j < len(l) && l[j] == '`' {
				j++
			}
			runs = append(runs, [2]int{i, j})
			i = j
		}
	}
	var out []span
	for r := 0; r < len(runs); r++ {
		open := runs[r]
		n := open[1] - open[0]
		for c := r + 1; c < len(runs); c++ {
			if closing := runs[c]; closing[1]-closing[0] == n {
				out = append(out, span{open[0], closing[1], strings.TrimSpace(l[open[1]:closing[0]])})
				r = c
				break
			}
		}
	}
	return out
}

// stripCodeSpans replaces every code span of l (backticks included) with
// spaces, so links and markup inside `code` are not seen.
func stripCodeSpans(l string) string {
	b := []byte(l)
	for _, sp := range codeSpans(l) {
		for k := sp.start; k < sp.end; k++ {
			b[k] = ' '
		}
	}
	return string(b)
}

// Links returns every link target of md outside code: inline links and
// images, and reference definitions.
func Links(md []byte) []Link {
	var out []Link
	for i, ln := range lines(md) {
		if ln.block >= 0 {
			continue
		}
		l := ln.text
		if m := refDefRE.FindStringSubmatch(l); m != nil {
			out = append(out, Link{Line: i + 1, Target: strings.Trim(m[1], "<>")})
			continue
		}
		for _, m := range inlineRE.FindAllStringSubmatch(stripCodeSpans(l), -1) {
			out = append(out, Link{Line: i + 1, Target: strings.Trim(m[1], "<>")})
		}
	}
	return out
}

// headingText reduces a heading's Markdown to the text GitHub renders:
// code spans keep their content, links and images their text, emphasis
// markers and HTML tags go.
func headingText(s string) string {
	s = mdLinkRE.ReplaceAllString(s, "$1")
	s = htmlTagRE.ReplaceAllString(s, "")
	s = strings.ReplaceAll(s, "`", "")
	s = strings.ReplaceAll(s, "*", "")
	return strings.TrimSpace(s)
}

// Slug is GitHub's anchor for a heading's rendered text: lower case, every
// character that is not a letter, mark, digit, '_', '-' or space removed,
// and each space turned into '-' (so "A — B" becomes "a--b").
func Slug(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Anchors returns every anchor of md: the slug of each heading (a repeated
// slug gets -1, -2, … as on GitHub) and each <a id="…"> or <a name="…">.
func Anchors(md []byte) map[string]bool {
	ls := lines(md)
	out := map[string]bool{}
	seen := map[string]int{}
	add := func(text string) {
		s := Slug(headingText(text))
		if n, ok := seen[s]; ok {
			seen[s] = n + 1
			s = fmt.Sprintf("%s-%d", s, n+1)
		} else {
			seen[s] = 0
		}
		out[s] = true
	}
	for i, ln := range ls {
		if ln.block >= 0 {
			continue
		}
		l := ln.text
		for _, m := range htmlIDRE.FindAllStringSubmatch(l, -1) {
			out[m[1]] = true
		}
		if m := atxRE.FindStringSubmatch(l); m != nil {
			add(m[2])
			continue
		}
		if setextRE.MatchString(l) && i > 0 && ls[i-1].block < 0 && paragraphLine(ls[i-1].text) {
			add(ls[i-1].text)
		}
	}
	return out
}

// paragraphLine reports whether l can be the text of a setext heading: not
// blank and not a list item, quote, table row, heading or HTML block.
func paragraphLine(l string) bool {
	t := strings.TrimSpace(l)
	if t == "" || len(l)-len(strings.TrimLeft(l, " ")) > 3 {
		return false
	}
	switch t[0] {
	case '-', '*', '+', '>', '|', '#', '<':
		return false
	}
	if i := strings.IndexAny(t, ".)"); i > 0 && strings.Trim(t[:i], "0123456789") == "" {
		return false
	}
	return !setextRE.MatchString(l)
}

// CheckLinks checks every relative link of the Markdown files (paths
// relative to root, as Files returns them).
func CheckLinks(root string, files []string) ([]Problem, error) {
	anchors := map[string]map[string]bool{}
	anchorsOf := func(rel string) (map[string]bool, error) {
		if a, ok := anchors[rel]; ok {
			return a, nil
		}
		md, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			return nil, err
		}
		a := Anchors(md)
		anchors[rel] = a
		return a, nil
	}
	var probs []Problem
	for _, f := range files {
		md, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", f, err)
		}
		for _, l := range Links(md) {
			if msg := checkTarget(root, f, l.Target, anchorsOf); msg != "" {
				probs = append(probs, Problem{File: f, Line: l.Line, Msg: msg})
			}
		}
	}
	return probs, nil
}

// checkTarget returns why the link target in file from is broken, or "".
// External links (with a scheme, or protocol-relative) are not checked.
func checkTarget(root, from, target string, anchorsOf func(string) (map[string]bool, error)) string {
	if target == "" {
		return "empty link target"
	}
	if schemeRE.MatchString(target) || strings.HasPrefix(target, "//") {
		return ""
	}
	p, frag, _ := strings.Cut(target, "#")
	if q := strings.IndexByte(p, '?'); q >= 0 {
		p = p[:q]
	}
	unescaped, err := url.PathUnescape(p)
	if err != nil {
		return fmt.Sprintf("link %q: bad escape in path", target)
	}
	rel := from
	if unescaped != "" {
		if strings.HasPrefix(unescaped, "/") {
			rel = path.Clean(strings.TrimPrefix(unescaped, "/"))
		} else {
			rel = path.Clean(path.Join(path.Dir(from), unescaped))
		}
		if rel == ".." || strings.HasPrefix(rel, "../") {
			return fmt.Sprintf("link %q points outside the repository", target)
		}
		info, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			return fmt.Sprintf("link %q: %s does not exist", target, rel)
		}
		if info.IsDir() {
			return ""
		}
	}
	if frag == "" || !strings.HasSuffix(rel, ".md") {
		return ""
	}
	frag, err = url.PathUnescape(frag)
	if err != nil {
		return fmt.Sprintf("link %q: bad escape in anchor", target)
	}
	a, err := anchorsOf(rel)
	if err != nil {
		return fmt.Sprintf("link %q: read %s: %v", target, rel, err)
	}
	if !a[strings.ToLower(frag)] && !a[frag] {
		return fmt.Sprintf("link %q: %s has no heading with anchor #%s", target, rel, frag)
	}
	return ""
}

var citationRE = regexp.MustCompile(`\bdocs/[a-z0-9_./-]+\.md(?:#[a-z0-9_-]+)?`)

// CheckCitations checks every docs/NAME.md[#anchor] cited in a comment
// (the text after //) of a .go file under root, testdata and hidden
// directories skipped: the page must exist and have the anchor.
func CheckCitations(root string) ([]Problem, error) {
	anchors := map[string]map[string]bool{}
	var probs []Problem
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); p != root && (name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		for i, l := range strings.Split(string(src), "\n") {
			_, comment, ok := strings.Cut(l, "//")
			if !ok {
				continue
			}
			for _, c := range citationRE.FindAllString(comment, -1) {
				page, frag, _ := strings.Cut(c, "#")
				md, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(page)))
				if err != nil {
					probs = append(probs, Problem{File: rel, Line: i + 1, Msg: fmt.Sprintf("cites %s, which does not exist", c)})
					continue
				}
				if frag == "" {
					continue
				}
				a, ok := anchors[page]
				if !ok {
					a = Anchors(md)
					anchors[page] = a
				}
				if !a[frag] {
					probs = append(probs, Problem{File: rel, Line: i + 1, Msg: fmt.Sprintf("cites %s, but %s has no heading with anchor #%s", c, page, frag)})
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("scan Go files under %s: %w", root, err)
	}
	return probs, nil
}

// Command is one `radvbench WORD [WORD]` shown in code: the command and,
// when one follows, the word after it (a subcommand, or an argument the
// caller ignores when the command has no subcommands).
type Command struct {
	Line  int
	Words []string
}

var (
	commandRE = regexp.MustCompile(`(?:^|[^\w./-]|\./|/)radvbench((?:[ \t]+[^ \t]+){0,2})`)
	wordRE    = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)
	// outputRE is a line radvbench printed, not a command: its messages
	// start "radvbench COMMAND: " ("radvbench history runs: ...").
	outputRE = regexp.MustCompile(`^\s*radvbench( [a-z][a-z0-9-]*){0,2}: `)
)

// Commands returns each `radvbench WORD` in code (fenced blocks and code
// spans) of md; firstLines > 0 limits it to code that starts within the
// first firstLines lines (a fenced block that starts there counts whole).
// Tokens are whitespace-separated; the words stop at the first token that
// is not a lower-case word (a flag, a file, COMMAND).
func Commands(md []byte, firstLines int) []Command {
	var out []Command
	for i, ln := range lines(md) {
		var code []string
		if ln.block >= 0 {
			if firstLines > 0 && ln.block >= firstLines || outputRE.MatchString(ln.text) {
				continue
			}
			code = []string{ln.text}
		} else {
			if firstLines > 0 && i >= firstLines {
				continue
			}
			for _, sp := range codeSpans(ln.text) {
				code = append(code, sp.content)
			}
		}
		for _, c := range code {
			for _, m := range commandRE.FindAllStringSubmatch(c, -1) {
				var words []string
				for _, tok := range strings.Fields(m[1]) {
					if !wordRE.MatchString(tok) {
						break
					}
					words = append(words, tok)
				}
				if len(words) > 0 {
					out = append(out, Command{Line: i + 1, Words: words})
				}
			}
		}
	}
	return out
}
