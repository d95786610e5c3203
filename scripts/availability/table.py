"""The checked-in table of what the symbol graphs do not know."""
import os
import re

from .common import Failure, version


class Table:
    """scripts/apple-availability.tsv: per row a module, a declaration, its iOS and macOS versions and a link."""

    COLUMNS = ("module", "declaration", "iOS", "macOS", "documentation", "note")

    def __init__(self, path, display):
        self.path, self.display, self.rows, self.used = path, display, {}, set()
        if not os.path.exists(path):
            raise Failure(f"{path} is missing")
        with open(path, encoding="utf-8") as file:
            for number, line in enumerate(file, start=1):
                line = line.rstrip("\n")
                if not line.strip() or line.startswith("#"):
                    continue
                where = f"{display}:{number}"
                fields = line.split("\t")
                if len(fields) not in (len(self.COLUMNS) - 1, len(self.COLUMNS)):
                    raise Failure(f"{where}: {len(fields)} tab-separated fields where there are "
                                  f"{len(self.COLUMNS) - 1} columns and an optional note ({', '.join(self.COLUMNS)})")
                module, declaration, ios, macos, link = fields[:5]
                versions = {}
                for platform, text in (("iOS", ios), ("macOS", macos)):
                    if text == "unavailable":
                        versions[platform] = None
                    elif text == "any":
                        versions[platform] = ()
                    elif re.fullmatch(r"\d+(\.\d+){0,2}", text):
                        versions[platform] = version(text)
                    else:
                        raise Failure(f"{where}: the {platform} column is '{text}': a version such as 2.0, 'any' "
                                      "or 'unavailable'")
                if not re.fullmatch(r"https://\S+", link):
                    raise Failure(f"{where}: the documentation column is '{link}': an https link to Apple's page "
                                  "or the man page")
                if (module, declaration) in self.rows:
                    raise Failure(f"{where}: {module} {declaration} is listed twice")
                self.rows[(module, declaration)] = versions

    def lookup(self, module, declaration):
        versions = self.rows.get((module, declaration))
        if versions is not None:
            self.used.add((module, declaration))
        return versions
