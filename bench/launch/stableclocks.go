package launch

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/radvbench/radvbench/bench/gpu"
	"github.com/radvbench/radvbench/bench/sysinfo"
)

// The fingerprint keys saying how a run held the GPU's clocks (absent when
// it did not): FingerprintStableClocks is StableProfilingLock or
// StablePinned; with the lock, FingerprintPState is the power state RADV
// applies (RADV_PROFILE_PSTATE's value, or Mesa's default "peak") and
// FingerprintPStateSource where it came from (PStateFromEnv or
// PStateMesaDefault).
const (
	FingerprintStableClocks = "clocks.stable"
	FingerprintPState       = "clocks.pstate"
	FingerprintPStateSource = "clocks.pstate.source"

	StableProfilingLock = "profiling-lock"
	StablePinned        = "pinned"

	PStateFromEnv     = "RADV_PROFILE_PSTATE"
	PStateMesaDefault = "mesa-default"
)

// ProfilingLockTimeout bounds the wait for the profiling lock (RADV
// answers at once; the spec lets a driver wait).
const ProfilingLockTimeout = 10 * time.Second

// radvPStates are the values RADV_PROFILE_PSTATE takes (Mesa's
// radv_parse_pstate in src/amd/vulkan/radv_instance.c; any other value is
// RADEON_CTX_PSTATE_NONE: the lock would pin nothing).
var radvPStates = map[string]bool{"standard": true, "min_sclk": true, "min_mclk": true, "peak": true}

// Why a run could not hold stable clocks through the profiling lock
// (StableClocksError.Problem).
const (
	// StableNoExtension: the device has no VK_KHR_performance_query with
	// performanceCounterQueryPools (lavapipe; RADV on GFX12).
	StableNoExtension = "no-extension"
	// StableNotRADV: the device has the lock, but its driver is not RADV,
	// which is what sets a stable power state while it is held.
	StableNotRADV = "not-radv"
	// StableBadPState: RADV_PROFILE_PSTATE names no power state RADV knows.
	StableBadPState = "bad-pstate"
	// StableRefused: the driver did not give the lock (RADV: the kernel
	// refused the power state, e.g. another process's context holds it).
	StableRefused = "refused"
)

// StableClocksError is a run asked to hold the GPU's clocks through the
// profiling lock where it cannot. Fallback says whether pinning the
// performance level as root is a way out (not for a mistyped
// RADV_PROFILE_PSTATE).
type StableClocksError struct {
	Device  string
	Problem string
	Value   string // RADV_PROFILE_PSTATE, for StableBadPState
	Err     error
}

func (e *StableClocksError) Error() string {
	switch e.Problem {
	case StableNoExtension:
		return fmt.Sprintf("%s has no VK_KHR_performance_query (performanceCounterQueryPools), whose profiling lock makes RADV hold the clocks", e.Device)
	case StableNotRADV:
		return fmt.Sprintf("%s is not driven by RADV: its profiling lock sets no stable power state", e.Device)
	case StableBadPState:
		return fmt.Sprintf("RADV_PROFILE_PSTATE=%q is no power state RADV knows (standard, min_sclk, min_mclk, peak): the lock would pin nothing", e.Value)
	}
	return fmt.Sprintf("%s did not give the profiling lock (another process may hold the GPU's stable power state): %v", e.Device, e.Err)
}

func (e *StableClocksError) Unwrap() error { return e.Err }

// Fallback reports whether pinning the level as root can replace the lock.
func (e *StableClocksError) Fallback() bool { return e.Problem != StableBadPState }

// stableClocks is the profiling lock a run holds: its own device, open
// for the whole run, whatever mode the run goes in (its children's
// devices need no lock: the power state RADV sets is the GPU's).
type stableClocks struct {
	inst *gpu.Instance
	dev  *gpu.Device
}

// release releases the lock and closes its device; the kernel puts the
// GPU's level back when the device's context goes.
func (s *stableClocks) release() {
	s.dev.ReleaseProfilingLock()
	s.dev.Close()
	s.inst.Close()
}

// profilePState is the power state RADV applies while the lock is held,
// and where it came from: RADV_PROFILE_PSTATE as this process's RADV
// reads it when its instance is created (radv_instance.c), else Mesa's
// default, peak.
func profilePState(getenv func(string) string) (pstate, source string, err error) {
	v := getenv("RADV_PROFILE_PSTATE")
	switch {
	case v == "":
		return "peak", PStateMesaDefault, nil
	case !radvPStates[v]:
		return "", "", &StableClocksError{Problem: StableBadPState, Value: v}
	}
	return v, PStateFromEnv, nil
}

// holdStableClocks takes the profiling lock on p's device for the run and
// returns it with the fingerprint keys that say so; a device that cannot
// is a *StableClocksError.
func holdStableClocks(p *Plan, env Env) (*stableClocks, map[string]string, error) {
	pstate, source, err := profilePState(os.Getenv)
	if err != nil {
		return nil, nil, err
	}
	inst, pd, err := env.SelectDevice(p.Device)
	if err != nil {
		return nil, nil, err
	}
	fail := func(problem string, err error) (*stableClocks, map[string]string, error) {
		inst.Close()
		return nil, nil, &StableClocksError{Device: pd.Name, Problem: problem, Err: err}
	}
	switch {
	case !pd.ProfilingLock():
		return fail(StableNoExtension, gpu.ErrNoProfilingLock)
	case !pd.IsRADV():
		return fail(StableNotRADV, nil)
	}
	dev, err := pd.OpenWithOptions(gpu.OpenOptions{ProfilingLock: true})
	if err != nil {
		return fail(StableRefused, err)
	}
	if err := dev.AcquireProfilingLock(ProfilingLockTimeout); err != nil {
		dev.Close()
		return fail(StableRefused, err)
	}
	return &stableClocks{inst: inst, dev: dev}, map[string]string{
		FingerprintStableClocks: StableProfilingLock, FingerprintPState: pstate, FingerprintPStateSource: source,
	}, nil
}

// warnUnpinned notes a lock RADV gave while the GPU's level did not
// change: RADV gives the lock without setting anything where the kernel
// has no stable power state for contexts (its has_stable_pstate).
func warnUnpinned(sys *sysinfo.System, h Hooks) {
	if g := sys.PrimaryGPU(); g != nil && g.PerfLevel != "" && !strings.HasPrefix(g.PerfLevel, "profile_") {
		h.notef("the profiling lock is held, but the GPU's performance level reads %q: this kernel may not let RADV set a stable power state", g.PerfLevel)
	}
}

// errStableFallback reports whether err is a lock the run may replace by
// pinning the level as root.
func errStableFallback(err error) bool {
	var se *StableClocksError
	return errors.As(err, &se) && se.Fallback()
}
