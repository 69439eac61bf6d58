package outfile

import (
	"errors"
	"fmt"
	"os"
)

// ErrIsInput is what every *InputError matches with errors.Is.
var ErrIsInput = errors.New("the output is one of the inputs")

// InputError: an output path names a file the command reads.
type InputError struct {
	// Flag is the option that named the output ("-o", "--chart"; "" when
	// none); Path the output as given, Input the input as given (the
	// same file, maybe through a symbolic or hard link).
	Flag, Path, Input string
}

func (e *InputError) Error() string {
	how := "the same file as the input " + e.Input
	if e.Input == e.Path {
		how = "also an input"
	}
	flag := ""
	if e.Flag != "" {
		flag = e.Flag + ": "
	}
	return fmt.Sprintf("%s%s is %s: radvbench never writes its output over a file it reads (choose another path)", flag, e.Path, how)
}

// Is makes errors.Is(err, ErrIsInput) true.
func (e *InputError) Is(target error) bool { return target == ErrIsInput }

// NotInput reports, as an *InputError, an output path out that names the
// same file (os.SameFile: the same inode, whether through the same name,
// a symbolic link or a hard link) as one of inputs: writing it would
// replace what the command is reading, as 'export -o a.json a.json' did.
// Empty inputs, "-" (standard input or output) and inputs that do not
// exist are ignored, as is an out that does not exist yet (no file
// there can be an input) or is "" or "-". flag names the option that
// gave out, for the message.
func NotInput(flag, out string, inputs ...string) error {
	if out == "" || out == Stdout {
		return nil
	}
	ost, err := os.Stat(out)
	if err != nil {
		return nil // nothing there yet (or unreadable: Check and the write say why)
	}
	for _, in := range inputs {
		if in == "" || in == Stdout {
			continue
		}
		ist, err := os.Stat(in)
		if err != nil {
			continue
		}
		if os.SameFile(ost, ist) {
			return &InputError{Flag: flag, Path: out, Input: in}
		}
	}
	return nil
}
