//go:build !window

package main

// buildTags are the tags the test binary was built with, for binary().
var buildTags []string
