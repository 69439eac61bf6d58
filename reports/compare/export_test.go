package compare

// The fixtures of this package's tests, for its external tests
// (render_test.go), which render reports with reports/comparefmt: that
// package imports this one, so only a test outside the package can use
// both.
var (
	LoadFixture = loadFixture
	LoadISA     = loadISA
	CodeRuns    = codeRuns
)
