"""The report's tables, made from the figures scripts/warehouse-report.sql returns, as text, JSON or one HTML page
with a chart beside the tables that have one (docs/warehouse.md). Imported by scripts/warehouse.

Each figure is a row (section, dimension, item, detail, measure, value) of counts, or of seconds; every rate is
made here, from two counts, and is a fraction of answers: the log holds answers, not showings.
"""
import html as markup
import io
import json
import os
import re

NOTE = ("Counted over the installs whose consent log the verification calls intact; the others are left out and "
        "counted by why. Rates are over answers: the log records each answer, not each showing of a form, and a form "
        "left without an answer stores nothing.")
KINDS = ["all", "none", "custom"]
PURPOSES = [f"purpose {number}" for number in range(1, 12)] + ["special feature 1", "special feature 2"]
DIMENSIONS = [("region", "region"), ("day", "day"), ("revision", "policy revision"), ("language", "language")]
FAULTS = ["a line cut before its prev", "orphan lines", "forks", "no first line", "two first lines", "missing tail"]
TRACKING_STEPS = ["explainer shown", "prompt answered", "authorized", "denied"]
OPT_OUTS = ["answers", "sale", "sharing", "targeted advertising", "none"]
# A palette that stays apart for the common kinds of colour blindness (Okabe and Ito).
COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]


class Figures:
    """The query's rows, read by their keys; a figure the query has no row for is 0."""

    def __init__(self, rows):
        self.values = {}
        for row in rows:
            key = (row["section"], row["dimension"], row["item"], row["detail"], row["measure"])
            self.values[key] = row["value"]

    def count(self, section, dimension, item, measure, detail=""):
        value = self.values.get((section, dimension, item, detail, measure))
        return int(value) if value is not None else 0

    def number(self, section, dimension, item, measure):
        return self.values.get((section, dimension, item, "", measure))

    def items(self, section, dimension):
        return sorted({key[2] for key in self.values if key[0] == section and key[1] == dimension})

    def details(self, section, dimension):
        return sorted({key[3] for key in self.values if key[0] == section and key[1] == dimension})


def rate(part, whole):
    return part / whole if whole else None


def table(identifier, title, row_header, columns, rows, chart=None):
    """columns: [(name, "count" | "rate" | "seconds")]; rows: [(key, [value, ...])]."""
    return {"id": identifier, "title": title, "rowHeader": row_header, "columns": [name for name, _ in columns],
            "kinds": [kind for _, kind in columns], "rows": [{"key": key, "values": values} for key, values in rows],
            "chart": chart}


