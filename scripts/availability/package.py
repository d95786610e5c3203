"""The package and what the check covers, from SwiftPM's own description; the build's compiler flags."""
import json
import os
import re
import subprocess

from .common import Failure, version

# The library products an app links (README, "Embedding") and the command-line products, by name: the one place
# where names are declared. Every target they reach is covered.
APP_PRODUCTS = ("ConsentEngine", "ConsentSignals", "ConsentUserDefaults", "ConsentWeb", "ConsentEngineApple")
COMMAND_LINE_PRODUCTS = ("consentctl", "consentctl-inspect")
# The command line is a Mac tool; the libraries an app links are checked on every Apple platform the manifest
# declares.
COMMAND_LINE_PLATFORMS = ("macOS",)

# The manifest's platform names, as availability attributes spell them.
PLATFORM_NAMES = {"ios": "iOS", "macos": "macOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS",
                  "maccatalyst": "macCatalyst"}


class Package:
    """The targets, products and platforms of a package, from SwiftPM's own description of it."""

    def __init__(self, path):
        self.path = path
        manifest = swift_json(["swift", "package", "dump-package"], path)
        described = swift_json(["swift", "package", "describe", "--type", "json"], path)
        self.floors = {}
        for platform in manifest.get("platforms", []):
            name = PLATFORM_NAMES.get(platform["platformName"])
            if name:
                self.floors[name] = version(platform["version"])
        self.products = {product["name"]: product["targets"] for product in manifest["products"]}
        self.dependencies = {target["name"]: [dependency_of(entry) for entry in target.get("dependencies", [])]
                             for target in manifest["targets"]}
        self.targets = {target["name"]: target for target in described["targets"]}
        self.module_names = {target.get("c99name", name) for name, target in self.targets.items()}

    def closure(self, products, platform):
        """The targets the products reach on a platform, following only the dependencies that apply there."""
        reached, stack = set(), [target for product in products for target in self.products.get(product, [])]
        while stack:
            name = stack.pop()
            if name in reached:
                continue
            reached.add(name)
            for dependency, kind, platforms in self.dependencies.get(name, []):
                if kind == "target" and (platforms is None or platform.lower() in platforms):
                    stack.append(dependency)
        return reached

    def dependencies_of(self, target):
        """Every target a target depends on, on any platform: the modules its reading may see."""
        reached, stack = set(), [dependency for dependency, kind, _ in self.dependencies.get(target, []) if kind == "target"]
        while stack:
            name = stack.pop()
            if name not in reached:
                reached.add(name)
                stack += [dependency for dependency, kind, _ in self.dependencies.get(name, []) if kind == "target"]
        return reached

    def coverage(self):
        """{target: {platform: floor}}, and the names of APP_PRODUCTS the package does not have."""
        covered = {}
        for platform, floor in sorted(self.floors.items()):
            for target in self.closure(APP_PRODUCTS, platform):
                covered.setdefault(target, {})[platform] = floor
            if platform in COMMAND_LINE_PLATFORMS:
                for target in self.closure(COMMAND_LINE_PRODUCTS, platform):
                    covered.setdefault(target, {})[platform] = floor
        missing = [name for name in APP_PRODUCTS + COMMAND_LINE_PRODUCTS if name not in self.products]
        return covered, missing

    def app_targets(self):
        return set().union(*(self.closure(APP_PRODUCTS, platform) for platform in self.floors)) if self.floors else set()

    def sources(self, target):
        described = self.targets[target]
        return [os.path.join(self.path, described["path"], source) for source in described.get("sources", [])
                if source.endswith(".swift")]


def dependency_of(entry):
    """(name, "target" or "product", lower-case platform names or None) of a manifest dependency entry."""
    for kind in ("byName", "target", "product"):
        if kind in entry:
            values = entry[kind]
            condition = values[-1] if isinstance(values[-1], dict) or values[-1] is None else None
            platforms = None
            if condition and condition.get("platformNames"):
                platforms = {name.lower() for name in condition["platformNames"]}
            return values[0], "product" if kind == "product" else "target", platforms
    raise Failure(f"Package.swift: a target dependency of a form this check does not know: {json.dumps(entry)}")


def swift_json(command, directory):
    result = subprocess.run(command, cwd=directory, capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure(f"`{' '.join(command)}` in {directory} failed (exit {result.returncode}):\n{result.stderr.strip()}")
    try:
        return json.loads(result.stdout)
    except json.JSONDecodeError as error:
        raise Failure(f"`{' '.join(command)}` in {directory} printed something that is not JSON: {error}")


class Build:
    """SwiftPM's build description of the package's debug build: the flags each target was compiled with."""

    def __init__(self, path):
        self.path = path
        description = os.path.join(path, "debug", "description.json")
        if not os.path.exists(description):
            raise Failure(f"no build description at {description}: build the package first (without --no-build this "
                          "check builds it)")
        with open(description, encoding="utf-8") as file:
            self.description = json.load(file)
        self.commands = self.description.get("swiftTargetScanArgs", {})
        self.modules = os.path.join(path, "debug", "Modules")

    def flags(self, target):
        """The compiler's flags for a target, without its sources, outputs and build-only options."""
        if target not in self.commands:
            raise Failure(f"the build description {self.path}/debug/description.json has no command for {target}: "
                          "the build is older than the package (run without --no-build)")
        arguments = self.commands[target][1:]
        kept, index = [], 0
        alone = {"-c", "-incremental", "-enable-batch-mode", "-serialize-diagnostics", "-parseable-output",
                 "-emit-objc-header", "-g", "-enable-testing", "-emit-module", "-whole-module-optimization", "-wmo"}
        paired = {"-index-store-path", "-emit-objc-header-path", "-driver-use-frontend-path", "-output-file-map",
                  "-emit-module-path", "-o", "-j", "-num-threads"}
        while index < len(arguments):
            argument = arguments[index]
            if argument == "-Xcc":
                kept += arguments[index:index + 2]
                index += 2
            elif argument in paired:
                index += 2
            elif argument in alone or re.fullmatch(r"-j\d+", argument) or argument.endswith(".swift"):
                index += 1
            else:
                kept.append(argument)
                index += 1
        return kept

    def target_triple(self, target):
        arguments = self.commands[target]
        return arguments[arguments.index("-target") + 1] if "-target" in arguments else None
