package bisect

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"unicode"
)

// ShellPreparer prepares a revision with a user's command: sh -c
// Command, with the revision as $1 and in RADVBENCH_REV. The command
// builds (or finds) the revision and prints its environment on standard
// output, one VAR=VALUE a line (blank lines and # comments ignored);
// its standard error goes to Stderr. A failure (a non-zero exit, a line
// that is not VAR=VALUE) skips the revision.
type ShellPreparer struct {
	Command string
	Dir     string
	Stderr  io.Writer
}

// Prepare runs the command for c.Rev and sets c.Env.
func (p *ShellPreparer) Prepare(ctx context.Context, c *Candidate) error {
	cmd := exec.CommandContext(ctx, "sh", "-c", p.Command, "prepare", c.Rev)
	cmd.Dir, cmd.Stderr = p.Dir, p.Stderr
	cmd.Env = append(os.Environ(), "RADVBENCH_REV="+c.Rev)
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("the prepare command for %s: %w", c.Rev, err)
	}
	env, err := ParseEnv(out)
	if err != nil {
		return fmt.Errorf("the prepare command for %s printed %w", c.Rev, err)
	}
	c.Env = env
	return nil
}

// ParseEnv reads VAR=VALUE lines (blank lines and # comments ignored).
func ParseEnv(b []byte) (map[string]string, error) {
	env := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok || k == "" || strings.ContainsFunc(k, unicode.IsSpace) || strings.ContainsRune(line, 0) {
			return nil, fmt.Errorf("line %d, %q, which is not VAR=VALUE", n, line)
		}
		env[k] = v
	}
	return env, sc.Err()
}

// ReadList reads a list file: one entry a line, in order, surrounding
// space trimmed, blank lines and lines starting with # left out.
func ReadList(r io.Reader) ([]string, error) {
	var out []string
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out, sc.Err()
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._+-]+`)

// RevName is a candidate name for a revision: a git hash shortened to
// 12 characters, characters a run configuration's name cannot hold
// replaced by '-'.
func RevName(rev string) string {
	if len(rev) == 40 && strings.Trim(rev, "0123456789abcdef") == "" {
		rev = rev[:12]
	}
	return strings.Trim(unsafeName.ReplaceAllString(rev, "-"), "-")
}