def tables(rows):
    """Every table of the report, in the order the page shows them."""
    figures = Figures(rows)
    made = []
    installs = [(verdict, [figures.count("installs", "verdict", verdict, "installs")])
                for verdict in ["intact", "broken", "unverifiable"]]
    made.append(table("installs", "Installs by the verification's verdict: only the intact ones are counted", "verdict",
                      [("installs", "count")], installs))
    made.append(table("left-out", "Installs left out, by each fault found in them (an install may have several)", "fault",
                      [("installs", "count")], [(fault, [figures.count("installs", "fault", fault, "installs")]) for fault in FAULTS]))
    made.append(table("lines", "Lines of the intact installs (a line torn by a crash is not JSON, and not read)", "lines",
                      [("lines", "count")], [(item, [figures.count("installs", "lines", item, "lines")]) for item in ["read", "not JSON"]]))

    answers = figures.count("answers", "all", "all", "answers")
    made.append(table("answers-by-kind", "Answers to the consent form by kind: the consent rate is the share of all",
                      "kind", [("answers", "count"), ("share of answers", "rate")],
                      [(kind, [figures.count("answers", "all", "all", kind), rate(figures.count("answers", "all", "all", kind), answers)])
                       for kind in KINDS] + [("every kind", [answers, rate(answers, answers)])], chart="kinds"))
    for dimension, name in DIMENSIONS:
        made.append(table(f"answers-by-{dimension}", f"Answers by {name}", name,
                          [("answers", "count")] + [(kind, "count") for kind in KINDS] + [("consent rate", "rate")],
                          [(item, kind_counts(figures, dimension, item)) for item in figures.items("answers", dimension)]))
    regions = figures.items("answers", "region and day")
    days = figures.details("answers", "region and day")
    made.append(table("consent-rate-by-day", "Consent rate by day and region", "day",
                      [(region, "rate") for region in regions],
                      [(day, [rate(figures.count("answers", "region and day", region, "all", day),
                                   figures.count("answers", "region and day", region, "answers", day)) for region in regions])
                       for day in days], chart="days"))
    made.append(table("purposes", "Purposes and special features consented to, of all answers", "purpose",
                      [("answers consenting", "count"), ("rate", "rate")],
                      [(purpose, [figures.count("answers", "all", "all", purpose),
                                  rate(figures.count("answers", "all", "all", purpose), answers)]) for purpose in PURPOSES]))
    for dimension, name in DIMENSIONS:
        made.append(table(f"purposes-by-{dimension}", f"Purposes and special features consented to, by {name}", name,
                          [(purpose, "rate") for purpose in PURPOSES],
                          [(item, [rate(figures.count("answers", dimension, item, purpose), figures.count("answers", dimension, item, "answers"))
                                   for purpose in PURPOSES]) for item in figures.items("answers", dimension)]))

    answered = figures.count("tracking", "all", "all", "prompt answered")
    made.append(table("tracking", "Tracking: the explainer shown, the prompt answered, and the answers", "step",
                      [("count", "count"), ("share of prompt answers", "rate")],
                      [(step, [figures.count("tracking", "all", "all", step),
                               rate(figures.count("tracking", "all", "all", step), answered) if step in ("authorized", "denied") else None])
                       for step in TRACKING_STEPS], chart="tracking"))
    made.append(table("tracking-by-consent", "Tracking prompt answers by the consent answer in force before them",
                      "consent answer", [("answered", "count"), ("authorized", "count"), ("authorized rate", "rate")],
                      [(kind, [figures.count("tracking", "consent before", kind, "answered"),
                               figures.count("tracking", "consent before", kind, "authorized"),
                               rate(figures.count("tracking", "consent before", kind, "authorized"),
                                    figures.count("tracking", "consent before", kind, "answered"))])
                       for kind in KINDS + ["no answer"]]))

    made.append(table("privacy-options", "Privacy options: installs that answered there, of those that could", "form",
                      [("installs", "count"), ("answered there", "count"), ("share", "rate")],
                      [(form, [figures.count("privacy options", "form", form, "installs"),
                               figures.count("privacy options", "form", form, "answered there"),
                               rate(figures.count("privacy options", "form", form, "answered there"),
                                    figures.count("privacy options", "form", form, "installs"))])
                       for form in ["consent form", "opt-out form"]]))
    changes = sorted(figures.items("privacy options", "change"),
                     key=lambda change: [KINDS.index(kind) if kind in KINDS else len(KINDS) for kind in change.split(" → ")])
    made.append(table("privacy-options-changes", "Consent answers changed in privacy options, from the kind before to the kind after",
                      "change", [("answers", "count")],
                      [(change, [figures.count("privacy options", "change", change, "answers")]) for change in changes]))
    made.append(table("opt-outs", "US-state opt-outs by state and kind", "state", [(name, "count") for name in OPT_OUTS],
                      [(state, [figures.count("opt-outs", "state", state, name) for name in OPT_OUTS])
                       for state in figures.items("opt-outs", "state")]))

    revision_rows = []
    for change in figures.items("revision", "change"):
        asked = figures.count("revision", "change", change, "installs asked again")
        before = [figures.count("revision", "change", change, f"before {kind}") for kind in KINDS]
        after = [figures.count("revision", "change", change, f"after {kind}") for kind in KINDS]
        revision_rows.append((change, [asked] + before + after + [rate(before[0], asked), rate(after[0], asked)]))
    made.append(table("revision", "A policy revision's effect: the installs asked again, their answer before against after",
                      "revision", [("installs asked again", "count")] + [(f"before: {kind}", "count") for kind in KINDS]
                      + [(f"after: {kind}", "count") for kind in KINDS] + [("consent rate before", "rate"), ("consent rate after", "rate")],
                      revision_rows, chart="revision"))
    made.append(table("first-answer", "Time from an install's first line to its first answer", "installs",
                      [("installs that answered", "count"), ("median", "seconds"), ("90th percentile", "seconds")],
                      [("all", [figures.count("first answer", "all", "all", "installs"),
                                figures.number("first answer", "all", "all", "median seconds"),
                                figures.number("first answer", "all", "all", "90th percentile seconds")])]))
    return made


def kind_counts(figures, dimension, item):
    counts = [figures.count("answers", dimension, item, name) for name in ["answers"] + KINDS]
    return counts + [rate(counts[1], counts[0])]


# MARK: - text and JSON


