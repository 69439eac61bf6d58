package pairing

// The same evidence counts once: a file, or a run of one, given twice
// on a side is dropped with a note; given on two sides it is an error.

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/radvbench/radvbench/core/resultsfile"
	"github.com/radvbench/radvbench/internal/termtext"
	"github.com/radvbench/radvbench/reports/noise"
	"github.com/radvbench/radvbench/reports/note"
)

// ErrSameEvidence is what a DuplicateError matches with errors.Is.
var ErrSameEvidence = errors.New("the same evidence on both sides")

// DuplicateError: the same run (a file, or a round of one, by content) is
// on two sides of the comparison; comparing it with itself says nothing.
type DuplicateError struct {
	What, Other string // "a.json", "round 2 of b.json"
}

func (e *DuplicateError) Error() string {
	return fmt.Sprintf("%s and %s hold the same runs (same content) on both sides of the comparison: comparing a run with itself tells nothing; give each side its own runs", termtext.Escape(e.What), termtext.Escape(e.Other))
}

func (e *DuplicateError) Is(t error) bool { return t == ErrSameEvidence }

// sideOf is the side an input (or one of its rounds) is on for Dedupe: with
// --by KEY the key's value, with '--' its Group, else the input itself.
// Rounds of an A/B file grouped --by config are on their configuration's
// side.
func sideOf(in Input, i int, by, config string) string {
	switch by {
	case "":
		if in.Group != "" {
			return "group:" + in.Group
		}
		return fmt.Sprintf("input:%d", i)
	case "file":
		return fmt.Sprintf("input:%d", i)
	case "config":
		return "config:" + config
	}
	v, _ := groupValue(in, by)
	return "key:" + v
}

// NoteDuplicateInput is the kind of Dedupe's notes: evidence given
// twice, counted once.
const NoteDuplicateInput note.Kind = "duplicate-input"

// Dedupe drops evidence given twice on one side: a file whose content
// (resultsfile.ContentID) an earlier input has, then a run (round) whose
// samples an earlier run has, in any file (a round copied into another
// file, or a file re-saved with other metadata). Each drop is a note.
// The same content on two sides is a *DuplicateError. An input left with
// no run is dropped; inputs are not changed (dropped rounds are filtered
// out of copies).
//
// NoteDuplicateInput is the kind of its notes.
func Dedupe(inputs []Input, by string) ([]Input, []note.Note, error) {
	var notes []note.Note
	type seenAt struct {
		name, side string
	}
	files := map[string]seenAt{}
	var kept []Input
	var keptIdx []int
	for i, in := range inputs {
		id, err := resultsfile.ContentID(in.File)
		if err != nil {
			return nil, nil, err
		}
		sd := sideOf(in, i, by, "")
		if prev, ok := files[id]; ok {
			if prev.side != sd && by != "config" {
				return nil, nil, &DuplicateError{What: prev.name, Other: in.Name}
			}
			if prev.name == in.Name {
				notes = append(notes, note.Note{Kind: NoteDuplicateInput, Message: fmt.Sprintf("%s was given more than once: its runs are counted once (same content)", in.Name)})
			} else {
				notes = append(notes, note.Note{Kind: NoteDuplicateInput, Message: fmt.Sprintf("%s has the same content as %s: its runs are counted once", in.Name, prev.name)})
			}
			continue
		}
		files[id] = seenAt{in.Name, sd}
		kept = append(kept, in)
		keptIdx = append(keptIdx, i)
	}
	rounds := map[[32]byte]seenAt{}
	var out []Input
	for k, in := range kept {
		drop := map[roundKey]bool{}
		for _, rd := range roundDigests(in.File) {
			sd := sideOf(in, keptIdx[k], by, rd.key.config)
			what := roundName(in, rd.key)
			if prev, ok := rounds[rd.sum]; ok {
				if prev.side != sd {
					return nil, nil, &DuplicateError{What: prev.name, Other: what}
				}
				notes = append(notes, note.Note{Kind: NoteDuplicateInput, Message: fmt.Sprintf("%s repeats %s (the same samples): counted once", what, prev.name)})
				drop[rd.key] = true
				continue
			}
			rounds[rd.sum] = seenAt{what, sd}
		}
		if len(drop) == 0 {
			out = append(out, in)
			continue
		}
		if f := withoutRounds(in.File, drop); f != nil {
			in.File = f
			out = append(out, in)
		}
	}
	return out, notes, nil
}

