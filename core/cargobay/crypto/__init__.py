"""Cryptography for hidden cards between peers with no dealer: the ristretto255 group (``ristretto``), zero-
knowledge proofs (``proofs``) and the mental-poker deck (``mental``). Pure Python, the same in CPython and
in the browser's worker; the peer protocol (``cargobay.net.dealing``) carries its values in messages."""
