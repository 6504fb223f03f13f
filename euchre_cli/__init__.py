"""euchre: Euchre in the terminal, a scorekeeper for real tables, and house rules in YAML."""

__version__ = "0.1.0"


def run() -> None:
    """The ``euchre`` console script: the Click command, plus two failures that happen
    outside its error handling and would otherwise end in a traceback: Ctrl-C while
    the program is still loading, and output that cannot be written (a full disk)."""
    import errno
    import sys
    from contextlib import suppress

    try:
        from .cli import main

        main()
    except KeyboardInterrupt:
        print("Aborted!", file=sys.stderr)
        sys.exit(1)
    except OSError as error:
        if error.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO):
            raise
        with suppress(OSError):
            print(f"Error: cannot write the output: {error.strerror}", file=sys.stderr)
        sys.exit(1)
