package dynamo

// Partition keys of the item kinds (see the package doc). template.yaml's
// IAM statements grant each function only the partitions it uses, through
// the dynamodb:LeadingKeys condition, so these values are part of the
// deployed policy: a change here needs the same change there (the template
// tests compare them).
const (
	PrefixJob       = "JOB#"    // jobs: JOB#<job id>
	PartitionKeys   = "KEYS"    // the one partition of all API keys
	PrefixRate      = "RATE#"   // rate windows: RATE#<bucket>
	PrefixIdem      = "IDEM#"   // idempotency records: IDEM#<key id>#<idempotency key>
	PrefixLease     = "LEASE#"  // lease sets: LEASE#<name> (webhook:<key id>, the key's deliveries in flight)
	PrefixActive    = "ACTIVE#" // a key's active set (its queued and running jobs): ACTIVE#<key id>
	PartitionOutbox = "OUTBOX"  // the one partition of outbox records: jobs accepted, not yet sent to SQS
	// PrefixOwner is the partition of OwnerIndex (not of the table): a
	// key's job history, OWNER#<key id>.
	PrefixOwner = "OWNER#"
)

// The owner index: a global secondary index of the job items, partition
// AttrOwnerPK (OWNER#<key id>), sort AttrOwnerSK (start time, then id;
// backend.SortKey), projecting every attribute.
const (
	OwnerIndex  = "OwnerIndex"
	AttrOwnerPK = "owner_pk"
	AttrOwnerSK = "owner_sk"
)
