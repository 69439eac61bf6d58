package supervise

import (
	"os"
	"path/filepath"
	"strings"
)

// SelfExecutable is this program's path, the one its children run:
// os.Executable, or where /proc is not mounted (a chroot) the absolute
// path of os.Args[0] when that names a path.
func SelfExecutable() (string, error) { return selfExecutable(os.Executable, os.Args[0]) }

func selfExecutable(executable func() (string, error), arg0 string) (string, error) {
	exe, err := executable()
	if err == nil {
		return exe, nil
	}
	if strings.Contains(arg0, "/") {
		if abs, aerr := filepath.Abs(arg0); aerr == nil {
			return abs, nil
		}
	}
	return "", err
}
