package supervise

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// Config is one configuration the children run with: an A/B --config
// (a name and the environment its child processes get: driver options
// such as RADV_PERFTEST are read when the driver loads, so each needs its
// own process) or a compile target of 'isa'. The zero Config is a plain
// run.
type Config struct {
	Name string
	Env  map[string]string
	// Exe, when set, is the program this configuration's children run
	// instead of the Supervisor's (another build of radvbench: A/B of two
	// builds).
	Exe string
	// Environ, when set, makes the children's environment from this
	// process's instead of appending Env (an isa target must replace
	// LD_PRELOAD, not add a second one).
	Environ func(base []string) []string
}

// ConfigProblem is what ParseConfigs refuses in a configuration spec.
type ConfigProblem string

const (
	// ConfigBadName: the name is not letters, digits, '.', '_', '+' or '-'.
	ConfigBadName ConfigProblem = "bad name"
	// ConfigDuplicate: two specs name the same configuration.
	ConfigDuplicate ConfigProblem = "duplicate"
	// ConfigBadVariable: an element after ':' is not ENV=VALUE a child's
	// environment can hold.
	ConfigBadVariable ConfigProblem = "bad variable"
)

// ConfigError is a configuration spec ParseConfigs refuses: the spec, the
// problem, and the configuration's name or the element at fault.
type ConfigError struct {
	Spec    string
	Problem ConfigProblem
	// Name is the configuration's name; Element the ENV=VALUE at fault.
	Name, Element string
}

func (e *ConfigError) Error() string {
	switch e.Problem {
	case ConfigBadName:
		return fmt.Sprintf("%q: the name must be letters, digits, '.', '_', '+' or '-'", e.Spec)
	case ConfigDuplicate:
		return fmt.Sprintf("%q: configuration %s is given twice", e.Spec, e.Name)
	}
	return fmt.Sprintf("%q: %q is not ENV=VALUE", e.Spec, e.Element)
}

// configNameRE is what a configuration's name is made of.
var configNameRE = regexp.MustCompile(`^[A-Za-z0-9._+-]+$`)

// ParseConfigs parses configuration specs, NAME[:ENV=VALUE,...]: names
// unique and made of letters, digits, '.', '_', '+' or '-';
// variables that can go into a child's environment (a name without
// spaces, nothing with a NUL). A spec it refuses is a *ConfigError.
func ParseConfigs(specs []string) ([]Config, error) {
	var out []Config
	seen := map[string]bool{}
	for _, spec := range specs {
		name, envs, _ := strings.Cut(spec, ":")
		if !configNameRE.MatchString(name) {
			return nil, &ConfigError{Spec: spec, Problem: ConfigBadName, Name: name}
		}
		if seen[name] {
			return nil, &ConfigError{Spec: spec, Problem: ConfigDuplicate, Name: name}
		}
		seen[name] = true
		c := Config{Name: name, Env: map[string]string{}}
		if envs != "" {
			for _, kv := range strings.Split(envs, ",") {
				k, v, ok := strings.Cut(kv, "=")
				if !ok || k == "" || strings.ContainsFunc(k, unicode.IsSpace) || strings.ContainsRune(kv, 0) {
					return nil, &ConfigError{Spec: spec, Problem: ConfigBadVariable, Name: name, Element: kv}
				}
				c.Env[k] = v
			}
		}
		out = append(out, c)
	}
	return out, nil
}
