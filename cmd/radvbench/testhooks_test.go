//go:build testhooks

package main

func init() { testTags = append(testTags, "testhooks") }
