package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/spf13/cobra"
	bolterrors "go.etcd.io/bbolt/errors"

	"github.com/songsmith/songsmith/internal/embedded"
)

// Backup and restore of the embedded database (docs/operations.md).
// `songsmith backup` copies the database consistently, also while `songsmith
// serve` runs: bbolt lets one process open the file, so a running server
// makes the copy in one read transaction behind its admin endpoint (the
// loopback listener and token of admin.go), while its writers go on; with
// no server running the command reads the file itself, read-only.
// `songsmith restore` puts a backup in place of the database of a stopped
// server, after checking the backup, and keeps the file it replaces.

// dbName is the database file's name in the data directory.
const dbName = "songsmith.db"

// backupRoute serves GET /admin/backup on the admin endpoint: a consistent
// copy of st's database, streamed.
func backupRoute(st *embedded.Store) func(*http.ServeMux) {
	return func(mux *http.ServeMux) {
		if st == nil {
			return
		}
		mux.HandleFunc("GET /admin/backup", func(w http.ResponseWriter, r *http.Request) {
			// A large database takes longer than the admin server's
			// write timeout: this answer has none.
			_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})
			w.Header().Set("Content-Type", "application/octet-stream")
			w.Header().Set("Cache-Control", "no-store")
			if _, err := st.Backup(w); err != nil {
				// The status is sent: cut the answer short, so the client
				// sees a broken transfer, never a short file.
				panic(http.ErrAbortHandler)
			}
		})
	}
}

// download writes the body of GET path on the admin endpoint to w.
func (a *adminClient) download(ctx context.Context, path string, w io.Writer) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.info.URL+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+a.info.Token)
	hc := *a.hc
	hc.Timeout = 0 // a large database takes its time; ctx still ends it
	res, err := hc.Do(req)
	if err != nil {
		return fmt.Errorf("admin endpoint of songsmith serve: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode == http.StatusNotFound {
		return errors.New("the running songsmith serve is older and cannot make backups: stop it and run songsmith backup again, or upgrade it")
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("admin endpoint of songsmith serve: %s", res.Status)
	}
	if _, err := io.Copy(w, res.Body); err != nil {
		return fmt.Errorf("the backup transfer broke off: %w", err)
	}
	return nil
}

func newBackupCmd() *cobra.Command {
	var dataDir string
	cmd := &cobra.Command{
		Use:   "backup FILE",
		Short: "Copy the embedded database consistently, also while songsmith serve runs",
		Long: `Write a consistent copy of the embedded database (jobs, API keys, the queue,
webhook state) to FILE. While 'songsmith serve' runs on the data directory the
copy goes through its admin endpoint (loopback only, authenticated by the
secret in <data-dir>/admin.json) and the server goes on serving; otherwise the
file is read directly. The copy is checked before it replaces FILE.
Media files are not in it: copy <data-dir>/media as well (docs/operations.md).`,
		Example: "  songsmith backup backups/songsmith-$(date -u +%Y%m%dT%H%M%SZ).db",
		Args:    exactArgs(1, "the file to write the backup to"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return backup(cmd.Context(), dataDir, args[0], cmd.OutOrStdout())
		},
	}
	cmd.Flags().StringVar(&dataDir, "data-dir", "", "data directory of the embedded backend (default $SONGSMITH_DATA_DIR, else the running songsmith serve's, else ./data)")
	_ = cmd.MarkFlagDirname("data-dir")
	return cmd
}

