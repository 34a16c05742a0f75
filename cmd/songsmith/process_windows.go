package main

import "os"

// processAlive tells whether a process with this id exists (on Windows,
// FindProcess opens it, and fails when there is none).
func processAlive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	_ = p.Release()
	return true
}
