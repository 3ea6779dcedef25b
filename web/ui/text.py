# Text helpers every page module shares, once: a shortened text for a message, and the page URL's query (one
# parser: the menu's ?game=, the embed's and the invite's parameters all read it). Pure and DOM-free: runs under
# MicroPython (the page) and CPython (tests/web).

# the characters of codes, keys, signatures and ids (base64url)
BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def short(text, limit=300):
    """``text`` as a string of at most ``limit`` characters (an ellipsis marks a cut)."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def query(search):
    """The page URL's query (``location.search``) as a dict, unquoted (the last value of a repeated key wins)."""
    out = {}
    for part in str(search or "").lstrip("?").split("&"):
        if not part:
            continue
        key, _, value = part.partition("=")
        out[unquote(key)] = unquote(value)
    return out


def unquote(text):
    """Percent-decoding as a browser's URLSearchParams does it (``+`` is a space; a bad escape stays as it is)."""
    text = text.replace("+", " ")
    raw = bytearray()
    i = 0
    while i < len(text):
        c = text[i]
        if c == "%" and i + 2 < len(text) and _hex(text[i + 1 : i + 3]):
            raw.append(int(text[i + 1 : i + 3], 16))
            i += 3
        else:
            raw.extend(c.encode())
            i += 1
    return bytes(raw).decode()


def _hex(pair):
    return len(pair) == 2 and all(c in "0123456789abcdefABCDEF" for c in pair)
