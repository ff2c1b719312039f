package web

import (
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/kombi/kombi/game"
)

// SourcesFolder is the folder of the data directory whose document
// `kombi report sources` writes by default and GET /sources/ shows.
const SourcesFolder = "sources"

// sourcesTypes are the files of the document GET /sources/ serves, by
// extension: the page, its style sheet, the figures and the Markdown.
var sourcesTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".png":  "image/png",
	".svg":  "image/svg+xml",
	".md":   "text/markdown; charset=utf-8",
}

// getSources serves, read-only, the document in the data directory's
// sources folder at /sources/ (index.html for the folder itself): files of
// that folder only, of the document's kinds, never a listing, never a file
// outside it (the folder is opened as an os.Root, which also refuses links
// that lead out). The security headers are the guard's, as on every page.
func (s *Server) getSources(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/sources/")
	if name == "" {
		name = "index.html"
	}
	ctype, ok := sourcesTypes[strings.ToLower(filepath.Ext(name))]
	if !ok || strings.Contains(name, "/") || !fs.ValidPath(name) {
		http.Error(w, "404: the document of the five sources has no file "+clip(name, 60), http.StatusNotFound)
		return
	}
	dir, err := game.DataDir()
	if err != nil {
		http.Error(w, "the data directory is unknown: "+err.Error(), http.StatusNotFound)
		return
	}
	root, err := os.OpenRoot(filepath.Join(dir, SourcesFolder))
	if err != nil {
		notYet(w, filepath.Join(dir, SourcesFolder))
		return
	}
	defer root.Close()
	f, err := root.Open(name)
	if err != nil {
		if name == "index.html" && errors.Is(err, fs.ErrNotExist) {
			notYet(w, filepath.Join(dir, SourcesFolder))
			return
		}
		http.Error(w, "404: the document of the five sources has no file "+clip(name, 60), http.StatusNotFound)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		http.Error(w, "404: the document of the five sources has no file "+clip(name, 60), http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", ctype)
	http.ServeContent(w, r, name, st.ModTime(), f)
}

// notYet answers that the document was not written yet, and how to.
func notYet(w http.ResponseWriter, dir string) {
	http.Error(w, fmt.Sprintf("404: no document of the five sources yet. 'kombi report sources' writes it into %s (a quick one: 'kombi report sources --quick').", dir), http.StatusNotFound)
}
