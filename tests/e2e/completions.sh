#!/bin/sh
# completions.sh — the shell completions complete what they promise:
# options, subcommands, formats, categories and signature ids (from the
# built coroner), and they parse in zsh and fish where those are installed.
. "$SRCDIR/tests/e2e/lib.sh"
BASH_COMP="$SRCDIR/completions/bash/coroner"
PATH="$(dirname "$CORONER"):$PATH"
export PATH
cd "$TMP"  # file names offered next to words must not come from the source tree
# complete WORDS...: what bash offers for the last word
complete_words() {
        bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _coroner; printf "%s\n" "${COMPREPLY[@]}"' \
                complete "$BASH_COMP" "$@" 2>&1
}
got=$(complete_words coroner --for); [ "$got" = --format ] && ok "bash: an option (--for -> --format)" || not_ok "bash option" "$got"
got=$(complete_words coroner -f j); [ "$got" = json ] && ok "bash: a format (-f j -> json)" || not_ok "bash format" "$got"
got=$(complete_words coroner sig); [ "$got" = signatures ] && ok "bash: a subcommand (sig -> signatures)" || not_ok "bash subcommand" "$got"
got=$(complete_words coroner signatures show torch.cuda-oom-oth); [ "$got" = torch.cuda-oom-other-process ] && ok "bash: a signature id from the built coroner" \
        || not_ok "bash signature id" "$got"
got=$(complete_words coroner signatures list --category gpu-out); [ "$got" = gpu-out-of-memory ] && ok "bash: a category" || not_ok "bash category" "$got"
got=$(complete_words coroner --redact a); [ "$got" = all ] && ok "bash: --redact kinds" || not_ok "bash redact" "$got"
if command -v zsh >/dev/null; then check "zsh: the completion parses" zsh -n "$SRCDIR/completions/zsh/_coroner"
else ok "zsh: the completion parses # SKIP zsh not installed"; fi
if command -v fish >/dev/null; then check "fish: the completion parses" fish -n "$SRCDIR/completions/fish/coroner.fish"
else ok "fish: the completion parses # SKIP fish not installed"; fi
done_testing
