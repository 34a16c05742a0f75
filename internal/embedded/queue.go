package embedded

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
)

// message is a stored queue entry. An attempt is counted when it is
// received; when the process crashes during it (the message is still in
// flight at the next Open) it is uncounted again, so only attempts that
// ended (completed, failed, or released for a retry) use up the job's
// attempts. Receives still counts every delivery and bounds crash loops.
type message struct {
	JobID jobs.JobID `json:"job_id"`
	// Owner is the job's API key: the queue takes jobs round-robin across
	// owners. Heavy marks a stems job, of which one owner gets at most
	// Options.HeavyPerKey at a time. Webhook messages have neither.
	Owner     jobs.KeyID `json:"owner,omitempty"`
	Heavy     bool       `json:"heavy,omitempty"`
	Attempt   int        `json:"attempt"`            // attempts counted so far (the current one included)
	Receives  int        `json:"receives,omitempty"` // deliveries so far, crash-interrupted ones included
	InFlight  bool       `json:"in_flight,omitempty"`
	VisibleAt time.Time  `json:"visible_at"` // hidden until then
}

// receives returns the delivery count (records written before Receives
// existed count one delivery per attempt).
func (m *message) receives() int { return max(m.Receives, m.Attempt) }

// Enqueue implements jobs.Queue. The message is durable when it returns.
// The Service queues through Admit (the job and its message in one
// transaction); Enqueue serves a message sent on its own.
func (s *Store) Enqueue(ctx context.Context, id jobs.JobID) error {
	return s.enqueue(bucketQueue, id)
}

func (s *Store) enqueue(bucket []byte, id jobs.JobID) error {
	err := s.db.Update(func(tx *bolt.Tx) error {
		m := message{JobID: id, VisibleAt: s.now().UTC()}
		if string(bucket) == string(bucketQueue) {
			var r jobRecord
			if getJSON(tx.Bucket(bucketJobs), string(id), &r, errMissing) == nil {
				m.Owner, m.Heavy = r.Owner, backend.Heavy(r.Options)
			}
		}
		return s.putMessage(tx, bucket, m)
	})
	if err == nil {
		s.wake()
	}
	return err
}

// putMessage appends m to the queue in bucket.
func (s *Store) putMessage(tx *bolt.Tx, bucket []byte, m message) error {
	b := tx.Bucket(bucket)
	seq, err := b.NextSequence()
	if err != nil {
		return err
	}
	return putJSON(b, seqKey(seq), m)
}

// Receive implements jobs.Consumer: it returns up to max visible messages,
// hiding each for the visibility timeout, waiting up to wait for one.
func (s *Store) Receive(ctx context.Context, max int, wait time.Duration) ([]jobs.Delivery, error) {
	return s.receive(ctx, bucketQueue, max, wait)
}

func (s *Store) receive(ctx context.Context, bucket []byte, max int, wait time.Duration) ([]jobs.Delivery, error) {
	deadline := time.Now().Add(wait)
	for {
		s.mu.Lock()
		notify := s.notify
		s.mu.Unlock()
		out, next, err := s.take(bucket, max)
		if err != nil || len(out) > 0 {
			return out, err
		}
		left := time.Until(deadline)
		if left <= 0 {
			return nil, nil
		}
		if next > 0 && next < left {
			left = next
		}
		t := time.NewTimer(left)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-notify:
		case <-t.C:
		}
		t.Stop()
	}
}

// take claims visible messages; next is how soon a hidden one reappears.
// It plans in a read-only transaction first and opens a write transaction
// only when there is a message to claim: an idle queue poll writes
// nothing.
func (s *Store) take(bucket []byte, max int) (out []jobs.Delivery, next time.Duration, err error) {
	now := s.now().UTC()
	var picks []claim
	err = s.db.View(func(tx *bolt.Tx) error {
		picks, next, err = s.plan(tx.Bucket(bucket), max, now, false)
		return err
	})
	if err != nil || len(picks) == 0 {
		return nil, next, err
	}
	err = s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucket)
		out = out[:0]
		picks, next, err = s.plan(b, max, now, true)
		if err != nil {
			return err
		}
		for _, c := range picks {
			m := c.m
			m.Receives = m.receives() + 1
			m.Attempt++
			m.InFlight = true
			m.VisibleAt = now.Add(s.visibility)
			if err := putJSON(b, c.key, m); err != nil {
				return err
			}
			out = append(out, jobs.Delivery{JobID: m.JobID, Attempt: m.Attempt, Received: m.Receives,
				Receipt: c.key + ":" + strconv.Itoa(m.Receives)})
		}
		return nil
	})
	return out, next, err
}

// claim is a message take is about to hand out.
type claim struct {
	key string
	m   message
}

