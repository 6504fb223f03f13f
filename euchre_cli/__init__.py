"""euchre: Euchre in the terminal, a scorekeeper for real tables, and house rules in YAML."""

__version__ = "0.1.0"


def run() -> None:
    """The ``euchre`` console script: the Click command, plus what would otherwise end
    in a traceback outside its error handling: Ctrl-C while the program is still
    loading, output that cannot be written (a full disk), and text that a terminal's
    encoding cannot hold (then shown as ``?``; games also switch to ASCII forms)."""
    import sys  # already loaded by Python: nothing here can be interrupted half-done

    for stream in (sys.stdout, sys.stdin):  # a terminal that is not UTF-8: never a crash
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding != "utf8" and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    try:
        from .cli import main

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
