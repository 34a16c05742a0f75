package client

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

// Download fetches a media URL (a job's [Result].SongURL or ImageURL) and
// copies its body to w, returning the number of bytes written. Media URLs
// carry their own signature and expiry, so Download sends no API key (a
// presigned S3 URL would refuse a second credential, and the key must not
// leave for another host). It retries 5xx answers and transport failures
// like the API calls, as long as nothing was written to w yet. Non-2xx
// answers are returned as *[APIError]; a 403 or 404 usually means the URL
// expired: read the job again for fresh URLs.
func (c *Client) Download(ctx context.Context, mediaURL string, w io.Writer) (int64, error) {
	u, err := url.Parse(mediaURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return 0, fmt.Errorf("songsmith: download: %q is not an http(s) URL", mediaURL)
	}
	cl := &call{start: time.Now(), state: StateCompleted}
	var b backoff
	var last error
	for attempt := 0; ; attempt++ {
		n, err := c.downloadOnce(ctx, u, w)
		if err == nil || n > 0 {
			return n, err
		}
		if ctx.Err() != nil {
			if last == nil {
				return 0, err
			}
			return 0, &ctxError{err: ctx.Err(), last: last}
		}
		last = err
		wait, retry := b.next(c, err, true)
		if !retry || attempt >= c.retry.MaxRetries {
			return 0, err
		}
		c.report(cl, wait, err)
		if err := c.sleep(ctx, wait); err != nil {
			return 0, &ctxError{err: err, last: last}
		}
	}
}

func (c *Client) downloadOnce(ctx context.Context, u *url.URL, w io.Writer) (int64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return 0, fmt.Errorf("songsmith: download: %w", err)
	}
	req.Header.Set("User-Agent", c.userAgent)
	resp, err := c.httpClient.Do(req)
	if err != nil {
		return 0, transportError(http.MethodGet, u, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		data, _ := io.ReadAll(io.LimitReader(resp.Body, maxBodyBytes))
		return 0, newAPIError(resp, data)
	}
	n, err := io.Copy(w, resp.Body)
	if err != nil {
		return n, fmt.Errorf("songsmith: download: %w", err)
	}
	return n, nil
}
