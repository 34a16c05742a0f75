package style

// MixSeat is a style's mix family and the reference set its mixes are
// measured against (the entry's Seat). Jazz, hip hop and
// singer-songwriter music have no measured reference: their families
// follow common practice.
type MixSeat struct {
	Family MixFamily
	Ref    Reference
}

// MixFamily returns the style's mix family (its Seat; MixPop for an entry
// without one, which the catalogue's tests forbid).
func (s Style) MixFamily() MixFamily {
	if s.Seat.Family == "" {
		return MixPop
	}
	return s.Seat.Family
}

// Reference returns the reference set the style's mixes are measured
// against (RefBeat for an entry without a Seat).
func (s Style) Reference() Reference {
	if s.Seat.Ref == "" {
		return RefBeat
	}
	return s.Seat.Ref
}
