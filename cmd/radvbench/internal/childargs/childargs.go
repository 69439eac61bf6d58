// Package childargs is the command line of a supervised child process
// (bench/supervise): the run or isa flags a parent forwards to its
// children as the user gave them (ArgsFor, less those marked ParentOnly),
// the supervisor's hidden protocol flags on the command's flag set
// (Register), and the split of a command's arguments between it and the
// command it passes the rest to (SplitArgs: noise to run). The flag sets
// are pflag's; the run side below names no flag library.
package childargs

import (
	"encoding/csv"
	"strings"

	"github.com/radvbench/radvbench/bench/supervise"
	"github.com/spf13/pflag"
)

// parentOnly is the annotation that keeps a flag from the children.
const parentOnly = "radvbench-parent-only"

// Register defines the supervisor's child flags (supervise.ChildFlags)
// on fs, hidden from --help and kept from the children's command lines
// (the supervisor adds its own).
func Register(fs *pflag.FlagSet, c *supervise.ChildFlags) {
	c.Define(fs)
	for _, n := range supervise.ChildFlagNames() {
		fs.MarkHidden(n)
		fs.SetAnnotation(n, parentOnly, []string{"child protocol"})
	}
}

// ParentOnly marks flags the parent handles itself (output, journal,
// runs, configurations, isolation, the window): ArgsFor leaves them out.
func ParentOnly(fs *pflag.FlagSet, names ...string) {
	for _, n := range names {
		if fs.Lookup(n) == nil {
			panic("childargs.ParentOnly: no flag --" + n)
		}
		fs.SetAnnotation(n, parentOnly, []string{"parent"})
	}
}

// ArgsFor is the command line a child gets from the parent's parsed flag
// set: every flag the user set, except those marked ParentOnly, as
// --name=value (slices as one flag per element), in definition order
// when fs does not sort its flags. The flag set is the one owner of
// which flags exist and what they take: nothing is listed by hand.
func ArgsFor(fs *pflag.FlagSet) []string {
	var out []string
	fs.Visit(func(fl *pflag.Flag) {
		if _, skip := fl.Annotations[parentOnly]; skip {
			return
		}
		if sv, ok := fl.Value.(pflag.SliceValue); ok {
			for _, v := range sv.GetSlice() {
				if fl.Value.Type() != "stringArray" {
					v = csvField(v) // a string slice splits its value on commas
				}
				out = append(out, "--"+fl.Name+"="+v)
			}
			return
		}
		out = append(out, "--"+fl.Name+"="+fl.Value.String())
	})
	return out
}

// csvField quotes a value for a flag that parses CSV (pflag's
// stringSlice), so a comma inside it survives.
func csvField(v string) string {
	if !strings.ContainsAny(v, ",\"\n") {
		return v
	}
	var b strings.Builder
	w := csv.NewWriter(&b)
	w.Write([]string{v})
	w.Flush()
	return strings.TrimSuffix(b.String(), "\n")
}

// TakesValue reports whether flag name of fs needs a value argument
// (false for booleans and flags with an optional value, such as
// --isolate, whose value then needs '='). ok is false for an unknown flag.
func TakesValue(fs *pflag.FlagSet, name string) (takes, ok bool) {
	fl := fs.Lookup(name)
	if fl == nil && len(name) == 1 {
		fl = fs.ShorthandLookup(name)
	}
	if fl == nil {
		return false, false
	}
	return fl.NoOptDefVal == "", true
}

// SplitArgs separates the arguments of a command that passes what it does
// not know to another one (noise to run): own are ours's flags with their
// values, positional arguments and -h/--help; rest are the other
// arguments, everything after "--" included. A flag of rest takes the
// next argument as its value when theirs says it takes one (TakesValue)
// and that argument is not a flag itself.
func SplitArgs(args []string, ours, theirs *pflag.FlagSet) (own, rest []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			own = append(own, a)
			continue
		}
		name := strings.TrimLeft(a, "-")
		hasValue := false
		if j := strings.IndexByte(name, '='); j >= 0 {
			name, hasValue = name[:j], true
		}
		if short := !strings.HasPrefix(a, "--"); short && len(name) > 1 {
			if _, known := TakesValue(ours, name[:1]); known { // -oFILE
				own = append(own, a)
				continue
			}
		}
		takes, known := TakesValue(ours, name)
		if known || name == "h" || name == "help" {
			own = append(own, a)
			if takes && !hasValue && i+1 < len(args) {
				i++
				own = append(own, args[i])
			}
			continue
		}
		rest = append(rest, a)
		if takes, _ := TakesValue(theirs, name); takes && !hasValue && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
			i++
			rest = append(rest, args[i])
		}
	}
	return own, rest
}
