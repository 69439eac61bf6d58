package runflags

import (
	"errors"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/radvbench/radvbench/bench/kernel"
	"github.com/radvbench/radvbench/bench/supervise"
)

// ParseFilter compiles --filter ("" is no filter, kernel.CompileFilter).
// A bad expression is a one-line usage error.
func ParseFilter(expr string) (*regexp.Regexp, error) {
	re, err := kernel.CompileFilter(expr)
	if err != nil {
		return nil, usagef("--filter %v", err)
	}
	return re, nil
}

// ParseLabels parses --label key=value pairs. A key is printable text
// without spaces, ':' or '=' (it becomes "label.KEY" in fingerprints,
// 'compare --by' and benchfmt exports); a value is one line of printable
// text.
func ParseLabels(pairs []string) (map[string]string, error) {
	if len(pairs) == 0 {
		return nil, nil
	}
	out := map[string]string{}
	for _, p := range pairs {
		k, v, ok := strings.Cut(p, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return nil, usagef("--label %q: use key=value, e.g. --label kernel=6.12-fragment4", p)
		}
		if strings.ContainsFunc(k, func(r rune) bool { return r == ':' || unicode.IsSpace(r) || !unicode.IsPrint(r) }) {
			return nil, usagef("--label %q: the key %q must be printable text without spaces or ':', e.g. --label kernel=6.12-fragment4", p, k)
		}
		if !utf8.ValidString(p) || strings.ContainsFunc(v, func(r rune) bool { return !unicode.IsPrint(r) }) {
			return nil, usagef("--label %q: the value must be one line of printable text", p)
		}
		out[k] = v
	}
	return out, nil
}

// Config is one --config NAME[:ENV=VALUE,...]: a configuration's name and
// the environment its runs get (supervise.Config).
type Config = supervise.Config

// ParseConfigs parses --config values (supervise.ParseConfigs): names
// unique and made of letters, digits, '.', '_', '+' or '-'; variables
// that can go into a child's environment (a NUL cannot).
func ParseConfigs(specs []string) ([]Config, error) {
	cs, err := supervise.ParseConfigs(specs)
	var ce *supervise.ConfigError
	switch {
	case err == nil:
		return cs, nil
	case errors.As(err, &ce) && ce.Problem == supervise.ConfigBadName:
		return nil, usagef("--config %v, e.g. --config wave32:RADV_PERFTEST=cswave32", err)
	}
	return nil, usagef("--config %v", err)
}
