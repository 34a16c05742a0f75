package dynamo

// Partition keys of the item kinds (see the package doc). template.yaml's
// IAM statements grant each function only the partitions it uses, through
// the dynamodb:LeadingKeys condition, so these values are part of the
// deployed policy: a change here needs the same change there (the template
// tests compare them).
const (
	PrefixJob     = "JOB#"  // jobs: JOB#<job id>
	PartitionKeys = "KEYS"  // the one partition of all API keys
	PrefixRate    = "RATE#" // rate windows: RATE#<bucket>
	PrefixIdem    = "IDEM#" // idempotency records: IDEM#<key id>#<idempotency key>
)
