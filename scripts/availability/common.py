"""What every part of the availability check shares: its error, versions, files."""
import hashlib
import os
import tempfile

# Bumped when what the cache holds changes shape.
CACHE_FORMAT = 2


class Failure(Exception):
    """The check could not run: the message says what and where."""


def version(text):
    """A version as a comparable tuple: "15" and "15.0" are the same."""
    parts = [int(part) for part in str(text).split(".")]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def version_text(value):
    return ".".join(str(part) for part in (value + (0,) if len(value) == 1 else value))


def code_digest():
    """A digest of the check's own code (this folder and the script that runs it): a change re-reads everything."""
    here = os.path.dirname(os.path.abspath(__file__))
    paths = sorted(os.path.join(here, name) for name in os.listdir(here) if name.endswith(".py"))
    digest = hashlib.sha256()
    for path in paths + [os.path.join(os.path.dirname(here), "check-availability")]:
        digest.update(file_digest(path).encode())
    return digest.hexdigest()


def file_digest(path):
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_atomically(path, text):
    handle, temporary = tempfile.mkstemp(dir=ensure(os.path.dirname(path)), prefix=".partial-")
    with os.fdopen(handle, "w", encoding="utf-8") as file:
        file.write(text)
    os.replace(temporary, path)


def ensure(directory):
    os.makedirs(directory, exist_ok=True)
    return directory
