#!/usr/bin/env python3
"""Runs pages in headless Chromium (Debian's, driven by Playwright) as a plan says, and writes what they did.

    runner.py PLAN.json REPORT.json

The Swift tests write the plan and the files it serves, run this, and assert on the report; the runner
itself judges nothing. It downloads nothing: Playwright is told the system browser's path
(CONSENTENGINE_CHROMIUM, default /usr/bin/chromium), and every request is answered from the plan's files
or refused, so a page cannot reach the network.

Plan:
  {"files": {"<url>": {"path": "<file>", "contentType": "<type>"}},
   "pages": [{"name": "…", "url": "<url>",
              "initScripts": ["<file>", …],     # added to every frame at document start, in order
              "steps": [{"name": "…", "evaluate": "<JS function or expression>", "frame": "<url>"?}]}]}
A step's expression runs in the page's main frame, or in the frame whose URL is "frame"; a promise is
awaited. Each page gets a browser context of its own. A page that does not load, or a step that does not
finish, within 10 seconds is reported as an error and the run goes on.

Report:
  {"browser": "<version>",
   "pages": {"<name>": {"error": "…"?,                  # the page did not load
                        "steps": {"<step>": {"value": …} | {"error": "…"}},
                        "console": [{"type", "text", "frame"}], "pageErrors": ["…"],
                        "requests": ["<url>", …], "refused": ["<url>", …]}}}
"""
import json
import os
import sys

from playwright.sync_api import sync_playwright

# A page must load, and each step finish, within this many milliseconds: a page that hangs is reported.
LIMIT_MS = 10000


def bounded(expression):
    """The step's expression (a function is called), its promise raced against the time limit."""
    return (f"(async () => {{ const step = ({expression}); const value = typeof step === 'function' ? step() : step; "
            f"return await Promise.race([value, new Promise((resolve, reject) => setTimeout(() => "
            f"reject(new Error('the step did not finish within {LIMIT_MS} ms')), {LIMIT_MS}))]); }})()")


def serve(plan):
    files = {}
    for url, entry in plan.get("files", {}).items():
        with open(entry["path"], "rb") as handle:
            files[url] = (handle.read(), entry.get("contentType", "application/octet-stream"))
    return files


def run_page(browser, files, page_plan):
    context = browser.new_context()
    result = {"steps": {}, "console": [], "pageErrors": [], "requests": [], "refused": []}

    def route(route_call):
        url = route_call.request.url
        try:
            if url in files:
                body, content_type = files[url]
                route_call.fulfill(status=200, body=body, headers={"Content-Type": content_type})
            else:
                result["refused"].append(url)
                route_call.abort("blockedbyclient")
        except Exception as error:  # the page or its context went away while the request was answered
            result["pageErrors"].append(f"answering {url}: {error}")

    context.route("**/*", route)
    context.on("request", lambda request: result["requests"].append(request.url))
    for path in page_plan.get("initScripts", []):
        context.add_init_script(path=path)
    page = context.new_page()
    page.on("console", lambda message: result["console"].append(
        {"type": message.type, "text": message.text, "frame": message.location.get("url", "")}))
    page.on("pageerror", lambda error: result["pageErrors"].append(str(error)))
    try:
        page.goto(page_plan["url"], wait_until="load", timeout=LIMIT_MS)
    except Exception as error:  # a page that never loads is reported, and the run goes on
        result["error"] = str(error)
        context.unroute_all(behavior="ignoreErrors")
        context.close()
        return result
    for step in page_plan.get("steps", []):
        target = page
        if step.get("frame"):
            target = next((frame for frame in page.frames if frame.url == step["frame"]), None)
        try:
            if target is None:
                raise RuntimeError(f"no frame has the URL {step['frame']}")
            result["steps"][step["name"]] = {"value": target.evaluate(bounded(step["evaluate"]))}
        except Exception as error:  # the report says what failed; the test decides
            result["steps"][step["name"]] = {"error": str(error)}
    # A request still being answered when the page ends must not end the run.
    context.unroute_all(behavior="ignoreErrors")
    context.close()
    return result


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: runner.py PLAN.json REPORT.json")
    with open(sys.argv[1], encoding="utf-8") as handle:
        plan = json.load(handle)
    files = serve(plan)
    executable = os.environ.get("CONSENTENGINE_CHROMIUM", "/usr/bin/chromium")
    report = {"pages": {}}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True)
        report["browser"] = browser.version
        for page_plan in plan["pages"]:
            report["pages"][page_plan["name"]] = run_page(browser, files, page_plan)
        browser.close()
    with open(sys.argv[2] + ".tmp", "w", encoding="utf-8") as handle:
        json.dump(report, handle, indent=1)
    os.replace(sys.argv[2] + ".tmp", sys.argv[2])


if __name__ == "__main__":
    main()