// roundKey names one run of a file: an A/B file numbers each
// configuration's runs from 1.
type roundKey struct {
	config string
	index  int
}

// roundName names a round of an input for notes: "round 2 of a.json"
// ("round 2 (config B) of a.json"), or the input alone when it holds one
// run.
func roundName(in Input, k roundKey) string {
	if len(in.File.Rounds) <= 1 {
		return in.Name
	}
	if k.config != "" {
		return fmt.Sprintf("round %d (config %s) of %s", k.index, k.config, in.Name)
	}
	return fmt.Sprintf("round %d of %s", k.index, in.Name)
}

// roundDigest identifies one run of a file by its content: the samples
// of every benchmark in it (with the benchmark and configuration), not
// its index or the file's metadata.
type roundDigest struct {
	key roundKey
	sum [32]byte
}

// roundDigests digests every run of f that holds samples, in round order.
func roundDigests(f *resultsfile.File) []roundDigest {
	type part struct {
		key     string
		samples []float64
	}
	parts := map[roundKey][]part{}
	for i := range f.Results {
		r := &f.Results[i]
		if r.Status != resultsfile.StatusOK {
			continue
		}
		rds, groups := r.RunSamples()
		for j, rd := range rds {
			k := roundKey{r.Config, rd}
			parts[k] = append(parts[k], part{noise.Key(r), groups[j]})
		}
	}
	var out []roundDigest
	for k, ps := range parts {
		sort.Slice(ps, func(a, b int) bool { return ps[a].key < ps[b].key })
		h := sha256.New()
		var buf [8]byte
		for _, p := range ps {
			h.Write([]byte(p.key))
			h.Write([]byte{0})
			for _, x := range p.samples {
				binary.LittleEndian.PutUint64(buf[:], math.Float64bits(x))
				h.Write(buf[:])
			}
			h.Write([]byte{1})
		}
		d := roundDigest{key: k}
		h.Sum(d.sum[:0])
		out = append(out, d)
	}
	sort.Slice(out, func(a, b int) bool {
		if out[a].key.index != out[b].key.index {
			return out[a].key.index < out[b].key.index
		}
		return out[a].key.config < out[b].key.config
	})
	return out
}

// withoutRounds is a copy of f without the samples of the dropped rounds
// (nil when no run is left).
func withoutRounds(f *resultsfile.File, drop map[roundKey]bool) *resultsfile.File {
	g := *f
	g.Rounds = nil
	for _, rd := range f.Rounds {
		if !drop[roundKey{rd.Config, rd.Index}] {
			g.Rounds = append(g.Rounds, rd)
		}
	}
	g.Results = make([]resultsfile.Result, 0, len(f.Results))
	left := false
	for i := range f.Results {
		r := f.Results[i]
		r.Runs = nil
		if r.Status == resultsfile.StatusOK {
			rds, _ := r.RunSamples()
			if len(r.SampleRounds) == 0 {
				if len(rds) > 0 && drop[roundKey{r.Config, rds[0]}] {
					r.Metric.Samples, r.SamplesNS = nil, nil
				}
			} else {
				var samples, ns []float64
				var sr []int
				for j, rd := range r.SampleRounds {
					if drop[roundKey{r.Config, rd}] {
						continue
					}
					samples, sr = append(samples, r.Metric.Samples[j]), append(sr, rd)
					if j < len(r.SamplesNS) {
						ns = append(ns, r.SamplesNS[j])
					}
				}
				r.Metric.Samples, r.SampleRounds, r.SamplesNS = samples, sr, ns
			}
			if len(r.Metric.Samples) == 0 {
				continue // every run of it was a duplicate
			}
			left = true
		}
		g.Results = append(g.Results, r)
	}
	if !left {
		return nil
	}
	return &g
}
