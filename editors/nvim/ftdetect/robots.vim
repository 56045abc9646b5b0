" robots.txt files get the filetype robots.
"
" Vim and Neovim already know a file named robots.txt; this also covers
" older versions and copies such as staging.robots.txt. Those end in .txt,
" which the runtime has by then set to text, hence :set filetype rather than
" :setfiletype for them. Plain Vimscript, so that it works in Vim and in
" every Neovim (0.7's filetype.vim and 0.8's filetype.lua both source it).
autocmd BufNewFile,BufRead robots.txt setfiletype robots
autocmd BufNewFile,BufRead *.robots.txt if &filetype !=# 'robots' | set filetype=robots | endif
