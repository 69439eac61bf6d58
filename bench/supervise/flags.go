package supervise

// The hidden flags of a child process (see ChildFlags).
const (
	flagChild    = "child"
	flagSkip     = "child-skip"
	flagGroups   = "child-groups"
	flagSeed     = "child-seed"
	flagSamples  = "child-samples"
	flagLockstep = "child-lockstep"
	// flagLockstepSamples: the lockstep's turns are taken sample by
	// sample (lockstep.Turns.Samples).
	flagLockstepSamples = "child-lockstep-samples"
)

// ChildFlags are the flags the supervisor gives a child: that it is one,
// what to skip, how many shared-input groups to run, its order seed and
// whether to report samples and to take turns with another child
// (Lockstep), benchmark by benchmark or sample by sample.
type ChildFlags struct {
	Child    bool
	Skip     string
	Groups   int
	Seed     uint64
	Samples  bool
	Lockstep bool
	// LockstepSamples: in lockstep, a turn before every sample too.
	LockstepSamples bool
}

// FlagDefiner defines flags: the standard library's *flag.FlagSet and
// pflag's *pflag.FlagSet both are, so this package names no flag library
// (the command layer's childargs registers the flags on its flag sets,
// hidden; a test's child parses them with the standard library's).
type FlagDefiner interface {
	BoolVar(p *bool, name string, value bool, usage string)
	StringVar(p *string, name string, value string, usage string)
	IntVar(p *int, name string, value int, usage string)
	Uint64Var(p *uint64, name string, value uint64, usage string)
}

// Define defines the child flags on fs.
func (c *ChildFlags) Define(fs FlagDefiner) {
	fs.BoolVar(&c.Child, flagChild, false, "internal")
	fs.StringVar(&c.Skip, flagSkip, "", "internal")
	fs.IntVar(&c.Groups, flagGroups, 0, "internal")
	fs.Uint64Var(&c.Seed, flagSeed, 0, "internal")
	fs.BoolVar(&c.Samples, flagSamples, false, "internal")
	fs.BoolVar(&c.Lockstep, flagLockstep, false, "internal")
	fs.BoolVar(&c.LockstepSamples, flagLockstepSamples, false, "internal")
}

// ChildFlagNames are the names of the flags Define defines.
func ChildFlagNames() []string {
	return []string{flagChild, flagSkip, flagGroups, flagSeed, flagSamples, flagLockstep, flagLockstepSamples}
}
