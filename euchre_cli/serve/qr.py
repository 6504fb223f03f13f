"""The page's address as a QR code drawn in the terminal, so that a phone joins by
scanning it (``segno`` encodes it).  Light modules are drawn in the text's colour, as
``qrencode -t UTF8`` draws them, for the usual light text on a dark terminal (phone
cameras read a code either way round); two rows of modules a line with half blocks,
or in ASCII two ``#`` a module."""

from __future__ import annotations

QUIET_ZONE = 2  # modules of light border around the code (the standard asks 4; 2 reads)
_HALVES = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def qr_text(data: str, ascii: bool = False) -> str:
    import segno

    code = segno.make(data, error="m", micro=False)
    rows = [[module == 0 for module in row] for row in code.matrix_iter(border=QUIET_ZONE)]
    if ascii:
        return "\n".join("".join("##" if light else "  " for light in row) for row in rows)
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))  # the lower half of the last line: blank
    return "\n".join(
        "".join(_HALVES[pair] for pair in zip(upper, lower))
        for upper, lower in zip(rows[::2], rows[1::2])
    )
