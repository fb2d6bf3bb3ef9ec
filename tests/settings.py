"""The test suite's settings: the site's own, with a fast password hasher.

Django's default PBKDF2 hasher spends most of a second per login by design; the tests log in
hundreds of times and test no password strength, so they hash with MD5 — here only, never in
`decklab.settings`.
"""

from decklab.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
