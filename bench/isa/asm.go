package isa

import (
	"strconv"
	"strings"
)

// The counts Count takes from an assembly listing, under these names in
// resultsfile.ExecutableStats.Derived (always all of them, zero included, so
// that a comparison sees a count appear):
//
//	instructions    every instruction (a "(then repeated N times)" line
//	                counts the instruction before it N more times)
//	matrix          wmma + swmmac + dot
//	wmma, swmmac    v_wmma_* and v_swmmac_* (GFX11/GFX12 matrix multiply-add)
//	dot             v_dot* (packed dot products)
//	waits           s_waitcnt* and, on GFX12, s_wait_* (counter and ALU waits)
//	lds             ds_* (LDS); lds_loads and lds_stores: ds_load*/ds_read*
//	                and ds_store*/ds_write*
//	global_loads, global_stores, buffer_loads, buffer_stores,
//	flat_loads, flat_stores
//	                vector memory loads and stores by addressing kind
//	scratch_loads, scratch_stores
//	                scratch_* (private memory: ACO's spills and reloads of
//	                VGPRs when "Spilled VGPRs" is non-zero)
//	smem_loads      s_load_* and s_buffer_load_* (scalar memory)
//	undisassembled  1 when the listing is not a disassembly but ACO's print
//	                of the program after lowering to hardware instructions
//	                (RADV does that when its LLVM cannot disassemble for the
//	                chip: Mesa 25.0 with LLVM 15 for GFX12); the counts are
//	                then taken from that print (ACO's opcode names), else 0
var derivedNames = []string{
	"instructions", "matrix", "wmma", "swmmac", "dot", "waits", "lds", "lds_loads", "lds_stores",
	"global_loads", "global_stores", "buffer_loads", "buffer_stores", "flat_loads", "flat_stores",
	"scratch_loads", "scratch_stores", "smem_loads", "undisassembled",
}

// fallbackHeader starts RADV's assembly when ACO could not disassemble.
const fallbackHeader = "Shader disassembly is not supported"

// DerivedNames lists the names of Count's counts.
func DerivedNames() []string { return append([]string(nil), derivedNames...) }

// classes returns the counts one instruction adds to (besides
// "instructions").
func classes(mnemonic string) []string {
	var out []string
	has := func(prefixes ...string) bool {
		for _, p := range prefixes {
			if strings.HasPrefix(mnemonic, p) {
				return true
			}
		}
		return false
	}
	switch {
	case has("v_wmma_"):
		out = append(out, "matrix", "wmma")
	case has("v_swmmac_"):
		out = append(out, "matrix", "swmmac")
	case has("v_dot"):
		out = append(out, "matrix", "dot")
	case has("s_waitcnt", "s_wait_"):
		out = append(out, "waits")
	case has("ds_"):
		out = append(out, "lds")
		if has("ds_load", "ds_read") {
			out = append(out, "lds_loads")
		} else if has("ds_store", "ds_write") {
			out = append(out, "lds_stores")
		}
	case has("s_load_", "s_buffer_load_"):
		out = append(out, "smem_loads")
	}
	for _, kind := range []string{"global", "buffer", "flat", "scratch"} {
		if has(kind + "_load") {
			out = append(out, kind+"_loads")
		} else if has(kind + "_store") {
			out = append(out, kind+"_stores")
		}
	}
	return out
}

// Count takes the counts above from an assembly listing as RADV reports
// it: the "Assembly" representation is a disassembly (one instruction per
// line, indented, with its encoding after ';'; labels such as "BB3:") or,
// when the driver cannot disassemble, ACO's print of the program ("BB3"
// labels, "/* ... */" comments, "s1: %5:s[0] = s_mov_b32 ..." with the
// definitions before the mnemonic).
func Count(asm string) map[string]float64 {
	out := make(map[string]float64, len(derivedNames))
	for _, n := range derivedNames {
		out[n] = 0
	}
	if strings.HasPrefix(strings.TrimSpace(asm), fallbackHeader) {
		out["undisassembled"] = 1
	}
	var last []string // the classes of the previous instruction
	seen := false
	for _, line := range strings.Split(asm, "\n") {
		code, _, _ := strings.Cut(line, ";")
		code = strings.TrimSpace(code)
		if code == "" || strings.HasSuffix(code, ":") && !strings.ContainsAny(code, " \t") {
			continue // blank, comment or label
		}
		// ACO's print puts the definitions first:
		// "s1: %6:s[0],  s1: %55:scc = s_or_b32 ...".
		if lhs, rhs, ok := strings.Cut(code, " = "); ok && strings.Contains(lhs, ": %") {
			code = strings.TrimSpace(rhs)
		}
		if n, ok := repeated(code); ok {
			if seen {
				out["instructions"] += float64(n)
				for _, c := range last {
					out[c] += float64(n)
				}
			}
			continue
		}
		mnemonic := strings.Fields(code)[0]
		if !isMnemonic(mnemonic) {
			continue
		}
		last, seen = classes(mnemonic), true
		out["instructions"]++
		for _, c := range last {
			out[c]++
		}
	}
	return out
}

// repeated parses ACO's "(then repeated N times)".
func repeated(code string) (int, bool) {
	rest, ok := strings.CutPrefix(code, "(then repeated ")
	if !ok {
		return 0, false
	}
	num, ok := strings.CutSuffix(rest, " times)")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(num)
	return n, err == nil && n >= 0
}

// isMnemonic: lower-case letters, digits and underscores, starting with a
// letter ("v_fma_f32", "s_endpgm").
func isMnemonic(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}