def shown(value, kind):
    if value is None:
        return "–"
    if kind == "rate":
        return f"{value * 100:.1f}%"
    if kind == "seconds":
        for unit, seconds in (("d", 86400), ("h", 3600), ("min", 60)):
            if value >= seconds:
                return f"{value:,.0f} s ({value / seconds:,.1f} {unit})"
        return f"{value:,.0f} s"
    return f"{value:,}"


def text(made, lines_path, uploads_path):
    out = [f"Consent report from {os.path.basename(lines_path)} and {os.path.basename(uploads_path)}", wrap(NOTE), ""]
    for each in made:
        header = [each["rowHeader"]] + each["columns"]
        body = [[str(row["key"])] + [shown(value, kind) for value, kind in zip(row["values"], each["kinds"])] for row in each["rows"]]
        widths = [max(len(line[index]) for line in [header] + body) for index in range(len(header))]
        out.append(each["title"])
        for line in [header] + body:
            out.append("  " + "  ".join(cell.ljust(widths[0]) if index == 0 else cell.rjust(widths[index])
                                       for index, cell in enumerate(line)).rstrip())
        if not body:
            out.append("  (none)")
        out.append("")
    return "\n".join(out)


def wrap(paragraph, width=110):
    lines, current = [], ""
    for word in paragraph.split():
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    return "\n".join(lines + [current])


def json_text(made, lines_path, uploads_path):
    document = {"files": {"lines": os.path.basename(lines_path), "uploads": os.path.basename(uploads_path)}, "note": NOTE,
                "tables": [{key: each[key] for key in ["id", "title", "rowHeader", "columns", "kinds", "rows"]} for each in made]}
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


# MARK: - the page


STYLE = """
body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1a1a; background: #fff; margin: 0; }
main { max-width: 72rem; margin: 0 auto; padding: 1.5rem; }
h1 { font-size: 1.75rem; margin: 0 0 .5rem; }
h2 { font-size: 1.2rem; margin: 2.5rem 0 .75rem; }
p.note { max-width: 48rem; }
figure { margin: 0 0 1rem; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-size: .9rem; color: #333; }
.scroll { overflow-x: auto; }
.scroll:focus-visible { outline: 2px solid #0b57d0; outline-offset: 2px; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-size: .9rem; color: #333; padding-bottom: .25rem; }
th, td { padding: .3rem .7rem; border-bottom: 1px solid #ccc; }
th[scope=col] { text-align: right; vertical-align: bottom; }
th[scope=col]:first-child, th[scope=row] { text-align: left; }
td { text-align: right; }
"""


def html(made, lines_path, uploads_path):
    """One page, every table with its chart where it has one, made the same byte for byte from the same figures."""
    sections = []
    for each in made:
        identifier = markup.escape(each["id"])
        parts = [f'<section aria-labelledby="{identifier}-title">',
                 f'<h2 id="{identifier}-title">{markup.escape(each["title"])}</h2>']
        if each["chart"]:
            caption = CAPTIONS[each["chart"]]
            parts.append(f'<figure id="{identifier}-chart" data-table="{identifier}">'
                         f'{chart_svg(each, f"{identifier}-chart", f"{identifier}-caption")}'
                         f'<figcaption id="{identifier}-caption">{markup.escape(caption)}</figcaption></figure>')
        # A wide table scrolls sideways in a region the keyboard can reach.
        parts.append(f'<div class="scroll" role="region" tabindex="0" aria-labelledby="{identifier}-title">'
                     f'<table id="{identifier}" aria-labelledby="{identifier}-title">{table_html(each)}</table></div>')
        parts.append("</section>")
        sections.append("\n".join(parts))
    title = "Consent report"
    return (f'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>{title}</title>\n'
            f'<style>{STYLE}</style>\n</head>\n<body>\n<main>\n<h1>{title}</h1>\n'
            f'<p>From {markup.escape(os.path.basename(lines_path))} and {markup.escape(os.path.basename(uploads_path))}.</p>\n'
            f'<p class="note">{markup.escape(NOTE)}</p>\n' + "\n".join(sections) + "\n</main>\n</body>\n</html>\n")


def table_html(each):
    head = "".join(f'<th scope="col">{markup.escape(name)}</th>' for name in [each["rowHeader"]] + each["columns"])
    body = []
    for row in each["rows"]:
        cells = "".join(f"<td>{markup.escape(shown(value, kind))}</td>" for value, kind in zip(row["values"], each["kinds"]))
        body.append(f'<tr><th scope="row">{markup.escape(str(row["key"]))}</th>{cells}</tr>')
    if not body:
        body.append(f'<tr><td colspan="{len(each["columns"]) + 1}">none</td></tr>')
    return f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody>"


