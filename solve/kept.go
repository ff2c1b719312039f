package solve

import (
	"sync"
	"time"
)

// Kept keeps one value between uses — a solver with its table, after an
// analysis — for the next use that it suits (the same key), and drops it
// after an idle time without use. A value taken is no longer kept, so that
// two uses at once never share it; the value kept last replaces the one
// before. The analyses of a game being played then find the positions after
// the one before valued already, where a fresh table solved each from
// nothing, and memory holds one table at most, for a while.
type Kept[T any] struct {
	idle  time.Duration
	mu    sync.Mutex
	key   string
	v     T
	has   bool
	timer *time.Timer
}

// NewKept returns a Kept that drops its value after idle without use.
func NewKept[T any](idle time.Duration) *Kept[T] { return &Kept[T]{idle: idle} }

// Take returns the value kept under key (it is no longer kept), else a new
// one from fresh.
func (k *Kept[T]) Take(key string, fresh func() T) T {
	k.mu.Lock()
	if k.has && k.key == key {
		v := k.v
		k.drop()
		k.mu.Unlock()
		return v
	}
	k.mu.Unlock()
	return fresh()
}

// Keep keeps v under key in place of the value kept before, for the idle
// time at most.
func (k *Kept[T]) Keep(key string, v T) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.drop()
	k.key, k.v, k.has = key, v, true
	var timer *time.Timer
	timer = time.AfterFunc(k.idle, func() {
		k.mu.Lock()
		defer k.mu.Unlock()
		if k.timer == timer {
			k.drop()
		}
	})
	k.timer = timer
}

// Held returns the value kept now and its key (ok false: none).
func (k *Kept[T]) Held() (key string, v T, ok bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.key, k.v, k.has
}

// drop forgets the value kept (k.mu held).
func (k *Kept[T]) drop() {
	if k.timer != nil {
		k.timer.Stop()
		k.timer = nil
	}
	var zero T
	k.key, k.v, k.has = "", zero, false
}
