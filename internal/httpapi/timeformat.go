package httpapi

// TimeFormat is the wire format of started_at and finished_at (UTC).
const TimeFormat = "2006-01-02 15:04:05"