// plan chooses up to max visible messages of the queue in b, round-robin
// across owners: starting after the owner served last (s.cursor), one
// message per owner in turn, each owner's oldest first; an owner's heavy
// message waits while HeavyPerKey of its heavy messages are in flight.
// next is how soon a hidden message becomes visible. With commit, the
// cursor moves on to the last owner served.
func (s *Store) plan(b *bolt.Bucket, max int, now time.Time, commit bool) (picks []claim, next time.Duration, err error) {
	queues := map[jobs.KeyID][]claim{}
	heavyOut := map[jobs.KeyID]int{}
	c := b.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		var m message
		if err := json.Unmarshal(v, &m); err != nil {
			return nil, 0, err
		}
		if m.VisibleAt.After(now) {
			if m.InFlight && m.Heavy {
				heavyOut[m.Owner]++
			}
			if d := m.VisibleAt.Sub(now); next == 0 || d < next {
				next = d
			}
			continue
		}
		queues[m.Owner] = append(queues[m.Owner], claim{key: string(k), m: m})
	}
	owners := slices.Sorted(maps.Keys(queues))
	s.mu.Lock()
	cursor := s.cursor
	s.mu.Unlock()
	for len(picks) < max {
		took := false
		start, _ := slices.BinarySearch(owners, cursor)
		if start < len(owners) && owners[start] == cursor {
			start++
		}
		for i := range owners {
			o := owners[(start+i)%len(owners)]
			q := queues[o]
			j := slices.IndexFunc(q, func(c claim) bool {
				return !c.m.Heavy || s.heavyPerKey <= 0 || heavyOut[o] < s.heavyPerKey
			})
			if j < 0 {
				continue
			}
			picks = append(picks, q[j])
			if q[j].m.Heavy {
				heavyOut[o]++
			}
			queues[o] = slices.Delete(q, j, j+1)
			cursor, took = o, true
			break
		}
		if !took {
			break
		}
	}
	if commit {
		s.mu.Lock()
		s.cursor = cursor
		s.mu.Unlock()
	}
	return picks, next, nil
}

// Ack implements jobs.Consumer. Acking a stale receipt (the message was
// redelivered meanwhile) does nothing.
func (s *Store) Ack(ctx context.Context, d jobs.Delivery) error { return s.ack(bucketQueue, d) }

func (s *Store) ack(bucket []byte, d jobs.Delivery) error {
	err := s.withMessage(bucket, d, func(b *bolt.Bucket, k []byte, m *message) error { return b.Delete(k) })
	if err == nil && string(bucket) == string(bucketQueue) {
		s.wake() // a heavy message held back for this one's owner may go now
	}
	return err
}

// Release implements jobs.Consumer.
func (s *Store) Release(ctx context.Context, d jobs.Delivery, delay time.Duration) error {
	return s.release(bucketQueue, d, delay)
}

func (s *Store) release(bucket []byte, d jobs.Delivery, delay time.Duration) error {
	err := s.withMessage(bucket, d, func(b *bolt.Bucket, k []byte, m *message) error {
		m.VisibleAt = s.now().UTC().Add(delay)
		m.InFlight = false
		return putJSON(b, string(k), m)
	})
	if err == nil {
		s.wake()
	}
	return err
}

// Interrupt implements jobs.Interrupter: the message is visible again at
// once and the attempt it was delivered for is not counted.
func (s *Store) Interrupt(ctx context.Context, d jobs.Delivery) error {
	return s.interrupt(bucketQueue, d)
}

func (s *Store) interrupt(bucket []byte, d jobs.Delivery) error {
	err := s.withMessage(bucket, d, func(b *bolt.Bucket, k []byte, m *message) error {
		m.VisibleAt = s.now().UTC()
		m.InFlight = false
		m.Attempt = max(m.Attempt-1, 0)
		return putJSON(b, string(k), m)
	})
	if err == nil {
		s.wake()
	}
	return err
}

// CommittedTx returns the id of the database's last committed write
// transaction: it stays the same while nothing writes (tests of an idle
// server use it).
func (s *Store) CommittedTx() (id int, err error) {
	err = s.db.View(func(tx *bolt.Tx) error { id = tx.ID(); return nil })
	return id, err
}

// Pending returns how many messages the queue holds (visible or not).
func (s *Store) Pending() (n int, err error) {
	err = s.db.View(func(tx *bolt.Tx) error { n = tx.Bucket(bucketQueue).Stats().KeyN; return nil })
	return n, err
}

func (s *Store) withMessage(bucket []byte, d jobs.Delivery, f func(b *bolt.Bucket, k []byte, m *message) error) error {
	key, attempt, ok := strings.Cut(d.Receipt, ":")
	if !ok {
		return fmt.Errorf("embedded: malformed receipt %q", d.Receipt)
	}
	return s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucket)
		var m message
		if err := getJSON(b, key, &m, errMissing); isNotFound(err) {
			return nil
		} else if err != nil {
			return err
		}
		if strconv.Itoa(m.receives()) != attempt {
			return nil
		}
		return f(b, []byte(key), &m)
	})
}

// resetInFlight returns the messages in flight when the last process
// died to the queue (called on Open): their attempt is uncounted, and they
// become visible after restartDelay per crash-interrupted delivery.
// Messages released for a later retry keep their delay.
func (s *Store) resetInFlight(tx *bolt.Tx, bucket []byte) error {
	b := tx.Bucket(bucket)
	now := s.now().UTC()
	hidden := map[string]message{}
	err := b.ForEach(func(k, v []byte) error {
		var m message
		if err := json.Unmarshal(v, &m); err != nil {
			return err
		}
		legacy := !m.InFlight && m.Receives == 0 && m.VisibleAt.After(now) // written before InFlight existed
		if m.InFlight || legacy {
			m.Receives = m.receives()
			if m.InFlight {
				m.Attempt = max(m.Attempt-1, 0)
			}
			m.InFlight = false
			m.VisibleAt = now.Add(s.restartDelay * time.Duration(m.Receives-m.Attempt))
			hidden[string(k)] = m
		}
		return nil
	})
	for k, m := range hidden {
		if err == nil {
			err = putJSON(b, k, m)
		}
	}
	return err
}

func (s *Store) wake() {
	s.mu.Lock()
	close(s.notify)
	s.notify = make(chan struct{})
	s.mu.Unlock()
}

func seqKey(seq uint64) string {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], seq)
	return fmt.Sprintf("%x", b)
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("embedded: crypto/rand: " + err.Error())
	}
	return b
}
