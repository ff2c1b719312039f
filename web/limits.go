package web

import (
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Limits of connections and of match creation (defaults of Options).
const (
	// DefaultMaxConns bounds the connections open at once.
	DefaultMaxConns = 4096
	// DefaultMaxConnsPerIP bounds the connections of one address (a
	// classroom behind one address needs a few hundred).
	DefaultMaxConnsPerIP = 512
	// DefaultCreatesPerMinute is how many matches one address may create a
	// minute, after a burst of createBurst (or a third of the minute's).
	DefaultCreatesPerMinute = 60
	createBurst             = 20
)

// connLimiter is a listener that holds at most max connections at once,
// and at most perIP from one address: a connection over a limit is closed
// at once, so that one client cannot take every file descriptor.
type connLimiter struct {
	net.Listener
	max, perIP int
	mu         sync.Mutex
	total      int
	byIP       map[string]int
}

// limitConns wraps ln with the limits (0: the defaults).
func limitConns(ln net.Listener, maxConns, perIP int) net.Listener {
	if maxConns <= 0 {
		maxConns = DefaultMaxConns
	}
	if perIP <= 0 {
		perIP = DefaultMaxConnsPerIP
	}
	return &connLimiter{Listener: ln, max: maxConns, perIP: perIP, byIP: map[string]int{}}
}

// Accept returns the next connection within the limits.
func (l *connLimiter) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ip := hostOf(c.RemoteAddr().String())
		l.mu.Lock()
		ok := l.total < l.max && l.byIP[ip] < l.perIP
		if ok {
			l.total++
			l.byIP[ip]++
		}
		l.mu.Unlock()
		if ok {
			return &limitedConn{Conn: c, release: func() { l.release(ip) }}, nil
		}
		c.Close()
	}
}

func (l *connLimiter) release(ip string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.total--
	if l.byIP[ip]--; l.byIP[ip] <= 0 {
		delete(l.byIP, ip)
	}
}

// limitedConn gives its place back once when it closes.
type limitedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

// Close closes the connection and frees its place.
func (c *limitedConn) Close() error {
	c.once.Do(c.release)
	return c.Conn.Close()
}

// hostOf is the host of a host:port address.
func hostOf(addr string) string {
	h, _, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	return h
}

// rateLimiter allows each address n events a minute after a burst, and
// forgets addresses idle for ten minutes: wait says whether an address may
// act, take counts what it did.
type rateLimiter struct {
	mu      sync.Mutex
	perMin  int
	byIP    map[string]*visitor
	cleaned time.Time
}

type visitor struct {
	lim  *rate.Limiter
	seen time.Time
}

func newRateLimiter(perMinute int) *rateLimiter {
	if perMinute <= 0 {
		perMinute = DefaultCreatesPerMinute
	}
	return &rateLimiter{perMin: perMinute, byIP: map[string]*visitor{}, cleaned: time.Now()}
}

// visitor returns ip's limiter, forgetting addresses idle for ten
// minutes. The caller holds r.mu.
func (r *rateLimiter) visitor(ip string, now time.Time) *rate.Limiter {
	if now.Sub(r.cleaned) > time.Minute {
		for k, v := range r.byIP {
			if now.Sub(v.seen) > 10*time.Minute {
				delete(r.byIP, k)
			}
		}
		r.cleaned = now
	}
	v := r.byIP[ip]
	if v == nil {
		v = &visitor{lim: rate.NewLimiter(rate.Limit(float64(r.perMin)/60), max(createBurst, r.perMin/3))}
		r.byIP[ip] = v
	}
	v.seen = now
	return v.lim
}

// wait reports how long ip must wait before its next event, 0 when it may
// act now. It takes nothing: only take counts an event, so that a request
// refused for its content (a body being fixed) costs no place.
func (r *rateLimiter) wait(ip string) time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := time.Now()
	lim := r.visitor(ip, now)
	if t := lim.TokensAt(now); t < 1 {
		return time.Duration((1 - t) / float64(lim.Limit()) * float64(time.Second))
	}
	return 0
}

// take counts one event of ip (a match created), even beyond its rate (two
// requests let through at once): the later ones then wait the longer.
func (r *rateLimiter) take(ip string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := time.Now()
	r.visitor(ip, now).ReserveN(now, 1)
}

// tooMany answers 429 with the seconds to wait.
func tooMany(w http.ResponseWriter, wait time.Duration, what string) {
	secs := int(wait.Seconds()) + 1
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	writeError(w, http.StatusTooManyRequests, "too many %s from your address; try again in %d s", what, secs)
}
