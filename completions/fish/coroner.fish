# fish completion for coroner(1)
function __coroner_units
        begin
                systemctl list-units --all --plain --no-legend --no-pager 2>/dev/null | awk '{print $1}'
                journalctl -F _SYSTEMD_UNIT 2>/dev/null
        end | sort -u
end
complete -c coroner -n '__fish_use_subcommand' -a 'signatures merge run watch postmortem list show' -d 'subcommand'
complete -c coroner -n '__fish_seen_subcommand_from signatures' -a 'list show check test'
complete -c coroner -n '__fish_seen_subcommand_from show' -a '(coroner signatures list 2>/dev/null | awk \'/^[a-z]/ {print $1}\')'
complete -c coroner -l category -x -a '(coroner signatures list 2>/dev/null | awk \'{print $2}\' | sort -u)'
complete -c coroner -s f -l format -x -a 'text json markdown' -d 'report format'
complete -c coroner -s s -l signatures -r -a '(__fish_complete_directories)' -d 'more signatures'
complete -c coroner -l no-default-signatures -d 'only --signatures'
complete -c coroner -l no-signatures -d 'knowledge tables only'
complete -c coroner -l fail-on -x -a 'info warning error critical'
complete -c coroner -l redact -x -a 'hosts ips users paths emails all'
complete -c coroner -l color -x -a 'auto always never'
complete -c coroner -s u -l unit -x -a '(__coroner_units)' -d 'systemd unit'
complete -c coroner -s p -l priority -x -a 'emerg alert crit err warning notice info debug'
complete -c coroner -l journal -d 'the local journal'
complete -c coroner -l journal-dir -r -a '(__fish_complete_directories)'
complete -c coroner -l journal-file -r
complete -c coroner -l since -x
complete -c coroner -l until -x
complete -c coroner -s b -l boot
complete -c coroner -l follow -d 'follow as the log grows'
complete -c coroner -s r -l recursive -d 'read directories'
complete -c coroner -s j -l jobs -x
complete -c coroner -s v -l verbose
complete -c coroner -l all
complete -c coroner -l no-pager
complete -c coroner -l cursor-file -r
complete -c coroner -l timezone -x
