package httpapi

import (
	"net/http"

	"github.com/songsmith/songsmith/internal/jobs"
)

// Collections (issue 31 item 5, a Songsmith extension): POST /generate
// with "count": N of 2 or more answers 202 with a CollectionAck (the
// single-job Ack of the spec stays the answer without count, or with 1);
// GET /collections/{collection_id} lists the pieces together.

// CollectionAckMessage is the message of a collection's acknowledgement.
const CollectionAckMessage = "Collection received. Poll poll_url (or each piece's) until every piece is completed or failed."

// PieceAck names one piece of a new collection.
type PieceAck struct {
	JobID   jobs.JobID `json:"job_id"`
	PollURL string     `json:"poll_url"`
}

// CollectionAck is the 202 body of POST /generate with count 2 or more:
// the collection's id and polling path, and every piece's job id and
// polling path in index order.
type CollectionAck struct {
	Message      string     `json:"message"`
	CollectionID string     `json:"collection_id"`
	PollURL      string     `json:"poll_url"`
	Jobs         []PieceAck `json:"jobs"`
}

// CollectionBody is the body of GET /collections/{collection_id}: the
// pieces as GET /jobs lists them, in index order (a piece deleted since
// is left out), and how many are still running, completed and failed.
type CollectionBody struct {
	CollectionID string     `json:"collection_id"`
	Count        int        `json:"count"`
	Running      int        `json:"running"`
	Completed    int        `json:"completed"`
	Failed       int        `json:"failed"`
	Jobs         []ListItem `json:"jobs"`
}

// CollectionPath returns the relative polling path of a collection.
func CollectionPath(id string) string { return "/collections/" + id }

// NewCollectionAck is the acknowledgement of the admitted collection id
// with its pieces js.
func NewCollectionAck(id string, js []*jobs.Job) CollectionAck {
	a := CollectionAck{Message: CollectionAckMessage, CollectionID: id, PollURL: CollectionPath(id), Jobs: make([]PieceAck, 0, len(js))}
	for _, j := range js {
		a.Jobs = append(a.Jobs, PieceAck{JobID: j.ID, PollURL: PollPath(j.ID)})
	}
	return a
}

// NewCollectionBody is the body of GET /collections/{collection_id}: the
// pieces js, as Service.Collection returns them.
func NewCollectionBody(js []*jobs.Job) CollectionBody {
	var b CollectionBody
	b.Jobs = make([]ListItem, 0, len(js))
	for _, j := range js {
		if p := j.Options.Piece; p != nil {
			b.CollectionID, b.Count = p.CollectionID, p.Count
		}
		switch j.Status {
		case jobs.StatusCompleted:
			b.Completed++
		case jobs.StatusFailed:
			b.Failed++
		default:
			b.Running++
		}
		b.Jobs = append(b.Jobs, ListItem{JobID: j.ID, JobBody: NewJobBody(j)})
	}
	return b
}

// submitCollection answers POST /generate for a collection (count >= 2).
func (a *api) submitCollection(w http.ResponseWriter, r *http.Request, key *jobs.APIKey, sub jobs.Submission) {
	id, js, rate, err := a.svc.SubmitCollection(r.Context(), key, sub)
	setRateHeaders(w.Header(), rate)
	if err != nil {
		writeError(w, r, a.log, err)
		return
	}
	w.Header().Set("Location", CollectionPath(id))
	writeJSON(w, http.StatusAccepted, NewCollectionAck(id, js))
}

// collection answers GET /collections/{collection_id}.
func (a *api) collection(w http.ResponseWriter, r *http.Request, key *jobs.APIKey) {
	js, rate, err := a.svc.Collection(r.Context(), key, r.PathValue("collection_id"))
	setRateHeaders(w.Header(), rate)
	if err != nil {
		writeError(w, r, a.log, err)
		return
	}
	writeJSON(w, http.StatusOK, NewCollectionBody(js))
}
