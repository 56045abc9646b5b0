;;; drive.el --- The batch test of robots-txt-mode.el with Eglot -*- lexical-binding: t; -*-

;; Run by editors/emacs/emacs_test.go as `emacs --batch -l drive.el' (not
;; -Q: it implies --no-site-lisp, which leaves /usr/share/emacs/site-lisp,
;; where Debian's elpa-eglot lives, off `load-path'), with
;;   ROBOTSLINT_FILE      a robots.txt reading "User-agent: *\nDisalow: /private\n"
;;   ROBOTSLINT_BIN       the robotslint binary, whose directory is first on PATH
;;   ROBOTSLINT_SETTINGS  optional: a value for eglot-workspace-configuration
;;   ROBOTSLINT_WANT_TYPE the Flymake type the diagnostic must have
;;
;; It loads ../robots-txt-mode.el as a user's init would, opens the file,
;; checks the mode and its highlighting, runs M-x eglot's guess (the entry
;; robots-txt-mode.el adds to eglot-server-programs), and waits until
;; Flymake has the diagnostic misspelled-directive on line 2.
;;
;; In batch mode nothing runs `post-command-hook', so Flymake's deferred
;; start never happens: this calls `flymake-start' once Eglot manages the
;; buffer.  Eglot hands Flymake the diagnostics it received before that
;; when Flymake starts its backend, and those it receives after directly.
;;
;; Progress goes to stderr.  Exit status: 0 pass, 1 fail, 77 Eglot cannot
;; be loaded (the test skips).

(require 'cl-lib)

(defvar drive-start (float-time))
(defvar drive-server nil)

(defun drive-step (fmt &rest args)
  (message "[%5d ms] %s" (round (* 1000 (- (float-time) drive-start)))
           (apply #'format fmt args)))

(defun drive-tail (buffer)
  "The end of BUFFER's text, or nothing if it is gone."
  (if (buffer-live-p buffer)
      (with-current-buffer buffer
        (buffer-substring-no-properties (max (point-min) (- (point-max) 6000)) (point-max)))
    ""))

(defun drive-fail (fmt &rest args)
  (drive-step "FAIL: %s" (apply #'format fmt args))
  (when drive-server
    (message "--- Eglot events (end):\n%s" (drive-tail (jsonrpc-events-buffer drive-server)))
    (message "--- server stderr (end):\n%s" (drive-tail (jsonrpc-stderr-buffer drive-server))))
  (kill-emacs 1))

(defun drive-wait (what seconds pred)
  "Wait until PRED returns non-nil, and fail naming WHAT after SECONDS."
  (let ((deadline (+ (float-time) seconds)) value)
    (while (not (setq value (funcall pred)))
      (when (> (float-time) deadline)
        (drive-fail "timed out after %d s waiting for %s" seconds what))
      (accept-process-output nil 0.05))
    value))

(defun drive-face-at (text)
  "The face of the first character of TEXT, found from the buffer's start."
  (save-excursion
    (goto-char (point-min))
    (search-forward text)
    (get-text-property (match-beginning 0) 'face)))

(defun drive-diagnostic (code)
  "The Flymake diagnostic of the current buffer whose LSP code is CODE."
  (cl-find-if (lambda (d)
                (equal (plist-get (alist-get 'eglot-lsp-diag (flymake-diagnostic-data d)) :code)
                       code))
              (flymake-diagnostics)))

(defun drive-main ()
  (let ((dir (file-name-directory (or load-file-name buffer-file-name)))
        (file (getenv "ROBOTSLINT_FILE"))
        (bin (getenv "ROBOTSLINT_BIN"))
        (settings (getenv "ROBOTSLINT_SETTINGS"))
        (want-type (intern (or (getenv "ROBOTSLINT_WANT_TYPE") "eglot-error"))))
    (unless (and file bin) (drive-fail "ROBOTSLINT_FILE and ROBOTSLINT_BIN must be set"))
    (drive-step "emacs %s" emacs-version)

    ;; What a user's init.el does.
    (load (expand-file-name "../robots-txt-mode.el" dir) nil t)
    (unless (require 'eglot nil t)
      (message "eglot cannot be loaded (Debian: apt-get install elpa-eglot)")
      (kill-emacs 77))
    (drive-step "eglot from %s" (locate-library "eglot"))
    (when settings
      (setq-default eglot-workspace-configuration (car (read-from-string settings)))
      (drive-step "eglot-workspace-configuration %S" eglot-workspace-configuration))

    (let ((entry (cdr (assq 'robots-txt-mode eglot-server-programs))))
      (unless (equal entry '("robotslint" "lsp"))
        (drive-fail "eglot-server-programs has %S for robots-txt-mode" entry)))
    (unless (equal (executable-find "robotslint") bin)
      (drive-fail "robotslint on exec-path is %S, want %S" (executable-find "robotslint") bin))

    (find-file file)
    (unless (eq major-mode 'robots-txt-mode)
      (drive-fail "%s opened in %s" file major-mode))
    (drive-step "%s: %s" (file-name-nondirectory file) major-mode)
    (font-lock-ensure)
    (let ((directive (drive-face-at "User-agent"))
          (key (drive-face-at "Disalow")))
      (unless (and (eq directive 'font-lock-keyword-face)
                   (eq key 'font-lock-variable-name-face))
        (drive-fail "font-lock: User-agent has %S, Disalow %S" directive key))
      (drive-step "font-lock: User-agent %s, Disalow %s" directive key))

    ;; M-x eglot, without its prompts.
    (apply #'eglot (eglot--guess-contact))
    (setq drive-server
          (drive-wait "Eglot to manage the buffer" 20
                      (lambda () (and eglot--managed-mode (eglot-current-server)))))
    (drive-step "eglot: %s manages the buffer" (jsonrpc-name drive-server))
    (flymake-start)
    (let ((diag (drive-wait (format "the diagnostic misspelled-directive (%s) in Flymake" want-type) 20
                            (lambda ()
                              (let ((d (drive-diagnostic "misspelled-directive")))
                                (and d (eq (flymake-diagnostic-type d) want-type) d))))))
      (drive-step "flymake: %s on line %d: %s" (flymake-diagnostic-type diag)
                  (line-number-at-pos (flymake-diagnostic-beg diag))
                  (flymake-diagnostic-text diag))
      (unless (= (line-number-at-pos (flymake-diagnostic-beg diag)) 2)
        (drive-fail "the diagnostic is on line %d, want 2"
                    (line-number-at-pos (flymake-diagnostic-beg diag)))))

    (eglot-shutdown drive-server nil 5)
    (drive-step "ok")
    (kill-emacs 0)))

;; page.el loads this file for its functions, with drive-library-only
;; set.
(defvar drive-library-only nil)
(unless drive-library-only
  (condition-case err
      (drive-main)
    (error (drive-fail "%s" (error-message-string err)))))

;;; drive.el ends here
