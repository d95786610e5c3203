"""Conditional compilation: which `#if` branches an Apple build compiles, read from the source."""
import re


# Whether `canImport(X)` holds in Apple's SDKs, for the modules this package asks about: True on the platforms
# listed, False on the others. A module not named here is unknown, and the code under it is checked.
APPLE_MODULES = {
    "Darwin": {"iOS", "macOS"}, "Foundation": {"iOS", "macOS"}, "Dispatch": {"iOS", "macOS"},
    "CryptoKit": {"iOS", "macOS"}, "Security": {"iOS", "macOS"}, "ObjectiveC": {"iOS", "macOS"},
    "AppTrackingTransparency": {"iOS", "macOS"}, "WebKit": {"iOS", "macOS"}, "Combine": {"iOS", "macOS"},
    "UIKit": {"iOS"}, "AppKit": {"macOS"},
    "Glibc": set(), "Musl": set(), "Bionic": set(), "Android": set(), "WASILibc": set(), "WinSDK": set(),
    "ucrt": set(), "FoundationEssentials": set(), "FoundationInternationalization": set(),
    "FoundationXML": set(), "FoundationNetworking": set(),
}
OPERATING_SYSTEMS = {"macOS", "iOS", "tvOS", "watchOS", "visionOS", "Linux", "Windows", "Android", "FreeBSD",
                     "OpenBSD", "WASI", "Cygwin", "Haiku"}


def all3(a, b):
    return False if a is False or b is False else (None if a is None or b is None else True)


def any3(a, b):
    return True if a is True or b is True else (None if a is None or b is None else False)


def not3(a):
    return None if a is None else not a


def condition_on(condition, platform):
    """An `#if` condition on an Apple platform: True, False, or None when this check cannot tell."""
    tokens = re.findall(r"&&|\|\||[!()]|\w+\([^()]*\)|\w+|\S", condition)
    position = 0

    def take():
        nonlocal position
        position += 1
        return tokens[position - 1] if position <= len(tokens) else None

    def primary():
        token = take()
        if token == "!":
            return not3(primary())
        if token == "(":
            value = disjunction()
            return value if take() == ")" else None
        if token in ("true", "false"):
            return token == "true"
        call = re.fullmatch(r"(\w+)\(\s*([^(),]*?)\s*(?:,[^()]*)?\)", token or "")
        if call and call.group(1) == "canImport":
            known = APPLE_MODULES.get(call.group(2))
            return None if known is None else platform in known
        if call and call.group(1) == "os":
            return call.group(2) == platform if call.group(2) in OPERATING_SYSTEMS else None
        return None

    def conjunction():
        value = primary()
        while position < len(tokens) and tokens[position] == "&&":
            take()
            value = all3(value, primary())
        return value

    def disjunction():
        value = conjunction()
        while position < len(tokens) and tokens[position] == "||":
            take()
            value = any3(value, conjunction())
        return value

    value = disjunction()
    return value if position == len(tokens) else None


def lines_not_compiled(text, platforms):
    """{line number: the platforms whose build surely skips it}, from the file's `#if` directives."""
    skipped_lines = {}
    chains = []  # per open #if: ({platform: some clause so far holds}, {platform: the current clause is taken})
    in_comment, in_string = 0, False
    for number, line in enumerate(text.split("\n"), start=1):
        directive = None if in_comment or in_string else re.match(r"\s*#(if|elseif|else|endif)\b(.*)", line)
        if directive:
            keyword, condition = directive.group(1), re.sub(r"//.*|/\*.*?\*/", "", directive.group(2)).strip()
            if keyword == "if":
                values = {platform: condition_on(condition, platform) for platform in platforms}
                chains.append((values, dict(values)))
            elif keyword == "endif" and chains:
                chains.pop()
            elif chains:
                seen, _ = chains[-1]
                values = {platform: True if keyword == "else" else condition_on(condition, platform)
                          for platform in platforms}
                taken = {platform: all3(not3(seen[platform]), values[platform]) for platform in platforms}
                chains[-1] = ({platform: any3(seen[platform], values[platform]) for platform in platforms}, taken)
        elif chains:
            skipped = {platform for platform in platforms if any(taken[platform] is False for _, taken in chains)}
            if skipped:
                skipped_lines[number] = skipped
        in_comment, in_string = scan_line(line, in_comment, in_string)
    return skipped_lines


TOKEN = re.compile(r'//|/\*|\*/|"""|"(?:[^"\\]|\\.)*"')


def scan_line(line, in_comment, in_string):
    """The block-comment depth and whether a multi-line string is open, after a line."""
    index = 0
    while True:
        if in_string:
            end = line.find('"""', index)
            if end < 0:
                return in_comment, True
            in_string, index = False, end + 3
            continue
        match = TOKEN.search(line, index)
        if not match:
            return in_comment, in_string
        token, index = match.group(), match.end()
        if in_comment:
            in_comment += 1 if token == "/*" else (-1 if token == "*/" else 0)
        elif token == "//":
            return 0, False
        elif token == "/*":
            in_comment = 1
        elif token == '"""':
            in_string = True
