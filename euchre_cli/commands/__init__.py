"""The ``euchre`` commands: the console script, and a Click command per module
(``euchre.py`` holds the root group and imports each subcommand when it is used; what
they share is in ``cli/``).  Domain errors become one-line messages here, at the
boundary; nothing below imports Click but the terminal and ``cli/``."""

# Signals that end the program as Ctrl-C does (see _stop_on_signals); names, since
# not every system has both.
STOP_SIGNALS = ("SIGTERM", "SIGHUP")


def run() -> None:
    """The ``euchre`` console script: the Click command, plus what would otherwise end
    in a traceback outside its error handling: Ctrl-C while the program is still
    loading, output that cannot be written (a full disk), and text that a terminal's
    encoding cannot hold (``forgiving_streams``)."""
    import sys  # already loaded by Python: nothing here can be interrupted half-done

    _stop_on_signals()
    if sys.stdout is None:  # closed (`euchre ... >&-`): whatever the command says is lost
        if sys.stderr is not None:
            print("Error: the standard output is closed: nothing could be shown", file=sys.stderr)
        sys.exit(1)
    import os

    if sys.stdin is None:  # closed (`<&-`): read as input that has ended
        sys.stdin = open(os.devnull)  # noqa: SIM115 (open for the life of the process)
    if sys.stderr is None:  # closed (`2>&-`): what would be said there is lost, not the work
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 (open for the life of the process)
    forgiving_streams()
    try:
        from .euchre import main

        main()
    except KeyboardInterrupt:
        print("Aborted!", file=sys.stderr)
        sys.exit(1)
    except OSError as error:
        import errno

        if error.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO):
            raise
        try:
            print(f"Error: cannot write the output: {error.strerror}", file=sys.stderr)
        finally:
            sys.exit(1)


def forgiving_streams() -> None:
    """Text a stream's encoding cannot hold is never a crash: shown as ``?`` (a name
    given in bytes that are not UTF-8, echoed back; any text on a terminal that is not
    UTF-8, where games also switch to ASCII forms), and read as ``?`` where Python
    would refuse it (a terminal that is not UTF-8, or bytes that are not UTF-8 in a
    UTF-8 locale; the C locale's stand-ins for such bytes are the commands' to refuse)."""
    import sys

    for stream in (sys.stdout, sys.stdin):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        strict = getattr(stream, "errors", None) == "strict"
        wanted = stream is sys.stdout or strict or encoding != "utf8"
        if wanted and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")


def _stop_on_signals() -> None:
    """SIGTERM, and SIGHUP (the terminal window closed), end the program the way Ctrl-C
    does: the terminal gets back the settings line editing changed at a question
    (killed there, it would be left without echo), a game says it was left, and a
    hand half entered in ``score keep`` is dropped."""
    import signal

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    for name in STOP_SIGNALS:
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stop)
