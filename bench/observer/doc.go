// Package observer observes a Linux host for interference around timed
// samples: it reads /proc, sysfs and DRM fdinfo (every path under a
// system root, a fixture tree in tests) and hands the figures to
// bench/measure, whose Rule judges them. It is measure.Observer (and
// Readier, Restarter) for a real machine; the measurement policy itself
// stays pure in bench/measure. Its one job is reading the counters and
// turning two readings into the figures of an Interference.
//
// Taking turns with another run (bench/lockstep.Turns) needs the
// observer's help: see lockstep.go for what it does then and why.
package observer
