package soundfont

import "syscall"

// noHugePages asks the kernel to back b with 4 KiB pages: with transparent
// huge pages, writing one decoded sample would make a whole 2 MiB page
// resident.
func noHugePages(b []byte) { _ = syscall.Madvise(b, syscall.MADV_NOHUGEPAGE) }

// dropPages releases the resident pages of b, a read-only file mapping
// (they stay in the page cache; reading them again maps them back): after
// an SF3 bank's load has read every stream's first and last page.
func dropPages(b []byte) { _ = syscall.Madvise(b, syscall.MADV_DONTNEED) }
