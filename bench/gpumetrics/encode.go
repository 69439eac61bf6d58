package gpumetrics

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// Encode writes a table of revision rev as the kernel does: every byte
// 0xFF ("not supported"), the header, then the members named in values
// (the kernel's member names; "current_gfxclk[1]" for an array element).
// It is for fixtures: tests and fake system trees write gpu_metrics files
// with it. An unknown revision or member is an error.
func Encode(rev Revision, values map[string]uint64) ([]byte, error) {
	l, ok := layouts[rev]
	if !ok {
		return nil, fmt.Errorf("gpu_metrics v%s: no layout", rev)
	}
	b := make([]byte, l.size)
	for i := range b {
		b[i] = 0xFF
	}
	binary.LittleEndian.PutUint16(b, uint16(l.size))
	b[2], b[3] = rev.Format, rev.Content
	for key, v := range values {
		name, idx := key, 0
		if i := strings.IndexByte(key, '['); i >= 0 {
			name = key[:i]
			if _, err := fmt.Sscanf(key[i:], "[%d]", &idx); err != nil {
				return nil, fmt.Errorf("%s: member %q: bad index", l.name, key)
			}
		}
		p, ok := l.byName[name]
		if !ok || idx < 0 || idx >= p.n {
			return nil, fmt.Errorf("%s has no member %q", l.name, key)
		}
		off := p.off + idx*int(p.t)
		switch p.t {
		case u8:
			b[off] = byte(v)
		case u16:
			binary.LittleEndian.PutUint16(b[off:], uint16(v))
		case u32:
			binary.LittleEndian.PutUint32(b[off:], uint32(v))
		case u64:
			binary.LittleEndian.PutUint64(b[off:], v)
		}
	}
	return b, nil
}
