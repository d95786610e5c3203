-- The consent-log chain of every install, checked from the lines its app uploaded (docs/warehouse.md).
-- Reads log_lines(installID, line, bytes) and uploads(installID, head, lines, uploadedAt); SHA256_HEX(bytes)
-- stands for the engine's SHA-256 of the binary column, in lowercase hex.
--
-- Each line is read and hashed once. Every later step reads the one before it once, so that no engine computes
-- a step twice: the links are counted by grouping hashes, not by joining the lines to themselves.
WITH line_rows AS (
    SELECT
        installID,
        line_hash,
        prev,
        -- A line cut short by a crash before its prev was whole: all of it is a beginning of {"prev":"<hex>".
        CASE WHEN prev = '' AND length(regexp_extract(line, '^([{]("(p(r(e(v("(:("[0-9a-f]{0,64})?)?)?)?)?)?)?)?)?', 0)) = length(line)
             THEN 1 ELSE 0 END AS cut,
        -- A restored line, the first of an install's chain on a device restored from another's backup
        -- (docs/restore.md): the install it names as restored from, so that the restore shows beside the verdict.
        CASE WHEN prev = '0000000000000000000000000000000000000000000000000000000000000000'
             THEN regexp_extract(line, '^[{]"prev":"0{64}","event":"restored",.*"restoredFrom":"([^"]*)"', 1)
             ELSE '' END AS restored_from
    FROM (SELECT installID, SHA256_HEX(bytes) AS line_hash, regexp_extract(line, '^[{]"prev":"([0-9a-f]{64})"', 1) AS prev, line
          FROM log_lines) hashed
),
distinct_lines AS (
    -- An upload sent twice is a retry: a line counts once per install, by its hash (prev and cut follow from it).
    SELECT installID, line_hash, MIN(prev) AS prev, MIN(cut) AS cut, MIN(restored_from) AS restored_from
    FROM line_rows
    GROUP BY installID, line_hash
),
latest_upload AS (
    SELECT installID, head, lines
    FROM (SELECT installID, head, lines,
                 ROW_NUMBER() OVER (PARTITION BY installID ORDER BY uploadedAt DESC, lines DESC, head DESC) AS newest
          FROM uploads) ranked
    WHERE newest = 1
),
hashes AS (
    -- Every hash an install's rows mention: each line's own (side 0), the prev each line names (side 1), and the
    -- head its latest upload reported.
    SELECT installID,
           CASE WHEN side.n = 0 THEN line_hash ELSE prev END AS hash,
           1 - side.n AS is_line,
           side.n AS names,
           CASE WHEN side.n = 0 THEN cut ELSE 0 END AS cut,
           -- A whole line without a readable prev links to nothing.
           CASE WHEN side.n = 0 AND prev = '' AND cut = 0 THEN 1 ELSE 0 END AS nameless,
           0 AS reported,
           0 AS upload_lines,
           CASE WHEN side.n = 0 THEN restored_from ELSE '' END AS restored_from
    FROM distinct_lines CROSS JOIN (VALUES (0), (1)) AS side(n)
    WHERE side.n = 0 OR prev <> ''
    UNION ALL
    SELECT installID, head, 0, 0, 0, 0, 1, lines, '' FROM latest_upload
),
links AS (
    -- Per hash of an install: how many of its lines have it, how many lines name it as their prev, and whether
    -- the latest upload reported it as the head.
    SELECT installID, hash, SUM(is_line) AS lines, SUM(names) AS named_by, SUM(cut) AS cuts, SUM(nameless) AS nameless,
           MAX(reported) AS reported, MAX(upload_lines) AS upload_lines, MAX(restored_from) AS restored_from
    FROM hashes
    GROUP BY installID, hash
),
checked AS (
    SELECT
        installID,
        SUM(lines) AS line_count,
        SUM(CASE WHEN hash = '0000000000000000000000000000000000000000000000000000000000000000' THEN named_by ELSE 0 END) AS genesis,
        -- A prev that names no line of the install: a line before the chain, or one edited, removed or spliced in
        -- from elsewhere.
        SUM(CASE WHEN lines = 0 AND hash <> '0000000000000000000000000000000000000000000000000000000000000000'
                 THEN named_by ELSE 0 END) AS dangling,
        SUM(nameless) AS nameless,
        -- A prev two or more lines share.
        SUM(CASE WHEN named_by > 1 THEN 1 ELSE 0 END) AS forks,
        -- The lines no other line names: one when the chain is whole.
        SUM(CASE WHEN lines > 0 AND named_by = 0 THEN 1 ELSE 0 END) AS heads,
        MIN(CASE WHEN lines > 0 AND named_by = 0 THEN hash END) AS head,
        MAX(reported) AS uploaded,
        MAX(upload_lines) AS upload_lines,
        MAX(CASE WHEN reported = 1 AND lines > 0 THEN 1 ELSE 0 END) AS reported_head_is_a_line,
        SUM(cuts) AS cuts,
        MAX(restored_from) AS restored_from
    FROM links
    GROUP BY installID
),
counted AS (
    SELECT
        installID,
        line_count,
        genesis,
        -- A log begun before the chain starts after a line the upload never held: allowed once, instead of a
        -- genesis line.
        CASE WHEN genesis = 0 AND dangling > 0 THEN 1 ELSE 0 END AS start_after,
        dangling + nameless - CASE WHEN genesis = 0 AND dangling > 0 THEN 1 ELSE 0 END AS orphans,
        forks,
        CASE WHEN heads = 1 THEN head END AS head,
        -- Lines chained after the reported head may have arrived since (the device's state was behind).
        CASE WHEN uploaded = 0 THEN FALSE
             WHEN upload_lines > line_count THEN TRUE
             WHEN reported_head_is_a_line = 0 THEN TRUE
             ELSE FALSE END AS missing_tail,
        cuts,
        NULLIF(restored_from, '') AS restored_from
    FROM checked
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
    restored_from AS restoredFrom,
    CASE WHEN cuts > 0 THEN 'unverifiable'
         WHEN genesis + start_after = 1 AND orphans = 0 AND forks = 0 AND NOT missing_tail THEN 'intact'
         ELSE 'broken' END AS verdict
FROM counted
ORDER BY installID
