package jobs

// License is the licence of a song's files (the operator's
// SONGSMITH_OUTPUT_LICENSE), as results and the files' tags carry it.
type License struct {
	ID          string // an SPDX identifier ("CC0-1.0") or "LicenseRef-..."
	URL         string // the terms
	Attribution string // what a user should credit; "" when nothing is required
	Warranty    string // the warranty disclaimer
}

// withRecipe checks a submission's recipe (RecipeCheck) and fills the
// options the request leaves out from it.
func (s *Service) withRecipe(o *Options) error {
	if o == nil || len(o.Recipe) == 0 {
		return nil
	}
	if s.RecipeCheck != nil {
		if err := s.RecipeCheck(o.Recipe); err != nil {
			return err
		}
	}
	return o.FromRecipe()
}
