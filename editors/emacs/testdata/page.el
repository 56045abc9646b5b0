;;; page.el --- The batch test of robotslint on HTML pages with Eglot -*- lexical-binding: t; -*-

;; Run by editors/emacs/emacs_test.go as `emacs --batch -l page.el', in a
;; site directory holding robots.txt, page.html (a robots META tag reading
;; "noidex") and plain.html (no robots directives), with
;;   ROBOTSLINT_FILE  page.html
;;   ROBOTSLINT_BIN   the robotslint binary, whose directory is first on PATH
;;
;; It sets Eglot up for HTML as the README says, opens page.html (in
;; mhtml-mode, Emacs's own), and waits until Flymake has the diagnostic
;; unknown-indexing-rule on line 3; then opens plain.html, which the same
;; server manages, and checks that it gets no diagnostic.  The helpers,
;; and what they say of batch mode, are drive.el's.

(defvar drive-library-only t)
(load (expand-file-name "drive.el" (file-name-directory load-file-name)) nil t)

(defun page-main ()
  (let ((file (getenv "ROBOTSLINT_FILE")))
    (unless (require 'eglot nil t)
      (message "eglot cannot be loaded (Debian: apt-get install elpa-eglot)")
      (kill-emacs 77))
    ;; What the README asks a user's init.el to do.
    (add-to-list 'eglot-server-programs '((html-mode mhtml-mode) . ("robotslint" "lsp")))

    (find-file file)
    (drive-step "%s: %s" (file-name-nondirectory file) major-mode)
    (apply #'eglot (eglot--guess-contact))
    (setq drive-server
          (drive-wait "Eglot to manage the page" 20
                      (lambda () (and eglot--managed-mode (eglot-current-server)))))
    (flymake-start)
    (let ((diag (drive-wait "the diagnostic unknown-indexing-rule in Flymake" 20
                            (lambda () (drive-diagnostic "unknown-indexing-rule")))))
      (drive-step "flymake: %s on line %d: %s" (flymake-diagnostic-type diag)
                  (line-number-at-pos (flymake-diagnostic-beg diag))
                  (flymake-diagnostic-text diag))
      (unless (= (line-number-at-pos (flymake-diagnostic-beg diag)) 3)
        (drive-fail "the diagnostic is on line %d, want 3"
                    (line-number-at-pos (flymake-diagnostic-beg diag)))))

    ;; A page without robots directives: the server, managing it too,
    ;; says nothing.  Its (empty) diagnostics come with the version
    ;; opened; waiting a moment lets a wrong one arrive.
    (find-file (expand-file-name "plain.html" (file-name-directory file)))
    (drive-wait "Eglot to manage plain.html" 20 (lambda () eglot--managed-mode))
    (flymake-start)
    (let ((deadline (+ (float-time) 1)))
      (while (< (float-time) deadline) (accept-process-output nil 0.05)))
    (when (flymake-diagnostics)
      (drive-fail "plain.html has diagnostics: %S" (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))
    (drive-step "plain.html: no diagnostics")

    (eglot-shutdown drive-server nil 5)
    (drive-step "ok")
    (kill-emacs 0)))

(condition-case err
    (page-main)
  (error (drive-fail "%s" (error-message-string err))))

;;; page.el ends here
