package sightline

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"
)

// Job statuses. A job is queued, claimed by one worker (running, under a
// lease), then completed or failed. "idle" is what the compute status says
// when a brand never had a job.
const (
	JobQueued    = "queued"
	JobRunning   = "running"
	JobCompleted = "completed"
	JobFailed    = "failed"
	ComputeIdle  = "idle"
)

// Job kinds. A brief job's kind names its brief ("brief:<id>"), so that the
// one-live-job-per-brand-and-kind rule means one live job per brief.
const (
	JobKindOpportunities = "opportunities"
	JobKindBriefPrefix   = "brief:"
	JobKindCollectPrefix = "collect:"
)

// collectSlotLayout writes a slot start in a collection job's kind.
const collectSlotLayout = "2006-01-02T15Z"

// CollectJobKind returns the kind of the job that collects one provider's
// samples of one cadence slot ("collect:chatgpt:2026-11-23T00Z"), so that
// the one-live-job rule means one live job per brand, provider and slot.
func CollectJobKind(provider string, slot time.Time) string {
	return JobKindCollectPrefix + provider + ":" + slot.UTC().Format(collectSlotLayout)
}

// ParseCollectJobKind reads a kind CollectJobKind wrote.
func ParseCollectJobKind(kind string) (provider string, slot time.Time, ok bool) {
	rest, ok := strings.CutPrefix(kind, JobKindCollectPrefix)
	if !ok {
		return "", time.Time{}, false
	}
	provider, at, ok := strings.Cut(rest, ":")
	if !ok {
		return "", time.Time{}, false
	}
	slot, err := time.Parse(collectSlotLayout, at)
	return provider, slot, err == nil && provider != ""
}

// BriefJobKind returns the job kind that generates one brief.
func BriefJobKind(briefID string) string { return JobKindBriefPrefix + briefID }

// BriefIDOfJob returns the brief a job generates, or "" for other kinds.
func BriefIDOfJob(kind string) string {
	id, ok := strings.CutPrefix(kind, JobKindBriefPrefix)
	if !ok {
		return ""
	}
	return id
}

// Job error classes.
const (
	JobErrorCompute   = "compute_error" // the job's work failed
	JobErrorAbandoned = "lease_expired" // every attempt lost its worker
	JobErrorInput     = "invalid_input" // nothing to retry: the input is gone or unusable
)

// Job defaults.
const (
	DefaultJobLease    = 30 * time.Second // how long a claim lasts without a heartbeat
	DefaultJobAttempts = 3                // attempts before a job fails for good
	maxJobErrorLength  = 500              // error messages are cut to this many bytes
)

// Sentinel conditions of the job protocol; workers branch on them, users
// never see them.
var (
	// ErrNoJob means there is nothing to claim right now.
	ErrNoJob = errors.New("no job to claim")
	// ErrJobLost means the claim is no longer this worker's: the lease
	// expired and another worker took the job, or it was finished.
	ErrJobLost = errors.New("job claim lost")
	// ErrJobBusy means another worker holds a live claim on the job.
	ErrJobBusy = errors.New("job claimed by another worker")
)

// Job is one unit of background work, stored as a row and claimed with a
// lease by any replica's worker.
type Job struct {
	ID          string
	OrgID       string
	BrandID     string
	Kind        string
	Status      string
	Attempts    int
	MaxAttempts int
	// Token identifies the current claim ("<worker>/<nonce>"): every write
	// of a running job is conditional on it, so a worker whose lease
	// expired can never complete a job that another worker re-claimed.
	Token          string
	LeaseExpiresAt *time.Time
	EnqueuedAt     time.Time
	StartedAt      *time.Time
	CompletedAt    *time.Time
	DurationMS     *int64
	Error          *JobError
}

// JobError is the error object of the compute status (docs/api.md).
type JobError struct {
	Class   string `json:"class"`
	Message string `json:"message"`
}

