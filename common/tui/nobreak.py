"""Lines never break at a no-break space.

French typography (``common.i18n.typeset``) puts a no-break space (U+00A0) before ``: ; ! ?``
and inside « », so that the sign stays with its word. Textual's and Rich's word wrapping split
words on ``\\s``, which in Python matches U+00A0 and U+202F too: left alone they would start a
line with a lone ":" or "!". Importing this module makes both wrap only at breaking white
space; the no-break spaces then hold as in print.
"""

from __future__ import annotations

import re

import rich._wrap
import textual._wrap

BREAKING = r"[^\S\u00a0\u202f]"  # white space a line may break at
UNBROKEN = r"[\S\u00a0\u202f]"  # what a word is made of, its no-break spaces included

textual._wrap.re_chunk = re.compile(rf"{UNBROKEN}+{BREAKING}*|{BREAKING}+")
rich._wrap.re_word = re.compile(rf"{BREAKING}*{UNBROKEN}+{BREAKING}*")
