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
              "viewport": {"width": W, "height": H}?,   # the window in CSS px (default 1280×720)
              "zoom": Z?,                       # the page zoomed to Z (2 is 200%): the layout viewport is
                                                # the window's size divided by Z, each CSS px Z device px
              "colorScheme": "light"|"dark"?,
              "steps": [{"name": "…", <one action>, "frame": "<url>"?}]}]}
Actions (each step has one):
  "evaluate": "<JS function or expression>"  its value (a promise is awaited), in the page's main frame or in
                                             the frame whose URL is "frame"
  "click": "<selector>"                      a real mouse click on the element; value null
  "press": ["Tab", "Space", …]               keys pressed in order on whatever has the focus; value null
  "tabTo": "<selector>"                      Tab pressed until the focused element matches (at most 500
                                             times); value: the number of presses
  "tabAll": true                             Tab pressed from the top of the page until the focus comes back
                                             round; value: [{"id", "tag", "role", "name", "outline"}] for each
                                             element focused, outline being its computed outline style and
                                             width while focused by keyboard
  "axe": ["wcag2a", …]                       axe-core (axe-playwright-python's copy) run on the page with
                                             rules of those tags; value: {"version", "violations": [{"id",
                                             "impact", "help", "targets"}], "passes": [ids], "incomplete": [ids]}
  "screenshot": "<file>", "fullPage": B?     the page as a PNG, whole or (fullPage false) what the window
                                             shows; value null
A page that does not load, or a step that does not finish, within 10 seconds is reported as an error and
the run goes on.

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


# What a focused element is, and how its focus shows, for tabAll.
FOCUSED = """() => { const e = document.activeElement; if (!e || e === document.body) return null;
  const style = getComputedStyle(e);
  return {id: e.id, tag: e.tagName.toLowerCase(), role: e.getAttribute('role') || '',
          name: (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 80),
          outline: style.outlineStyle + ' ' + style.outlineWidth}; }"""


def tab_all(page):
    page.evaluate("() => { if (document.activeElement) document.activeElement.blur(); window.scrollTo(0, 0); }")
    seen = []
    for _ in range(500):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused is None or (seen and focused == seen[0]):
            return seen
        seen.append(focused)
    raise RuntimeError("the focus did not come back round within 500 presses of Tab")


def tab_to(page, selector):
    for presses in range(1, 501):
        page.keyboard.press("Tab")
        if page.evaluate("(selector) => !!document.activeElement && document.activeElement.matches(selector)", selector):
            return presses
    raise RuntimeError(f"Tab never reached {selector} within 500 presses")


def axe(page, tags):
    from axe_playwright_python.sync_playwright import Axe
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": tags}, "resultTypes": ["violations"]}).response
    return {"version": results.get("testEngine", {}).get("version", ""),
            "violations": [{"id": v["id"], "impact": v.get("impact"), "help": v.get("help", ""),
                            "targets": [", ".join(map(str, n.get("target", []))) for n in v.get("nodes", [])]}
                           for v in results.get("violations", [])],
            "passes": [rule["id"] for rule in results.get("passes", [])],
            "incomplete": [rule["id"] for rule in results.get("incomplete", [])]}


def act(page, target, step):
    """One step's action; its value for the report."""
    if "click" in step:
        target.click(step["click"], timeout=LIMIT_MS)
        return None
    if "press" in step:
        for key in step["press"]:
            page.keyboard.press(key)
        return None
    if "tabTo" in step:
        return tab_to(page, step["tabTo"])
    if "tabAll" in step:
        return tab_all(page)
    if "axe" in step:
        return axe(page, step["axe"])
    if "screenshot" in step:
        page.screenshot(path=step["screenshot"], full_page=step.get("fullPage", True), timeout=LIMIT_MS)
        return None
    return target.evaluate(bounded(step["evaluate"]))


def run_page(browser, files, page_plan):
    options = {}
    zoom = page_plan.get("zoom", 1)
    if "viewport" in page_plan or zoom != 1:
        window = page_plan.get("viewport", {"width": 1280, "height": 720})
        # Zooming a page is what a browser's zoom does: fewer CSS px across the same window, each drawn larger.
        options["viewport"] = {"width": round(window["width"] / zoom), "height": round(window["height"] / zoom)}
        options["device_scale_factor"] = zoom
    if "colorScheme" in page_plan:
        options["color_scheme"] = page_plan["colorScheme"]
    context = browser.new_context(**options)
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
    page.set_default_timeout(LIMIT_MS)
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
            result["steps"][step["name"]] = {"value": act(page, target, step)}
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
