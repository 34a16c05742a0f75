//go:build !windows

package main

import (
	"errors"
	"syscall"
)

// processAlive tells whether a process with this id exists (signal 0:
// EPERM means it exists but belongs to another user).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