CAPTIONS = {
    "kinds": "Answers to the consent form by kind: bars of all, none and custom.",
    "days": "Consent rate by day, one line per region: the share of that day's answers that consented to all.",
    "tracking": "The tracking funnel: the explainer shown, the prompt answered, and authorized.",
    "revision": "Each revision's installs asked again: their answers by kind before and after.",
}


def chart_svg(each, prefix, caption):
    """The table's chart drawn by matplotlib as SVG, its ids prefixed so that several charts share a page."""
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib import pyplot
    matplotlib.rcParams.update({"svg.hashsalt": "consentengine-warehouse-report", "svg.fonttype": "none",
                                "font.family": "DejaVu Sans", "font.size": 10, "axes.spines.top": False,
                                "axes.spines.right": False})
    figure, axes = pyplot.subplots(figsize=(7.5, 3.4))
    DRAW[each["chart"]](axes, each)
    figure.tight_layout()
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    pyplot.close(figure)
    svg = buffer.getvalue()
    svg = svg[svg.index("<svg"):]
    svg = re.sub(r"<metadata>.*?</metadata>\s*", "", svg, flags=re.S)
    svg = re.sub(r'\bid="([^"]+)"', lambda match: f'id="{prefix}-{match.group(1)}"', svg)
    svg = re.sub(r"url\(#([^)]+)\)", lambda match: f"url(#{prefix}-{match.group(1)})", svg)
    svg = re.sub(r'href="#([^"]+)"', lambda match: f'href="#{prefix}-{match.group(1)}"', svg)
    return svg.replace("<svg ", f'<svg role="img" aria-labelledby="{caption}" ', 1).strip()


def draw_kinds(axes, each):
    from matplotlib.ticker import MaxNLocator
    rows = [row for row in each["rows"] if row["key"] in KINDS]
    positions = range(len(rows))
    bars = axes.bar(positions, [row["values"][0] for row in rows], color=COLOURS[:len(rows)])
    axes.bar_label(bars, labels=[f"{row['values'][0]:,}" for row in rows])
    axes.set_xticks(list(positions), [row["key"] for row in rows])
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_ylabel("answers")


def draw_days(axes, each):
    days = [row["key"] for row in each["rows"]]
    for index, region in enumerate(each["columns"]):
        points = [(position, row["values"][index] * 100) for position, row in enumerate(each["rows"])
                  if row["values"][index] is not None]
        axes.plot([point[0] for point in points], [point[1] for point in points], marker="o",
                  color=COLOURS[index % len(COLOURS)], label=region)
    axes.set_xticks(list(range(len(days))), days, rotation=30 if len(days) > 4 else 0, ha="right" if len(days) > 4 else "center")
    axes.set_ylim(-4, 104)
    axes.set_yticks([0, 25, 50, 75, 100])
    axes.set_ylabel("consent rate (%)")
    if each["columns"]:
        axes.legend(title="region", loc="upper left", bbox_to_anchor=(1, 1), frameon=False)


def draw_tracking(axes, each):
    from matplotlib.ticker import MaxNLocator
    rows = [row for row in each["rows"] if row["key"] in ("explainer shown", "prompt answered", "authorized")]
    positions = list(range(len(rows)))[::-1]
    bars = axes.barh(positions, [row["values"][0] for row in rows], color=COLOURS[0])
    axes.bar_label(bars, labels=[f"{row['values'][0]:,}" for row in rows], padding=3)
    axes.set_yticks(positions, [row["key"] for row in rows])
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel("count")


def draw_revision(axes, each):
    from matplotlib.ticker import MaxNLocator
    width = 0.38
    labels = []
    for group, row in enumerate(each["rows"]):
        base = group * (len(KINDS) + 1)
        for index, kind in enumerate(KINDS):
            before, after = row["values"][1 + index], row["values"][1 + len(KINDS) + index]
            axes.bar(base + index - width / 2, before, width, color=COLOURS[0], label="before" if group == 0 and index == 0 else None)
            axes.bar(base + index + width / 2, after, width, color=COLOURS[1], label="after" if group == 0 and index == 0 else None)
            labels.append((base + index, kind if len(each["rows"]) == 1 else f"{kind}\n{row['key']}"))
    axes.set_xticks([position for position, _ in labels], [label for _, label in labels])
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_ylabel("installs asked again")
    if each["rows"]:
        axes.legend(frameon=False)
        axes.set_title(each["rows"][0]["key"] if len(each["rows"]) == 1 else "", fontsize=10)


DRAW = {"kinds": draw_kinds, "days": draw_days, "tracking": draw_tracking, "revision": draw_revision}