// backup writes the database of the data directory flag names to target.
func backup(ctx context.Context, flag, target string, stdout io.Writer) error {
	db, err := keysDataDir(flag, false)
	if err != nil {
		return err
	}
	dir := db.dir
	if st, err := os.Stat(target); err == nil && st.IsDir() {
		return usageErr("%s is a directory: give the backup's file name, e.g. %s", target, filepath.Join(target, dbName))
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".tmp-*")
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer os.Remove(tmp.Name()) // gone after the rename; left only on failure
	via := "read from the stopped database"
	if ac, aerr := dialAdmin(ctx, dir); aerr == nil {
		via = "made by the running songsmith serve (pid " + strconv.Itoa(ac.info.PID) + ")"
		err = ac.download(ctx, "/admin/backup", tmp)
	} else {
		path := filepath.Join(dir, dbName)
		_, err = embedded.BackupFile(path, tmp, time.Second)
		if errors.Is(err, bolterrors.ErrTimeout) {
			err = fmt.Errorf("the database %s is in use by another process that offers no admin endpoint (an older songsmith serve, or another songsmith command): retry in a moment, or stop it", path)
		}
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	sum, err := embedded.VerifyFile(tmp.Name())
	if err != nil {
		return fmt.Errorf("the backup made is not whole, and %s was not written: %v", target, reason(err))
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	fmt.Fprintf(stdout, "Backed up %d jobs and %d API keys (%d bytes, %s) to %s.\n", sum.Jobs, sum.Keys, sum.Size, via, target)
	return nil
}

// reason is what is wrong with a database file, without the advice a
// *embedded.DamagedError gives about the live database.
func reason(err error) string {
	var de *embedded.DamagedError
	if errors.As(err, &de) {
		return de.Reason
	}
	return err.Error()
}

func newRestoreCmd() *cobra.Command {
	var dataDir string
	cmd := &cobra.Command{
		Use:   "restore FILE",
		Short: "Put a backup in place of the embedded database (songsmith serve stopped)",
		Long: `Replace the embedded database of the data directory with the backup FILE made
by 'songsmith backup'. The server must be stopped: restore refuses while
'songsmith serve' runs on the data directory. FILE is checked first (a damaged
or partial backup changes nothing); the database it replaces is kept beside it
as songsmith.db.bak (songsmith.db.bak.2 and so on when that exists).`,
		Example: "  songsmith restore --data-dir data backups/songsmith-20261128T020000Z.db",
		Args:    exactArgs(1, "the backup file to restore"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return restore(cmd.Context(), dataDir, args[0], cmd.OutOrStdout())
		},
	}
	cmd.Flags().StringVar(&dataDir, "data-dir", "", "data directory of the embedded backend (default $SONGSMITH_DATA_DIR, else the last songsmith serve's, else ./data)")
	_ = cmd.MarkFlagDirname("data-dir")
	return cmd
}

// restoreDataDir is the data directory restore works on: the one named
// (--data-dir, SONGSMITH_DATA_DIR), else the last songsmith serve's, else
// ./data. It need not hold a database yet.
func restoreDataDir(flag string) string {
	if flag != "" {
		return flag
	}
	if dir, ok := os.LookupEnv("SONGSMITH_DATA_DIR"); ok && dir != "" {
		return dir
	}
	if st, err := readServeState(); err == nil && hasDB(st.DataDir) {
		return st.DataDir
	}
	return "data"
}

// restore replaces the database of the data directory with the backup src.
func restore(ctx context.Context, flag, src string, stdout io.Writer) error {
	dir := restoreDataDir(flag)
	live := filepath.Join(dir, dbName)
	if ac, err := dialAdmin(ctx, dir); err == nil {
		return fmt.Errorf("songsmith serve (pid %d) is running on %s: stop it first (Ctrl-C, or kill %d), then run restore again (a backup needs no stop: songsmith backup FILE)", ac.info.PID, dir, ac.info.PID)
	}
	if embedded.InUse(live, time.Second) {
		return fmt.Errorf("the database %s is in use by another process (a songsmith serve, or another songsmith command): stop it first, then run restore again", live)
	}
	if abs1, _ := filepath.Abs(src); abs1 == mustAbs(live) {
		return usageErr("%s is the database itself: give a backup file made by songsmith backup", src)
	}
	sum, err := embedded.VerifyFile(src)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("no backup file %s", src)
	}
	if err != nil {
		return fmt.Errorf("%s is not a usable backup (%s): nothing was changed", src, reason(err))
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	tmp, err := copyTemp(src, dir)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	defer os.Remove(tmp) // gone after the rename; left only on failure
	if _, err := embedded.VerifyFile(tmp); err != nil {
		return fmt.Errorf("the copy of %s in %s is not whole (%s): nothing was changed", src, dir, reason(err))
	}
	kept := ""
	if _, err := os.Stat(live); err == nil {
		kept = nextBak(live)
		if err := os.Rename(live, kept); err != nil {
			return fmt.Errorf("restore: keep the old database: %w", err)
		}
	}
	if err := os.Rename(tmp, live); err != nil {
		if kept != "" {
			_ = os.Rename(kept, live)
		}
		return fmt.Errorf("restore: %w", err)
	}
	syncDir(dir)
	fmt.Fprintf(stdout, "Restored %d jobs and %d API keys from %s into %s.\n", sum.Jobs, sum.Keys, src, live)
	if kept != "" {
		fmt.Fprintf(stdout, "The database it replaced is kept as %s.\n", kept)
	}
	fmt.Fprintf(stdout, "Start the server with: songsmith serve --data-dir %s\n", shellQuote(dir))
	return nil
}

// copyTemp copies src to a new temporary file in dir, synced, and returns
// its name.
func copyTemp(src, dir string) (string, error) {
	in, err := os.Open(src)
	if err != nil {
		return "", err
	}
	defer in.Close()
	out, err := os.CreateTemp(dir, "."+dbName+".restore-*")
	if err != nil {
		return "", err
	}
	_, err = io.Copy(out, in)
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(out.Name(), 0o600)
	}
	if err != nil {
		os.Remove(out.Name())
		return "", err
	}
	return out.Name(), nil
}

// nextBak is the first free name of live.bak, live.bak.2, live.bak.3...
func nextBak(live string) string {
	name := live + ".bak"
	for i := 2; ; i++ {
		if _, err := os.Lstat(name); errors.Is(err, fs.ErrNotExist) {
			return name
		}
		name = live + ".bak." + strconv.Itoa(i)
	}
}

// syncDir makes the renames in dir durable (best effort).
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}

func mustAbs(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	return abs
}
