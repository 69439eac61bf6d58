package history

import (
	"reflect"
	"testing"
)

func TestCulprits(t *testing.T) {
	fp := func(kv ...string) map[string]string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	a := fp("mesa", "25.0", "kernel", "6.1", "boot", "1")
	b := fp("mesa", "25.1", "kernel", "6.1", "boot", "2")
	for _, tc := range []struct {
		name string
		runs []map[string]string
		at   int
		want []KeyChange
	}{
		{"mesa changes at the point; boot changes every run", []map[string]string{
			fp("mesa", "25.0", "boot", "1"), fp("mesa", "25.0", "boot", "2"), fp("mesa", "25.0", "boot", "3"),
			fp("mesa", "25.1", "boot", "4"), fp("mesa", "25.1", "boot", "5"), fp("mesa", "25.1", "boot", "6")}, 3,
			[]KeyChange{{Key: "mesa", Before: "25.0", After: "25.1"}}},
		{"one run earlier than the detected point", []map[string]string{a, a, a, b, b, b, b}, 4,
			[]KeyChange{{Key: "boot", Before: "1", After: "2", Offset: -1}, {Key: "mesa", Before: "25.0", After: "25.1", Offset: -1}}},
		{"a key that appears", []map[string]string{fp("x", "1"), fp("x", "1"), fp("x", "1", "new", "y"), fp("x", "1", "new", "y")}, 2,
			[]KeyChange{{Key: "new", Before: "", After: "y"}}},
		{"nothing changed", []map[string]string{a, a, a, a}, 2, nil},
		{"too far away (3 runs)", []map[string]string{a, b, b, b, b, b, b}, 4, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Culprits(tc.runs, tc.at); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Culprits = %+v, want %+v", got, tc.want)
			}
		})
	}
}
