package sub

// Hint is in a subdirectory.
const Hint = "see 'radvbench compare --help'"

const hidden = "a file under testdata is skipped"
