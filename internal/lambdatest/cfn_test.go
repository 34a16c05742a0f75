package lambdatest_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// cfn is template.yaml decoded into maps, lists and strings. Short-form
// intrinsics become their long form: `!Ref X` is {"Ref": "X"}, `!GetAtt
// A.B` is {"Fn::GetAtt": "A.B"}, `!If [...]` is {"Fn::If": [...]}. Scalars
// stay strings (numbers too), as CloudFormation reads them.
type cfn map[string]any

func loadTemplate(t *testing.T) cfn {
	t.Helper()
	var root yaml.Node
	if err := yaml.Unmarshal([]byte(readRoot(t, "template.yaml")), &root); err != nil {
		t.Fatal(err)
	}
	v, ok := decodeNode(root.Content[0]).(map[string]any)
	if !ok {
		t.Fatal("template.yaml is not a mapping")
	}
	return v
}

func decodeNode(n *yaml.Node) any {
	var v any
	switch n.Kind {
	case yaml.MappingNode:
		m := map[string]any{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			m[n.Content[i].Value] = decodeNode(n.Content[i+1])
		}
		v = m
	case yaml.SequenceNode:
		l := []any{}
		for _, c := range n.Content {
			l = append(l, decodeNode(c))
		}
		v = l
	case yaml.AliasNode:
		return decodeNode(n.Alias)
	default:
		v = n.Value
	}
	if strings.HasPrefix(n.Tag, "!") && !strings.HasPrefix(n.Tag, "!!") {
		name := strings.TrimPrefix(n.Tag, "!")
		if name != "Ref" && name != "Condition" {
			name = "Fn::" + name
		}
		return map[string]any{name: v}
	}
	return v
}

// res returns the resource with logical id id.
func (c cfn) res(t *testing.T, id string) map[string]any {
	t.Helper()
	r, ok := c.path("Resources", id).(map[string]any)
	if !ok {
		t.Fatalf("template.yaml has no resource %s", id)
	}
	return r
}

// path follows map keys and list indexes ("0", "1"...) from the root.
func (c cfn) path(keys ...string) any {
	return dig(map[string]any(c), keys...)
}

func dig(v any, keys ...string) any {
	for _, k := range keys {
		switch x := v.(type) {
		case map[string]any:
			v = x[k]
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

// str is dig for a string ("" when absent or not a string).
func str(v any, keys ...string) string {
	s, _ := dig(v, keys...).(string)
	return s
}

// num is dig for a whole number; it fails the test when absent.
func num(t *testing.T, v any, keys ...string) int {
	t.Helper()
	n, err := strconv.Atoi(str(v, keys...))
	if err != nil {
		t.Fatalf("%s: not a number: %v", strings.Join(keys, "."), dig(v, keys...))
	}
	return n
}

// strs returns a list of strings, or a single string as a list of one.
func strs(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, e := range x {
			out = append(out, fmt.Sprint(e))
		}
		return out
	}
	return nil
}

// paramDefault returns a parameter's default.
func (c cfn) paramDefault(t *testing.T, name string) string {
	t.Helper()
	p, ok := c.path("Parameters", name).(map[string]any)
	if !ok {
		t.Fatalf("template.yaml has no parameter %s", name)
	}
	d, ok := p["Default"].(string)
	if !ok {
		t.Fatalf("parameter %s has no default", name)
	}
	return d
}
