package cover

import "image"

// RenderWithoutTitle paints spec's cover without its title, for tests.
func RenderWithoutTitle(spec Spec) *image.RGBA { return render(spec, false) }

// TitleLayout returns the wrapped lines of title and the box their ink
// occupies on a cover of side n, for tests.
func TitleLayout(title string, n int) ([]string, image.Rectangle) {
	l := layoutTitle(title, n)
	return l.lines, l.box
}
