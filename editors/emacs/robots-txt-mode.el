;;; robots-txt-mode.el --- Major mode for robots.txt files, with robotslint -*- lexical-binding: t; -*-

;; URL: https://github.com/robotslint/robotslint
;; Version: 0.1
;; Package-Requires: ((emacs "26.1"))
;; Keywords: languages, comm

;; This file is not part of GNU Emacs.

;;; Commentary:

;; A major mode for robots.txt files, and the registration of robotslint's
;; language server (`robotslint lsp') with Eglot.
;;
;; Files named robots.txt, or ending in .robots.txt, open in
;; `robots-txt-mode', which highlights the directives robotslint knows
;; (User-agent, Allow, Disallow, Sitemap, Crawl-delay, Host, Clean-param,
;; Request-rate, Visit-time, Noindex, Nofollow, Noarchive, Content-Signal,
;; Content-Usage; in any case), keys it does not know (a misspelled
;; "Disalow" does not look like a directive), comments, the wildcards `*'
;; and `$' in paths, Sitemap URLs, and the lines crawlers skip.
;;
;; With Eglot, `M-x eglot' (or `eglot-ensure' in `robots-txt-mode-hook')
;; runs "robotslint lsp", which must be on `exec-path': diagnostics as you
;; type, quick fixes, hover, completion and formatting.
;;
;; The mode reads lines as robotslint and Google do: the first # starts
;; a comment, even inside a URL; a directive is a key, a colon and a
;; value, or exactly two words without a colon ("Disallow /tmp"); any
;; other line is invalid, and crawlers skip it.

;;; Code:

(defgroup robots-txt nil
  "Editing robots.txt files."
  :group 'languages
  :prefix "robots-txt-")

(defcustom robots-txt-mode-hook nil
  "Hook run when entering `robots-txt-mode'."
  :type 'hook
  :group 'robots-txt)

(defvar robots-txt-mode-syntax-table
  (let ((st (make-syntax-table)))
    ;; A comment runs from the first # to the end of the line.
    (modify-syntax-entry ?# "<" st)
    (modify-syntax-entry ?\n ">" st)
    ;; There are no strings or escapes in robots.txt.
    (modify-syntax-entry ?\" "." st)
    (modify-syntax-entry ?\\ "." st)
    (modify-syntax-entry ?- "_" st)
    st)
  "Syntax table of `robots-txt-mode'.")

(defconst robots-txt--key-word "[^#: \t\n]+"
  "A key written without a colon: one word.")

(defconst robots-txt--key "[^#: \t\n]\\(?:[^#:\n]*[^#: \t\n]\\)?"
  "A key before a colon, which may hold spaces (\"User agent\").")

(defun robots-txt--match-operator (limit)
  "Find the next `*' before LIMIT, or a `$' just before LIMIT.
In a path, `*' matches any characters and a final `$' anchors the
path to the end of the URL."
  (let (found)
    (while (and (not found) (re-search-forward "[*$]" limit t))
      (setq found (or (eq (char-before) ?*) (= (point) limit))))
    found))

(defun robots-txt--match-invalid (limit)
  "Find the next line before LIMIT that crawlers skip.
Such a line has text before any comment, and no key: it starts
with a colon, or has no colon and is not exactly two words."
  (let (found)
    (while (and (not found)
                (re-search-forward "^[ \t]*\\([^#\n]*[^# \t\n]\\)" limit t))
      (let ((body (match-string 1)))
        (setq found (or (string-prefix-p ":" body)
                        (not (or (string-match-p ":" body)
                                 (string-match-p "\\`[^ \t]+[ \t]+[^ \t]+\\'" body)))))))
    found))

(defun robots-txt--keywords (key value-face &optional operators key-face word)
  "Return the font-lock keywords for lines whose key matches KEY.
KEY is a regexp for the name before a colon, and WORD (by default
KEY) in the two-word form.  The key gets KEY-FACE (by default
`font-lock-keyword-face'), the value VALUE-FACE, and, if OPERATORS
is non-nil, the `*' and final `$' in the value get
`font-lock-builtin-face'."
  (let* ((key-face (or key-face 'font-lock-keyword-face))
         (word (or word key))
         (value "\\([^# \t\n]\\(?:[^#\n]*[^# \t\n]\\)?\\)")
         (anchored
          (and operators
               ;; Search the value only: the limit is its end.
               `((robots-txt--match-operator
                  (if (match-end 2)
                      (progn (goto-char (match-beginning 2)) (match-end 2))
                    (end-of-line)
                    nil)
                  nil
                  (0 'font-lock-builtin-face t))))))
    (list
     `(,(concat "^[ \t]*\\(" key "\\)[ \t]*:[ \t]*" value "?")
       (1 ',key-face)
       (2 ',value-face nil t)
       ,@anchored)
     ;; Without a colon, the value is one word too.
     `(,(concat "^[ \t]*\\(" word "\\)[ \t]+\\([^#: \t\n]+\\)[ \t]*\\(?:#.*\\)?$")
       (1 ',key-face)
       (2 ',value-face)
       ,@anchored))))

(defconst robots-txt-font-lock-keywords
  (append
   (robots-txt--keywords "user-agent" 'font-lock-type-face 'operators)
   (robots-txt--keywords
    (regexp-opt '("allow" "disallow" "noindex" "nofollow" "noarchive"))
    'font-lock-string-face 'operators)
   (robots-txt--keywords "sitemap" 'link)
   (robots-txt--keywords
    (regexp-opt '("crawl-delay" "request-rate" "visit-time"))
    'font-lock-constant-face)
   (robots-txt--keywords
    (regexp-opt '("host" "clean-param" "content-signal" "content-usage"))
    'font-lock-string-face)
   ;; Any other key: font-lock leaves alone what the keywords above
   ;; have highlighted.
   (robots-txt--keywords robots-txt--key 'font-lock-string-face nil
                         'font-lock-variable-name-face robots-txt--key-word)
   '((robots-txt--match-invalid 1 'font-lock-warning-face)))
  "Font-lock keywords of `robots-txt-mode'.
The directive names are those of robotslint's knowledge base
\(rules/kb/directive.go), compared ignoring case.")

;;;###autoload
(define-derived-mode robots-txt-mode prog-mode "robots.txt"
  "Major mode for robots.txt files.
Highlights directives, unknown keys, comments, wildcards and
invalid lines.  `M-x eglot' runs robotslint's language server.

\\{robots-txt-mode-map}"
  :syntax-table robots-txt-mode-syntax-table
  :group 'robots-txt
  (setq-local comment-start "# ")
  (setq-local comment-end "")
  (setq-local comment-start-skip "#+[ \t]*")
  (setq-local font-lock-defaults '(robots-txt-font-lock-keywords nil t)))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\(?:\\`\\|[/.]\\)robots\\.txt\\'" . robots-txt-mode))

(defvar eglot-server-programs)

;;;###autoload
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs '(robots-txt-mode . ("robotslint" "lsp"))))

(provide 'robots-txt-mode)
;;; robots-txt-mode.el ends here
