-- The consent-log chain of every install, checked from the lines its app uploaded (docs/warehouse.md).
-- Reads log_lines(installID, line, bytes) and uploads(installID, head, lines, uploadedAt); SHA256_HEX(bytes)
-- stands for the engine's SHA-256 of the binary column, in lowercase hex.
WITH line_rows AS (
    -- An upload sent twice is a retry: a line counts once per install, by its hash.
    SELECT DISTINCT
        installID,
        SHA256_HEX(bytes) AS line_hash,
        regexp_extract(line, '^[{]"prev":"([0-9a-f]{64})"', 1) AS prev,
        -- A line cut short by a crash before its prev was whole: all of it is a beginning of {"prev":"<hex>".
        CASE WHEN length(regexp_extract(line, '^([{]("(p(r(e(v("(:("[0-9a-f]{0,64})?)?)?)?)?)?)?)?)?', 0)) = length(line)
             THEN 1 ELSE 0 END AS cut
    FROM log_lines
),
links AS (
    SELECT
        l.installID,
        l.cut,
        CASE WHEN l.prev = '0000000000000000000000000000000000000000000000000000000000000000' THEN 1 ELSE 0 END AS genesis,
        -- A prev that names no line of the install: a line before the chain, or one edited, removed or
        -- spliced in from elsewhere.
        CASE WHEN l.prev <> '' AND l.prev <> '0000000000000000000000000000000000000000000000000000000000000000'
                  AND named.line_hash IS NULL THEN 1 ELSE 0 END AS dangling,
        -- A whole line without a readable prev links to nothing either.
        CASE WHEN l.prev = '' AND l.cut = 0 THEN 1 ELSE 0 END AS nameless
    FROM line_rows l
    LEFT JOIN line_rows named ON named.installID = l.installID AND named.line_hash = l.prev
),
counts AS (
    SELECT installID, COUNT(*) AS line_count, SUM(genesis) AS genesis, SUM(dangling) AS dangling,
           SUM(nameless) AS nameless, SUM(cut) AS cuts
    FROM links
    GROUP BY installID
),
forks AS (
    SELECT installID, COUNT(*) AS forks
    FROM (SELECT installID, prev FROM line_rows WHERE prev <> '' GROUP BY installID, prev HAVING COUNT(*) > 1) shared
    GROUP BY installID
),
heads AS (
    -- The lines no other line names: one when the chain is whole.
    SELECT l.installID, COUNT(*) AS heads, MIN(l.line_hash) AS head
    FROM line_rows l
    LEFT JOIN (SELECT DISTINCT installID, prev FROM line_rows) next_line
        ON next_line.installID = l.installID AND next_line.prev = l.line_hash
    WHERE next_line.prev IS NULL
    GROUP BY l.installID
),
latest_upload AS (
    SELECT installID, head, lines AS upload_lines
    FROM (SELECT installID, head, lines,
                 ROW_NUMBER() OVER (PARTITION BY installID ORDER BY uploadedAt DESC, lines DESC, head DESC) AS newest
          FROM uploads) ranked
    WHERE newest = 1
),
installs AS (
    SELECT installID FROM counts
    UNION
    SELECT installID FROM latest_upload
),
checked AS (
    SELECT
        i.installID,
        COALESCE(c.line_count, 0) AS line_count,
        COALESCE(c.genesis, 0) AS genesis,
        -- A log begun before the chain starts after a line the upload never held: allowed once, instead of a
        -- genesis line.
        CASE WHEN COALESCE(c.genesis, 0) = 0 AND COALESCE(c.dangling, 0) > 0 THEN 1 ELSE 0 END AS start_after,
        COALESCE(c.dangling, 0) + COALESCE(c.nameless, 0)
            - CASE WHEN COALESCE(c.genesis, 0) = 0 AND COALESCE(c.dangling, 0) > 0 THEN 1 ELSE 0 END AS orphans,
        COALESCE(f.forks, 0) AS forks,
        CASE WHEN h.heads = 1 THEN h.head END AS head,
        -- Lines chained after the reported head may have arrived since (the device's state was behind).
        CASE WHEN u.installID IS NULL THEN FALSE
             WHEN u.upload_lines > COALESCE(c.line_count, 0) THEN TRUE
             WHEN reported.line_hash IS NULL THEN TRUE
             ELSE FALSE END AS missing_tail,
        COALESCE(c.cuts, 0) AS cuts
    FROM installs i
    LEFT JOIN counts c ON c.installID = i.installID
    LEFT JOIN forks f ON f.installID = i.installID
    LEFT JOIN heads h ON h.installID = i.installID
    LEFT JOIN latest_upload u ON u.installID = i.installID
    LEFT JOIN line_rows reported ON reported.installID = u.installID AND reported.line_hash = u.head
)
SELECT
    installID,
    line_count AS lines,
    genesis,
    start_after AS startAfter,
    orphans,
    forks,
    head,
    missing_tail AS missingTail,
    CASE WHEN cuts > 0 THEN 'unverifiable'
         WHEN genesis + start_after = 1 AND orphans = 0 AND forks = 0 AND NOT missing_tail THEN 'intact'
         ELSE 'broken' END AS verdict
FROM checked
ORDER BY installID
