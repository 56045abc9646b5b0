" Vim syntax file
" Language:    robots.txt
" Maintainer:  robotslint (https://github.com/robotslint/robotslint)
"
" Lines are read as robotslint's parser and Google's read them:
"   - the first # starts a comment, even inside a URL;
"   - a directive is a key, a colon and a value; a line of exactly two
"     words without a colon ("Disallow /tmp") is a key and a value too;
"   - any other line that is not blank or a comment is invalid, and
"     crawlers skip it.
" The directive names, compared ignoring case, are those robotslint's
" knowledge base knows (rules/kb/directive.go); a misspelled name
" ("Disalow") is highlighted as an unknown key, not as a directive.
"
" This replaces Vim's own syntax/robots.vim (2001), which knows neither
" Allow nor Sitemap: put this directory before $VIMRUNTIME in
" 'runtimepath' (plugin managers do).

if exists("b:current_syntax")
  finish
endif

let s:cpo_save = &cpo
set cpo&vim

syntax case ignore

" Text that is neither a directive nor a comment: crawlers skip the line.
" The key patterns below are defined later, so they win where both match.
syntax match robotsInvalid /^\s*\zs[^#:[:space:]][^#:]\{-}\ze\s*\%(#.*\)\=$/
syntax match robotsInvalid /^\s*\zs:[^#]\{-}\ze\s*\%(#.*\)\=$/

" s:Key defines the syntax group for a key: a name pattern followed by a
" colon, or by whitespace and exactly one more word (then the name is the
" optional fourth argument, if given: a key without a colon is one word).
" The separator and the value that follow are highlighted by
" robots{value}Sep and robots{value}.
function! s:Key(group, name, value, ...) abort
  let l:next = ' nextgroup=robots' . a:value . 'Sep'
  let l:word = a:0 ? a:1 : a:name
  execute 'syntax match' a:group '/^\s*\zs' . a:name . '\ze\s*:/' . l:next
  execute 'syntax match' a:group '/^\s*\zs' . l:word . '\ze\s\+[^#:[:space:]]\+\s*\%(#.*\)\=$/' . l:next
endfunction

" s:Value defines a value kind: its separator and its text, which ends
" before the first # and excludes trailing whitespace.
function! s:Value(value, contains) abort
  execute 'syntax match robots' . a:value . 'Sep /\s*:\s*\|\s\+/ contained contains=robotsColon nextgroup=robots' . a:value
  execute 'syntax match robots' . a:value . ' /[^#[:space:]]\%([^#]*[^#[:space:]]\)\=/ contained' .
        \ (empty(a:contains) ? '' : ' contains=' . a:contains)
endfunction

syntax match robotsColon /:/ contained

call s:Value('AgentValue', 'robotsWildcard')
call s:Value('PathValue', 'robotsWildcard,robotsEndAnchor')
call s:Value('UrlValue', '')
call s:Value('NumberValue', 'robotsNumber')
call s:Value('StringValue', '')

" '*' matches any characters in a path, and is every crawler as a
" user-agent; '$' at the end of a path anchors it to the end of the URL.
syntax match robotsWildcard /\*/ contained
syntax match robotsEndAnchor /\$\ze\s*\%(#.*\)\=$/ contained
syntax match robotsNumber /\d\+\%(\.\d*\)\=\|\.\d\+/ contained

" Any key, known or not. A key may hold spaces ("User agent") before a
" colon; without a colon it is one word.
call s:Key('robotsKey', '[^#:[:space:]]\%([^#:]*[^#:[:space:]]\)\=', 'StringValue', '[^#:[:space:]]\+')

" The directives, defined after robotsKey so that they win over it.
call s:Key('robotsUserAgent', 'user-agent', 'AgentValue')
call s:Key('robotsRule', '\%(allow\|disallow\)', 'PathValue')
call s:Key('robotsDirective', 'sitemap', 'UrlValue')
call s:Key('robotsDirective', 'host', 'StringValue')
call s:Key('robotsDirective', '\%(crawl-delay\|request-rate\|visit-time\)', 'NumberValue')
call s:Key('robotsDirective', '\%(clean-param\|content-signal\|content-usage\)', 'StringValue')
" Noindex, Nofollow and Noarchive take paths; Google stopped reading them
" in 2019, and robotslint says so.
call s:Key('robotsDirective', '\%(noindex\|nofollow\|noarchive\)', 'PathValue')

syntax match robotsComment /#.*/ contains=robotsTodo,robotsCommentUrl,@Spell
syntax keyword robotsTodo contained TODO FIXME XXX NOTE
syntax match robotsCommentUrl /\<https\=:\/\/[^[:space:]]*/ contained

delfunction s:Key
delfunction s:Value

highlight default link robotsInvalid     Error
highlight default link robotsKey         Identifier
highlight default link robotsUserAgent   Statement
highlight default link robotsRule        Statement
highlight default link robotsDirective   Statement
highlight default link robotsColon       Delimiter
highlight default link robotsAgentValue  Type
highlight default link robotsPathValue   String
highlight default link robotsUrlValue    Underlined
highlight default link robotsNumberValue String
highlight default link robotsStringValue String
highlight default link robotsWildcard    Special
highlight default link robotsEndAnchor   Special
highlight default link robotsNumber      Number
highlight default link robotsComment     Comment
highlight default link robotsTodo        Todo
highlight default link robotsCommentUrl  Underlined

let b:current_syntax = "robots"

let &cpo = s:cpo_save
unlet s:cpo_save