// NewJobError builds a job error with its message cut to a storable size.
func NewJobError(class, message string) JobError {
	if len(message) > maxJobErrorLength {
		cut := maxJobErrorLength
		for cut > 0 && !utf8.RuneStart(message[cut]) {
			cut--
		}
		message = message[:cut] + "…"
	}
	return JobError{Class: class, Message: message}
}

// ComputeStatus is the compute status object of docs/api.md. Timestamps,
// duration and error are null until they exist.
type ComputeStatus struct {
	Status      string     `json:"status"`
	Quota       DailyQuota `json:"quota"`
	StartedAt   *time.Time `json:"started_at"`
	CompletedAt *time.Time `json:"completed_at"`
	DurationMS  *int64     `json:"duration_ms"`
	Error       *JobError  `json:"error"`
}

// NewComputeStatus describes job (nil: idle) with the quota.
func NewComputeStatus(job *Job, quota DailyQuota) *ComputeStatus {
	if job == nil {
		return &ComputeStatus{Status: ComputeIdle, Quota: quota}
	}
	st := &ComputeStatus{Status: job.Status, Quota: quota, DurationMS: job.DurationMS, Error: job.Error}
	if job.Status != JobQueued {
		st.StartedAt = job.StartedAt
	}
	st.CompletedAt = job.CompletedAt
	return st
}

// JobClaim says who claims and for how long.
type JobClaim struct {
	WorkerID string
	Lease    time.Duration
	// Skip lists kind prefixes the worker cannot run (a server without a
	// master key cannot collect): it leaves such jobs to another worker.
	Skip []string
}

// LeaseOr is the claim's lease, or def when it names none.
func (c JobClaim) LeaseOr(def time.Duration) time.Duration {
	if c.Lease <= 0 {
		return def
	}
	return c.Lease
}

// Requeues reports whether a failure of job j's current attempt queues it
// again: only a retryable error does, and only while attempts remain
// (docs/engines.md#protocol).
func (j *Job) Requeues(retryable bool) bool {
	return retryable && j.Attempts < j.MaxAttempts
}

// HeldAt reports whether a worker holds a live claim on j at now: it is
// running and its lease has not expired. Such a job is not claimed again.
func (j *Job) HeldAt(now time.Time) bool {
	return j.Status == JobRunning && j.LeaseExpiresAt != nil && j.LeaseExpiresAt.After(now)
}

// JobService is the claim protocol workers use. Methods taking a *Job
// answer ErrJobLost when the job's Token no longer holds the claim.
type JobService interface {
	// ClaimJob takes the oldest claimable job of a kind c does not skip:
	// queued, or running with an expired lease (its worker died). It marks
	// jobs whose expired lease used their last attempt as failed. ErrNoJob
	// when there is none.
	ClaimJob(ctx context.Context, c JobClaim) (*Job, error)
	// ExtendJobLease renews the claim for lease from now.
	ExtendJobLease(ctx context.Context, job *Job, lease time.Duration) error
	// ReleaseJob gives a claimed job back to the queue without counting the
	// attempt (graceful shutdown).
	ReleaseJob(ctx context.Context, job *Job) error
	// FailJob records an error: the job is queued again while attempts
	// remain and retry is set, else failed for good.
	FailJob(ctx context.Context, job *Job, e JobError, retry bool) error
	// CompleteJob marks a claimed job completed, for kinds whose result is
	// stored as they go (collection).
	CompleteJob(ctx context.Context, job *Job) error
	// EnqueueJob queues a job of kind for a brand. CONFLICT when one is
	// already queued or running.
	EnqueueJob(ctx context.Context, brandID, kind string) (*Job, error)
	// ClaimJobOfKind claims the brand's live job of kind, or creates and
	// claims one, for a worker that runs it in the foreground. ErrJobBusy
	// when another worker's claim on it is alive.
	ClaimJobOfKind(ctx context.Context, c JobClaim, brandID, kind string) (*Job, error)
	// FindJobsOfKind lists a brand's jobs of kind, newest first.
	FindJobsOfKind(ctx context.Context, brandID, kind string) ([]*Job, error)
}
