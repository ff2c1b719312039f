package game

import (
	"fmt"
	"os"
	"path/filepath"
)

// DataDir is where Kombi keeps a user's data (the database, high scores,
// shape tables): $KOMBI_DATA_DIR, else $XDG_DATA_HOME/kombi, else
// ~/.local/share/kombi.
func DataDir() (string, error) {
	if d := os.Getenv("KOMBI_DATA_DIR"); d != "" {
		return d, nil
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "kombi"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("data directory: %w (set KOMBI_DATA_DIR)", err)
	}
	return filepath.Join(home, ".local", "share", "kombi"), nil
}
